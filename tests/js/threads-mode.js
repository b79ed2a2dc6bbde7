// Preloaded (node --import) to run a suite with a given thread count (TW_THREADS, default 2):
// with 1, on the single-threaded build (non-shared memory, whose views detach when it grows);
// with more, every op and every wasm tensor in the threaded build's shared memory, and every op
// of two tiles or more shared between the threads, in tiles as small as 256 bytes.
// scripts/test.sh runs the exactness and hostile-input suites both ways with every op in the
// core, and again with every op it can take in JS (TW_SMALL_OPS below), so that results are
// checked whatever the thread count and whichever path computes them.
import assert from 'node:assert/strict';
import os from 'node:os';
import { init, threads } from '../../web/index.js';
import { configurePoolForTests } from '../../web/threads/pool.js';
import { poolReady } from './internals.js';
import { testing } from '../../web/module/loader.js';

const n = Number(process.env.TW_THREADS ?? 2);
// On a machine with fewer cores, the threads are made to fit: what is checked here is the results.
if (os.availableParallelism() < n) os.availableParallelism = () => n;
await init({ threads: n });
await poolReady();
if (n > 1) {
  configurePoolForTests({ mode: 'always', tileBytes: 256 });
  testing.allShared = true;
}
// TW_SMALL_OPS: 'never' keeps every op in the core, 'always' computes every op that
// web/execution/small-ops.js can take in JS whatever its size (default 'auto': the small ones).
const smallOps = process.env.TW_SMALL_OPS ?? 'auto';
assert.ok(['auto', 'always', 'never'].includes(smallOps), `TW_SMALL_OPS=${smallOps}`);
testing.smallOps = smallOps;
assert.equal(threads(), n, `this suite runs on ${n} threads`);
