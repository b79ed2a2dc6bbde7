// npm run bench, the reductions and softmax: threads 1, in one fresh process, each side by side
// with the loop a user would write into a reused array (computing everything the step needs),
// medians of per-round ratios, and, for the sum, with TensorFlow.js's wasm backend (tf.sum on a
// tensor made beforehand, its result disposed). The cases are issue 43's: softmax over [32000]
// logits and over rows [64,1000]; a sum of float32 [4M] (resident: a wasm tensor); the L2 norms
// of [256,384] embeddings; the column means of [100000,3] float64.
import * as tw from '../web/index.js';
import { loadTf, measureSideBySide, plain } from './side-by-side.js';

await tw.init({ threads: 1 });

const tf = await loadTf();

const report = (name, ratios, pairs) => console.log(`  ${name}: ${pairs.map(([a, b]) => `${ratios[`${a} / ${b}`].toFixed(2)} × ${b}`).join(', ')}`);

console.log('reductions and softmax, threads 1: time over the loop into a reused array');
for (const [R, C] of [[1, 32000], [64, 1000]]) {
  const x = new Float32Array(R * C), out = new Float32Array(R * C), reused = new Float32Array(R * C);
  for (let i = 0; i < x.length; ++i) x[i] = ((i * 7919) % 2000) / 50 - 20;
  const loop = () => {
    for (let r = 0; r < R; ++r) {
      const o = r * C;
      let m = -Infinity;
      for (let i = 0; i < C; ++i) if (x[o + i] > m) m = x[o + i];
      let s = 0;
      for (let i = 0; i < C; ++i) {
        const e = Math.exp(x[o + i] - m);
        reused[o + i] = e;
        s += e;
      }
      for (let i = 0; i < C; ++i) reused[o + i] /= s;
    }
  };
  const { ratios } = await measureSideBySide([
    plain('tw', () => tw.softmax({ data: x, shape: [R, C] }, { out })), plain('loop', loop),
  ], false, [['tw', 'loop']], 2000, 11);
  report(`softmax float32 [${R},${C}] into out`, ratios, [['tw', 'loop']]);
}

{
  const N = 1 << 22;
  const x = new Float32Array(N);
  for (let i = 0; i < N; ++i) x[i] = ((i * 7919) % 2000) / 50 - 20;
  const t = tw.tensor(x, [N]), one = new Float32Array(1), reused = new Float64Array(1);
  const impls = [
    plain('tw', () => tw.sum(t, { out: one })),
    plain('loop', () => { let s = 0; for (let i = 0; i < N; ++i) s += x[i]; reused[0] = s; }),
    plain('tw mul', () => tw.multiply(t, 1, { out: t })),
  ];
  let ft = null;
  if (tf !== null) {
    ft = tf.tensor1d(x, 'float32');
    impls.push(plain('tfjs', () => tf.sum(ft).dispose()));
  }
  const { ratios } = await measureSideBySide(impls, false, [['tw', 'loop'], ['tw', 'tw mul'], ['tw', 'tfjs']], 3000, 11);
  report(`sum float32 [${N}] resident (tw mul: multiply(t, 1) in place, which reads and writes it)`, ratios, [['tw', 'loop'], ['tw', 'tw mul'], ...(ft ? [['tw', 'tfjs']] : [])]);
  ft?.dispose();
  t.dispose();
}

{
  const R = 256, C = 384;
  const x = new Float32Array(R * C), out = new Float32Array(R * C), reused = new Float32Array(R * C);
  for (let i = 0; i < x.length; ++i) x[i] = Math.sin(i);
  const X = { data: x, shape: [R, C] }, norms = new Float32Array(R);
  const { ratios } = await measureSideBySide([
    plain('tw', () => {
      tw.sqrt(tw.sum(tw.multiply(X, X), { axis: -1, keepdims: true }), { out: norms });
      tw.divide(X, { data: norms, shape: [R, 1] }, { out });
    }),
    plain('loop', () => {
      for (let r = 0; r < R; ++r) {
        let s = 0;
        for (let i = 0; i < C; ++i) s += x[r * C + i] * x[r * C + i];
        const n = Math.sqrt(s);
        for (let i = 0; i < C; ++i) reused[r * C + i] = x[r * C + i] / n;
      }
    }),
  ], false, [['tw', 'loop']], 2000, 11);
  report(`L2-normalise float32 [${R},${C}] (multiply, sum, sqrt, divide: four calls)`, ratios, [['tw', 'loop']]);
}

{
  const R = 100000, C = 3;
  const x = new Float64Array(R * C), mean = new Float64Array(C), reused = new Float64Array(C);
  for (let i = 0; i < x.length; ++i) x[i] = Math.cos(i) * 100;
  const { ratios } = await measureSideBySide([
    plain('tw', () => tw.mean({ data: x, shape: [R, C] }, { axis: 0, out: mean })),
    plain('loop', () => {
      let a = 0, b = 0, c = 0;
      for (let i = 0; i < R * C; i += 3) { a += x[i]; b += x[i + 1]; c += x[i + 2]; }
      reused[0] = a / R; reused[1] = b / R; reused[2] = c / R;
    }),
  ], false, [['tw', 'loop']], 2000, 11);
  report(`column means float64 [${R},${C}] (axis 0)`, ratios, [['tw', 'loop']]);
}
