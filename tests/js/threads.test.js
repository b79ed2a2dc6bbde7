// Threads in Node.js, each case in a fresh process as a user's script would run: the workers
// engage in synchronous code right after init(), setThreads() up and down, the same bits at any
// thread count, a script that exits by itself, disposal and memory growth between shared ops,
// errors found before any thread writes, and where wasm tensors live.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { SOURCES, runFresh } from './fresh-process.js';

// On a machine of one core, the scripts are made to see two: what is tested here is how threads
// behave, not how fast they are.
const cores = Math.max(2, availableParallelism());
const run = (script) => runFresh(script, availableParallelism() < 2 ? { cores: 2 } : {});

// Script prelude: the API, the pool's counters, and large ops whose results are compared as bits.
const PRELUDE = `
  import * as tw from ${SOURCES.index};
  import { memoryInUse, poolReady } from ${SOURCES.internals};
  import { poolStats } from ${SOURCES.pool};
  import { smallestShared } from ${JSON.stringify(new URL('../../web/threads/share-policy.js', import.meta.url).href)};
  const N = 1 << 22; // int32 division and float16 multiply of N elements: above what the policy shares
  const i32 = new Int32Array(N).map((_, i) => (i * 2654435761) | 0);
  const j32 = new Int32Array(N).map((_, i) => (i % 17) - 8 || 3);
  const h16 = new Uint16Array(N).map((_, i) => 0x3c00 + (i % 3000));
  const k16 = new Uint16Array(N).fill(0x4001);
  let checksum = (x) => { const u = new Uint32Array(x.buffer, x.byteOffset, x.byteLength >> 2); let h = 0; for (let i = 0; i < u.length; ++i) h = (Math.imul(h, 31) + u[i]) | 0; return h; };
  // Resident ops the policy shares when threads run, and a JS-array op it never shares.
  function bigOps() {
    const a = tw.tensor(i32), b = tw.tensor(j32), y = tw.empty([N], 'int32');
    const p = tw.tensor(h16, [N], 'float16'), q = tw.tensor(k16, [N], 'float16'), z = tw.empty([N], 'float16');
    try {
      tw.divide(a, b, { out: y });
      tw.multiply(p, q, { out: z });
      return [checksum(y.data), checksum(z.data), checksum(tw.divide({ data: i32 }, { data: j32 }).data)];
    } finally {
      for (const t of [a, b, y, p, q, z]) t.dispose();
    }
  }
  const warnings = [];
  console.warn = (m) => warnings.push(String(m));
`;

test("'auto' uses the cores there are (at most 16), and a synchronous loop right after init() uses the workers", () => {
  const r = run(`${PRELUDE}
    await tw.init();
    const auto = tw.threads();
    const a = tw.tensor(i32), b = tw.tensor(j32), y = tw.empty([N], 'int32');
    // No await from here: the workers must engage by themselves, as they come up.
    const before = poolStats().workerTiles;
    let last;
    for (let i = 0; i < 40; ++i) { tw.divide(a, b, { out: y }); last = checksum(y.data); }
    const workerTiles = poolStats().workerTiles - before;
    const threaded = bigOps();
    await tw.setThreads(1);
    const one = bigOps();
    tw.divide(a, b, { out: y });
    console.log(JSON.stringify({ auto, workerTiles, loopSame: last === checksum(y.data), same: JSON.stringify(threaded) === JSON.stringify(one),
      afterOne: poolStats().workers, warnings }));`);
  assert.equal(r.auto, Math.min(16, cores));
  assert.ok(r.workerTiles > 0, 'the workers took tiles of ops in a loop that never awaited');
  assert.equal(r.loopSame, true, 'the same bits as on 1 thread');
  assert.equal(r.same, true, 'the same bits as on 1 thread');
  assert.equal(r.afterOne, 0, 'setThreads(1) stops the workers');
  assert.deepEqual(r.warnings, []);
});

