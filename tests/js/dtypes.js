// The dtypes and ops as the tests know them, written apart from web/ so that the tests stay an
// oracle for it (no Node APIs: the Chromium tests import this too). One table for every test:
// the class that stores a dtype's values (bits for the narrow floats), integer widths and
// signedness, the narrow floats' formats; the ops by their golden-case names, with the API
// function that runs each.

import { correctlyRoundedQuick } from './exact-math.js';

const float = (Storage) => ({ kind: 'float', Storage });
const int = (Storage, bits, signed) => ({ kind: 'int', Storage, bits, signed });
// p: significand bits (with the implicit one); emin: exponent of the smallest normal; emax: of the largest.
const half = (p, emin, emax, Storage = Uint16Array) => ({ kind: 'half', Storage, p, emin, emax, expBits: Math.log2(emax + 1) + 1 });

export const DTYPES = {
  float32: float(Float32Array),
  float64: float(Float64Array),
  float16: half(11, -14, 15),
  bfloat16: half(8, -126, 127),
  int8: int(Int8Array, 8, true),
  int16: int(Int16Array, 16, true),
  int32: int(Int32Array, 32, true),
  int64: int(BigInt64Array, 64, true),
  uint8: int(Uint8Array, 8, false),
  uint16: int(Uint16Array, 16, false),
  uint32: int(Uint32Array, 32, false),
  uint64: int(BigUint64Array, 64, false),
};
export const DTYPE_NAMES = Object.keys(DTYPES);

/** A view of a result's bits in the dtype's storage class (a Float16Array result is read as bits). */
export function bitsOf(dtype, data) {
  return new DTYPES[dtype].Storage(data.buffer, data.byteOffset, data.length);
}

/** Whether element i of a storage view is a NaN (NaN payloads are unspecified). */
export function isNaNAt(dtype, view, i) {
  const d = DTYPES[dtype];
  if (d.kind === 'float') return Number.isNaN(view[i]);
  if (d.kind !== 'half') return false;
  const exponentAll = ((1 << d.expBits) - 1) << (d.p - 1);
  return (view[i] & ((1 << (d.p - 1 + d.expBits)) - 1)) > exponentAll;
}

/**
 * The ops by their golden-case names: `fn` the API function's name, `onnx` and `openvino` the
 * operators' names (`onnx` null where ONNX has no operator for it, `onnxAttributes` what its
 * operator is given to run it), `sign` the expression operator (null: the op is written as a
 * call, `fn(a, b)`), `divides` whether it is a division (integers round by pythondiv),
 * `remainder` whether it is a remainder (integer x % 0 is 0, or an error with onZeroDivision),
 * `commutes` whether a ∘ b is b ∘ a, and `real(x, y, round)` the operation on exact values
 * (numbers or bigints), `round` being the dtype's rounding of a float (an op of two roundings,
 * squaredDifference, needs it; the identity where omitted), and `run(api)` the API function;
 * `arity` 2 or 1 (a unary op's `real` reads x only, and its entry points take one operand) and
 * `dtypes` the dtypes it takes (every other one is a TypeError at every door).
 */
