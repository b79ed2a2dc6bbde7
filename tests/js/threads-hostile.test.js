// Hostile and odd environments, at 1 and at 2 threads, each case in a fresh process: globals
// replaced after the package loaded, buffers that grow while a call copies them, workers that
// cannot start, other SharedArrayBuffer objects over wasm memory, and limits that must not be
// silent. Whatever happens, a call computes from what it read or throws a clear error, nothing
// is written after it returns, nothing outside its output is written, and nothing leaks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SOURCES, runFresh } from './fresh-process.js';

const PRELUDE = `
  import * as tw from ${SOURCES.index};
  import { memoryInUse, poolReady } from ${SOURCES.internals};
  import { poolStats } from ${SOURCES.pool};
  const warnings = [];
  console.warn = (m) => warnings.push(String(m));
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  // A checksum of the bits, by a plain loop (no method a probe may have replaced).
  function sum(x) {
    const u = new Uint32Array(x.buffer, x.byteOffset, x.byteLength >> 2);
    let h = 0;
    for (let i = 0; i < u.length; ++i) h = (Math.imul(h, 31) + u[i]) | 0;
    return h;
  }
`;

// Large enough that 2 threads share it: a resident int32 division of 4M elements into y.
const BIG_OP = `
  const N = 1 << 22;
  const ia = new Int32Array(N), ib = new Int32Array(N);
  for (let i = 0; i < N; ++i) { ia[i] = (i * 2654435761) | 0; ib[i] = (i % 17) - 8 || 3; }
  const want = new Int32Array(N);
  for (let i = 0; i < N; ++i) want[i] = Math.floor(ia[i] / ib[i]) | 0;
  const wantSum = sum(want);
  const A = tw.tensor(ia), B = tw.tensor(ib);
`;

