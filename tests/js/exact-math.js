// exp and log exactly, for the tests: written apart from the library (BigInt fixed point with 256
// fractional bits, Taylor's and atanh's series), so they are an oracle for it. A value is
// { v, k }: v * 2^(k - 256), v a BigInt; `round` gives it to a float format by a rounding mode.
// No Node APIs: a page could import it too.

const S = 256n;
const ONE = 1n << S;
const GUARD = 32n; // ln 2 carried with 32 more bits than the values

// ln 2 = 2 atanh(1/3) = 2 * sum 1 / ((2i + 1) 3^(2i+1)), at S + GUARD bits.
const LN2_WIDE = (() => {
  const one = 1n << (S + GUARD);
  let sum = 0n;
  for (let i = 0n, p = one / 3n; p !== 0n; i++, p /= 9n) sum += p / (2n * i + 1n);
  return 2n * sum;
})();
const LN2 = LN2_WIDE >> GUARD;

/** A finite double as m * 2^e (m an integer BigInt, |m| < 2^53). */
function parts(x) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0), lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e = biased - 1075;
  if (biased === 0) e = -1074;
  else m |= 1n << 52n;
  return { m: x < 0 ? -m : m, e };
}

/** exp(x) for a finite double x with |x| < 1100, as { v, k }. */
export function exactExp(x) {
  if (x === 0) return { v: ONE, k: 0, exact: true };
  const { m, e } = parts(x);
  // x in fixed point: exact where x's last bit is at least 2^-256 (|x| >= 2^-200: smaller x only
  // rounds to 1 in every format, from either side; so does this, cut to 256 bits, in the modes used).
  const X = e >= -Number(S) ? m << (S + BigInt(e)) : m >> (-(S + BigInt(e)));
  const k = BigInt(Math.round(x / Math.LN2));
  const r = X - ((k * LN2_WIDE) >> GUARD);
  let sum = ONE, term = ONE;
  for (let n = 1n; term !== 0n; n++) {
    term = (term * r) / (ONE * n);
    sum += term;
  }
  return { v: sum, k: Number(k) };
}

/** log(x) for a positive finite double x, as { v, k }. */
export function exactLog(x) {
  if (x === 1) return { v: 0n, k: 0, exact: true };
  const { m, e } = parts(x);
  const E = m.toString(2).length - 1 + e; // x = F * 2^E, 1 <= F < 2
  const F = m << (S + BigInt(e - E));
  const s = ((F - ONE) << S) / (F + ONE);
  const s2 = (s * s) >> S;
  let sum = 0n;
  for (let i = 0n, p = s; p !== 0n; i++, p = (p * s2) >> S) sum += p / (2n * i + 1n);
  return { v: BigInt(E) * LN2 + 2n * sum, k: 0 };
}

export const FORMATS = {
  float64: { p: 53, emin: -1022, emax: 1023 },
  float32: { p: 24, emin: -126, emax: 127 },
  float16: { p: 11, emin: -14, emax: 15 },
  bfloat16: { p: 8, emin: -126, emax: 127 },
};

/**
 * { v, k } rounded into a format ('nearest' even, 'down' toward -Infinity, 'up' toward
 * +Infinity), as a JS number (every value of these formats is a double).
 */
export function round({ v, k }, format, mode = 'nearest') {
  const { p, emin, emax } = FORMATS[format];
  if (v === 0n) return 0;
  const negative = v < 0n;
  const a = negative ? -v : v;
  const exponent = a.toString(2).length - 1 + k - Number(S);
  const q = Math.max(exponent, emin) - p + 1; // the quantum's exponent
  const shift = BigInt(q - (k - Number(S)));
  let n, rest, half;
  if (shift <= 0n) {
    n = a << -shift;
    rest = 0n;
    half = 1n;
  } else {
    n = a >> shift;
    rest = a - (n << shift);
    half = 1n << (shift - 1n);
  }
  const away = mode === 'nearest' ? rest > half || (rest === half && (n & 1n) === 1n) : rest !== 0n && (mode === 'up') !== negative;
  if (away) n += 1n;
  const magnitude = Number(n) * 2 ** q;
  const overflows = magnitude >= 2 ** (emax + 1) || (magnitude === Infinity);
  if (overflows) {
    // Past the largest finite value: Infinity, unless rounding toward zero.
    const toward = mode === 'nearest' || (mode === 'up') !== negative;
    const largest = (2 - 2 ** (1 - p)) * 2 ** emax;
    return negative ? (toward ? -Infinity : -largest) : toward ? Infinity : largest;
  }
  return negative ? -magnitude : magnitude;
}

/** A double rounded to nearest even into a format. */
export function roundDouble(x, format) {
  if (format === 'float64') return x;
  if (format === 'float32') return Math.fround(x); // (itself a correct rounding of a double)
  if (!Number.isFinite(x) || x === 0) return x;
  const { m, e } = parts(x);
  return round({ v: m << S, k: e }, format);
}

const exactOf = { exp: exactExp, log: exactLog };

/**
 * fn(x) ('exp' or 'log') rounded once into a format, for any double x: the special values as
 * C's Annex F (exp(-Inf) = 0, log(0) = -Inf, log(x < 0) = NaN), else the exact value rounded.
 */
export function correctlyRounded(fn, x, format) {
  if (Number.isNaN(x)) return NaN;
  if (fn === 'exp') {
    if (x === Infinity || x > 1100) return Infinity;
    if (x === -Infinity || x < -1100) return 0;
  } else {
    if (x < 0) return NaN;
    if (x === 0) return -Infinity;
    if (x === Infinity) return Infinity;
  }
  return round(exactOf[fn](x), format);
}

/**
 * The same, quicker: Math.exp and Math.log (fdlibm's in V8: within one unit in the last place,
 * 2^-52 relative) decide where every value within 2^-50 of their result rounds alike; the exact
 * value decides the rest (about one input in 2^26 for float32).
 */
export function correctlyRoundedQuick(fn, x, format) {
  const y = fn === 'exp' ? Math.exp(x) : Math.log(x);
  if (!Number.isFinite(y) || y === 0) return correctlyRounded(fn, x, format);
  const below = roundDouble(y * (1 - 2 ** -50), format), above = roundDouble(y * (1 + 2 ** -50), format);
  return below === above ? below : correctlyRounded(fn, x, format);
}

/** The two doubles around fn(x) (equal where it is a double): a faithful float64 result is one of them. */
export function faithfulPair(fn, x) {
  const cr = correctlyRounded(fn, x, 'float64');
  if (Number.isNaN(cr)) return [NaN, NaN];
  if (!Number.isFinite(cr) || cr === 0 || (fn === 'exp' && x === 0) || (fn === 'log' && x === 1)) return [cr, cr];
  const value = (fn === 'exp' ? exactExp : exactLog)(x);
  return [round(value, 'float64', 'down'), round(value, 'float64', 'up')];
}

/** |y - fn(x)| in units in the last place of fn(x) as a double (a finite, non-zero fn(x)). */
export function ulpError(fn, x, y) {
  const { v, k } = (fn === 'exp' ? exactExp : exactLog)(x);
  const { m, e } = parts(y);
  const ke = k - Number(S);
  const q = Math.min(ke, e);
  const diff = (m << BigInt(e - q)) - (v << BigInt(ke - q));
  const a = v < 0n ? -v : v;
  const E = Math.max(a.toString(2).length - 1 + ke, -1022); // the exact value's exponent
  const unit = E - 52 - q; // an ulp, in units of 2^q
  const scaled = ((diff < 0n ? -diff : diff) << 32n) >> BigInt(unit);
  return Number(scaled) / 2 ** 32;
}
