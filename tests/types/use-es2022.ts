// The same usage without `using`, for projects whose TypeScript lib is es2022 (no esnext.disposable).
import { init, multiply, divide, tensor, empty, onnx, openvino, broadcastShapes, type Result } from 'tensorwise';
await init();
const r: Result = multiply({ data: new Float32Array(3), shape: [3] }, 2, { autoBroadcast: 'numpy' });
const t = tensor(new Float32Array([1, 2]), [2]);
const y = empty([2], 'float32');
const same = multiply(t, t, { out: y });
same.dispose();
divide(r, 2, { pythondiv: false, onZeroDivision: 'error' });
onnx.Mul(r, r, { broadcast: 1, axis: 0 }, 6);
openvino.Divide(r, r, { auto_broadcast: 'numpy', m_pythondiv: 'true' });
const s: number[] = broadcastShapes([1, 2], [2]);
const u = tensor([1, 2], [2], "float16"); void u.data; u.dispose(); u[Symbol.dispose]();
void r; void s;
