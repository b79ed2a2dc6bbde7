// float16 where the TypeScript lib declares Float16Array (lib esnext, TypeScript 5.9+): results
// and resident views are Float16Array | Uint16Array (Float16Array where the platform has it).
import { init, multiply, tensor } from 'tensorwise';

export async function main(): Promise<number> {
  await init();
  const h = multiply({ data: new Float16Array([1, 2]) }, 2);
  const fromFloat16: Float16Array = h.data; // operand A's class
  const dtype: 'float16' = h.dtype;
  const t = tensor([1, 2], [2], 'float16');
  const view: Float16Array | Uint16Array = t.data;
  // @ts-expect-error a resident float16 view may be a Uint16Array of bits (Node 20)
  const notAlways: Float16Array = t.data;
  t.dispose();
  void [dtype, view, notAlways];
  return fromFloat16[0];
}
