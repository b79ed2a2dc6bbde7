// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// Built-ins a caller replaced, and what a call reaches once it stages in wasm memory: nothing a
// caller can replace (tests/js/trap-builtins.js checks that for every built-in over the suites;
// these are the cases found by hand, each with what went wrong before). Also: a call that fails
// while wasm memory grows leaves the module computing, within a bounded time, and a plain array
// that cannot be an array of values is refused before it is copied.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SOURCES, runFresh } from '../fresh-process.js';

// Each case runs in a fresh process (it replaces globals; a hang must end in the timeout, not
// hang the suite): the script prints one JSON line.
const fresh = (body) => runFresh(`
  const tw = await import(${SOURCES.index});
  const { testing } = await import(new URL('./lifecycle.js', ${SOURCES.index}).href);
  await tw.init({ threads: 1 });
  const out = {};
  ${body}
  console.log(JSON.stringify(out));
`, { timeout: 60000 });

test('the memory\'s buffer getter throwing while wasm memory grows: the call and the next ones compute, in bounded time', () => {
  const out = fresh(`
    const buffer = Object.getOwnPropertyDescriptor(WebAssembly.Memory.prototype, 'buffer');
    const grow = WebAssembly.Memory.prototype.grow;
    let reached = 0;
    Object.defineProperty(WebAssembly.Memory.prototype, 'buffer', { configurable: true, get() { ++reached; throw new Error('trap'); } });
    WebAssembly.Memory.prototype.grow = function () { ++reached; throw new Error('trap'); };
    const big = new Float32Array(1 << 24).fill(3);  // 64 MiB: wasm memory must grow
    const t = tw.tensor(big);
    out.grown = t.data[(1 << 24) - 1];
    t.dispose();
    Object.defineProperty(WebAssembly.Memory.prototype, 'buffer', buffer);
    WebAssembly.Memory.prototype.grow = grow;
    out.reached = reached;
    out.next = Array.from(tw.multiply({ data: new Float32Array(100).fill(2) }, 3).data.subarray(98));
    out.large = tw.multiply({ data: new Float32Array(1 << 20).fill(1.5) }, 2).data[(1 << 20) - 1];
  `);
  assert.deepEqual(out, { grown: 3, reached: 0, next: [6, 6], large: 3 });
});

test('a tensor too large for wasm memory is a RangeError, and the next calls compute', () => {
  const out = fresh(`
    try { tw.empty([2 ** 30], 'float32'); } catch (e) { out.error = e.constructor.name + ': ' + /too large for wasm memory/.test(e.message); }
    out.next = Array.from(tw.add({ data: [1, 2, 3] }, 1).data);
    const t = tw.tensor(new Float32Array(1 << 22).fill(1));
    out.resident = tw.multiply(t, 2).data[(1 << 22) - 1];
  `);
  assert.deepEqual(out, { error: 'RangeError: true', next: [2, 3, 4], resident: 2 });
});

test('Buffer.poolSize with a getter is never read by a call (a large result was once made with Buffer.allocUnsafe)', () => {
  const out = fresh(`
    let reads = 0;
    const a = new Float32Array(1 << 18).fill(2);
    Object.defineProperty(Buffer, 'poolSize', { configurable: true, get() { ++reads; structuredClone(a.buffer, { transfer: [a.buffer] }); return 8192; } });
    const r = tw.multiply({ data: a }, 3);
    out.reads = reads;
    out.last = r.data[(1 << 18) - 1];
    out.length = r.data.length;
  `);
  assert.deepEqual(out, { reads: 0, last: 6, length: 1 << 18 });
});

test('%TypedArray%.prototype.buffer, Math.min/max and RegExp.prototype.exec replaced: never reached while a call stages, results right', () => {
  // (A message may be built with them once the call has let go of wasm memory.)
  const out = fresh(`
    const reached = { push(what) { if (testing.staging()) this.names.push(what); }, names: [] };
    const TA = Object.getPrototypeOf(Int8Array.prototype);
    const buffer = Object.getOwnPropertyDescriptor(TA, 'buffer').get;
    const other = new ArrayBuffer(1 << 16);
    Object.defineProperty(TA, 'buffer', { configurable: true, get() { reached.push('buffer'); return other; } });
    const { min, max } = Math;
    Math.min = (...x) => { reached.push('min'); return min(...x); };
    Math.max = (...x) => { reached.push('max'); return max(...x); };
    const exec = RegExp.prototype.exec;
    RegExp.prototype.exec = function (s) { reached.push('exec'); return exec.call(this, s); };
    const t = tw.tensor(new Float32Array(1 << 23).fill(1));       // grows wasm memory
    out.grown = tw.multiply(t, 2).data[(1 << 23) - 1];
    out.typed = Array.from(tw.multiply({ data: new Float32Array(1000).fill(2), shape: [10, 100] }, { data: new Float32Array(100).fill(4), shape: [100] }).data.subarray(0, 2));
    try { tw.divide({ data: new Int32Array([1, 2]) }, { data: new Int32Array([1, 0]) }, { onZeroDivision: 'error' }); } catch (e) { out.zero = e.constructor.name; }
    Object.defineProperty(TA, 'buffer', { configurable: true, get: buffer });
    Math.min = min; Math.max = max; RegExp.prototype.exec = exec;
    out.reached = reached.names;
  `);
  assert.deepEqual(out, { grown: 2, typed: [8, 8], zero: 'RangeError', reached: [] });
});

test('a sparse plain array of 2^31 - 1 elements, one with a hole, a Proxy claiming every element: refused before anything is copied', () => {
  const out = fresh(`
    const used = tw.memoryUsage().inUse;
    const sparse = []; sparse.length = 2 ** 31 - 1;
    const t0 = performance.now();
    const what = (f) => { try { f(); return 'no error'; } catch (e) { return e.constructor.name + ': ' + e.message; } };
    out.sparse = what(() => tw.multiply({ data: sparse }, 1));
    out.hole = what(() => tw.add({ data: [1, 2, , 4] }, 1));
    const claims = new Proxy([], { get: (t, k) => (k === 'length' ? 2 ** 31 - 1 : 1), has: () => true,
      getOwnPropertyDescriptor: () => ({ value: 1, configurable: true, enumerable: true, writable: true }) });
    out.proxy = what(() => tw.multiply({ data: claims }, 1));
    out.fast = performance.now() - t0 < 5000;
    out.leaked = tw.memoryUsage().inUse - used;
    out.next = Array.from(tw.multiply({ data: [1, 2, 3] }, 2).data);
  `);
  assert.match(out.sparse, /^RangeError: multiply: operand A: data is an array of 2147483647 elements, more than/);
  assert.match(out.hole, /^TypeError: add: operand A: data has a hole at index 2/);
  assert.match(out.proxy, /^RangeError: multiply: operand A: data is an array of 2147483647 elements/);
  assert.equal(out.fast, true);
  assert.equal(out.leaked, 0);
  assert.deepEqual(out.next, [2, 4, 6]);
});
