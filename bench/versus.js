// This checkout against another checkout of tensorwise, side by side in one process:
// node --expose-gc bench/versus.js /path/to/other/checkout (its dist/ built); TW_VERSUS=all adds
// large cases to the tiny calls, TW_VERSUS=kernels runs the kernels' cases instead (resident
// operands of every kind of kernel, in cache and not, and broadcast rows of one kernel call each),
// TW_VERSUS=placement three of them with their operands moved by a few bytes. Rounds alternate the two, one ~2 ms batch each (which goes first
// alternates too); medians of the per-call times and their ratio. Used to hold a change to "no
// more than N % slower" than the commit before it.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const otherRoot = process.argv[2];
if (!otherRoot) {
  console.error('usage: node bench/versus.js <other checkout>');
  process.exit(2);
}
const here = await import(new URL('../web/index.js', import.meta.url));
const there = await import(pathToFileURL(resolve(otherRoot, 'web/index.js')).href);
// Both copies take the same threads option (each starts its own pool): TW_THREADS=1 runs the two
// without any. On 2026-11-27, with both on 'auto', typed f32 Mul [64] gave this/other 1.42, 9.76
// and 2.03 in three runs of one build against one other; with TW_THREADS=1, 0.88.
const initOptions = process.env.TW_THREADS ? { threads: Number(process.env.TW_THREADS) } : {};
await here.init(initOptions);
await there.init(initOptions);

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

// Large cases (TW_VERSUS=all): each made on first use, so the tiny runs allocate none of them.
function largeCases(tw) {
  const M = 4194304;
  const lazy = (make) => {
    let fn = null;
    return () => (fn ??= make())();
  };
  const resident = (n, dtype, fill) => {
    const t = tw.empty([n], dtype);
    t.data.fill(fill);
    return t;
  };
  return {
    'typed Mul f32 [4M]x[4M]': lazy(() => {
      const a = { data: new Float32Array(M).fill(1.5) }, b = { data: new Float32Array(M).fill(2) };
      return () => tw.multiply(a, b);
    }),
    'resident Mul f32 [4M]x[4M], out': lazy(() => {
      const a = resident(M, 'float32', 1.5), b = resident(M, 'float32', 2), y = tw.empty([M], 'float32');
      return () => tw.multiply(a, b, { out: y });
    }),
    'resident Div f32 [4M]x[4M], out': lazy(() => {
      const a = resident(M, 'float32', 1.5), b = resident(M, 'float32', 3), y = tw.empty([M], 'float32');
      return () => tw.divide(a, b, { out: y });
    }),
    'resident Mul f16 [4M]x[4M], out': lazy(() => {
      const a = resident(M, 'float16', 0x3e00), b = resident(M, 'float16', 0x4100), y = tw.empty([M], 'float16');
      return () => tw.multiply(a, b, { out: y });
    }),
    'resident Div i32 [4M]x[4M], out': lazy(() => {
      const a = tw.tensor(Int32Array.from({ length: M }, (_, i) => i - M / 2));
      const b = tw.tensor(Int32Array.from({ length: M }, (_, i) => (i % 13) - 6));
      const y = tw.empty([M], 'int32');
      return () => tw.divide(a, b, { out: y });
    }),
    'resident Div f32 [512,1]x[1,512], out': lazy(() => {
      const a = tw.tensor(Float32Array.from({ length: 512 }, (_, i) => i + 1), [512, 1]);
      const b = tw.tensor(Float32Array.from({ length: 512 }, (_, i) => i + 3), [1, 512]);
      const y = tw.empty([512, 512], 'float32');
      return () => tw.divide(a, b, { out: y });
    }),
    // Short rows of both operands repeated along different dims (a buffer of the repeated one
    // filled per block): the block engine was once 5 x slower here than the engine before it.
    'resident Mul f32 [256,1,3]x[1,256,3], out': lazy(() => {
      const a = tw.tensor(Float32Array.from({ length: 768 }, (_, i) => i + 1), [256, 1, 3]);
      const b = tw.tensor(Float32Array.from({ length: 768 }, (_, i) => i + 3), [1, 256, 3]);
      const y = tw.empty([256, 256, 3], 'float32');
      return () => tw.multiply(a, b, { out: y });
    }),
    'resident Mul f32 [64,512,512]x[512], out': lazy(() => {
      const a = tw.empty([64, 512, 512], 'float32'), b = tw.tensor(new Float32Array(512).fill(3));
      a.data.fill(1.25);
      const y = tw.empty([64, 512, 512], 'float32');
      return () => tw.multiply(a, b, { out: y });
    }),
  };
}

