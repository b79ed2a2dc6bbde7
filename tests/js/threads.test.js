// Threads in Node.js (SPEC §4 "Threads"), each case in a fresh process, as a user's script would
// run: init({ threads }) and setThreads(n), large ops shared with the pool and giving the same
// bits as on one thread, a script that exits by itself, disposal and memory growth between
// shared ops, and errors found before any thread writes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

const index = JSON.stringify(new URL('../../web/index.js', import.meta.url).href);
const pool = JSON.stringify(new URL('../../web/pool.js', import.meta.url).href);
// On a machine of one core, the scripts are made to see two (as tests/js/threads-mode.js does):
// what is tested here is how threads behave, not how fast they are.
const realCores = availableParallelism();
const cores = Math.max(2, realCores);
const FAKE_CORES = 'data:text/javascript,import os from "node:os"; os.availableParallelism = () => 2;';

/** Runs an ES module script in a fresh Node process; its last line of output, parsed as JSON. */
function run(script, timeout = 60000) {
  const flags = realCores < 2 ? ['--import', FAKE_CORES] : [];
  const out = execFileSync(process.execPath, [...flags, '--input-type=module', '-e', script], {
    encoding: 'utf8', timeout, stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(out.trim().split('\n').at(-1));
}

// Script prelude: the API, the pool's test hooks, and large ops whose results are compared as bits.
const PRELUDE = `
  import * as tw from ${index};
  import { poolReady, poolStats } from ${pool};
  const N = 1 << 22;
  const f32 = new Float32Array(N).map((_, i) => Math.sin(i) * 1000);
  const g32 = new Float32Array(N).map((_, i) => 0.25 + (i % 61));
  const i32 = new Int32Array(N).map((_, i) => (i * 2654435761) | 0);
  const j32 = new Int32Array(N).map((_, i) => (i % 17) - 8 || 3);
  const bits = (x) => Array.from(new Uint32Array(x.buffer, x.byteOffset, x.byteLength >> 2));
  let checksum = (x) => { let h = 0; for (const v of bits(x)) h = (Math.imul(h, 31) + v) | 0; return h; };
  // Shared when threads are on (large enough to wake sleeping workers): resident float32, int32
  // division and float16 on JS arrays.
  function bigOps() {
    const a = tw.tensor(f32), b = tw.tensor(g32), y = tw.empty([N], 'float32');
    try {
      tw.divide(a, b, { out: y });
      return [checksum(y.data), checksum(tw.divide({ data: i32 }, { data: j32 }).data),
        checksum(tw.multiply({ data: new Uint16Array(N).map((_, i) => 0x3c00 + (i % 3000)), dtype: 'float16' },
          { data: new Uint16Array(N).fill(0x4001), dtype: 'float16' }).data)];
    } finally {
      a.dispose(); b.dispose(); y.dispose();
    }
  }
  const warnings = [];
  console.warn = (m) => warnings.push(String(m));
`;

test("init(): 'auto' uses the cores there are (at most 4); the threads it gives share large ops, same bits as 1 thread", () => {
  const r = run(`${PRELUDE}
    await tw.init();
    const auto = tw.threads();
    await poolReady();
    const before = poolStats().sharedOps;
    const threaded = bigOps();
    const shared = poolStats().sharedOps - before;
    await tw.setThreads(1);
    const one = bigOps();
    console.log(JSON.stringify({ auto, shared, same: JSON.stringify(threaded) === JSON.stringify(one), afterOne: poolStats(), warnings }));`);
  assert.equal(r.auto, Math.min(4, cores));
  assert.equal(r.shared, 3);
  assert.equal(r.same, true);
  assert.equal(r.afterOne.workers, 0, 'setThreads(1) stops the workers');
  assert.deepEqual(r.warnings, []);
});

test('setThreads down and up mid-session; more than the cores warns once and runs on 1 thread; bad values are RangeErrors', () => {
  const r = run(`${PRELUDE}
    await tw.init({ threads: 1 }); // the single-threaded build: setThreads cannot add threads to it
    await tw.setThreads(2);
    const single = [tw.threads(), warnings.length, /init\\(\\) loaded the single-threaded build/.test(warnings[0])];
    console.log(JSON.stringify({ single }));`);
  assert.deepEqual(r.single, [1, 1, true]);

  const s = run(`${PRELUDE}
    const errors = [];
    for (const bad of [0, -1, 1.5, '2', null, NaN, 2 ** 40 + 0.5]) {
      try { await tw.init({ threads: bad }); errors.push('none'); } catch (e) { errors.push(e.name); }
    }
    await tw.init({ threads: 2 });
    const steps = [];
    const step = async (n) => {
      if (n !== undefined) await tw.setThreads(n);
      await poolReady();
      const before = poolStats().sharedOps;
      const sums = bigOps();
      steps.push({ threads: tw.threads(), workers: poolStats().workers, shared: poolStats().sharedOps - before, sums });
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
  assert.deepEqual(s.errors, [...Array(7).fill('RangeError'), ...Array(3).fill('RangeError')]);
  const want = [[2, 1, 3], [1, 0, 0], [2, 1, 3], [1, 0, 0], [1, 0, 0], [Math.min(4, cores), Math.min(4, cores) - 1, 3]];
  assert.deepEqual(s.steps.map((x) => [x.threads, x.workers, x.shared]), want);
  for (const x of s.steps) assert.deepEqual(x.sums, s.steps[0].sums, 'the same bits whatever the thread count');
  assert.equal(s.warnings.length, 1);
  assert.match(s.warnings[0], new RegExp(`${cores + 1} threads were asked for, but this machine has ${cores} cores; running on 1 thread`));
});

test('a script whose workers are up exits by itself once its last op has run', () => {
  const started = Date.now();
  const r = run(`${PRELUDE}
    await tw.init({ threads: 2 });
    await poolReady();
    bigOps();
    console.log(JSON.stringify({ workers: poolStats().workers, shared: poolStats().sharedOps }));`, 30000);
  assert.deepEqual(r, { workers: 1, shared: 3 });
  assert.ok(Date.now() - started < 30000);
});

test('disposal and memory growth between shared ops: right results, nothing left in wasm memory', () => {
  const r = run(`${PRELUDE}
    import { enter } from ${JSON.stringify(new URL('../../web/loader.js', import.meta.url).href)};
    import { freeStagingBlock } from ${JSON.stringify(new URL('../../web/memory.js', import.meta.url).href)};
    await tw.init({ threads: 2 });
    await poolReady();
    const inUse = () => { const m = enter(); freeStagingBlock(m); return m._tw_memory_in_use(); };
    const first = bigOps();
    const probe = tw.tensor([1]);
    const bytesBefore = probe.data.buffer.byteLength;
    const results = [];
    let base;
    for (let round = 0; round < 5; ++round) {
      // (Rounds 0-3 grow memory, where emmalloc keeps a few bytes of its own per new region;
      // round 4 repeats round 3 in memory already grown: what it leaves in use must be nothing.)
      if (round === 4) base = inUse();
      // A tensor disposed, memory grown by a larger one, then shared ops on tensors placed anew.
      const keep = tw.tensor(f32);
      const grow = tw.empty([Math.min(round + 1, 4) * (N << 2)], 'uint8');
      keep.dispose();
      results.push(JSON.stringify(bigOps()) === JSON.stringify(first));
      const x = tw.tensor(g32), y = tw.empty([N], 'float32');
      tw.multiply(x, 3, { out: y });
      results.push(y.data.every((v, i) => v === Math.fround(g32[i] * 3)));
      grow.dispose(); x.dispose(); y.dispose();
    }
    const grew = probe.data.buffer.byteLength > bytesBefore;
    console.log(JSON.stringify({ results, grew, shared: poolStats().sharedOps, leaked: inUse() - base }));`);
  assert.ok(r.results.every(Boolean), JSON.stringify(r.results));
  assert.equal(r.grew, true, 'wasm memory grew between the ops');
  assert.ok(r.shared >= 18, `ops were shared (${r.shared})`);
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
    tw.divide(a, tw.tensor(j32), { out: y, onZeroDivision: 'error' }); // the same op without a zero: shared, right
    const right = y.data.every((v, i) => v === (Math.floor(i32[i] / j32[i]) | 0)); // floor division (pythondiv); -2^31 / -1 wraps
    console.log(JSON.stringify({ error, untouched, right, shared: poolStats().sharedOps }));`);
  assert.match(r.error, /^RangeError: integer division by zero/);
  assert.equal(r.untouched, true);
  assert.equal(r.right, true);
  assert.ok(r.shared >= 1);
});
