// Tiny calls of this checkout against another checkout of tensorwise, side by side in one
// process: node bench/versus.js /path/to/other/checkout (built: its dist/ present). Rounds
// alternate the two, one ~2 ms batch each; medians of the per-call times and their ratio.
// Used to hold a change to "no more than N % slower" (e.g. the read-once work, issue 10).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const otherRoot = process.argv[2];
if (!otherRoot) {
  console.error('usage: node bench/versus.js <other checkout>');
  process.exit(2);
}
const here = await import(new URL('../web/index.js', import.meta.url));
const there = await import(pathToFileURL(resolve(otherRoot, 'web/index.js')).href);
await here.init();
await there.init();

const now = () => Number(process.hrtime.bigint()) / 1e3; // µs

function cases(tw) {
  const f32 = (n) => Float32Array.from({ length: n }, (_, i) => 1 + (i % 13));
  const a64 = { data: f32(64), shape: [64] };
  const b64 = { data: f32(64), shape: [64] };
  const a1 = { data: f32(1), shape: [1] };
  const b1 = { data: f32(1), shape: [1] };
  const ra64 = tw.tensor(f32(64));
  const rb64 = tw.tensor(f32(64));
  const ry64 = tw.empty([64], 'float32');
  const ra1 = tw.tensor(f32(1));
  const rb1 = tw.tensor(f32(1));
  const ry1 = tw.empty([1], 'float32');
  const i32 = { data: Int32Array.from({ length: 64 }, (_, i) => i - 32), shape: [64] };
  return {
    'typed Mul f32 [64]x[64]': () => tw.multiply(a64, b64),
    'typed Mul f32 [1]x[1]': () => tw.multiply(a1, b1),
    'resident Mul f32 [64]x[64], out': () => tw.multiply(ra64, rb64, { out: ry64 }),
    'resident Mul f32 [1]x[1], out': () => tw.multiply(ra1, rb1, { out: ry1 }),
    'typed Div int32 [64] / 3': () => tw.divide(i32, 3),
    'typed Mul f32 [8,1,6,1]x[7,1,5]': (() => {
      const a = { data: f32(48), shape: [8, 1, 6, 1] };
      const b = { data: f32(35), shape: [7, 1, 5] };
      return () => tw.multiply(a, b);
    })(),
  };
}

function batchSize(fn) {
  for (let i = 0; i < 2000; ++i) fn();
  const t0 = now();
  for (let i = 0; i < 100; ++i) fn();
  return Math.max(1, Math.round(2000 / ((now() - t0) / 100)));
}

const mine = cases(here);
const theirs = cases(there);
const rounds = Number(process.env.TW_ROUNDS ?? 41);
console.log(`this checkout against ${otherRoot}: median µs per call over ${rounds} alternating rounds`);
console.log('case'.padEnd(36), 'this'.padStart(8), 'other'.padStart(8), 'this/other'.padStart(11));
const results = {};
for (const name of Object.keys(mine)) {
  const fns = [mine[name], theirs[name]];
  const sizes = fns.map(batchSize);
  const samples = [[], []];
  for (let r = 0; r < rounds; ++r) {
    for (let k = 0; k < 2; ++k) {
      const k2 = r % 2 === 0 ? k : 1 - k; // alternate which goes first
      const t0 = now();
      for (let i = 0; i < sizes[k2]; ++i) fns[k2]();
      samples[k2].push((now() - t0) / sizes[k2]);
    }
  }
  const median = (s) => s.sort((x, y) => x - y)[s.length >> 1];
  const [m, t] = samples.map(median);
  results[name] = { this: m, other: t, ratio: m / t };
  console.log(name.padEnd(36), m.toFixed(3).padStart(8), t.toFixed(3).padStart(8), (m / t).toFixed(2).padStart(11));
}
if (process.env.TW_JSON) console.log(JSON.stringify(results));