// The kernels (TW_VERSUS=kernels): resident operands into `out`, made on first use.
function kernelCases(tw) {
  const cases = {};
  const fill = (T, n, f) => T.from({ length: n }, (_, i) => f(i));
  const add = (name, op, dtype, A, shapeA, B, shapeB) => {
    let fn = null;
    cases[name] = () =>
      (fn ??= (() => {
        const a = tw.tensor(A(), shapeA, dtype), b = tw.tensor(B(), shapeB, dtype);
        const y = tw.empty(shapeA.reduce((x, d) => x * d, 1) >= shapeB.reduce((x, d) => x * d, 1) ? shapeA : shapeB, dtype);
        return () => tw[op](a, b, { out: y });
      })())();
  };
  const f32 = (n, f) => () => fill(Float32Array, n, f);
  for (const n of [1024, 65536, 1 << 20]) {
    add(`Add f32 [${n}]`, 'add', 'float32', f32(n, (i) => i * 0.5 - 7), [n], f32(n, (i) => 3 - i), [n]);
    add(`maximum f32 [${n}], 0`, 'maximum', 'float32', f32(n, (i) => (i % 7) - 3), [n], f32(1, () => 0), [1]);
  }
  add('Add f32 [1037]', 'add', 'float32', f32(1037, (i) => i), [1037], f32(1037, (i) => 2 * i), [1037]);
  add('Add f32 [40]', 'add', 'float32', f32(40, (i) => i), [40], f32(40, (i) => 2 * i), [40]);
  add('Add i8 [4109]', 'add', 'int8', () => fill(Int8Array, 4109, (i) => i), [4109], () => fill(Int8Array, 4109, (i) => 3 * i), [4109]);
  add('Div i32 [65536] / 7', 'divide', 'int32', () => fill(Int32Array, 65536, (i) => i * 13 - 9999), [65536], () => Int32Array.of(7), [1]);
  add('Div f32 [65536] / 3', 'divide', 'float32', f32(65536, (i) => i * 1.5), [65536], f32(1, () => 3), [1]);
  add('Sub f64 3 - [65536]', 'subtract', 'float64', () => Float64Array.of(3), [1], () => fill(Float64Array, 65536, (i) => i), [65536]);
  add('Mul bf16 [65536]', 'multiply', 'bfloat16', () => fill(Uint16Array, 65536, (i) => 0x3f80 + (i & 127)), [65536], () => fill(Uint16Array, 65536, (i) => 0x4000 + (i & 63)), [65536]);
  add('Add f16 [65536]', 'add', 'float16', () => fill(Uint16Array, 65536, (i) => 0x3c00 + (i & 255)), [65536], () => fill(Uint16Array, 65536, (i) => 0x4000 + (i & 63)), [65536]);
  add('minimum i16 [65536]', 'minimum', 'int16', () => fill(Int16Array, 65536, (i) => i), [65536], () => fill(Int16Array, 65536, (i) => 5000 - i), [65536]);
  add('maximum u8 [65536]', 'maximum', 'uint8', () => fill(Uint8Array, 65536, (i) => i), [65536], () => fill(Uint8Array, 65536, (i) => 3 * i), [65536]);
  add('maximum bf16 [65536]', 'maximum', 'bfloat16', () => fill(Uint16Array, 65536, (i) => 0x3f80 + (i & 127)), [65536], () => fill(Uint16Array, 65536, (i) => 0x3f80 + (i & 63)), [65536]);
  add('Div i64 [65536]', 'divide', 'int64', () => fill(BigInt64Array, 65536, (i) => BigInt(i * 977 - 99999)), [65536], () => fill(BigInt64Array, 65536, (i) => BigInt((i % 13) - 6)), [65536]);
  add('Div i16 [65536]', 'divide', 'int16', () => fill(Int16Array, 65536, (i) => i), [65536], () => fill(Int16Array, 65536, (i) => (i % 13) - 6), [65536]);
  // float16's full path (NaN everywhere: every vector declined) and its last elements (1037 is
  // not whole vectors); float32's remainder (libm's fmod); 64-bit division past 2^51 (the scalar
  // lanes).
  add('Mul f16 [65536] NaN', 'multiply', 'float16', () => fill(Uint16Array, 65536, () => 0x7e00), [65536], () => fill(Uint16Array, 65536, (i) => 0x4000 + (i & 63)), [65536]);
  add('Mul f16 [1037]', 'multiply', 'float16', () => fill(Uint16Array, 1037, (i) => 0x3c00 + (i & 255)), [1037], () => fill(Uint16Array, 1037, (i) => 0x4000 + (i & 63)), [1037]);
  add('fmod f32 [65536], 3', 'fmod', 'float32', f32(65536, (i) => i * 1.25 - 999), [65536], f32(1, () => 3), [1]);
  add('Div i64 [65536] > 2^51', 'divide', 'int64', () => fill(BigInt64Array, 65536, (i) => (1n << 60n) + BigInt(i * 977)), [65536], () => fill(BigInt64Array, 65536, (i) => BigInt((i % 13) + 1)), [65536]);
  add('squaredDifference f32 [65536]', 'squaredDifference', 'float32', f32(65536, (i) => i * 0.25), [65536], f32(65536, (i) => 7 - i), [65536]);
  add('squaredDifference i32 [65536]', 'squaredDifference', 'int32', () => fill(Int32Array, 65536, (i) => i * 3), [65536], () => fill(Int32Array, 65536, (i) => 99 - i), [65536]);
  // Rows of a broadcast, one kernel call each (L elements: whole vectors and not).
  for (const L of [5, 37, 100, 255]) {
    const N = Math.ceil(16384 / L);
    add(`Add f32 [${N},${L}] + [${L}]`, 'add', 'float32', f32(N * L, (i) => i), [N, L], f32(L, (i) => i), [L]);
    add(`Mul f32 [${N},${L}] * [${N},1]`, 'multiply', 'float32', f32(N * L, (i) => i), [N, L], f32(N, (i) => i), [N, 1]);
    add(`maximum i32 [${N},${L}], [${L}]`, 'maximum', 'int32', () => fill(Int32Array, N * L, (i) => i), [N, L], () => fill(Int32Array, L, (i) => i + 1), [L]);
  }
  return cases;
}

