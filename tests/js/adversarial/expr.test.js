// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// expr() as an entry point for hostile input: the source, the inputs object and the call's
// options are caller data like any operand (the operands themselves go through every
// adversarial test as the entries 'expr a * b' and the like: tests/js/dtypes.js). Each value is
// read once, through own properties; caller code that runs while they are read may change,
// detach or dispose what it likes; on any error nothing is written, nothing leaks, and the next
// calls are right (hostile()).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { f32, hostile, throwsClear, tw } from './harness.js';

before(() => tw.init());

test('the source: only a string; a String object, a Proxy, an object with toString are TypeErrors', () => {
  hostile(() => {
    let reads = 0;
    const sneaky = { toString() { reads += 1; return 'x'; } };
    for (const source of [new String('x'), sneaky, new Proxy({}, { get: () => { reads += 1; return () => 'x'; } }), Symbol('x'), null]) {
      throwsClear(() => tw.expr(source), TypeError, /the source must be a string/);
    }
    assert.equal(reads, 0, 'nothing of them was read');
  });
});

test('the inputs object: each own property read once, through getters and Proxy traps alike', () => {
  hostile(() => {
    const f = tw.expr('x * y + x');
    const reads = { x: 0, y: 0 };
    const inputs = {
      get x() { reads.x += 1; return reads.x === 1 ? { data: f32([1, 2]) } : { data: f32([100, 100]) }; },
      get y() { reads.y += 1; return reads.y === 1 ? { data: f32([3, 4]) } : 'not an operand'; },
    };
    assert.deepEqual(Array.from(f(inputs).data), [4, 10]);
    assert.deepEqual(reads, { x: 1, y: 1 });
    const trapped = [];
    const proxy = new Proxy({ x: { data: f32([2]) }, y: { data: f32([5]) } }, {
      get(target, key) { trapped.push(`get ${String(key)}`); return target[key]; },
      ownKeys(target) { trapped.push('ownKeys'); return Reflect.ownKeys(target); },
    });
    assert.deepEqual(Array.from(f(proxy).data), [12]);
    assert.equal(trapped.filter((t) => t === 'get x').length, 1);
    assert.equal(trapped.filter((t) => t === 'get y').length, 1);
    // A trap that throws: its error comes out as it is, and the module keeps working.
    const angry = new Proxy({}, { ownKeys() { throw new Error('no keys for you'); } });
    assert.throws(() => f(angry), /no keys for you/);
    const revocable = Proxy.revocable({}, {});
    revocable.revoke();
    assert.throws(() => f(revocable.proxy), TypeError);
  });
});

test('a getter that detaches, resizes or disposes another input while they are read: a TypeError or RangeError, out untouched', () => {
  hostile(() => {
    const f = tw.expr('(a - b) / c', { dtype: 'float32' });
    const out = new Float32Array(4).fill(7);
    const a = new Uint8Array([1, 2, 3, 4]);
    throwsClear(() => f({ a: { data: a }, get b() { structuredClone(a.buffer, { transfer: [a.buffer] }); return 1; }, c: 2 }, { out }),
      TypeError, /input a.*detached/);
    const buffer = new ArrayBuffer(16, { maxByteLength: 64 });
    const grown = new Float32Array(buffer);
    throwsClear(() => f({ a: { data: grown }, get b() { buffer.resize(8); return 1; }, c: 2 }, { out }), RangeError, /input a.*resized/);
    const t = tw.tensor(new Int16Array([5, 6, 7, 8]));
    throwsClear(() => f({ a: t, get b() { t.dispose(); tw.tensor(new Int16Array(4)).dispose(); return 1; }, c: 2 }, { out }),
      TypeError, /input a.*disposed/);
    assert.deepEqual(Array.from(out), [7, 7, 7, 7]);
  });
});

test('a getter that calls the expression itself: the inner call computes, then the outer one', () => {
  hostile(() => {
    const f = tw.expr('x + y');
    let inner = null;
    const got = f({ x: { data: f32([1, 2]) }, get y() { inner = f({ x: { data: f32([10]) }, y: 5 }); return { data: f32([3, 4]) }; } });
    assert.deepEqual(Array.from(inner.data), [15]);
    assert.deepEqual(Array.from(got.data), [4, 6]);
  });
});

test("the call's options: own keys only, read once; `out` read once; anything else refused", () => {
  hostile(() => {
    const f = tw.expr('x * 2');
    let reads = 0;
    const out = new Float32Array(2);
    const options = { get out() { reads += 1; return reads === 1 ? out : new Float32Array(2); } };
    assert.equal(f({ x: { data: f32([1, 2]) } }, options).data, out);
    assert.equal(reads, 1);
    assert.deepEqual(Array.from(out), [2, 4]);
    try {
      Object.prototype.out = new Float32Array(7); // what a polluted prototype adds is not an option
      assert.equal(f({ x: { data: f32([3]) } }, {}).data.length, 1);
    } finally {
      delete Object.prototype.out;
    }
    throwsClear(() => f({ x: { data: f32([1]) } }, { dtype: 'float64' }), TypeError, /unknown option "dtype" \(it takes out\)/);
    throwsClear(() => f({ x: { data: f32([1]) } }, 'out'), TypeError, /options must be an object/);
  });
});

