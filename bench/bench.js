// npm run bench: tensorwise on 1 thread and on the machine's cores, against onnxruntime-web
// (wasm, 1 and 2 threads) and TensorFlow.js's wasm backend, and against a roofline (a plain wasm
// SIMD c = a * b loop over data already in wasm memory), case by case (the ops Mul, Div, Max
// (maximum) and Mod (numpy's mod); see OPS), side by side: in rounds,
// one batch of each implementation (and of the roofline) in turn, each after a 1 ms pause (so
// that every batch starts with the threads of the one before asleep). Medians; the machine is
// shared and noisy, so compare ratios from one run, not absolute times across runs. Everything
// runs in this Node process but onnxruntime-web with 2 threads (a wasm backend takes its thread
// count once per process): bench/ort-threads.js, a child process that times its own batches.
//
// What each timing includes:
//   tw typed     multiply({data, shape}, ...) (or divide, maximum, mod): copies both inputs into
//                wasm and the result out.
//   tw resident  multiply(tensorA, tensorB, { out }): inputs and output already in wasm memory.
//                Both at 1 thread ("1t": the pool told to share nothing, its workers up) and at
//                the cores there are ("Nt", from init({ threads: cores }): what the policy of
//                web/threads/share-policy.js shares). Ops on JS arrays always run on the calling thread.
//   ort 1t, 2t   session.run() on ort.Tensors made beforehand: copies in and out, like tw typed.
//                float32 Mod is C's fmod there, not numpy's mod (ONNX has no float floor mod).
//   tfjs         tf.mul(a, b) (or div, maximum, mod) on tensors made beforehand, result disposed,
//                no download: like tw resident.
//   roofline     mul_f32 over 4M float32 in wasm memory, with every case; "i32.div_s" the scalar
//                division loop, with int32 Div; "f32x4.div" a plain division loop in cache, with
//                the outer-product float32 Div.
// Before timing, the cases of the ops marked `checked` in OPS compare ort's and tfjs's results
// with tensorwise's: their row "check" says how they came out.
import { fork } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { binaryModel } from './onnx-model.js';
import { loadTf, local, measureSideBySide } from './side-by-side.js';
import * as tw from '../web/index.js';
import { configurePoolForTests, poolStats } from '../web/threads/pool.js';
import { poolReady } from '../tests/js/internals.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'build', 'bench');
const require = createRequire(import.meta.url);
mkdirSync(outDir, { recursive: true });

// ---- timing ----------------------------------------------------------------------------------

/** The implementation, counting the calls it makes and how many of them the pool shared. */
function counted(impl) {
  const stats = { calls: 0, shared: 0 };
  return {
    ...impl,
    stats,
    async batch(count) {
      const before = poolStats().sharedOps;
      const us = await impl.batch(count);
      stats.calls += count;
      stats.shared += poolStats().sharedOps - before;
      return us;
    },
  };
}

// ---- roofline module -------------------------------------------------------------------------

// Built by CMake (target tensorwise_roofline; npm run bench builds it).
function loadRoofline() {
  const path = join(root, 'build', 'wasm', 'tensorwise_roofline.cjs');
  if (!existsSync(path)) throw new Error(`${path} is missing: run npm run bench (or bash scripts/build.sh --bench)`);
  return require(path)(); // a promise of the module
}

/**
 * Copies x and y (4-byte elements, equal lengths) into the roofline module with room for an
 * output after them; returns the address of x (y and the output follow at 4n and 8n bytes).
 */
function stageInRoofline(m, x, y) {
  const n = x.length;
  const p = m._malloc(12 * n);
  new x.constructor(m.HEAPU8.buffer, p, n).set(x);
  new y.constructor(m.HEAPU8.buffer, p + 4 * n, n).set(y);
  return p;
}

// ---- peers -----------------------------------------------------------------------------------

