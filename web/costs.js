// When sharing an op between threads pays (web/pool.js): what one output element costs on one
// thread, by op kind and dtype (ns, resident operands and output of 256K elements each: measured
// by bench/thread-costs.js), and how much work an op must come to before the pool takes a share
// (README, "Threads").
const NS = {
  mul: {
    float32: 0.237, float64: 0.457, float16: 0.684, bfloat16: 0.751, int8: 0.073, int16: 0.115, int32: 0.212,
    int64: 0.568, uint8: 0.073, uint16: 0.117, uint32: 0.206, uint64: 0.568,
  },
  div: {
    float32: 0.319, float64: 0.755, float16: 0.879, bfloat16: 0.791, int8: 1.792, int16: 1.601, int32: 0.818,
    int64: 2.177, uint8: 1.789, uint16: 1.526, uint32: 0.937, uint64: 1.739,
  },
};

// Ops that cost less than this per element are bound by memory: their cost follows the bytes
// they move. Costlier ones (float32 division and up) are bound by arithmetic.
const COMPUTE_BOUND_NS = 0.3;

// Ops on JS arrays that cost at least this per element gain from threads (float16 and bfloat16,
// float64 and integer division); float32 Mul and Div, whose copies cost more, lose, and so did
// 64-bit integer Mul (0.81–0.97 × in four bench runs here).
const COPIED_GAIN_NS = 0.6;

const nsPerElement = (divides, dtype) => (divides ? NS.div : NS.mul)[dtype] ?? 1;

/**
 * Estimated microseconds of an op of n output elements on one thread, whose operands hold
 * `inputs` elements together: a memory-bound op that broadcasts a small operand moves less.
 */
export function estimateUs(divides, dtype, n, inputs) {
  const ns = nsPerElement(divides, dtype);
  return (n * ns * (ns < COMPUTE_BOUND_NS ? Math.min(1, (inputs + n) / (3 * n)) : 1)) / 1000;
}

/**
 * Whether an op on JS arrays gains from threads. The calling thread alone copies them in and
 * out, and what another core computes crosses between the cores' caches twice: only work bound
 * by arithmetic gains.
 */
export function copiedGains(divides, dtype) {
  return nsPerElement(divides, dtype) >= COPIED_GAIN_NS;
}

/** Sharing pays from this much work when the workers are still awake from the last op ... */
export const AWAKE_US = 30;

/**
 * ... an op bound by memory, from twice that: a second core adds bandwidth, not arithmetic, and
 * an op this small is in cache, where both cores' writes to one output cross between their
 * caches (float32 Mul [512,1]x[1,512], ~35 µs, ran at 0.5–1.6 × with 2 threads here).
 */
export function awakeUs(divides, dtype) {
  return nsPerElement(divides, dtype) < COMPUTE_BOUND_NS ? 2 * AWAKE_US : AWAKE_US;
}
/** ... and from this much when they sleep (waking one costs tens of µs here: README, "Threads"). */
export const ASLEEP_US = 500;
