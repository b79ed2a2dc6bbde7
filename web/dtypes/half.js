// JS numbers to and from the bits of narrow IEEE-style floats (float16, bfloat16: a sign, an
// exponent field with bias, subnormals, Inf and NaN), rounded to nearest even directly from the
// double (so a value is rounded once, never through float32).

import { describe } from '../format.js';

/** The bits argument of a public decoder: an integer from 0 to max, or a RangeError. */
export function checkedBits(x, max, fn) {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < 0 || x > max) {
    throw new RangeError(`${fn}: bits must be an integer from 0 to ${max}, got ${describe(x)}`);
  }
  return x;
}

/** The value argument of a public encoder: a number (no coercion: no caller code runs), or a TypeError. */
export function checkedValue(x, fn) {
  if (typeof x !== 'number') throw new TypeError(`${fn}: value must be a number, got ${describe(x)}`);
  return x;
}

// One routine for every format: `mantissaBits` stored bits, exponent bias, and the exponent
// field width give the grid; Math.round-like steps are done exactly on doubles.
export function narrowFloatEncoder(mantissaBits, exponentBits) {
  const bias = (1 << (exponentBits - 1)) - 1;
  const minNormalExp = 1 - bias;
  const infBits = ((1 << exponentBits) - 1) << mantissaBits;
  const nanBits = infBits | (1 << (mantissaBits - 1));
  const signBit = 1 << (mantissaBits + exponentBits);
  const implicit = 2 ** mantissaBits;
  return function encode(x) {
    if (Number.isNaN(x)) return nanBits;
    const sign = x < 0 || Object.is(x, -0) ? signBit : 0;
    const a = Math.abs(x);
    if (a === Infinity) return sign | infBits;
    // Quantum of the grid at a's binade (subnormals share the smallest normal's quantum).
    let exp = a === 0 ? minNormalExp : Math.max(minNormalExp, Math.floor(Math.log2(a)));
    if (exp > minNormalExp && 2 ** exp > a) exp -= 1; // log2 may round up near powers of two
    if (2 ** (exp + 1) <= a) exp += 1;
    const scaled = a * 2 ** (mantissaBits - exp); // exact: a power-of-two scaling
    let m = Math.floor(scaled);
    const rest = scaled - m;
    if (rest > 0.5 || (rest === 0.5 && m % 2 === 1)) m += 1;
    if (m === 0) return sign;
    if (m < implicit) return sign | m; // subnormal
    if (m === 2 * implicit) {
      m = implicit;
      exp += 1;
    }
    const field = exp + bias;
    if (field >= (1 << exponentBits) - 1) return sign | infBits;
    return sign | (field << mantissaBits) | (m - implicit);
  };
}

export function narrowFloatDecoder(mantissaBits, exponentBits) {
  const bias = (1 << (exponentBits - 1)) - 1;
  const expMask = (1 << exponentBits) - 1;
  return function decode(bits) {
    const sign = bits >> (mantissaBits + exponentBits) ? -1 : 1;
    const field = (bits >> mantissaBits) & expMask;
    const m = bits & ((1 << mantissaBits) - 1);
    if (field === expMask) return m ? NaN : sign * Infinity;
    if (field === 0) return sign * m * 2 ** (1 - bias - mantissaBits);
    return sign * (m + 2 ** mantissaBits) * 2 ** (field - bias - mantissaBits);
  };
}