test('many expressions, and more than the plans\' slots: each keeps computing right', () => {
  hostile(() => {
    const fs = Array.from({ length: 40 }, (_, k) => tw.expr(`x * ${k} + y`));
    for (let round = 0; round < 3; ++round) {
      fs.forEach((f, k) => {
        const n = 1 + ((k + round) % 5) * 40;
        const x = Float32Array.from({ length: n }, (_, i) => i), y = Float32Array.from({ length: n }, (_, i) => 1 - i);
        const got = f({ x: { data: x }, y: { data: y } }).data;
        for (let i = 0; i < n; ++i) assert.equal(got[i], Math.fround(i * k + 1 - i));
      });
    }
  });
});

// Sources the parser must not recurse on: each gives a result or a RangeError in the caller's
// terms (never the engine's "Maximum call stack size exceeded"), and every message stays short.
// (The timeout guards against a hang; how long each takes is measured in npm run bench's notes.)
const MESSAGE_MOST = 400;
test('deep and long sources: a result or a RangeError, never the engine\'s stack overflow', { timeout: 60000 }, () => {
  hostile(() => {
    const nested = tw.expr(`${'('.repeat(100000)}x${')'.repeat(100000)}`);
    assert.deepEqual(nested.inputs, ['x']);
    assert.deepEqual(Array.from(nested({ x: { data: f32([1.5]) } }).data), [1.5]);
    const deepSum = tw.expr(`${'('.repeat(20000)}x + 1${')'.repeat(20000)} * 2`);
    assert.deepEqual(Array.from(deepSum({ x: { data: f32([1]) } }).data), [4]);
    for (const [source, what] of [
      [Array(1000000).fill('x').join('+'), 'a flat sum of 1,000,000 terms'],
      [Array(10000).fill('x').join('+'), 'a flat sum of 10,000 terms'],
      [`${'-'.repeat(100000)}x`, '100,000 negations'],
      [`${'maximum('.repeat(5000)}x${', 1)'.repeat(5000)}`, '5,000 nested calls'],
      [`${'(x + '.repeat(3000)}x${')'.repeat(3000)}`, '3,000 nested sums'],
    ]) {
      throwsClear(() => tw.expr(source), RangeError, /the expression has more than \d+ operations/, what);
      assert.throws(() => tw.expr(source), (e) => e.message.length < MESSAGE_MOST, `${what}: a short message`);
    }
    // Within the limit, distinct operations beyond the program's nodes are refused when compiled;
    // a repeated sub-expression counts once.
    throwsClear(() => tw.expr(Array.from({ length: 70 }, (_, i) => `x${i % 10} * ${i}`).join(' + ')), RangeError,
      /more (operations|distinct numbers) than one may/);
    const repeated = tw.expr(Array(40).fill('(x * x)').join(' + ')); // 79 operations, 40 distinct
    assert.equal(repeated({ x: 2 }).data[0], 160);
  });
});

test('messages do not grow with the input: long sources, names and keys are quoted in part', () => {
  hostile(() => {
    const long = 'y'.repeat(1 << 20);
    const cases = [
      () => tw.expr(`x + ${long} $`),
      () => tw.expr(`${'x + '.repeat(200)} )`),
      () => tw.expr(`${long}(x)`),
      () => tw.expr(`x + ${long}`)({ x: 1 }),
      () => tw.expr(`x + ${long}`)({ x: 1, [long]: 1, z: 2 }),
      () => tw.expr(`a * ${long}`)({ a: { data: f32([1, 2]) }, [long]: { data: f32([1, 2, 3]) } }),
      () => tw.expr(`a * ${long}`)({ a: { data: f32([1]) }, [long]: 'not an operand' }),
      () => tw.multiply(1, 2, { [long]: 1 }),
      () => tw.onnx.Mul(1, 2, { [long]: 1 }),
      () => tw.multiply({ data: f32([1]), dtype: long }, 1),
      () => tw.multiply(1, 2, { autoBroadcast: long }),
    ];
    cases.forEach((f, i) => {
      assert.throws(f, (e) => {
        assert.ok(e instanceof TypeError || e instanceof RangeError || e instanceof SyntaxError, `case ${i}: ${e?.constructor?.name}`);
        assert.ok(e.message.length < MESSAGE_MOST, `case ${i}: a message of ${e.message.length} characters: ${e.message.slice(0, 200)}`);
        return true;
      });
    });
    // The part quoted is the part around the column.
    throwsClear(() => tw.expr(`x + ${long} $`), SyntaxError, /unexpected character "\$" at column 1048582 of …"y+ \$" \(1048582 characters\)/);
  });
});
