// npm run bench, strided views: the per-channel normalisation of an HWC float32 image,
// (x - mean) for a [3, H, W] result, three ways side by side in one process: tensorwise on the
// image read as a CHW view (strides [1, 3W, 3], no copy in JS), tensorwise after a JS transpose
// to CHW, and the plain JS loop that does both at once. Also a transposed [n, n] matrix times a
// row, against the same op on a contiguous matrix (what the gathered rows cost).
import * as tw from '../web/index.js';
import { measureSideBySide, plain } from './side-by-side.js';

await tw.init({ threads: 1 });

function image(h, w) {
  const data = new Float32Array(h * w * 3);
  for (let i = 0; i < data.length; ++i) data[i] = (i * 7919) % 256;
  return data;
}

const mean = { data: new Float32Array([123.7, 116.3, 103.5]), shape: [3, 1, 1] };

function transposeHwcToChw(x, h, w) {
  const out = new Float32Array(x.length);
  for (let c = 0; c < 3; ++c) for (let i = 0; i < h * w; ++i) out[c * h * w + i] = x[i * 3 + c];
  return out;
}

function loop(x, h, w) {
  const out = new Float32Array(x.length);
  const m = mean.data;
  for (let c = 0; c < 3; ++c) for (let i = 0; i < h * w; ++i) out[c * h * w + i] = x[i * 3 + c] - m[c];
  return out;
}

console.log('HWC float32 image, minus a per-channel mean, as a [3, H, W] result (µs per call, medians)');
console.log(`${'H x W'.padEnd(12)}${'CHW view'.padStart(12)}${'JS transpose'.padStart(14)}${'JS loop'.padStart(12)}${'view/loop'.padStart(11)}`);
for (const [h, w] of [[32, 32], [224, 224], [512, 512]]) {
  const x = image(h, w);
  const view = { data: x, shape: [3, h, w], strides: [1, 3 * w, 3] };
  const { medians, ratios } = await measureSideBySide([
    plain('view', () => tw.subtract(view, mean)),
    plain('transpose', () => tw.subtract({ data: transposeHwcToChw(x, h, w), shape: [3, h, w] }, mean)),
    plain('loop', () => loop(x, h, w)),
  ], h * w > 100000, [['view', 'loop']]);
  const cell = (v, width) => (v < 100 ? v.toFixed(2) : v.toFixed(0)).padStart(width);
  console.log(`${`${h} x ${w}`.padEnd(12)}${cell(medians.view, 12)}${cell(medians.transpose, 14)}${cell(medians.loop, 12)}${ratios['view / loop'].toFixed(2).padStart(11)}`);
}

console.log('\nfloat32 [n, n] x [n]: a transposed view (strides [1, n]) against a contiguous matrix (µs per call)');
console.log(`${'n'.padEnd(8)}${'transposed'.padStart(12)}${'contiguous'.padStart(12)}${'ratio'.padStart(8)}`);
for (const n of [64, 512]) {
  const m = Float32Array.from({ length: n * n }, (_, i) => i % 97);
  const row = { data: Float32Array.from({ length: n }, (_, i) => 1 + i), shape: [n] };
  const { medians, ratios } = await measureSideBySide([
    plain('transposed', () => tw.multiply({ data: m, shape: [n, n], strides: [1, n] }, row)),
    plain('contiguous', () => tw.multiply({ data: m, shape: [n, n] }, row)),
  ], n > 256, [['transposed', 'contiguous']]);
  console.log(`${String(n).padEnd(8)}${medians.transposed.toFixed(1).padStart(12)}${medians.contiguous.toFixed(1).padStart(12)}${ratios['transposed / contiguous'].toFixed(2).padStart(8)}`);
}
