// Other libraries' tensors as operands, type-checked under --strict against the installed tarball
// and onnxruntime-web's own types (tests/ecosystem/types.test.js). Each @ts-expect-error line is
// a mistake that must not compile.
import * as ort from 'onnxruntime-web';
import ndarray from '@stdlib/ndarray-base-ctor';
import { init, multiply, divide, subtract } from 'tensorwise';

export async function embedding(): Promise<ort.Tensor> {
  await init();
  const e = new ort.Tensor('float32', new Float32Array(384), [1, 384]);
  const r = divide(e, 2);
  const values: Float32Array = r.data;
  const dtype: 'float32' = r.dtype;
  const back = new ort.Tensor(r.dtype, r.data, r.shape); // a result is a constructor's arguments
  const typed: 'float32' = back.type;
  const generic: ort.Tensor = e; // a tensor whose type is not known until run time
  subtract(generic, generic);
  const i64 = multiply(new ort.Tensor('int64', new BigInt64Array(2), [2]), 2n);
  const bigints: BigInt64Array = i64.data;
  const tfLike = { dataId: {}, shape: [2], dtype: 'float32', dataSync: () => new Float32Array(2) };
  multiply(tfLike, 2);
  const strided = new ndarray('float32', new Float32Array(12), [2, 3], [6, 2], 1, 'row-major');
  const fromStdlib = multiply(strided, 2);
  const stdlibShape: number[] = fromStdlib.shape;

  // @ts-expect-error a bool tensor is not computed
  multiply(new ort.Tensor('bool', new Uint8Array(2), [2]), 1);
  // @ts-expect-error a string tensor is not computed
  multiply(1, new ort.Tensor('string', ['a'], [1]));
  // @ts-expect-error operands of different dtypes
  multiply(e, new ort.Tensor('int32', new Int32Array(384), [1, 384]));
  // @ts-expect-error an int32 out for a float32 result
  multiply(e, 2, { out: new Int32Array(384) });

  void [values, dtype, typed, bigints, stdlibShape];
  return back;
}
