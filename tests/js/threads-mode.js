// Preloaded (node --import) to run a suite with a given thread count (TW_THREADS, default 2):
// with 1, on the single-threaded build (non-shared memory, whose views detach when it grows);
// with more, on the threaded build with every op of two chunks or more shared between the
// threads, in chunks as small as 256 bytes. scripts/test.sh runs the exactness and hostile-input
// suites both ways, so that results are checked whatever the thread count.
import assert from 'node:assert/strict';
import os from 'node:os';
import { init, threads } from '../../web/index.js';
import { configurePoolForTests, poolReady } from '../../web/pool.js';

const n = Number(process.env.TW_THREADS ?? 2);
// On a machine with fewer cores, the threads are made to fit: what is checked here is the results.
if (os.availableParallelism() < n) os.availableParallelism = () => n;
if (n > 1) configurePoolForTests({ splitAll: true, minChunkBytes: 256 });
await init({ threads: n });
assert.equal(threads(), n, `this suite runs on ${n} threads`);
await poolReady();
