// float16 Mul/Div on data that keeps the fast path busy and on data it declines (NaN everywhere,
// results below float16's normal range, division by zero), wasm-resident, 1M elements:
// node bench/float16-data.js. The first case is run twice (the first run includes tier-up).
import * as tw from '../web/index.js';

await tw.init();
const n = 1 << 20;

function time(name, a, b, dtype, op) {
  const ta = tw.tensor(a, [n], dtype), tb = tw.tensor(b, [n], dtype), ty = tw.empty([n], dtype);
  for (let i = 0; i < 20; ++i) op(ta, tb, { out: ty });
  const samples = [];
  for (let r = 0; r < 21; ++r) {
    const t0 = performance.now();
    op(ta, tb, { out: ty });
    samples.push((performance.now() - t0) * 1000);
  }
  samples.sort((x, y) => x - y);
  console.log(`${name.padEnd(46)} ${samples[10].toFixed(0)} µs`);
  ta.dispose(); tb.dispose(); ty.dispose();
}

const ones = Uint16Array.from({ length: n }, (_, i) => 0x3c00 + (i % 512)); // 1.x
const twos = Uint16Array.from({ length: n }, (_, i) => 0x4000 + (i % 256)); // 2.x
const nans = new Uint16Array(n).fill(0x7e00);
const smallest = Uint16Array.from({ length: n }, (_, i) => 0x0400 + (i % 512)); // 2^-14 and up
const sparse = ones.slice();
for (let i = 0; i < n; i += 1000) sparse[i] = 0x7e00;
const zeros = new Uint16Array(n);

for (const first of [1, 2]) time(`Mul 1.x * 2.x${first === 1 ? ' (warm-up)' : ''}`, ones, twos, 'float16', tw.multiply);
time('Mul with a NaN every 1000 elements', sparse, twos, 'float16', tw.multiply);
time('Mul NaN everywhere', nans, twos, 'float16', tw.multiply);
time('Mul 2^-14.. * 2^-14.. (subnormal results)', smallest, smallest, 'float16', tw.multiply);
time('Div 1.x / 2.x', ones, twos, 'float16', tw.divide);
time('Div by zero everywhere', ones, zeros, 'float16', tw.divide);
time('bfloat16 Mul, for comparison', ones, twos, 'bfloat16', tw.multiply);