function batchSize(fn) {
  const t = now();
  fn();
  const once = now() - t; // the first call makes a large case's tensors
  // A warm-up of at least 0.2 s of calls (3 for a large case): V8 optimises the library's code
  // only after thousands of calls, and a round timed before that measures its tiers, not the call.
  if (once > 1000) for (let i = 0; i < 3; ++i) fn();
  else for (const t1 = now(); now() - t1 < 200000;) for (let i = 0; i < 100; ++i) fn();
  const t0 = now();
  const probe = once > 1000 ? 2 : 100;
  for (let i = 0; i < probe; ++i) fn();
  return Math.max(1, Math.round(2000 / ((now() - t0) / probe)));
}

// Per-call times of fns[0] and fns[1] in `rounds` alternating rounds of one batch each (sizes[k]
// calls; which goes first alternates). Garbage is collected before, not during, each batch, so
// that neither side pays for the other's garbage (run with node --expose-gc): tiny results have
// external backing stores, whose pressure set off full collections in whichever batch happened
// to be running.
function alternate(fns, sizes, rounds) {
  const collect = globalThis.gc !== undefined;
  const samples = [[], []];
  for (let r = 0; r < rounds; ++r) {
    for (let k = 0; k < 2; ++k) {
      const k2 = r % 2 === 0 ? k : 1 - k;
      if (collect) globalThis.gc();
      const t0 = now();
      for (let i = 0; i < sizes[k2]; ++i) fns[k2]();
      samples[k2].push((now() - t0) / sizes[k2]);
    }
  }
  return samples;
}

