// A small seeded generator for the property tests (xorshift32): the same cases on every run and
// machine for a seed. next() in [0, 1); int(lo, hi) an integer in [lo, hi]; pick(xs) one of xs.
export function generator(seed) {
  let s = seed || 1;
  const next = () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s / 2 ** 32;
  };
  return { next, int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)), pick: (xs) => xs[Math.floor(next() * xs.length)] };
}
