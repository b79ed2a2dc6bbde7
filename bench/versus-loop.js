// npm run bench, second part: tensorwise against the loop a user would write instead, at every
// size. In one fresh process, as an app runs: `await init()` (the defaults), then a warm-up that
// uses every op on several dtypes, shapes and options (call sites that have seen many kinds of
// arguments are slower than ones that have seen one), then each case side by side with its loop
// (batches in turn, medians; tw/loop is the median of per-round ratios).
//
// The loops allocate their result, as tensorwise does without `out`:
//   const c = new Float32Array(n); for (let i = 0; i < n; ++i) c[i] = a[i] * b[i];
// int32 floor division: c[i] = Math.floor(a[i] / b[i]) (x / 0 stores 0, as tensorwise gives).
// Broadcasts: nested loops over the output with index arithmetic for each operand.
import * as tw from '../web/index.js';
import { measureSideBySide, median, plain } from './side-by-side.js';

const SIZES = [1, 16, 64, 384, 1024, 16384, 262144, 4194304];

const fill = (Class, n, f) => { const x = new Class(n); for (let i = 0; i < n; ++i) x[i] = f(i); return x; };
const operands = {
  float32: (n) => [fill(Float32Array, n, (i) => 1 + (i % 97) * 0.25), fill(Float32Array, n, (i) => 0.5 + (i % 89) * 0.125)],
  float64: (n) => [fill(Float64Array, n, (i) => 1 + (i % 97) * 0.25), fill(Float64Array, n, (i) => 0.5 + (i % 89) * 0.125)],
  int32: (n) => [fill(Int32Array, n, (i) => (i % 1000) * 37 - 18000), fill(Int32Array, n, (i) => (i % 13) - 6 || 7)],
};

// [label, dtype, tensorwise call, the loop]
const OPS = [
  ['float32 Mul', 'float32', (x, y, o) => tw.multiply(x, y, o), (a, b, n) => { const c = new Float32Array(n); for (let i = 0; i < n; ++i) c[i] = a[i] * b[i]; return c; }],
  ['float32 Div', 'float32', (x, y, o) => tw.divide(x, y, o), (a, b, n) => { const c = new Float32Array(n); for (let i = 0; i < n; ++i) c[i] = a[i] / b[i]; return c; }],
  ['float64 Mul', 'float64', (x, y, o) => tw.multiply(x, y, o), (a, b, n) => { const c = new Float64Array(n); for (let i = 0; i < n; ++i) c[i] = a[i] * b[i]; return c; }],
  ['int32 floor Div', 'int32', (x, y, o) => tw.divide(x, y, o), (a, b, n) => { const c = new Int32Array(n); for (let i = 0; i < n; ++i) c[i] = Math.floor(a[i] / b[i]); return c; }],
];

/** Uses every op on several dtypes, shapes and options, as an app would before the timed calls. */
function warmUp() {
  const dtypes = ['float32', 'float64', 'float16', 'bfloat16', 'int8', 'uint8', 'int16', 'int32', 'uint32', 'int64'];
  for (const dtype of dtypes) {
    const big = dtype === 'int64';
    for (const n of [1, 5, 64, 700]) {
      const values = Array.from({ length: n }, (_, i) => (big ? BigInt(i % 7 + 1) : i % 7 + 1));
      const x = tw.tensor(values, [n], dtype);
      const plainX = { data: x.data.slice(), shape: [n], dtype };
      for (const f of [tw.multiply, tw.divide, tw.add, tw.subtract]) {
        f(plainX, plainX);
        f(x, x, { out: x });
        f({ data: plainX.data, shape: [n, 1], dtype }, plainX);
        f(plainX, big ? 3n : 3);
      }
      x.dispose();
    }
  }
  // Each case's large sizes for a while, the loop's too. Without this, whichever case the bench
  // ran first was up to 3 x slower from 16384 elements up, tensorwise and its loop alike, until
  // the process had made and dropped arrays of 16 MB (its 4194304 size); then both fell in line.
  // Likely the C allocator's thresholds, which rise after a large block is freed (not verified).
  for (const [, dtype, call, loop] of OPS) {
    for (const n of [16384, 262144, 4194304]) {
      const [a, b] = operands[dtype](n);
      const shape = [n];
      for (const end = performance.now() + 150; performance.now() < end;) {
        call({ data: a, shape }, { data: b, shape });
        loop(a, b, n);
      }
    }
  }
}

const fmt = (us) => (us < 10 ? us.toFixed(3) : us < 1000 ? us.toFixed(1) : us.toFixed(0));

async function sideBySide(twCall, loop, budgetMs) {
  const { medians, ratios } = await measureSideBySide([plain('tw', twCall), plain('loop', loop)], false, [['tw', 'loop']], budgetMs);
  return { tw: medians.tw, loop: medians.loop, ratio: ratios['tw / loop'] };
}

