// npm run bench, the math functions: exp, log, sqrt and abs of float32 into `out`, threads 1, in
// one fresh process, each side by side with the loop a user would write into a reused array
// (`y[i] = Math.exp(x[i])`: Math's functions compute in double, and storing into a Float32Array
// rounds, as Math.fround would), with `multiply(x, 1, { out })` (an op that moves the same bytes: the
// memory roofline an element-wise op of one operand can reach), and with TensorFlow.js's wasm
// backend (tf.exp on a tensor made beforehand, its result disposed). Then softmax's first step,
// `expr('exp(x - m)')` over [32000] logits, against its loop. Medians of per-round ratios.
import * as tw from '../web/index.js';
import { loadTf, measureSideBySide, plain } from './side-by-side.js';

await tw.init({ threads: 1 });

const tf = await loadTf();

const N = 1 << 20;
const x = new Float32Array(N), positive = new Float32Array(N);
for (let i = 0; i < N; ++i) {
  x[i] = ((i * 7919) % 2000) / 50 - 20; // -20 .. 20
  positive[i] = 1e-3 + ((i * 104729) % 100000) / 97;
}
const out = new Float32Array(N), reused = new Float32Array(N);
// Each loop written out, as a user would (one call site per function, not a function passed in).
const cases = [
  ['exp', x, () => { for (let i = 0; i < N; ++i) reused[i] = Math.exp(x[i]); }],
  ['log', positive, () => { for (let i = 0; i < N; ++i) reused[i] = Math.log(positive[i]); }],
  ['sqrt', positive, () => { for (let i = 0; i < N; ++i) reused[i] = Math.sqrt(positive[i]); }],
  ['abs', x, () => { for (let i = 0; i < N; ++i) reused[i] = Math.abs(x[i]); }],
];
console.log(`float32 [${N}] into out, threads 1: time over the loop into a reused array, over multiply(x, 1), over tfjs-wasm`);
for (const [name, input, loop] of cases) {
  const impls = [
    plain('tw', () => tw[name](input, { out })),
    plain('loop', loop),
    plain('tw mul', () => tw.multiply(input, 1, { out })),
  ];
  let t = null;
  if (tf !== null) {
    t = tf.tensor1d(input, 'float32');
    impls.push(plain('tfjs', () => tf[name](t).dispose()));
  }
  const { medians, ratios } = await measureSideBySide(impls, false, [['tw', 'loop'], ['tw', 'tw mul'], ['tw', 'tfjs']], 3000, 11);
  console.log(`  ${name.padEnd(5)} tw ${medians.tw.toFixed(0)} µs, loop ${medians.loop.toFixed(0)} µs: ${ratios['tw / loop'].toFixed(2)} × the loop, ` +
    `${ratios['tw / tw mul'].toFixed(2)} × multiply(x, 1)` + (t ? `, ${ratios['tw / tfjs'].toFixed(2)} × tf.${name}` : ''));
  t?.dispose();
}

// Softmax's first step over [32000] logits (m their maximum), into out.
const L = 32000;
const logits = x.subarray(0, L), m = 19.5, e = new Float32Array(L), e2 = new Float32Array(L);
const step = tw.expr('exp(x - m)');
const { ratios } = await measureSideBySide([
  plain('tw', () => step({ x: logits, m: { data: new Float32Array([m]), shape: [1] } }, { out: e })),
  plain('loop', () => { for (let i = 0; i < L; ++i) e2[i] = Math.exp(logits[i] - m); }),
], false, [['tw', 'loop']], 2000, 11);
console.log(`expr('exp(x - m)') float32 [${L}] into out: ${ratios['tw / loop'].toFixed(2)} × the loop e[i] = Math.exp(x[i] - m) into a reused array`);
