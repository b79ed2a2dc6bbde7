// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// Division by behaviour, in one place: how integers round (pythondiv), integer x / 0, signed
// MIN / -1, and onZeroDivision. (The golden cases check every dtype against numpy; the C++
// suite checks the scalar semantics and every kernel; threads.test.js checks onZeroDivision on a
// shared op.)
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { init, multiply, divide } from '../../web/index.js';

const f32 = (values, shape = [values.length]) => ({ data: new Float32Array(values), shape });
const i32 = (values, shape = [values.length]) => ({ data: new Int32Array(values), shape });

// A call after an error must still be right: the module stays usable.
function healthy() {
  assert.deepEqual(Array.from(multiply(f32([1, 2, 3]), f32([4, 5, 6])).data), [4, 10, 18]);
}

before(() => init());

test('rounding: floor by default, truncation with pythondiv false; floats are IEEE whatever pythondiv says', () => {
  const a = i32([-7, 7, -7, 7, 6, -6]);
  const b = i32([2, 2, -2, -2, -3, 3]);
  assert.deepEqual(Array.from(divide(a, b).data), [-4, 3, 3, -4, -2, -2]);
  assert.deepEqual(Array.from(divide(a, b, { pythondiv: false }).data), [-3, 3, 3, -3, -2, -2]);
  assert.deepEqual(Array.from(divide({ data: new Uint8Array([7, 255]) }, 2).data), [3, 127]); // unsigned: both roundings agree
  assert.deepEqual(Array.from(divide(f32([1, -1, 0]), f32([0, 0, 0])).data), [Infinity, -Infinity, NaN]);
  assert.deepEqual(Array.from(divide(f32([-7]), f32([2]), { pythondiv: true }).data), [-3.5]);
});

test("onZeroDivision: 'error' throws a RangeError and writes nothing; floats and empty results never throw", () => {
  const out = new Int32Array([9, 9]);
  assert.throws(() => divide(i32([1, 2]), i32([1, 0]), { onZeroDivision: 'error', out }),
    (e) => e instanceof RangeError && /division by zero/.test(e.message));
  assert.deepEqual(Array.from(out), [9, 9]);
  assert.deepEqual(Array.from(divide(f32([1]), f32([0]), { onZeroDivision: 'error' }).data), [Infinity]);
  assert.equal(divide(i32([], [0]), i32([0]), { onZeroDivision: 'error' }).data.length, 0); // empty result
  healthy();
});

// Signed MIN / -1 and x / 0 on every kernel path: vector∘vector, vector∘scalar (B [1] and a bare
// scalar), scalar∘vector, lengths in the SIMD body and its tails, both roundings.
const SIGNED = { int8: [Int8Array, -128], int16: [Int16Array, -32768], int32: [Int32Array, -(2 ** 31)], int64: [BigInt64Array, -(2n ** 63n)] };
test('integer division never traps: MIN / -1 is MIN and x / 0 is 0 on every path', () => {
  for (const [dtype, [Array_, min]] of Object.entries(SIGNED)) {
    const big = typeof min === 'bigint';
    const v = (x) => (big ? BigInt(x) : x);
    for (const n of [1, 15, 16, 17, 33, 64, 67]) {
      for (const pythondiv of [true, false]) {
        const mins = Array_.from({ length: n }, () => min);
        const minus1 = Array_.from({ length: n }, () => v(-1));
        const zeros = new Array_(n);
        const mixed = Array_.from({ length: n }, (_, i) => (i % 3 === 0 ? min : v(i - 5)));
        const o = { pythondiv };
        const all = (r, want, what) => assert.ok(Array.from(r.data).every((x) => x === want), `${dtype} n=${n} ${what}`);
        all(divide({ data: mins }, { data: minus1 }, o), min, 'vv MIN/-1');
        all(divide({ data: mins }, { data: Array_.of(v(-1)), shape: [1] }, o), min, 'vs MIN/-1');
        all(divide({ data: mins }, v(-1), o), min, 'bare scalar MIN/-1');
        all(divide({ data: Array_.of(min), shape: [1] }, { data: minus1 }, o), min, 'sv MIN/-1');
        all(divide({ data: mixed }, { data: zeros }, o), v(0), 'vv x/0');
        all(divide({ data: mixed }, v(0), o), v(0), 'vs x/0');
        all(divide(min, { data: zeros }, o), v(0), 'sv MIN/0');
        all(divide({ data: Array_.of(v(0)), shape: [1] }, { data: zeros }, o), v(0), 'sv 0/0');
      }
    }
  }
  healthy();
});
