// Casts written apart from web/ and src/, as an oracle for the expression tests: one element of
// a dtype (its storage's value: bits for the narrow floats) as another, the exact value taken
// first (a bigint for integers, a number for floats: every float of the dtypes is a double) and
// rounded once, by arithmetic on the exact value, to nearest even (integers wrap). No Node APIs.
import { DTYPES } from './dtypes.js';

const isBig = (d) => DTYPES[d].Storage === BigInt64Array || DTYPES[d].Storage === BigUint64Array;

/** The exact value of a stored element: a bigint for integers, a number (or NaN, ±Infinity) for floats. */
export function exactValue(v, dtype) {
  const d = DTYPES[dtype];
  if (d.kind === 'int') return BigInt(v);
  if (d.kind === 'float') return v;
  // A 16-bit float's bits: sign, exponent field, mantissa, from its format (p, emin, emax).
  const m = d.p - 1;
  const field = (v >> m) & (2 * d.emax + 1), f = v & ((1 << m) - 1);
  const sign = v & (1 << (m + d.expBits)) ? -1 : 1;
  if (field === 2 * d.emax + 1) return f ? NaN : sign * Infinity;
  return sign * (field === 0 ? f * 2 ** (d.emin - m) : (2 ** m + f) * 2 ** (field - d.emax - m));
}

// A bigint rounded to nearest even at p significant bits, as a number (exact: p <= 53 bits, or
// Infinity beyond the double range).
function roundBigint(v, p) {
  const negative = v < 0n;
  const m = negative ? -v : v;
  const excess = m.toString(2).length - p;
  if (excess <= 0) return Number(v);
  const shift = BigInt(excess);
  let q = m >> shift;
  const rest = m - (q << shift), half = 1n << (shift - 1n);
  if (rest > half || (rest === half && (q & 1n) === 1n)) q += 1n;
  const r = Number(q) * 2 ** excess;
  return negative ? -r : r;
}

// A double rounded to nearest even into a 16-bit float's bits (p significant bits, exponents
// emin..emax, subnormals, Inf past the largest finite's midpoint), by exact scaling: x / 2^k is
// exact for a double, and Math.round-free integer rounding below.
function halfBits(x, d) {
  const m = d.p - 1, signBit = 1 << (m + d.expBits), inf = (2 * d.emax + 1) << m;
  if (Number.isNaN(x)) return inf | (1 << (m - 1));
  const sign = x < 0 || Object.is(x, -0) ? signBit : 0;
  const a = Math.abs(x);
  if (a === Infinity) return sign | inf;
  if (a === 0) return sign;
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e -= 1; // log2 may round up
  if (2 ** (e + 1) <= a) e += 1;
  const quantumExp = Math.max(e, d.emin) - m;
  const scaled = a / 2 ** quantumExp; // exact: a power-of-two scaling of a double (no underflow here)
  let q = Math.floor(scaled);
  const rest = scaled - q;
  if (rest > 0.5 || (rest === 0.5 && q % 2 === 1)) q += 1;
  const value = q * 2 ** quantumExp;
  if (value >= 2 ** (d.emax + 1)) return sign | inf;
  if (value < 2 ** d.emin) return sign | q;
  let ee = Math.floor(Math.log2(value));
  if (2 ** ee > value) ee -= 1;
  return sign | ((ee + d.emax) << m) | (value / 2 ** (ee - m) - 2 ** m);
}

/**
 * An element of dtype `from` (its stored value) as dtype `to` (the value to store), as numpy's
 * astype does for a same_kind pair (not a float to an integer).
 */
export function castElement(v, from, to) {
  const x = exactValue(v, from);
  const d = DTYPES[to];
  if (d.kind === 'int') {
    const w = d.signed ? BigInt.asIntN(d.bits, x) : BigInt.asUintN(d.bits, x);
    return isBig(to) ? w : Number(w);
  }
  if (to === 'float64') return typeof x === 'bigint' ? Number(x) : x; // Number(bigint) rounds once to nearest even
  const p = to === 'float32' ? 24 : d.p;
  if (to === 'float32') return typeof x === 'bigint' ? Math.fround(roundBigint(x, p)) : Math.fround(x);
  // A 16-bit float: a bigint rounded once to its p bits is a double it holds exactly (or overflows).
  return halfBits(typeof x === 'bigint' ? roundBigint(x, p) : x, d);
}

/** A whole array of dtype `from` (storage values) cast to `to`, in `to`'s storage class. */
export function castArray(data, from, to) {
  const out = new DTYPES[to].Storage(data.length);
  for (let i = 0; i < data.length; ++i) out[i] = castElement(data[i], from, to);
  return out;
}