test('setThreads down and up: it resolves once the threads it starts run; more than the cores warns once; bad values are RangeErrors', () => {
  const single = run(`${PRELUDE}
    await tw.init({ threads: 1 }); // the single-threaded build: setThreads cannot add threads to it
    await tw.setThreads(2);
    console.log(JSON.stringify([tw.threads(), warnings.length, /init\\(\\) loaded the single-threaded build/.test(warnings[0])]));`);
  assert.deepEqual(single, [1, 1, true]);

  const s = run(`${PRELUDE}
    const errors = [];
    for (const bad of [0, -1, 1.5, '2', null, NaN, 2 ** 40 + 0.5]) {
      try { await tw.init({ threads: bad }); errors.push('none'); } catch (e) { errors.push(e.name); }
    }
    await tw.init({ threads: 2 });
    const steps = [];
    const step = async (n) => {
      if (n !== undefined) await tw.setThreads(n);
      const running = poolStats().workers; // right after the await: no waiting for them
      const before = poolStats().workerTiles;
      const sums = bigOps();
      steps.push({ threads: tw.threads(), running, worked: poolStats().workerTiles > before, sums });
    };
    await step();
    await step(1);
    await step(2);
    await step(${cores + 1}); // more than there are: 1 thread, a warning
    await step(${cores + 2}); // again: no second warning
    await step('auto');
    for (const bad of [0, 'many', 1.5]) {
      try { await tw.setThreads(bad); errors.push('none'); } catch (e) { errors.push(e.name); }
    }
    console.log(JSON.stringify({ errors, steps, warnings }));`);
  assert.deepEqual(s.errors, Array(10).fill('RangeError'));
  // After init() no worker runs: bigOps' first tensor starts it, and its ops use it.
  const want = [[2, 0, true], [1, 0, false], [2, 1, true], [1, 0, false], [1, 0, false],
    [Math.min(16, cores), Math.min(16, cores) - 1, true]];
  assert.deepEqual(s.steps.map((x) => [x.threads, x.running, x.worked]), want);
  for (const x of s.steps) assert.deepEqual(x.sums, s.steps[0].sums, 'the same bits whatever the thread count');
  assert.equal(s.warnings.length, 1);
  assert.match(s.warnings[0], new RegExp(`${cores + 1} threads were asked for, but this machine has ${cores} cores; running on 1 thread`));
});

test('a script whose workers are up exits by itself once its last op has run', () => {
  // runFresh waits for the script to exit (a script that does not fails at its timeout).
  const r = run(`${PRELUDE}
    await tw.init({ threads: 2 });
    await poolReady();
    bigOps();
    console.log(JSON.stringify({ workers: poolStats().workers, worked: poolStats().workerTiles > 0 }));`);
  assert.deepEqual(r, { workers: 1, worked: true });
});

test('disposal and memory growth between shared ops: right results, nothing left in wasm memory', () => {
  const r = run(`${PRELUDE}
    await tw.init({ threads: 2 });
    await poolReady();
    const first = bigOps();
    const probe = tw.tensor(new Float32Array(smallestShared(2) / 4)); // in the shared memory
    const bytesBefore = probe.data.buffer.byteLength;
    const results = [];
    let base;
    for (let round = 0; round < 5; ++round) {
      // (Rounds 0-3 grow memory, where emmalloc keeps a few bytes of its own per new region;
      // round 4 repeats round 3 in memory already grown: what it leaves in use must be nothing.)
      if (round === 4) base = memoryInUse();
      // A tensor disposed, memory grown by a larger one, then shared ops on tensors placed anew.
      const keep = tw.tensor(i32);
      const grow = tw.empty([Math.min(round + 1, 4) * (N << 2)], 'uint8');
      keep.dispose();
      results.push(JSON.stringify(bigOps()) === JSON.stringify(first));
      grow.dispose();
    }
    const grew = probe.data.buffer.byteLength > bytesBefore;
    console.log(JSON.stringify({ results, grew, worked: poolStats().workerTiles > 0, leaked: memoryInUse() - base }));`);
  assert.ok(r.results.every(Boolean), JSON.stringify(r.results));
  assert.equal(r.grew, true, 'the shared memory grew between the ops');
  assert.equal(r.worked, true);
  assert.equal(r.leaked, 0);
});

test("onZeroDivision: 'error' on a shared op: found before any thread writes", () => {
  const r = run(`${PRELUDE}
    await tw.init({ threads: 2 });
    await poolReady();
    const a = tw.tensor(i32), b = tw.tensor(j32.map((v, i) => (i === N - 5 ? 0 : v))), y = tw.empty([N], 'int32');
    y.data.fill(-7);
    let error;
    try { tw.divide(a, b, { out: y, onZeroDivision: 'error' }); } catch (e) { error = e.name + ': ' + e.message; }
    const untouched = y.data.every((v) => v === -7);
    const before = poolStats().workerTiles;
    tw.divide(a, tw.tensor(j32), { out: y, onZeroDivision: 'error' }); // the same op without a zero: shared, right
    const right = y.data.every((v, i) => v === (Math.floor(i32[i] / j32[i]) | 0)); // floor division (pythondiv); -2^31 / -1 wraps
    console.log(JSON.stringify({ error, untouched, right, worked: poolStats().workerTiles > before }));`);
  assert.match(r.error, /^RangeError: integer division by zero/);
  assert.equal(r.untouched, true);
  assert.equal(r.right, true);
  assert.equal(r.worked, true);
});

