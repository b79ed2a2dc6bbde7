// node bench/thread-sweep.js: where sharing an op with the pool starts to pay, the sweep behind
// the thresholds of web/threads/share-policy.js. For op kinds light and heavy (heavy_arithmetic in
// src/ops.h) and output sizes from 64K to 4M elements, resident operands and output in the shared
// memory, it times the op on one thread (the pool's mode 'never') and shared in tiles of
// TW_TILE bytes (default: the policy's) on every thread init() gave (mode 'always'), side by
// side in rounds, two ways:
//   awake   ops back to back (the workers still spin from the op before)
//   asleep  one op after 3 ms idle
// and prints the median ratio (1 thread time / shared time; above 1 sharing is faster), and in
// brackets in how many rounds the calling thread and the worker had last run on one CPU (Linux).
import * as tw from '../web/index.js';
import { testing } from '../web/lifecycle.js';
import { configurePoolForTests } from '../web/threads/pool.js';
import { poolReady } from '../tests/js/internals.js';
import { TILE_BYTES } from '../web/threads/share-policy.js';
import { busiestShareACpu } from './cpu-placement.js';

const tile = Number(process.env.TW_TILE ?? TILE_BYTES);
const rounds = Number(process.env.TW_ROUNDS ?? 15);
await tw.init();
await poolReady();
testing.allShared = true; // every tensor in the shared memory, whatever its size
if (tw.threads() < 2) throw new Error('thread-sweep: needs 2 threads or more');

const KINDS = [
  ['float32 mul', 'float32', 'multiply', false], ['uint8 mul', 'uint8', 'multiply', false],
  ['int32 mul', 'int32', 'multiply', false], ['float64 mul', 'float64', 'multiply', false],
  ['float32 div', 'float32', 'divide', true], ['int32 floor div', 'int32', 'divide', true],
  ['float16 mul', 'float16', 'multiply', true], ['int8 div', 'int8', 'divide', true],
];
const SIZES = (process.env.TW_SIZES ?? '64,256,512,1024,2048,4096').split(',').map((k) => Number(k) * 1024); // output elements

function operands(dtype, n) {
  const a = tw.empty([n], dtype), b = tw.empty([n], dtype), y = tw.empty([n], dtype);
  const da = a.data, db = b.data;
  for (let i = 0; i < n; ++i) {
    if (dtype === 'float16') { da[i] = 0x3c00 + (i % 3000); db[i] = 0x4001; } else {
      da[i] = dtype.startsWith('float') ? Math.sin(i) * 100 : (i * 37) % 100 - 50;
      db[i] = dtype.startsWith('float') ? 1.5 + (i % 7) : (i % 7) + 1;
    }
  }
  return { a, b, y };
}

const now = () => Number(process.hrtime.bigint()) / 1e3;
const idle = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];

function timeOp(op, count) {
  const s = now();
  for (let i = 0; i < count; ++i) op();
  return (now() - s) / count;
}

const header = ['kind (output elements)', ...SIZES.map((b) => (b >= 1 << 20 ? `${b >> 20}M` : `${b >> 10}K`))];
console.log(`tile ${tile} bytes, ${tw.threads()} threads, ${rounds} rounds; ratio = 1 thread / shared (awake | asleep)`);
console.log(header.join('\t'));
for (const [label, dtype, fn, heavy] of KINDS) {
  const cells = [];
  for (const n of SIZES) {
    const { a, b, y } = operands(dtype, n);
    const op = () => tw[fn](a, b, { out: y });
    const one = () => configurePoolForTests({ mode: 'never' });
    const all = () => configurePoolForTests({ mode: 'always', tileBytes: tile });
    all(); op(); one(); op();
    const per = Math.max(1, Math.round(2000 / Math.max(1, timeOp(op, 3))));
    const awake = [], asleep = [];
    let together = 0;
    for (let r = 0; r < rounds; ++r) {
      const order = r % 2 ? [one, all] : [all, one];
      const t = {};
      for (const set of order) {
        set();
        op();
        t[set === one ? 'one' : 'all'] = timeOp(op, per);
      }
      awake.push(t.one / t.all);
      if (busiestShareACpu()) together += 1;
      for (const set of order) {
        set();
        idle(3);
        t[set === one ? 'one' : 'all'] = timeOp(op, 1);
      }
      asleep.push(t.one / t.all);
    }
    a.dispose(); b.dispose(); y.dispose();
    cells.push(`${median(awake).toFixed(2)}|${median(asleep).toFixed(2)}${together ? `(${together})` : ''}`);
  }
  console.log([`${label}${heavy ? ' (heavy)' : ''}`, ...cells].join('\t'));
}