// Placement (TW_VERSUS=placement): three kernels with their operands allocated after k bytes of
// padding, so that the two checkouts' operands sit alike; a ratio that moves with k is the
// operands' placement (cache lines, 4K aliasing), not the code. On 2026-11-28 the kernels'
// cases above read 0.4-3 x either way for unchanged code in one process and not the next.
if (process.env.TW_VERSUS === 'placement') {
  const med = (v) => v.slice().sort((x, y) => x - y)[v.length >> 1];
  console.log(`this checkout against ${otherRoot}: µs per call, this/other, operands after k bytes`);
  for (const [name, op, dtype, T, value] of [
    ['maximum u8 [65536]', 'maximum', 'uint8', Uint8Array, (i, s) => (i * s) & 255],
    ['Add f32 [65536]', 'add', 'float32', Float32Array, (i, s) => i * s],
    ['Div i64 [65536]', 'divide', 'int64', BigInt64Array, (i, s) => BigInt(s === 1 ? i * 977 - 99999 : (i % 13) - 6)],
  ]) {
    const row = [];
    for (const k of [0, 8, 16, 24, 40, 4104]) {
      const sides = [here, there].map((tw) => {
        const pad = tw.empty([k || 1], 'uint8');
        const a = tw.tensor(T.from({ length: 65536 }, (_, i) => value(i, 1)), [65536], dtype);
        const b = tw.tensor(T.from({ length: 65536 }, (_, i) => value(i, 3)), [65536], dtype);
        const y = tw.empty([65536], dtype);
        return { run: () => tw[op](a, b, { out: y }), free: () => [pad, a, b, y].forEach((t) => t.dispose()) };
      });
      const fns = sides.map((side) => side.run);
      const samples = alternate(fns, fns.map(batchSize), 11);
      row.push(`k=${k} ${med(samples[0]).toFixed(1)}/${med(samples[1]).toFixed(1)}=${med(samples[0].map((t, r) => t / samples[1][r])).toFixed(2)}`);
      sides.forEach((side) => side.free());
    }
    console.log(name.padEnd(20), row.join('  '));
  }
  process.exit(0);
}

const large = process.env.TW_VERSUS === 'all';
const set = (tw) => (process.env.TW_VERSUS === 'kernels' ? kernelCases(tw) : { ...cases(tw), ...(large ? largeCases(tw) : {}) });
const mine = set(here);
const theirs = set(there);
const rounds = Number(process.env.TW_ROUNDS ?? 41);
console.log(`this checkout against ${otherRoot}: median µs per call over ${rounds} alternating rounds`);
console.log('case'.padEnd(36), 'this'.padStart(8), 'other'.padStart(8), 'this/other'.padStart(11));
const results = {};
// TW_ONLY: a regular expression; only the cases whose names it matches run.
const only = process.env.TW_ONLY ? new RegExp(process.env.TW_ONLY) : null;
for (const name of Object.keys(mine)) {
  if (only !== null && !only.test(name)) continue;
  const fns = [mine[name], theirs[name]];
  const samples = alternate(fns, fns.map(batchSize), rounds);
  const median = (s) => s.sort((x, y) => x - y)[s.length >> 1];
  const [m, t] = samples.map(median);
  results[name] = { this: m, other: t, ratio: m / t };
  console.log(name.padEnd(36), m.toFixed(3).padStart(8), t.toFixed(3).padStart(8), (m / t).toFixed(2).padStart(11));
}
if (process.env.TW_JSON) console.log(JSON.stringify(results));