const op = (fn, onnx, openvino, sign, divides, commutes, real, more = {}) => ({
  fn, onnx, openvino, sign, divides, remainder: false, commutes, real, onnxAttributes: {}, variadic: false, arity: 2, dtypes: DTYPE_NAMES,
  ...more, run: (api) => api[fn],
});
/** Whether op record `o` takes `dtype`. */
export const takes = (o, dtype) => o.dtypes.includes(dtype);
const INTEGERS = DTYPE_NAMES.filter((d) => DTYPES[d].kind === 'int');
const FLOATS = DTYPE_NAMES.filter((d) => DTYPES[d].kind !== 'int');
// A bitwise op on exact integers (numbers or bigints): BigInt's operators are two's complement
// on unbounded integers, which wraps to the dtype's as the tests' rounding does.
const bitwise = (f) => (x, y) => (typeof x === 'bigint' ? f(x, y) : Number(f(BigInt(x), BigInt(y ?? 0))));
// IEEE 754-2019 maximum and minimum: Math.max and Math.min are they (NaN, -0 < +0).
const extremum = (pick) => (x, y) => (typeof x === 'bigint' ? (pick(x, y) ? x : y) : (pick === gt ? Math.max : Math.min)(x, y));
const gt = (x, y) => x > y;
const lt = (x, y) => x < y;
// Remainders on exact values: fmod is JS's % (exact on doubles); mod takes the divisor's sign;
// integer x % 0 is 0.
const fmod = (x, y) => (typeof x === 'bigint' ? (y === 0n ? 0n : x % y) : x % y);
function mod(x, y) {
  if (typeof x === 'bigint') {
    if (y === 0n) return 0n;
    const r = x % y;
    return r !== 0n && (r < 0n) !== (y < 0n) ? r + y : r;
  }
  const r = x % y;
  if (r === 0) return y < 0 || Object.is(y, -0) ? -0 : 0;
  return (r < 0) !== (y < 0) ? r + y : r;
}
export const OPS = {
  mul: op('multiply', 'Mul', 'Multiply', '*', false, true, (x, y) => x * y),
  div: op('divide', 'Div', 'Divide', '/', true, false, (x, y) => x / y),
  add: op('add', 'Add', 'Add', '+', false, true, (x, y) => x + y),
  sub: op('subtract', 'Sub', 'Subtract', '-', false, false, (x, y) => x - y),
  max: op('maximum', 'Max', 'Maximum', null, false, true, extremum(gt), { variadic: true }),
  min: op('minimum', 'Min', 'Minimum', null, false, true, extremum(lt), { variadic: true }),
  mod: op('mod', 'Mod', 'FloorMod', null, false, false, mod, { remainder: true, onnxAttributes: { fmod: 0 } }),
  fmod: op('fmod', 'Mod', 'Mod', null, false, false, fmod, { remainder: true, onnxAttributes: { fmod: 1 } }),
  sqdiff: op('squaredDifference', null, 'SquaredDifference', null, false, true, (x, y, round = (v) => v) => {
    const d = typeof x === 'bigint' ? x - y : round(x - y);
    return d * d;
  }),
  bit_and: op('bitwiseAnd', 'BitwiseAnd', 'BitwiseAnd', null, false, true, bitwise((x, y) => x & y), { dtypes: INTEGERS }),
  bit_or: op('bitwiseOr', 'BitwiseOr', 'BitwiseOr', null, false, true, bitwise((x, y) => x | y), { dtypes: INTEGERS }),
  bit_xor: op('bitwiseXor', 'BitwiseXor', 'BitwiseXor', null, false, true, bitwise((x, y) => x ^ y), { dtypes: INTEGERS }),
  bit_not: op('bitwiseNot', 'BitwiseNot', 'BitwiseNot', null, false, false, bitwise((x) => ~x), { dtypes: INTEGERS, arity: 1 }),
  // ONNX's Neg takes no unsigned integer (onnxDtypes: the dtypes its operator takes, where fewer).
  abs: op('abs', 'Abs', 'Abs', null, false, false, (x) => (typeof x === 'bigint' ? (x < 0n ? -x : x) : Math.abs(x)), { arity: 1 }),
  neg: op('negative', 'Neg', 'Negative', null, false, false, (x) => -x, { arity: 1, onnxDtypes: DTYPE_NAMES.filter((d) => !d.startsWith('uint')) }),
  sqrt: op('sqrt', 'Sqrt', 'Sqrt', null, false, false, (x) => Math.sqrt(x), { dtypes: FLOATS, arity: 1 }),
  // exp and log: `exact` names the function tests/js/exact-math.js computes exactly; `real` is
  // its float64 result, correctly rounded (the library's float64 is faithful: one of the two
  // doubles around the exact value; its float32, float16 and bfloat16 correctly rounded).
  exp: op('exp', 'Exp', 'Exp', null, false, false, (x) => correctlyRoundedQuick('exp', x, 'float64'), { dtypes: FLOATS, arity: 1, exact: 'exp' }),
  log: op('log', 'Log', 'Log', null, false, false, (x) => correctlyRoundedQuick('log', x, 'float64'), { dtypes: FLOATS, arity: 1, exact: 'log' }),
};
export const OP_NAMES = Object.keys(OPS);

/**
 * Every entry point of every op, by the name a reader knows it by ('multiply', 'onnx.Mul',
 * 'openvino.Multiply', 'expr a * b', ...): { call(a, b, options?), op } with op the OPS record.
 * Only the API functions take options (`out` among them). An expression of one op is compiled
 * anew for each call, with its operands as inputs a and b.
 */
export function entryPoints(api) {
  return Object.fromEntries(Object.values(OPS).filter((o) => o.arity === 2).flatMap((o) => [
    [o.fn, { call: (a, b, options) => api[o.fn](a, b, options), op: o, options: true }],
    // ONNX's entry where it takes every float (Mod with fmod 0 takes integers only: its own tests).
    ...(o.onnx === null || o.onnxAttributes.fmod === 0 ? [] : [[`onnx.${o.onnx}`, {
      call: o.variadic ? (a, b) => api.onnx[o.onnx]([a, b]) : (a, b) => api.onnx[o.onnx](a, b, o.onnxAttributes), op: o, options: false,
    }]]),
    [`openvino.${o.openvino}`, { call: (a, b) => api.openvino[o.openvino](a, b), op: o, options: false }],
    [`expr ${exprOf(o)}`, { call: (a, b) => api.expr(exprOf(o))({ a, b }), op: o, options: false }],
  ]));
}

/**
 * Every entry point of every unary op, as entryPoints gives the binary ones: { call(x, options?),
 * op, options }.
 */
export function unaryEntryPoints(api) {
  return Object.fromEntries(Object.values(OPS).filter((o) => o.arity === 1).flatMap((o) => [
    [o.fn, { call: (x, options) => api[o.fn](x, options), op: o, options: true }],
    ...(o.onnx === null ? [] : [[`onnx.${o.onnx}`, { call: (x) => api.onnx[o.onnx](x), op: o, options: false }]]),
    [`openvino.${o.openvino}`, { call: (x) => api.openvino[o.openvino](x), op: o, options: false }],
    [`expr ${exprOf(o)}`, { call: (x) => api.expr(exprOf(o))({ a: x }), op: o, options: false }],
  ]));
}

/** The expression of one op over inputs a and b: `a * b`, or `maximum(a, b)` (a unary op's over a: `f(a)`). */
export const exprOf = (o) => (o.arity === 1 ? `${o.fn}(a)` : o.sign === null ? `${o.fn}(a, b)` : `a ${o.sign} b`);