/** onnxruntime-web with 2 threads, in its child process (bench/ort-threads.js), or null. */
async function startOrtThreads() {
  const child = fork(join(root, 'bench', 'ort-threads.js'), [], { execArgv: ['--expose-gc'], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = [];
  child.on('message', (m) => waiting.shift()?.(m));
  child.on('exit', () => { for (const w of waiting.splice(0)) w({ error: 'the child exited' }); });
  const ask = (message) => new Promise((resolve) => { waiting.push(resolve); child.send(message); });
  const hello = await ask({ type: 'hello' });
  if (hello.error) {
    console.log(`onnxruntime-web with 2 threads unavailable: ${hello.error}`);
    child.kill();
    return null;
  }
  return { ask, stop: () => child.kill() };
}

async function loadOrt() {
  try {
    const ort = await import('onnxruntime-web');
    ort.env.wasm.numThreads = 1;
    ort.env.wasm.simd = true;
    ort.env.logLevel = 'error';
    return ort;
  } catch (e) {
    console.log(`onnxruntime-web unavailable: ${e.message}`);
    return null;
  }
}

// ---- cases -----------------------------------------------------------------------------------

const F32 = 'float32';
const CASES = [
  ...[[1024], [65536], [4194304]].flatMap((s) => [['Mul', F32, s, s], ['Div', F32, s, s]]),
  ...[[[8, 1, 6, 1], [7, 1, 5]], [[256, 56], [256, 56]], [[3, 4, 5], [5]], [[64, 512, 512], [512]],
    [[64, 512, 512], [64, 1, 1]], [[512, 1], [1, 512]]].flatMap(([a, b]) => [['Mul', F32, a, b], ['Div', F32, a, b]]),
  ['Mul', 'int32', [4194304], [4194304]], ['Div', 'int32', [4194304], [4194304]],
  ['Mul', 'uint8', [4194304], [4194304]], ['Mul', 'int64', [1048576], [1048576]], ['Div', 'int64', [1048576], [1048576]],
  ['Mul', 'float16', [4194304], [4194304]],
  ['Mul', F32, [1], [1]], ['Mul', F32, [64], [64]],
  // Division by a broadcast scalar, in cache: by 8 (a power of two: multiply or shift) and by 7.
  ...[8, 7].flatMap((d) => [['Div', F32, [65536], [1], d], ['Div', 'int32', [65536], [1], d]]),
  // The extrema and numpy's mod, in cache and from memory.
  ...['Max', 'Mod'].flatMap((op) => [F32, 'int32'].flatMap((t) => [[1024], [4194304]].map((s) => [op, t, s, s]))),
];

// Each case's op: tensorwise's function and TensorFlow.js's (by name: tf loads later); `checked`,
// whether ort's and tfjs's results are compared with tensorwise's before timing; `ortFloat`,
// what ort computes instead for float dtypes (its node's attributes, the tensorwise function that
// does the same, a note for the table), and `tfFloatTolerance`, the relative error allowed tfjs
// there (its float mod need not be exact).
const OPS = {
  Mul: { tw: 'multiply', tf: 'mul' },
  Div: { tw: 'divide', tf: 'div' },
  Max: { tw: 'maximum', tf: 'maximum', checked: true },
  // numpy's mod (the divisor's sign), and so is TF's mod. ONNX's Mod is that with fmod 0 (its
  // default) for integers only: floats need fmod 1, C's fmod (the dividend's sign), so for
  // float32 ort runs, and is checked against, fmod.
  Mod: { tw: 'mod', tf: 'mod', checked: true, tfFloatTolerance: 1e-5,
    ortFloat: { attributes: { fmod: 1 }, tw: 'fmod', note: 'ort computes C fmod (ONNX Mod fmod=1: no float floor mod)' } },
};
const isFloat = (dtype) => dtype === 'float32' || dtype === 'float16';
/** What onnxruntime computes for op on dtype: { attributes (of its node), tw (the same op's name here), note? }. */
const ortOp = (op, dtype) => (isFloat(dtype) && OPS[op].ortFloat) || { attributes: {}, tw: OPS[op].tw };

const STORAGE = { float32: Float32Array, int32: Int32Array, uint8: Uint8Array, int64: BigInt64Array, float16: Uint16Array };
const BYTES = { float32: 4, int32: 4, uint8: 1, int64: 8, float16: 2 };
const count = (s) => s.reduce((x, y) => x * y, 1);

// Values that keep every op well-defined and away from special cases (no x/0).
function fill(dtype, n, role) {
  const a = new STORAGE[dtype](n);
  for (let i = 0; i < n; ++i) {
    const v = role === 'a' ? (i % 251) - 125 : (i % 13) + 1;
    if (dtype === 'int64') a[i] = BigInt(v);
    else if (dtype === 'float16') a[i] = role === 'a' ? 0x3c00 + (i % 512) : 0x4000 + (i % 256); // 1.x and 2.x
    else if (dtype === 'uint8') a[i] = Math.abs(v);
    else a[i] = v;
  }
  return a;
}

/**
 * How `got` (a peer's result) compares with `want` (tensorwise's), allowing a relative error of
 * `tolerance`: 'exact', 'within …', or where it differs.
 */
function compare(got, want, tolerance) {
  if (got.length !== want.length) return `MISMATCH: ${got.length} elements, not ${want.length}`;
  let bad = 0, first = -1, worst = 0;
  for (let i = 0; i < want.length; ++i) {
    const g = Number(got[i]), w = Number(want[i]);
    if (g === w) continue;
    const rel = Math.abs(g - w) / Math.abs(w);
    worst = Math.max(worst, rel);
    if (!(rel <= tolerance) && bad++ === 0) first = i;
  }
  if (bad) return `MISMATCH at ${bad} of ${want.length} (first [${first}]: ${got[first]}, not ${want[first]})`;
  return worst === 0 ? 'exact' : `within ${tolerance} (max rel. error ${worst.toExponential(1)})`;
}

async function runCase([op, dtype, shapeA, shapeB, divisor], peers, roofline) {
  const outShape = tw.broadcastShapes(shapeA, shapeB);
  const bytes = (count(shapeA) + count(shapeB) + count(outShape)) * BYTES[dtype];
  const a = fill(dtype, count(shapeA), 'a');
  const b = fill(dtype, count(shapeB), 'b');
  if (divisor !== undefined) b.fill(dtype === 'int64' ? BigInt(divisor) : divisor);
  const twOp = tw[OPS[op].tw];
  const opts = dtype === 'float16' ? { dtype } : {};
  const impls = [];
  const notes = {};
  const cleanup = [];
  // The checked ops: what each peer's result must equal (tensorwise's, by op name), and how each came out.
  const ort = ortOp(op, dtype);
  const expected = {};
  const want = (name) => (expected[name] ??= tw[name]({ data: a, shape: shapeA, ...opts }, { data: b, shape: shapeB, ...opts }).data);
  const checks = [];
  const check = OPS[op].checked ? (impl, got, name, tolerance = 0) => checks.push(`${impl} vs tw.${name}: ${compare(got, want(name), tolerance)}`) : null;
  if (ort.note && (peers.ort || peers.ort2)) notes['ort op'] = ort.note;

  // 1t: the pool shares nothing (its workers stay up, asleep); Nt: the policy, on every thread init() gave.
  const oneThread = () => configurePoolForTests({ mode: 'never' });
  const allThreads = () => configurePoolForTests({ mode: 'policy' });
  const typed = () => twOp({ data: a, shape: shapeA, ...opts }, { data: b, shape: shapeB, ...opts });
  const ta = tw.tensor(a, shapeA, dtype), tb = tw.tensor(b, shapeB, dtype), ty = tw.empty(outShape, dtype);
  const resident = () => twOp(ta, tb, { out: ty });
  impls.push(local('tw typed 1t', typed, oneThread), counted(local(`tw typed ${THREADS}t`, typed, allThreads)));
  impls.push(local('tw resident 1t', resident, oneThread), counted(local(`tw resident ${THREADS}t`, resident, allThreads)));
  cleanup.push(() => { ta.dispose(); tb.dispose(); ty.dispose(); });

  if (peers.ort) {
    try {
      const session = await peers.ort.InferenceSession.create(binaryModel(op, dtype, shapeA, shapeB, outShape, ort.attributes),
        { executionProviders: ['wasm'] });
      const feeds = { A: new peers.ort.Tensor(dtype, a, shapeA), B: new peers.ort.Tensor(dtype, b, shapeB) };
      check?.('ort 1t', (await session.run(feeds)).C.data, ort.tw);
      impls.push(local('ort 1t', () => session.run(feeds)));
      cleanup.push(() => session.release());
    } catch (e) {
      notes['ort 1t'] = `n/a (${e.message.split('\n')[0].slice(0, 60)})`;
    }
  }
  if (peers.ort2) {
    const ready = await peers.ort2.ask({ type: 'case', op, dtype, shapeA, shapeB, outShape, attributes: ort.attributes, a, b, check: !!check });
    if (ready.error) notes['ort 2t'] = `n/a (${ready.error.slice(0, 60)})`;
    else {
      check?.('ort 2t', ready.c, ort.tw);
      impls.push({ name: 'ort 2t', spinsMs: 50, batch: async (count) => (await peers.ort2.ask({ type: 'batch', count })).us });
    }
  }
  if (peers.tf) {
    if (dtype === 'float32' || dtype === 'int32') {
      const x = peers.tf.tensor(a, shapeA, dtype), y = peers.tf.tensor(b, shapeB, dtype);
      const f = peers.tf[OPS[op].tf];
      if (check) {
        const z = f(x, y);
        check('tfjs', z.dataSync(), OPS[op].tw, isFloat(dtype) ? OPS[op].tfFloatTolerance : 0);
        z.dispose();
      }
      impls.push(local('tfjs', () => f(x, y).dispose()));
      cleanup.push(() => { x.dispose(); y.dispose(); });
    } else {
      notes.tfjs = `n/a (no ${dtype})`;
    }
  }
  impls.push(local('roofline', roofline.run));
  const m = roofline.module;
  if (dtype === 'int32' && op === 'Div' && divisor === undefined) {
    const n = count(shapeA);
    const p = stageInRoofline(m, a, b);
    impls.push(local('i32.div_s', () => m._div_s32_scalar(p, p + 4 * n, p + 8 * n, n)));
    cleanup.push(() => m._free(p));
  }
  if (dtype === 'float32' && op === 'Div' && shapeA.length === 2 && shapeA[1] === 1) {
    // The outer-product division is bound by the divider, not by memory: its own roofline is a
    // plain f32x4.div loop over as many quotients, in cache.
    const n = count(outShape);
    const p = stageInRoofline(m, fill('float32', n, 'b'), fill('float32', n, 'b'));
    impls.push(local('f32x4.div', () => m._div_f32(p, p + 4 * n, p + 8 * n, n)));
    cleanup.push(() => m._free(p));
  }
  const pairs = [['tw typed 1t', `tw typed ${THREADS}t`], ['tw resident 1t', `tw resident ${THREADS}t`], ['ort 1t', 'ort 2t'],
    ['ort 2t', `tw typed ${THREADS}t`], ['ort 2t', `tw resident ${THREADS}t`]];
  const large = bytes >= 1 << 23;
  if (checks.length) notes.check = checks.join('; ');
  // Garbage collected between batches from 1 MB: the typed-array calls leave a result each, and
  // V8 frees large results on background threads, which would take a core from the next batch
  // (from the pool's workers most of all).
  const { medians, ratios } = await measureSideBySide(impls, bytes >= 1 << 20, pairs, 1200, large ? 15 : 7);
  for (const f of cleanup) await f();
  // The share of the Nt calls that the pool shared (the others ran as with 1 thread).
  const shared = Object.fromEntries(impls.filter((impl) => impl.stats).map((impl) => [impl.name, impl.stats.shared / impl.stats.calls]));
  return { op, dtype, shapeA, shapeB, divisor, bytes, results: { ...medians, ...notes }, ratios, shared };
}

// ---- report ----------------------------------------------------------------------------------

const caseLabel = ([op, dtype, shapeA, shapeB, divisor]) =>
  `${op} ${dtype} ${JSON.stringify(shapeA)}x${JSON.stringify(shapeB)}${divisor === undefined ? '' : ` (${divisor})`}`;

function gz(path) {
  return gzipSync(readFileSync(path), { level: 9 }).length;
}

// The thread count the Nt columns use: the machine's cores (init() refuses more).
const THREADS = os.availableParallelism();

async function main() {
  await tw.init({ threads: THREADS });
  await poolReady();
  const module = await loadRoofline();
  const peers = { ort: await loadOrt(), ort2: process.env.TW_BENCH_NO_ORT2 ? null : await startOrtThreads(), tf: await loadTf() };

  // The roofline: 4M float32, c = a * b, all in wasm memory. It runs side by side with every
  // case, and each case's "× roofline" is against its own roofline median.
  const n = 4194304;
  const p = stageInRoofline(module, fill('float32', n, 'a'), fill('float32', n, 'b'));
  const roofline = { module, run: () => module._mul_f32(p, p + 4 * n, p + 8 * n, n), bytes: 12 * n };
  console.log(`tensorwise at 1 thread (1t) and at ${tw.threads()} (${THREADS}t: this machine's cores)`);
  console.log('roofline: wasm SIMD c[i] = a[i] * b[i] over 4M float32 in wasm memory, measured with every case\n');

  const rows = [];
  const header = ['case', 'impl', 'median µs', 'GB/s', '× roofline', 'ort 1t/this', 'ort 2t/this', 'tfjs/this'];
  const widths = [38, 15, 11, 8, 11, 11, 11, 11];
  const line = (cells) => console.log(cells.map((c, i) => String(c).padEnd(widths[i])).join(' '));
  line(header);
  // A first case run and thrown away: JIT tiers and lazy initialisation of every implementation.
  await runCase(CASES[0], peers, roofline);
  // TW_BENCH_ONLY=text runs only the cases whose label contains it (while working on one).
  const only = process.env.TW_BENCH_ONLY;
  for (const spec of CASES) {
    if (only && !caseLabel(spec).includes(only)) continue;
    const r = await runCase(spec, peers, roofline);
    r.rooflineGBs = roofline.bytes / r.results.roofline / 1e3;
    rows.push(r);
    const label = caseLabel([r.op, r.dtype, r.shapeA, r.shapeB, r.divisor]);
    for (const [impl, us] of Object.entries(r.results)) {
      if (typeof us !== 'number') { line([label, impl, us, '', '', '', '', '']); continue; }
      const gbs = (impl === 'roofline' ? roofline.bytes : r.bytes) / us / 1e3;
      const ratio = (peer) => (typeof r.results[peer] === 'number' && impl.startsWith('tw') ? (r.results[peer] / us).toFixed(2) : '');
      line([label, impl, us < 10 ? us.toFixed(2) : us.toFixed(0), gbs.toFixed(2), (gbs / r.rooflineGBs).toFixed(2),
        ratio('ort 1t'), ratio('ort 2t'), ratio('tfjs')]);
    }
  }

  // Threads: N threads against 1 for tensorwise (typed and resident) and onnxruntime-web, and
  // tensorwise on N threads against onnxruntime-web on 2: medians of per-round ratios.
  console.log('\nthreads: speed-up (time at 1 thread ÷ time at more) and time ratios, medians of per-round ratios;\n' +
    'in brackets, the share of the calls the pool shared (at 0.00 both columns ran the same code):');
  const tline = (cells) => console.log(cells.map((c, i) => String(c).padEnd(i === 0 ? 38 : 16)).join(' '));
  // (In brackets: the share of the calls the pool shared; at 0 the two ran the same code.)
  tline(['case', `tw typed ${THREADS}t`, `tw resident ${THREADS}t`, 'ort 2t', `ort 2t/tw typed`, 'ort 2t/tw resident']);
  for (const r of rows) {
    const x = (key) => (r.ratios[key] === undefined ? '' : r.ratios[key].toFixed(2));
    const sh = (impl) => ` (${(r.shared[impl] ?? 0).toFixed(2)})`;
    tline([caseLabel([r.op, r.dtype, r.shapeA, r.shapeB, r.divisor]), x(`tw typed 1t / tw typed ${THREADS}t`) + sh(`tw typed ${THREADS}t`),
      x(`tw resident 1t / tw resident ${THREADS}t`) + sh(`tw resident ${THREADS}t`), x('ort 1t / ort 2t'),
      x(`ort 2t / tw typed ${THREADS}t`), x(`ort 2t / tw resident ${THREADS}t`)]);
  }
  const outer = rows.find((r) => r.results['f32x4.div'] !== undefined);
  if (outer) {
    console.log(`\nDiv float32 [512,1]x[1,512], resident, 1 thread: ${(outer.results['f32x4.div'] / outer.results['tw resident 1t']).toFixed(2)} × ` +
      'the speed of a plain f32x4.div loop making as many quotients in cache');
  }
  const div = rows.find((r) => r.op === 'Div' && r.dtype === 'int32' && r.divisor === undefined);
  if (div) console.log(`\nint32 Div [4194304], resident, 1 thread: ${(div.results['i32.div_s'] / div.results['tw resident 1t']).toFixed(2)} × a scalar i32.div_s loop`);

  // What the default import loads (bench/startup.js prints the other builds).
  const ours = gz(join(root, 'dist', 'tensorwise.wasm')) + gz(join(root, 'dist', 'index.mjs'));
  const tfWasm = join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist', 'tfjs-backend-wasm-simd.wasm');
  const ortWasm = join(root, 'node_modules', 'onnxruntime-web', 'dist', 'ort-wasm-simd-threaded.wasm');
  const sizes = { tensorwise: ours, 'tfjs-backend-wasm (simd .wasm only)': gz(tfWasm), 'onnxruntime-web (simd .wasm only)': gz(ortWasm) };
  console.log('\ngzipped size (level 9):');
  for (const [k, v] of Object.entries(sizes)) console.log(`  ${k.padEnd(38)} ${(v / 1024).toFixed(1)} KB`);

  const roofs = rows.map((r) => r.rooflineGBs).sort((x, y) => x - y);
  const report = { date: new Date().toISOString(), node: process.version, cpu: os.cpus()[0]?.model,
    rooflineGBs: { median: roofs[roofs.length >> 1], min: roofs[0], max: roofs[roofs.length - 1] }, cases: rows, sizes };
  writeFileSync(join(outDir, 'results.json'), `${JSON.stringify(report, null, 1)}\n`);
  console.log(`\nJSON: ${join(outDir, 'results.json')}`);
  peers.ort2?.stop();
  process.exit(0); // the peers keep handles open
}

await main();