async function main() {
  await tw.init();
  warmUp();
  const budget = (n) => (n >= 1 << 20 ? 2000 : 400);

  console.log('tensorwise against the loop a user would write (typed arrays in, a new result; µs per call, medians)');
  console.log('op                n         loop µs     tw µs   tw/loop');
  for (const [label, dtype, call, loop] of OPS) {
    for (const n of SIZES) {
      const [a, b] = operands[dtype](n);
      const shape = [n];
      const r = await sideBySide(() => call({ data: a, shape }, { data: b, shape }), () => loop(a, b, n), budget(n));
      console.log(`${label.padEnd(17)} ${String(n).padEnd(9)} ${fmt(r.loop).padStart(9)} ${fmt(r.tw).padStart(9)} ${r.ratio.toFixed(2).padStart(9)}`);
    }
  }

  console.log('\nfloat32 Mul with `out` (a Float32Array made once) against without (µs per call)');
  console.log('n         without     with   with/without');
  for (const n of SIZES) {
    const [a, b] = operands.float32(n);
    const shape = [n];
    const out = new Float32Array(n);
    const { medians, ratios } = await measureSideBySide([
      plain('without', () => tw.multiply({ data: a, shape }, { data: b, shape })),
      plain('with', () => tw.multiply({ data: a, shape }, { data: b, shape }, { out })),
    ], false, [['with', 'without']], budget(n));
    console.log(`${String(n).padEnd(9)} ${fmt(medians.without).padStart(8)} ${fmt(medians.with).padStart(8)} ${ratios['with / without'].toFixed(2).padStart(10)}`);
  }

  const [ra, rb] = operands.float32(64).map((x) => tw.tensor(x, [64]));
  const ro = tw.empty([64], 'float32');
  const resident = [];
  for (let i = 0; i < 3; ++i) {
    const { medians } = await measureSideBySide([plain('resident', () => tw.multiply(ra, rb, { out: ro }))], false, [], 300);
    resident.push(medians.resident);
  }
  console.log(`\nresident float32 Mul [64] with out (wasm tensors): ${fmt(median(resident))} µs per call`);
  for (const t of [ra, rb, ro]) t.dispose();

  console.log('\nbroadcasts against nested loops (float32 Mul; µs per call)');
  console.log('case                      loop µs     tw µs   tw/loop');
  for (const [shapeA, shapeB, loop] of BROADCASTS) {
    const a = operands.float32(shapeA.reduce((p, d) => p * d, 1))[0];
    const b = operands.float32(shapeB.reduce((p, d) => p * d, 1))[1];
    const r = await sideBySide(() => tw.multiply({ data: a, shape: shapeA }, { data: b, shape: shapeB }), () => loop(a, b), 400);
    console.log(`${`${JSON.stringify(shapeA)}x${JSON.stringify(shapeB)}`.padEnd(24)} ${fmt(r.loop).padStart(9)} ${fmt(r.tw).padStart(9)} ${r.ratio.toFixed(2).padStart(9)}`);
  }

  // Two forms apps use as much as two typed arrays: a number as operand B, and a result fed to
  // the next op (a small result is an array V8 keeps on its heap).
  console.log('\nfloat32, a scalar operand and a chain of two ops, against their loops (µs per call)');
  console.log('case                      loop µs     tw µs   tw/loop');
  for (const n of [4, 16, 384]) {
    const [a, b] = operands.float32(n);
    const shape = [n];
    const cases = [
      [`x * 2 [${n}]`, () => tw.multiply({ data: a, shape }, 2), () => { const c = new Float32Array(n); for (let i = 0; i < n; ++i) c[i] = a[i] * 2; return c; }],
      [`(x * y) + y [${n}]`, () => tw.add(tw.multiply({ data: a, shape }, { data: b, shape }), { data: b, shape }), () => {
        const p = new Float32Array(n);
        for (let i = 0; i < n; ++i) p[i] = a[i] * b[i];
        const c = new Float32Array(n);
        for (let i = 0; i < n; ++i) c[i] = p[i] + b[i];
        return c;
      }],
    ];
    for (const [label, call, loop] of cases) {
      const r = await sideBySide(call, loop, 400);
      console.log(`${label.padEnd(24)} ${fmt(r.loop).padStart(9)} ${fmt(r.tw).padStart(9)} ${r.ratio.toFixed(2).padStart(9)}`);
    }
  }
}

// The broadcast cases of bench.js and an image's per-channel scale, each with the nested loops a
// user would write for it.
const BROADCASTS = [
  [[8, 1, 6, 1], [7, 1, 5], (a, b) => {
    const c = new Float32Array(8 * 7 * 6 * 5);
    for (let i = 0, k = 0; i < 8; ++i) for (let j = 0; j < 7; ++j) for (let l = 0; l < 6; ++l) for (let m = 0; m < 5; ++m, ++k) {
      c[k] = a[i * 6 + l] * b[j * 5 + m];
    }
    return c;
  }],
  [[3, 4, 5], [5], (a, b) => {
    const c = new Float32Array(60);
    for (let i = 0, k = 0; i < 12; ++i) for (let m = 0; m < 5; ++m, ++k) c[k] = a[k] * b[m];
    return c;
  }],
  [[512, 1], [1, 512], (a, b) => {
    const c = new Float32Array(512 * 512);
    for (let i = 0, k = 0; i < 512; ++i) for (let j = 0; j < 512; ++j, ++k) c[k] = a[i] * b[j];
    return c;
  }],
  // An HWC image times a per-channel scale: rows of 3.
  [[224, 224, 3], [3], (a, b) => {
    const c = new Float32Array(224 * 224 * 3);
    for (let i = 0, k = 0; i < 224 * 224; ++i) for (let m = 0; m < 3; ++m, ++k) c[k] = a[k] * b[m];
    return c;
  }],
];

await main();
process.exit(0);
