// Preloaded (node --import) to run a suite with a given thread count (TW_THREADS, default 2):
// with 1, on the single-threaded build (non-shared memory, whose views detach when it grows);
// with more, every op and every wasm tensor in the threaded build's shared memory, and every op
// of two tiles or more shared between the threads, in tiles as small as 256 bytes.
// scripts/test.sh runs the exactness and hostile-input suites both ways, so that results are
// checked whatever the thread count.
import assert from 'node:assert/strict';
import os from 'node:os';
import { init, threads } from '../../web/index.js';
import { configurePoolForTests } from '../../web/threads/pool.js';
import { poolReady } from './internals.js';
import { testing } from '../../web/lifecycle.js';

const n = Number(process.env.TW_THREADS ?? 2);
// On a machine with fewer cores, the threads are made to fit: what is checked here is the results.
if (os.availableParallelism() < n) os.availableParallelism = () => n;
await init({ threads: n });
await poolReady();
if (n > 1) {
  configurePoolForTests({ mode: 'always', tileBytes: 256 });
  testing.allShared = true;
}
assert.equal(threads(), n, `this suite runs on ${n} threads`);