test('wasm tensors too small for a shared op live in the unshared memory; large ones in the shared memory when threads run', () => {
  const r = run(`${PRELUDE}
    const where = () => {
      const shared = (t) => { const s = t.data.buffer instanceof SharedArrayBuffer; t.dispose(); return s; };
      const big = smallestShared(2);
      return [shared(tw.tensor(new Uint8Array(big - 1))), shared(tw.empty([big], 'uint8')), shared(tw.tensor(new Uint8Array(big)))];
    };
    await tw.init({ threads: 2 });
    const two = where();
    await tw.setThreads(1);
    const one = where();
    console.log(JSON.stringify({ two, one }));`);
  assert.deepEqual(r.two, [false, true, true]);
  assert.deepEqual(r.one, [false, false, false], 'with threads off, every new tensor in the unshared memory');
});

test('init() starts no worker: the first wasm tensor large enough for a shared op starts them, and ops use them as they come up', () => {
  const r = run(`${PRELUDE}
    await tw.init({ threads: 2 });
    const atInit = { threads: tw.threads(), workers: poolStats().workers };
    tw.tensor(new Uint8Array(smallestShared(2) - 1)).dispose();
    const small = poolStats().workers;
    const a = tw.tensor(i32), b = tw.tensor(j32), y = tw.empty([N], 'int32');
    const started = poolStats().workers;
    let tiles = 0;
    for (let i = 0; i < 400 && tiles === 0; ++i) { tw.divide(a, b, { out: y }); tiles = poolStats().workerTiles; }
    console.log(JSON.stringify({ atInit, small, started, tiles, shared: a.data.buffer instanceof SharedArrayBuffer }));`);
  assert.deepEqual(r.atInit, { threads: 2, workers: 0 }, 'threads() says what was asked for; no worker runs yet');
  assert.equal(r.small, 0, 'a tensor too small for a shared op starts nothing');
  assert.equal(r.started, 1, 'a large one starts the worker');
  assert.equal(r.shared, true);
  assert.ok(r.tiles > 0, 'the worker took tiles of ops in a loop that never awaited');
});

// The policy ('auto', no test settings) on 1 to 16 threads, the cores faked where the machine has
// fewer: each op is shared by as many threads as its size allows, and the bits never change.
for (const threads of [1, 2, 4, 8, 16]) {
  test(`the policy on ${threads} thread(s): sizes from one tile to many, the same bits as one thread`, () => {
    const r = runFresh(`${PRELUDE}
      await tw.init();
      await poolReady();
      const sums = [];
      for (const n of [16384, 65536, 262144, 1048576]) {
        const a = tw.tensor(i32.subarray(0, n)), b = tw.tensor(j32.subarray(0, n)), y = tw.empty([n], 'int32');
        const p = tw.tensor(h16.subarray(0, n), [n], 'float16'), q = tw.tensor(k16.subarray(0, n), [n], 'float16'), z = tw.empty([n], 'float16');
        const f = tw.tensor(new Float32Array(n).map((_, i) => Math.sin(i))), w = tw.empty([n], 'float32');
        tw.divide(a, b, { out: y }); tw.multiply(p, q, { out: z }); tw.multiply(f, f, { out: w });
        sums.push(checksum(y.data), checksum(z.data), checksum(w.data));
        for (const t of [a, b, y, p, q, z, f, w]) t.dispose();
      }
      const worked = poolStats().workerTiles;
      await tw.setThreads(1);
      const one = [];
      for (const n of [16384, 65536, 262144, 1048576]) {
        one.push(checksum(tw.divide({ data: i32.subarray(0, n) }, { data: j32.subarray(0, n) }).data),
          checksum(tw.multiply({ data: h16.subarray(0, n), dtype: 'float16' }, { data: k16.subarray(0, n), dtype: 'float16' }).data),
          checksum(tw.multiply({ data: new Float32Array(n).map((_, i) => Math.sin(i)) }, { data: new Float32Array(n).map((_, i) => Math.sin(i)) }).data));
      }
      console.log(JSON.stringify({ auto: tw.threads(), same: JSON.stringify(sums) === JSON.stringify(one), worked }));`, { cores: threads });
    assert.equal(r.same, true, 'the same bits as on 1 thread');
    if (threads > 1) assert.ok(r.worked > 0, 'workers took tiles');
    else assert.equal(r.worked, 0);
  });
}
