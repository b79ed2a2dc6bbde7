// npm run bench, the bulk conversions: 1M float32 to float16 and bfloat16 and back, each bulk
// function (float32ToFloat16, ...) against the loop over the per-element one a user writes today:
//   const y = new Uint16Array(n); for (let i = 0; i < n; ++i) y[i] = numberToFloat16(x[i]);
// In one process, side by side (batches in turn, medians; loop/bulk is the median of per-round
// ratios): node --expose-gc bench/conversions.js
import * as tw from '../web/index.js';
import { measureSideBySide, plain } from './side-by-side.js';

const n = 1 << 20;
await tw.init();

// Values of a model's weights and activations: mostly small, some large, a few zeros and tiny.
let seed = 12345;
const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
const values = Float32Array.from({ length: n }, (_, i) => (i % 1009 === 0 ? 0 : (random() - 0.5) * 2 ** (random() * 24 - 12)));
const halves = tw.float32ToFloat16(values);
const brains = tw.float32ToBfloat16(values);
const halfBits = new Uint16Array(halves.buffer, halves.byteOffset, n); // a Float16Array where the platform has one

const loop = (Result, x, one) => () => {
  const y = new Result(n);
  for (let i = 0; i < n; ++i) y[i] = one(x[i]);
  return y;
};

// [label, the per-element loop, the bulk call]
const CASES = [
  ['float32 -> float16', loop(Uint16Array, values, tw.numberToFloat16), () => tw.float32ToFloat16(values)],
  ['float16 -> float32', loop(Float32Array, halfBits, tw.float16ToNumber), () => tw.float16ToFloat32(halves)],
  ['float32 -> bfloat16', loop(Uint16Array, values, tw.numberToBfloat16), () => tw.float32ToBfloat16(values)],
  ['bfloat16 -> float32', loop(Float32Array, brains, tw.bfloat16ToNumber), () => tw.bfloat16ToFloat32(brains)],
];

// The two agree (the tests check every boundary; this checks the data timed here).
for (const [label, perElement, bulk] of CASES) {
  const [a, b] = [perElement(), bulk()];
  const bits = (x) => new Uint8Array(x.buffer, x.byteOffset, x.byteLength);
  if (!bits(a).every((v, i) => v === bits(b)[i])) throw new Error(`${label}: the bulk result differs from the loop's`);
}

console.log(`bulk conversions against a loop over the per-element function (${n} elements, a new result; ms per call, medians)`);
console.log('conversion             loop ms   bulk ms   loop/bulk');
for (const [label, perElement, bulk] of CASES) {
  const { medians, ratios } = await measureSideBySide([plain('loop', perElement), plain('bulk', bulk)], true, [['loop', 'bulk']], 4000);
  const ms = (us) => (us / 1000).toFixed(us < 10000 ? 2 : 0).padStart(9);
  console.log(`${label.padEnd(20)} ${ms(medians.loop)} ${ms(medians.bulk)} ${ratios['loop / bulk'].toFixed(0).padStart(10)}`);
}
