// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// Caller code that runs while a call reads its arguments (getters, Proxy traps) and calls the
// library again: the outer call computes from what it read, or throws a TypeError/RangeError
// that says what changed. Issue classes 1-5.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { OPS, assertValues, f32, hostile, throwsClear, tw } from './harness.js';

before(() => tw.init());

for (const [name, op] of Object.entries(OPS)) {
  // (A unary op reads no B: its operand's own getters are read-once.test.js's.)
  if (!op.unary) test(`${name}: a resident operand disposed by B's getter, its block taken by a new tensor: TypeError`, () => {
    hostile(() => {
      const a = tw.tensor(op.arr([1, 2, 3, 4]));
      let taker = null;
      const b = {
        get data() {
          a.dispose();
          taker = tw.tensor(op.arr([100, 200, 300, 400])); // may get a's block
          return op.arr([1, 1, 1, 1]);
        },
        shape: [4],
      };
      throwsClear(() => op.call(a, b), TypeError, /(operand A|input (A|0|1|a)).*disposed/, name);
      assert.deepEqual(Array.from(taker.data), [100, 200, 300, 400]);
      taker.dispose();
    });
  });

  test(`${name}: broadcastShapes of a huge shape from a getter leaves the call's own shapes alone`, () => {
    hostile(() => {
      const a = op.arr([1, 2, 3, 4, 5, 6]);
      const b = op.arr([2, 4, 8]);
      const B = {
        get data() {
          assert.deepEqual(tw.broadcastShapes([1 << 20], [1 << 20]), [1 << 20]);
          assert.deepEqual(tw.broadcastShapes(new Array(32).fill(7), [7]), new Array(32).fill(7));
          return b;
        },
        shape: [1, 3],
      };
      const r = op.call({ data: a, shape: [2, 3] }, B);
      assert.deepEqual(r.shape, [2, 3]);
      assertValues(r, op, a, [...b, ...b]);
    });
  });

  test(`${name}: larger ops from a getter (the staging block replaced, memory grown) leave the call right`, () => {
    hostile(() => {
      const a = op.arr([1, 2, 3, 4]);
      const b = op.arr([5, 6, 7, 8]);
      const B = {
        get data() {
          // Not streamed (onZeroDivision 'error'), so it needs a larger staging block than this call.
          const n = 100000;
          const q = tw.divide({ data: new Int32Array(n).fill(9) }, { data: new Int32Array(n).fill(3) }, { onZeroDivision: 'error' });
          assert.equal(q.data[n - 1], 3);
          const grow = tw.empty([48 << 20], 'uint8'); // grows wasm memory
          grow.dispose();
          return b;
        },
      };
      assertValues(op.call({ data: a }, B), op, a, b);
    });
  });

  test(`${name}: the result is of the built-in class; no constructor of the caller runs`, () => {
    hostile(() => {
      let constructed = 0;
      class Evil extends op.T {
        constructor(...args) {
          super(...args);
          constructed += 1;
          tw.multiply({ data: op.arr([9]) }, 9); // would run in the middle of the call if it were called
        }

        static get [Symbol.species]() {
          constructed += 100;
          return Evil;
        }
      }
      const a = Evil.from([1, 2, 3, 4]);
      const b = op.arr([2, 2, 2, 2]);
      const count = constructed;
      const fill = op.T === Float32Array ? 1.5 : 3;
      for (const n of [4, 300000]) {
        const x = n === 4 ? a : new Evil(n).fill(fill);
        const y = n === 4 ? b : new op.T(n).fill(2);
        const r = op.call({ data: x }, { data: y });
        assert.equal(r.data.constructor, op.T);
        if (n === 4) assertValues(r, op, a, b);
        else assert.ok(r.data.every((v) => v === op.want(fill, 2)));
      }
      assert.equal(constructed, count + 1); // only the `new Evil(n)` above
    });
  });
}

for (const [name, op] of Object.entries(OPS).filter(([, o]) => o.out)) {
  test(`${name}: a resident out disposed during the call (before or after it was read): TypeError, nothing written`, () => {
    hostile(() => {
      // (A unary op reads no B, and takes no autoBroadcast: its dtype option's getter steals.)
      for (const when of op.unary ? ['option getter after out'] : ['operand getter', 'option getter after out']) {
        const out = tw.empty([4], op.dtype);
        let taker = null;
        const steal = () => {
          out.dispose();
          taker = tw.empty([4], op.dtype); // may get out's block
        };
        const a = { data: op.arr([1, 2, 3, 4]) };
        const b = when === 'operand getter' ? { get data() { steal(); return op.arr([2, 2, 2, 2]); } } : { data: op.arr([2, 2, 2, 2]) };
        const options = when === 'operand getter' ? { out } : op.unary ? { out, get dtype() { steal(); return undefined; } }
          : { out, get autoBroadcast() { steal(); return 'numpy'; } };
        throwsClear(() => op.call(a, b, options), TypeError, /out.*disposed/, `${name} ${when}`);
        assert.deepEqual(Array.from(taker.data), [0, 0, 0, 0]);
        taker.dispose();
      }
    });
  });

  test(`${name}: a host out whose buffer is transferred by a getter: TypeError, nothing written elsewhere`, () => {
    hostile(() => {
      const out = new op.T(4);
      const options = { out, get pythondiv() { structuredClone(out.buffer, { transfer: [out.buffer] }); return undefined; } };
      throwsClear(() => tw.divide({ data: op.arr([1, 2, 3, 4]) }, 2, options), TypeError, /out.*detached/, name);
    });
  });
}

test('broadcastShapes, tensor, empty: re-entrant calls from shape getters do not disturb the outer call', () => {
  hostile(() => {
    const reenter = () => {
      tw.broadcastShapes([1 << 20, 3], [1 << 20, 1]);
      tw.multiply({ data: new Float32Array(150000).fill(1) }, 3);
    };
    const shape = (dims) => {
      const s = [...dims];
      Object.defineProperty(s, 0, { get() { reenter(); return dims[0]; }, enumerable: true });
      return s;
    };
    assert.deepEqual(tw.broadcastShapes(shape([8, 1, 6, 1]), shape([7, 1, 5])), [8, 7, 6, 5]);
    const t = tw.tensor(f32([1, 2, 3, 4, 5, 6]), shape([2, 3]));
    assert.deepEqual(t.shape, [2, 3]);
    assert.deepEqual(Array.from(t.data), [1, 2, 3, 4, 5, 6]);
    t.dispose();
    const e = tw.empty(shape([3, 5]), 'int16');
    assert.equal(e.length, 15);
    assert.ok(e.data.every((x) => x === 0));
    e.dispose();
  });
});

test('a getter that throws: its error comes out, nothing is leaked, the next call is right', () => {
  hostile(() => {
    const boom = new Error('from the caller');
    for (const [name, op] of Object.entries(OPS)) {
      const throwing = { get data() { throw boom; } };
      assert.throws(() => (op.unary ? op.call(throwing) : op.call({ data: op.arr([1]) }, throwing)), (e) => e === boom, name);
    }
    assert.throws(() => tw.tensor(f32([1, 2]), { get length() { throw boom; } }), TypeError); // not an array
    const throwingShape = [2];
    Object.defineProperty(throwingShape, 0, { get() { throw boom; } });
    assert.throws(() => tw.tensor(f32([1, 2]), throwingShape), (e) => e === boom);
    assert.throws(() => tw.empty(throwingShape, 'float32'), (e) => e === boom);
  });
});