for (const threads of [1, 2]) {
  test(`${threads} thread(s): globals replaced after load (Atomics, Math, performance, console) never run inside a call`, () => {
    const r = runFresh(`${PRELUDE}
      await tw.init({ threads: ${threads} });
      await poolReady();
      ${BIG_OP}
      const saved = new Map();
      const paths = ['performance.now', 'Math.ceil', 'Math.min', 'Math.max', 'Math.floor', 'Atomics.add', 'Atomics.load',
        'Atomics.store', 'Atomics.compareExchange', 'Atomics.notify', 'Atomics.wait', 'console.warn', 'Array.prototype.join'];
      const owner = (p) => p.split('.').slice(0, -1).reduce((o, k) => o[k], globalThis);
      const key = (p) => p.split('.').at(-1);
      for (const p of paths) saved.set(p, owner(p)[key(p)]);
      const before = poolStats().workerTiles;
      tw.divide(A, B, { out: tw.empty([N], 'int32') });
      const shared = poolStats().workerTiles > before; // the op below is shared when threads run
      const results = [];
      for (const p of paths) {
        for (const mode of ['throw', 'reenter']) {
          const y = tw.empty([N], 'int32');
          y.data.fill(-7);
          let ran = 0;
          const original = saved.get(p);
          owner(p)[key(p)] = function (...args) {
            ran += 1;
            if (mode === 'throw') throw new Error('hostile ' + p);
            try { tw.multiply(2, 3); } catch {}
            return original.apply(this, args);
          };
          let error = null;
          try { tw.divide(A, B, { out: y }); } catch (e) { error = String(e?.message ?? e); }
          owner(p)[key(p)] = original;
          const right = sum(y.data) === wantSum;
          const first = sum(y.data);
          await sleep(30);
          const late = sum(y.data) !== first;
          results.push({ p, mode, ran, error, right, late });
          y.dispose();
        }
      }
      console.log(JSON.stringify({ shared, results }));`);
    assert.equal(r.shared, threads > 1, 'the probed op is shared exactly when threads run');
    for (const x of r.results) {
      assert.equal(x.late, false, `${x.p} (${x.mode}): written after the call returned`);
      assert.equal(x.error, null, `${x.p} (${x.mode}): the call threw ${x.error}`);
      assert.equal(x.right, true, `${x.p} (${x.mode}): wrong result`);
      assert.equal(x.ran, 0, `${x.p} (${x.mode}): caller code ran inside the call`);
    }
  });

  test(`${threads} thread(s): a resizable ArrayBuffer grown by code that runs mid-call is copied at the length read`, () => {
    const r = runFresh(`${PRELUDE}
      await tw.init({ threads: ${threads} });
      await poolReady();
      tw.empty([96 << 20], 'uint8').dispose(); // wasm memory large enough for an overflow to land
      const before = memoryInUse();
      const canary = tw.tensor(new Float32Array(1 << 20).fill(5));
      const results = [];
      for (const grower of ['Math.ceil', 'Math.max', 'performance.now']) {
        const rab = new ArrayBuffer(64 * 4, { maxByteLength: 64 << 20 });
        const x = new Float32Array(rab); // tracks the buffer's length
        for (let i = 0; i < 64; ++i) x[i] = i;
        const [o, k] = grower.split('.');
        const original = globalThis[o][k];
        globalThis[o][k] = function (...args) { if (rab.byteLength < (64 << 20)) rab.resize(64 << 20); return original.apply(this, args); };
        let r, error = null;
        try { r = tw.multiply({ data: x }, 2); } catch (e) { error = e.name + ': ' + e.message; }
        globalThis[o][k] = original;
        const right = error !== null || (r.data.length === 64 && r.data.every((v, i) => v === 2 * i));
        results.push({ grower, error, right });
      }
      const canaryIntact = canary.data.every((v) => v === 5);
      canary.dispose();
      console.log(JSON.stringify({ results, canaryIntact, leaked: memoryInUse() - before }));`);
    assert.equal(r.canaryIntact, true, 'a tensor outside the call was overwritten');
    for (const x of r.results) assert.equal(x.right, true, `${x.grower}: wrong result`);
    assert.equal(r.leaked, 0);
  });

  test(`${threads} thread(s): a growable SharedArrayBuffer grown by another thread while calls copy it`, () => {
    const r = runFresh(`${PRELUDE}
      import { Worker } from 'node:worker_threads';
      await tw.init({ threads: ${threads} });
      await poolReady();
      tw.empty([96 << 20], 'uint8').dispose();
      tw.multiply({ data: new Float32Array(1024) }, 2); // the block small calls stage in, then a canary after it
      const before = memoryInUse();
      const canary = tw.tensor(new Float32Array(1 << 20).fill(5));
      // One large growth at a random moment while small calls copy the buffer: a call that reads
      // its length before the growth must copy that many elements, not the grown buffer.
      const MAX = 8 << 20;
      const flag = new Int32Array(new SharedArrayBuffer(8));
      let wrong = 0, errors = 0, calls = 0, raced = 0;
      const w = new Worker(\`
        const { workerData: { flag }, parentPort } = require('node:worker_threads');
        parentPort.on('message', (gsab) => {
          while (Atomics.load(flag, 0) === 0) {}
          for (let k = Math.random() * 200000; k > 0; --k) {}
          gsab.grow(\${MAX});
          Atomics.store(flag, 0, 0);
        });
      \`, { eval: true, workerData: { flag }, execArgv: [] });
      for (let round = 0; round < 300; ++round) {
        const gsab = new SharedArrayBuffer(4096, { maxByteLength: MAX });
        new Float32Array(gsab).fill(1.5);
        w.postMessage(gsab);
        await sleep(1);
        Atomics.store(flag, 0, 1);
        while (gsab.byteLength === 4096) {
          calls += 1;
          try {
            const x = new Float32Array(gsab);
            const n = x.length;
            const r = tw.multiply({ data: x }, 2);
            if (n === 1024 && r.data.length !== 1024) raced += 1;
            for (let i = 0; i < r.data.length; i += 1) if (r.data[i] !== (i < 1024 ? 3 : 0)) { wrong += 1; break; }
          } catch (e) { errors += 1; }
        }
        while (Atomics.load(flag, 0) !== 0) {}
      }
      await w.terminate();
      const canaryIntact = canary.data.every((v) => v === 5);
      canary.dispose();
      console.log(JSON.stringify({ calls, wrong, errors, raced, canaryIntact, leaked: memoryInUse() - before }));`);
    assert.equal(r.canaryIntact, true, 'a tensor outside the calls was overwritten');
    assert.equal(r.wrong, 0);
    assert.equal(r.leaked, 0);
  });

  test(`${threads} thread(s): workers that cannot start: no retry per op, stacks freed, threads() tells, one warning`, () => {
    const r = runFresh(`
      import wt from 'node:worker_threads';
      let made = 0;
      const Real = wt.Worker;
      wt.Worker = class extends Real {
        constructor(source, options) { made += 1; super('throw new Error("this worker cannot start")', { ...options, eval: true }); }
      };
      ${PRELUDE}
      await tw.init({ threads: ${threads} });
      ${BIG_OP}
      const y = tw.empty([N], 'int32');
      let base = null, right = 0;
      for (let i = 0; i < 20; ++i) {
        tw.divide(A, B, { out: y });
        if (sum(y.data) === wantSum) right += 1;
        await sleep(5);
        if (i === 1) base = memoryInUse();
      }
      console.log(JSON.stringify({ made, threads: tw.threads(), right, grew: memoryInUse() - base, warnings }));`);
    assert.equal(r.right, 20);
    assert.equal(r.grew, 0, 'wasm memory in use grew: worker stacks were not freed');
    assert.equal(r.threads, 1, 'threads() reports what really runs');
    assert.ok(r.made <= threads - 1, `workers were started ${r.made} times`);
    assert.equal(r.warnings.length, threads - 1, JSON.stringify(r.warnings));
    if (threads > 1) assert.match(r.warnings[0], /worker/);
  });

  test(`${threads} thread(s): Atomics deleted after load, or before it, is not the library's undoing`, () => {
    const after = runFresh(`${PRELUDE}
      await tw.init({ threads: ${threads} });
      await poolReady();
      ${BIG_OP}
      const y = tw.empty([N], 'int32');
      delete globalThis.Atomics;
      let error = null;
      try { tw.divide(A, B, { out: y }); } catch (e) { error = e.name + ': ' + e.message; }
      console.log(JSON.stringify({ error, right: sum(y.data) === wantSum }));`);
    assert.deepEqual(after, { error: null, right: true });
    const before = runFresh(`
      delete globalThis.Atomics;
      const warnings = [];
      console.warn = (m) => warnings.push(String(m));
      const tw = await import(${SOURCES.index});
      await tw.init({ threads: ${threads} });
      const r = tw.divide({ data: new Int32Array(1 << 20).fill(-7) }, { data: new Int32Array(1 << 20).fill(2) });
      console.log(JSON.stringify({ threads: tw.threads(), right: r.data.every((v) => v === -4), warnings }));`);
    assert.equal(before.threads, 1);
    assert.equal(before.right, true);
    assert.equal(before.warnings.length, threads - 1, JSON.stringify(before.warnings));
  });

  test(`${threads} thread(s): another SharedArrayBuffer object over wasm memory is recognised as wasm memory`, () => {
    const r = runFresh(`${PRELUDE}
      await tw.init({ threads: ${threads} });
      await poolReady();
      const N = 1 << 22; // streamed in chunks if taken for a JS array; in the shared memory with threads
      const big = tw.tensor(Float32Array.from({ length: N + 1 }, (_, i) => i % 1000));
      const original = Float32Array.from(big.data);
      const shared = typeof SharedArrayBuffer === 'function' && big.data.buffer instanceof SharedArrayBuffer;
      const clone = structuredClone(big.data.buffer);
      const a = new Float32Array(big.data.buffer, big.data.byteOffset, N);
      const out = new Float32Array(clone, big.data.byteOffset + 4, N); // a shifted by one, through the clone
      const r = tw.multiply({ data: a }, 2, { out });
      // numpy's rule: as if A had been read completely before anything was written.
      let wrong = 0;
      for (let i = 0; i < N; ++i) if (out[i] !== original[i] * 2) wrong += 1;
      // A view of wasm memory outside every live tensor is refused, whichever object it came through.
      let outside = null;
      try { tw.multiply({ data: new Float32Array(4) }, 2, { out: new Float32Array(clone, 0, 4) }); } catch (e) { outside = e.name; }
      console.log(JSON.stringify({ shared, sameObject: r.data === out, wrong, outside }));`);
    assert.equal(r.shared, threads > 1, 'the tensor is in the shared memory exactly when threads run');
    assert.equal(r.sameObject, true);
    assert.equal(r.wrong, 0, 'out overlapping A through another object: wrong elements');
    assert.equal(r.outside, r.shared ? 'TypeError' : null);
  });

  test(`${threads} thread(s): limits are never silent: setThreads beyond the pool, a second init(), one warning per reason`, () => {
    const r = runFresh(`${PRELUDE}
      await tw.init({ threads: ${threads} });
      const errors = [];
      for (const bad of [0, 'many']) {
        try { await tw.init({ threads: bad }); errors.push('none'); } catch (e) { errors.push(e.name); }
      }
      try { await tw.init({ nonsense: 1 }); errors.push('none'); } catch (e) { errors.push(e.name); }
      await tw.setThreads(100);
      const hundred = tw.threads();
      const warned = warnings.length;
      await tw.setThreads(100);
      const again = warnings.length - warned;
      await tw.init({ threads: 1 });
      const afterInit1 = tw.threads();
      console.log(JSON.stringify({ errors, hundred, warned, again, afterInit1, warnings }));`, { cores: 128 });
    assert.deepEqual(r.errors, ['RangeError', 'RangeError', 'TypeError'], 'a second init() checks its options');
    assert.ok(r.hundred < 100, `setThreads(100) reports ${r.hundred}`);
    assert.equal(r.warned, 1, JSON.stringify(r.warnings));
    assert.equal(r.again, 0, 'the same reason warned twice');
    assert.equal(r.afterInit1, 1, 'init({ threads: 1 }) after init() applies its threads');
  });
}
