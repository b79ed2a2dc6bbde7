import { init, multiply, divide } from '/web/index.js';

try {
  await init();
  const c = multiply({ data: new Float32Array([1, 2]), shape: [2, 1] }, { data: new Float32Array([3, 4, 5]), shape: [1, 3] });
  const q = divide({ data: new Int32Array([-7]), shape: [1] }, 2);
  window.result = { data: Array.from(c.data), q: q.data[0] };
  window.done = true;
} catch (e) {
  window.failed = String((e && e.stack) || e);
}
