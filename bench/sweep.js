// npm run bench, the broadcast sweep: float32 multiply over broadcast patterns and sizes, resident
// (wasm tensors in and out) and typed (JS arrays in, a reused array out), against a reference
// commit of tensorwise (677b07f, the last before the plan rework, unless TW_SWEEP_REF names
// another checkout with its dist/ built; checked out and built under build/bench/ on first use),
// and against onnxruntime-web (wasm, 1 thread; session.run, copies in and out, like typed) and
// TensorFlow.js's wasm backend (tf.mul on tensors made beforehand, like resident). Every
// implementation side by side in one process: rounds of one ~2 ms batch each in turn, medians
// and median per-round ratios. One thread throughout. A pattern slower than the reference by more
// than 5 %, or behind a peer, is marked.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { binaryModel } from './onnx-model.js';
import { local, measureSideBySide } from './side-by-side.js';
import * as tw from '../web/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

const PATTERNS = [
  [[512, 1], [1, 512]], [[4096, 1], [1, 4096]], [[64, 1], [1, 64]], // outer products
  [[100, 1, 7], [1, 100, 7]], [[256, 1, 3], [1, 256, 3]], // short rows crossed
  [[1000, 64], [1000, 1]], [[100000, 3], [3]], [[1024, 1024], [1024]], // rows by a column, by a row
  [[224, 224, 3], [3]], [[3, 224, 224], [3, 1, 1]], // images, HWC and CHW
  [[8, 1, 6, 1], [7, 1, 5]], [[262144], [1]], [[1048576], [1048576]], [[64], [64]],
];

// The reference checkout: TW_SWEEP_REF, or 677b07f built under build/bench/ (null where this is no git clone).
function reference() {
  if (process.env.TW_SWEEP_REF) return resolve(process.env.TW_SWEEP_REF);
  const commit = '677b07f';
  const dir = join(root, 'build', 'bench', `ref-${commit}`);
  if (existsSync(join(dir, 'dist', 'tensorwise.wasm'))) return dir;
  try {
    mkdirSync(join(root, 'build', 'bench'), { recursive: true });
    if (!existsSync(dir)) execFileSync('git', ['worktree', 'add', '--detach', '-f', dir, commit], { cwd: root, stdio: 'ignore' });
    execFileSync('bash', ['scripts/build.sh'], { cwd: dir, stdio: 'ignore', env: { ...process.env, npm_config_loglevel: 'error' } });
    return dir;
  } catch (e) {
    console.log(`the reference ${commit} could not be built here (${e.message.split('\n')[0]}): not compared`);
    return null;
  }
}

async function loadPeers() {
  let ort = null, tf = null;
  try {
    ort = await import('onnxruntime-web');
    ort.env.wasm.numThreads = 1;
    ort.env.logLevel = 'error';
  } catch { /* not installed */ }
  try {
    tf = await import('@tensorflow/tfjs-core');
    const wasm = require('@tensorflow/tfjs-backend-wasm');
    wasm.setWasmPaths(`${dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json'))}/dist/`);
    await tf.setBackend('wasm');
    await tf.ready();
  } catch { tf = null; }
  return { ort, tf };
}

const count = (s) => s.reduce((x, y) => x * y, 1);
const fill = (n, k) => Float32Array.from({ length: n }, (_, i) => 1 + ((i * k) % 13) / 4);

const refDir = reference();
const ref = refDir === null ? null : await import(pathToFileURL(join(refDir, 'web', 'index.js')).href);
await tw.init({ threads: 1 });
if (ref !== null) await ref.init({ threads: 1 });
const peers = await loadPeers();

console.log('float32 multiply, one thread; µs per call (medians) and this / other (median per-round ratio)');
const head = ['pattern', 'mode', 'this µs', 'ref', 'ort 1t', 'tfjs'];
console.log(head.map((h, i) => (i === 0 ? h.padEnd(26) : h.padStart(i === 1 ? 9 : 15))).join(''));
for (const [sa, sb] of PATTERNS) {
  const shape = tw.broadcastShapes(sa, sb);
  const a = fill(count(sa), 3), b = fill(count(sb), 5);
  for (const mode of ['resident', 'typed']) {
    const impls = [], cleanup = [];
    for (const [name, lib] of [['this', tw], ['ref', ref]]) {
      if (lib === null) continue;
      if (mode === 'resident') {
        const ta = lib.tensor(a, sa), tb = lib.tensor(b, sb), ty = lib.empty(shape, 'float32');
        impls.push(local(name, () => lib.multiply(ta, tb, { out: ty })));
        cleanup.push(() => [ta, tb, ty].forEach((t) => t.dispose()));
      } else {
        const x = { data: a, shape: sa }, y = { data: b, shape: sb }, out = new Float32Array(count(shape));
        impls.push(local(name, () => lib.multiply(x, y, { out })));
      }
    }
    if (mode === 'typed' && peers.ort) {
      const session = await peers.ort.InferenceSession.create(binaryModel('Mul', 'float32', sa, sb, shape, {}), { executionProviders: ['wasm'] });
      const feeds = { A: new peers.ort.Tensor('float32', a, sa), B: new peers.ort.Tensor('float32', b, sb) };
      impls.push(local('ort 1t', () => session.run(feeds)));
      cleanup.push(() => session.release());
    }
    if (mode === 'resident' && peers.tf) {
      const x = peers.tf.tensor(a, sa), y = peers.tf.tensor(b, sb);
      impls.push(local('tfjs', () => peers.tf.mul(x, y).dispose()));
      cleanup.push(() => { x.dispose(); y.dispose(); });
    }
    const others = impls.slice(1).map((impl) => impl.name);
    const { medians, ratios } = await measureSideBySide(impls, count(shape) >= 1 << 20, others.map((o) => ['this', o]), 800, 9);
    for (const f of cleanup) await f();
    const cell = (o) => {
      const r = ratios[`this / ${o}`];
      if (r === undefined) return ''.padStart(15);
      const flag = (o === 'ref' ? r > 1.05 : r > 1) ? ' !' : '  ';
      return `${medians[o].toFixed(1)} ${r.toFixed(2)}${flag}`.padStart(15);
    };
    console.log(`${JSON.stringify(sa)}x${JSON.stringify(sb)}`.padEnd(26) + mode.padStart(9) + medians.this.toFixed(1).padStart(15) +
      ['ref', 'ort 1t', 'tfjs'].map(cell).join(''));
  }
}
console.log('(! : slower than the reference by more than 5 %, or behind the peer)');
process.exit(0);
