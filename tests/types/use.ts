// The everyday lines a user writes, type-checked by tsc under --strict against the installed
// tarball (tests/ecosystem/types.test.js: node16 and nodenext in an ESM and a CommonJS
// package, and bundler resolution). Each @ts-expect-error line is a mistake that must not
// compile: tsc fails on the directive if the line compiles after all.
import {
  init, multiply, divide, add, subtract, sub, mul, div, tensor, empty, onnx, openvino, broadcastShapes, BroadcastError,
  float16ToNumber, numberToFloat16, setThreads, threads, threadLimit, dtypes, ops, memoryUsage,
  float32ToFloat16, float16ToFloat32, float32ToBfloat16, bfloat16ToFloat32, expr,
  maximum, minimum, mod, remainder, fmod, squaredDifference, bitwiseAnd, bitwiseOr, bitwiseXor, bitwiseNot, sum, prod, max, min, mean,
  softmax, logSoftmax,
  type DType, type DTypeKind, type Result, type WasmTensor, type BroadcastExplanation, type Expression,
} from 'tensorwise';

export async function main(): Promise<number> {
  await init({ threads: 'auto' });
  await setThreads(2);
  const running: number = threads();

  // The dtype follows the operands; the data's class follows operand A.
  const r = multiply({ data: new Float32Array([1, 2, 3]), shape: [3] }, { data: new Float32Array([4, 5, 6]), shape: [3] });
  const f: Float32Array = r.data;
  const values: number[] = Array.from(r.data);
  let sum = 0;
  for (let i = 0; i < r.data.length; ++i) sum += r.data[i];
  const d: 'float32' = r.dtype;

  const q = divide({ data: new Int32Array([-7, 7]), shape: [2] }, 2, { pythondiv: true });
  const qi: Int32Array = q.data;
  const big = mul({ data: [1n, 2n], shape: [2] }, 3n);
  const bi: BigInt64Array = big.data;
  const bigTotal: bigint = big.data[0] + big.data[1];
  const u8 = multiply({ data: new Uint8ClampedArray([1, 2]) }, 2);
  const u8data: Uint8Array = u8.data;
  const byDtype = div({ data: [1, 2], dtype: 'int16' }, { data: new Int16Array([1, 1]) });
  const i16: Int16Array = byDtype.data;
  const scalarFirst = multiply(2, { data: new Float64Array([1, 2]) });
  const f64: Float64Array = scalarFirst.data;
  const half = divide({ data: new Uint16Array([0x3c00]), dtype: 'float16' }, 2);
  const halfBits: Uint16Array = half.data; // operand A's class
  const halfDtype: 'float16' = half.dtype;
  const chained = multiply(r, r); // a result is an operand
  const again: Float32Array = chained.data;

  // Resident tensors keep their dtype.
  const t = tensor(new Float32Array([1, 2]), [2]);
  const td: Float32Array = t.data;
  const e = empty([2], 'int32');
  const ed: Int32Array = e.data;
  const into = multiply(t, t, { out: empty([2], 'float32') });
  const intoData: Float32Array = into.data;
  const out = new Float32Array(3);
  const given = multiply(r, 2, { out });
  const sameArray: Float32Array = given.data;
  const typed = tensor([1, 2], [2], 'uint32');
  const tu: Uint32Array = typed.data;
  const resident: WasmTensor<'int32'> = e;
  t.dispose();
  into.dispose();
  typed.dispose();
  resident.dispose();

  // Spec entry points, with the IR's literal attribute values.
  const o = onnx.Mul(r, r, { broadcast: 1, axis: 0 }, 6);
  const of: Float32Array = o.data;
  const v = openvino.Divide({ data: new Int32Array([7]) }, 2, { auto_broadcast: 'numpy', m_pythondiv: 'true' });
  const vi: Int32Array = v.data;
  openvino.Multiply(r, r, { auto_broadcast: 'pdpd', axis: '0' });
  const shape: number[] = broadcastShapes([8, 1, 6, 1], [7, 1, 5], { autoBroadcast: 'numpy' });
  const legacy: number[] = broadcastShapes([2, 3, 4, 5], [3, 4], { autoBroadcast: 'legacy', axis: 1 });
  const unknown: number[] = broadcastShapes([-1, 3], [4, 1, 3], { dynamic: true });
  // @ts-expect-error dynamic is true or false
  broadcastShapes([-1, 3], [4, 1, 3], { dynamic: 'yes' });
  const explained: BroadcastExplanation = broadcastShapes([8, 1, 6, 1], [7, 1, 5], { explain: true });
  const stretched: number[] = explained.a.stretched;
  const padded: number[] | null = explained.b.dims;
  const asked = openvino.readAttributes('Divide', { auto_broadcast: 'pdpd', axis: '1', m_pythondiv: 'false' });
  const askedOp: string = asked.op;
  const limit: number = threadLimit().threads;
  const wasmBytes: number = memoryUsage().inUse + memoryUsage().size;
  const kinds: DTypeKind[] = dtypes().map((x) => x.kind);
  const half16 = dtypes().find((x) => x.name === 'float16');
  const one: number | undefined = half16?.toNumber?.(0x3c00);
  const signs: (string | null)[] = ops().map((x) => x.sign);
  const sum2 = add({ data: new Int16Array([1, 2]) }, 3);
  const sumData: Int16Array = sum2.data;
  const sumOut = add(r, r, { out: new Float32Array(3) });
  const sumOutData: Float32Array = sumOut.data;
  const difference: BigInt64Array = subtract({ data: [5n, 7n] }, 2n).data;
  const aliasDifference: Float64Array = sub({ data: new Float64Array([1]) }, 0.5).data;
  const onnxDifference: Float32Array = onnx.Sub(r, r, {}, 7).data;
  const ovDifference: Int32Array = openvino.Subtract(q, q, { auto_broadcast: 'none' }).data;
  const onnxSum: Float32Array = onnx.Add(r, r).data;
  const ovSum: Float32Array = openvino.Add(r, r, { auto_broadcast: 'numpy' }).data;
  // The rest of the family: the same operand forms and results; mod and fmod take onZeroDivision.
  const relu: Float32Array = maximum(r, 0).data;
  const clamped: Float32Array = minimum(maximum(r, 0), 6, { out: new Float32Array(3) }).data;
  const wrapped: Int32Array = mod(q, 3, { onZeroDivision: 'error' }).data;
  const numpyName: Int32Array = remainder(q, 3).data;
  const cRemainder: Float64Array = fmod({ data: new Float64Array([-7.5]) }, 2).data;
  const squared: Uint8Array = squaredDifference({ data: new Uint8Array([3]) }, 5).data;
  const onnxMax: Float32Array = onnx.Max([r, r, 2]).data;
  const onnxMin: Int32Array = onnx.Min([q], {}, 13).data;
  const onnxMod: Int32Array = onnx.Mod(q, 3, { fmod: 0 }, 13).data;
  const ovFloorMod: Int32Array = openvino.FloorMod(q, 3, { auto_broadcast: 'numpy' }).data;
  const ovSquared: Float32Array = openvino.SquaredDifference(r, r).data;
  const generic: Result = r;
  const anyDtype: DType = generic.dtype;
  try {
    broadcastShapes([3], [2]);
  } catch (error) {
    if (error instanceof BroadcastError) sum += error.axis;
  }
  sum += float16ToNumber(numberToFloat16(1.5));
  // Bulk conversions: a typed array gives a typed array, a wasm tensor a wasm tensor, out itself.
  const halves: Uint16Array = float32ToFloat16(new Float32Array([1.5]));
  const wide: Float32Array = float16ToFloat32(halves);
  const brain: Uint16Array = float32ToBfloat16(wide, { out: new Uint16Array(1) });
  const residentHalves = float32ToFloat16(tensor(new Float32Array([1.5])));
  const residentDtype: 'float16' = residentHalves.dtype;
  const intoResident = bfloat16ToFloat32(brain, { out: empty([1], 'float32') });
  const intoDtype: 'float32' = intoResident.dtype;
  // @ts-expect-error float32ToFloat16 takes float32 data, not bits
  float32ToFloat16(halves);
  // @ts-expect-error the result of float16ToFloat32 is float32
  float16ToFloat32(halves, { out: new Uint16Array(1) });

  // Mistakes.
  // @ts-expect-error an int32 result is not a Float32Array
  const wrong: Float32Array = q.data;
  // @ts-expect-error not an auto_broadcast value
  openvino.Multiply(r, r, { auto_broadcast: 'numpie' });
  // @ts-expect-error axis is an integer or its IR string
  openvino.Multiply(r, r, { auto_broadcast: 'pdpd', axis: 'one' });
  // @ts-expect-error multiply takes no pythondiv
  multiply(r, 2, { pythondiv: false });
  // @ts-expect-error mod takes no pythondiv (it has the divisor's sign)
  mod(q, 2, { pythondiv: false });
  // @ts-expect-error maximum takes no onZeroDivision
  maximum(r, 2, { onZeroDivision: 'error' });
  // @ts-expect-error onnx.Max takes a list of inputs
  onnx.Max(r, r);

  // An op's domain: the bitwise ops take integers only; bitwiseNot one operand.
  const masked: Int32Array = bitwiseAnd(q, 0xff).data;
  const flags: Uint8Array = bitwiseOr({ data: new Uint8Array([1]) }, 2).data;
  const toggled: BigInt64Array = bitwiseXor(big, 1n).data;
  const inverted: Int16Array = bitwiseNot(byDtype).data;
  const invertedInto: Int32Array = bitwiseNot(q, { out: new Int32Array(2) }).data;
  const onnxAnd: Int32Array = onnx.BitwiseAnd(q, 1).data;
  const onnxNot: Int32Array = onnx.BitwiseNot(q, {}, 18).data;
  const ovXor: Int32Array = openvino.BitwiseXor(q, q).data;
  const ovNot: Int32Array = openvino.BitwiseNot(q).data;
  const viaExpr: Int32Array = expr('bitwiseAnd(a, bitwiseNot(b))')({ a: q, b: q }).data;
  // @ts-expect-error bitwiseAnd takes no float32
  bitwiseAnd(r, r);
  // @ts-expect-error bitwiseNot takes no float dtype, asked for or not
  bitwiseNot(q, { dtype: 'float64' });
  // @ts-expect-error bitwiseNot takes one operand (and its options)
  bitwiseNot(q, q, {});
  // @ts-expect-error a unary op has nothing to broadcast
  bitwiseNot(q, { autoBroadcast: 'none' });
  // @ts-expect-error fmod is 0 or 1
  onnx.Mod(q, 3, { fmod: 2 });
  // @ts-expect-error not a dtype
  empty([2], 'float33');
  // @ts-expect-error onZeroDivision is 'zero' or 'error'
  divide(q, 0, { onZeroDivision: 'throw' });
  // @ts-expect-error a bigint result holds bigints
  const notNumber: number = big.data[0];
  // @ts-expect-error autoBroadcast values are literals
  multiply(r, r, { autoBroadcast: 'bidirectional' });
  // @ts-expect-error threads is 'auto' or a number
  await init({ threads: 'all' });
  // @ts-expect-error setThreads needs a value
  await setThreads();
  // @ts-expect-error add takes no pythondiv
  add(r, 2, { pythondiv: false });
  // @ts-expect-error explain gives an explanation, not a shape
  const notShape: number[] = broadcastShapes([1], [1], { explain: true });
  // @ts-expect-error operands of different dtypes
  multiply({ data: new Float32Array(2) }, { data: new Int32Array(2) });
  // @ts-expect-error different dtypes, one given by name
  add({ data: [1, 2], dtype: 'int8' }, { data: new Uint8Array(2) });
  // @ts-expect-error an out of the wrong class for a float32 result
  multiply(r, 2, { out: new Int32Array(3) });
  // @ts-expect-error an out wasm tensor of another dtype
  divide(r, 2, { out: empty([3], 'int8') });
  // @ts-expect-error axis is for pdpd and legacy only
  multiply(r, r, { axis: 1 });
  // @ts-expect-error axis is for pdpd and legacy only
  subtract(r, r, { autoBroadcast: 'numpy', axis: 0 });
  const pdpd: Float32Array = multiply(r, r, { autoBroadcast: 'pdpd', axis: 0 }).data;
  const halfOut = new Uint16Array(1);
  const intoHalf: Uint16Array = divide(half, 2, { out: halfOut }).data;

  // The dtype option: operands of other dtypes cast to it; the result is of that dtype.
  const scaled = divide({ data: new Uint8Array([0, 255]) }, 255, { dtype: 'float32' });
  const scaledData: Float32Array = scaled.data;
  const scaledDtype: 'float32' = scaled.dtype;
  const widened: Int16Array = subtract({ data: new Int8Array([-128]) }, { data: new Int8Array([1]) }, { dtype: 'int16' }).data;
  const castInto = add({ data: new Uint16Array([1]) }, 1, { dtype: 'float64', out: new Float64Array(1) });
  const castIntoData: Float64Array = castInto.data;
  // @ts-expect-error a float does not cast to an integer dtype
  add({ data: new Float32Array(2) }, 1, { dtype: 'int32' });
  // An out of another dtype: the result converted as it is stored, where numpy's same_kind allows.
  const storedWide: Float64Array = add({ data: new Uint8Array(2) }, 1, { dtype: 'float32', out: new Float64Array(2) }).data;
  const storedHalf = multiply(r, 0.5, { out: empty([3], 'float16') });
  // @ts-expect-error a float result is not stored into an integer array
  add({ data: new Uint8Array(2) }, 1, { dtype: 'float32', out: new Int16Array(2) });

  // Expressions: compiled once, called with named inputs; the result has the expression's dtype.
  const normalize = expr('(x / 255 - mean) / std', { dtype: 'float32' });
  const annotated: Expression<'float32'> = normalize; // any expression is an Expression of its dtype
  const frame = { data: new Uint8ClampedArray(16), shape: [1, 3, 2, 2], strides: [0, 1, 8, 4] };
  const stats = { mean: { data: new Float32Array([0.5, 0.5, 0.5]), shape: [3, 1, 1] }, std: { data: new Float32Array([0.2, 0.2, 0.2]), shape: [3, 1, 1] } };
  const normalized = normalize({ x: frame, ...stats });
  const normalizedData: Float32Array = normalized.data;
  const normalizedInto = normalize({ x: frame, ...stats }, { out: new Float32Array(12) });
  const intoTensor = normalize({ x: frame, ...stats }, { out: empty([1, 3, 2, 2], 'float32') });
  const intoTensorDtype: 'float32' = intoTensor.dtype;
  const names: readonly string[] = normalize.inputs;
  const anyDtypeExpr = expr('a * b - a', { pythondiv: false, onZeroDivision: 'error', autoBroadcast: 'none' });
  const anyResult: Result = anyDtypeExpr({ a: r, b: 2 });
  // The input names come from a literal source: a misspelt or missing one does not compile.
  // @ts-expect-error misspelt: the source reads mean, not maen
  normalize({ x: frame, maen: stats.mean, std: stats.std });
  // @ts-expect-error missing: the source reads std
  normalize({ x: frame, mean: stats.mean });
  // Without dtype, the result's type follows the inputs' dtype (numbers take it); bare typed
  // arrays and ImageData are operands.
  const inferred: Int16Array = expr('a * b + 1e-5 - maximum(a, 2)')({ a: { data: new Int16Array(2) }, b: 3 }).data;
  const bareSum: Float64Array = expr('a + b')({ a: new Float64Array(2), b: new Float64Array(2) }).data;
  const pixels: Uint8Array = add({ data: new Uint8ClampedArray(8), width: 2, height: 1 }, 1).data;
  const fromSource = expr(String('p + q')); // a source that is not a literal: any names
  fromSource({ anything: 1 });
  // @ts-expect-error an expression broadcasts numpy's way or not at all
  expr('a + b', { autoBroadcast: 'pdpd' });
  const normalizedHalf = normalize({ x: frame, ...stats }, { out: empty([1, 3, 2, 2], 'float16') }); // float16 model input, one rounding
  const normalizedWide: Float64Array = normalize({ x: frame, ...stats }, { out: new Float64Array(12) }).data;
  // @ts-expect-error a float expression is not stored into an integer array
  normalize({ x: frame, ...stats }, { out: new Int32Array(12) });
  // @ts-expect-error the source is a string
  expr(['x']);

  // Strided views (a transposed [2, 3] as [3, 2]; scijs names strides `stride`).
  const transposed: Float32Array = multiply({ data: new Float32Array(6), shape: [3, 2], strides: [1, 3] }, 2).data;
  const scijs: Int32Array = divide({ data: new Int32Array(6), shape: [3], stride: [2], offset: 1 }, 2).data;

  void [f, values, d, qi, bi, bigTotal, u8data, i16, f64, halfBits, halfDtype, again, td, ed, intoData, sameArray, tu, of, vi,
    shape, anyDtype, wrong, notNumber, running, legacy, unknown, stretched, padded, askedOp, limit, kinds, one, signs, notShape, sumData, sumOutData, onnxSum, ovSum,
    difference, aliasDifference, onnxDifference, ovDifference, pdpd, intoHalf, transposed, scijs, wasmBytes, residentDtype, intoDtype,
    scaledData, scaledDtype, widened, castIntoData, normalizedData, normalizedInto, intoTensorDtype, names, anyResult,
    storedWide, storedHalf, normalizedHalf, normalizedWide, inferred, bareSum, pixels, annotated,
    masked, flags, toggled, inverted, invertedInto, onnxAnd, onnxNot, ovXor, ovNot, viaExpr];
  return sum;
}

export function disposable(): number {
  // `using` needs TypeScript 5.2 and a lib with Symbol.dispose (see the test without it).
  using u = tensor([1, 2], [2], 'float16');
  return u.data.length;
}

// Reductions: a Result, or the wasm tensor given as out.
{
  const r: Result = sum({ data: new Float32Array(6), shape: [2, 3] }, { axis: -1, keepdims: true });
  const m: Result = mean(new Int32Array(4), { axis: [0] });
  const t = empty([1], 'float64');
  const same: WasmTensor<'float64'> = max(new Float64Array(3), { out: t });
  // @ts-expect-error max takes no dtype
  min(new Float32Array(2), { dtype: 'float64' });
  const p: Result = softmax({ data: new Float32Array(6), shape: [2, 3] }, { axis: 0 });
  const lp: Result = logSoftmax(new Int8Array(3), { dtype: 'float32' });
  // @ts-expect-error softmax keeps every axis: no keepdims
  softmax(new Float32Array(2), { keepdims: true });
  void r; void m; void same; void prod; void p; void lp;
}
