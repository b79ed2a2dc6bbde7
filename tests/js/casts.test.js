// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// Casts against numpy's astype (tests/golden/casts.json, made by tests/golden/generate.py): every
// pair numpy's same_kind allows, through a cast-only expression (expr('x', { dtype })) and through
// an op computed in the dtype (multiply(x, 1, { dtype }): x * 1 is x in every dtype, -0 and NaN
// included). Integers wrap; integers and floats round once to nearest even into a float, also
// int64 into float32 or float16 and float64 into float16 or bfloat16, where a conversion through
// another float would round twice; NaN stays NaN (payload unspecified), Inf, subnormals and
// out-of-range values as numpy gives them. A float into an integer is a TypeError.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as api from '../../web/index.js';
import { DTYPES, DTYPE_NAMES, bitsOf, isNaNAt } from './dtypes.js';

const { cases } = JSON.parse(readFileSync(new URL('../golden/casts.json', import.meta.url), 'utf8'));
before(() => api.init());

function decode({ b64 }, dtype) {
  const bytes = Buffer.from(b64, 'base64');
  const copy = new Uint8Array(bytes); // aligned
  return new DTYPES[dtype].Storage(copy.buffer, 0, copy.length / DTYPES[dtype].Storage.BYTES_PER_ELEMENT);
}

function sameBits(dtype, got, want, what) {
  const view = bitsOf(dtype, got);
  assert.equal(view.length, want.length, what);
  for (let i = 0; i < want.length; ++i) {
    if (Object.is(view[i], want[i]) || (isNaNAt(dtype, view, i) && isNaNAt(dtype, want, i))) continue;
    assert.fail(`${what}: element ${i} is ${view[i]}, numpy gives ${want[i]}`);
  }
}

const isFloat = (d) => DTYPES[d].kind !== 'int';

test('the golden file has every same_kind pair, and no other', () => {
  const pairs = new Set(cases.map((c) => `${c.from} ${c.to}`));
  for (const from of DTYPE_NAMES) {
    for (const to of DTYPE_NAMES) assert.equal(pairs.has(`${from} ${to}`), !isFloat(from) || isFloat(to), `${from} -> ${to}`);
  }
});

for (const c of cases) {
  test(`numpy astype: ${c.from} -> ${c.to}`, () => {
    const x = { data: decode(c.x, c.from), dtype: c.from };
    const want = decode(c.y, c.to);
    sameBits(c.to, api.expr('x', { dtype: c.to })({ x }).data, want, 'expr');
    const one = DTYPES[c.to].Storage === BigInt64Array || DTYPES[c.to].Storage === BigUint64Array ? 1n : 1;
    sameBits(c.to, api.multiply(x, one, { dtype: c.to }).data, want, 'multiply');
  });
}

// Casts on store: a result computed in its dtype (c.from) and stored into an out of another (c.to)
// is numpy's astype of the computed result. x itself is the result here: the cast-only
// expression, x * 1 (one op), x * 1 * 1 (a program of two nodes: float32's run as a chain), each
// into a typed array of c.to (a wasm tensor for the 16-bit floats, whose Uint16Array is uint16's)
// and into a wasm tensor of c.to, at a length that takes a few blocks and the chain's groups.
const storage = (dtype) => DTYPES[dtype].Storage;
const isBigDtype = (dtype) => storage(dtype) === BigInt64Array || storage(dtype) === BigUint64Array;
const REPEAT = 37; // the cases' values repeated: more than a block, not whole groups
for (const c of cases) {
  if (c.from === c.to) continue;
  test(`casts on store: ${c.from} computed, stored as ${c.to}`, () => {
    const x0 = decode(c.x, c.from), want0 = decode(c.y, c.to);
    const n = x0.length * REPEAT;
    const xs = new (storage(c.from))(n), want = new (storage(c.to))(n);
    for (let r = 0; r < REPEAT; ++r) {
      xs.set(x0, r * x0.length);
      want.set(want0, r * want0.length);
    }
    const x = { data: xs, dtype: c.from };
    const one = isBigDtype(c.from) ? 1n : 1;
    const narrow = c.to === 'float16' || c.to === 'bfloat16';
    const calls = {
      expr: (out) => api.expr('x')({ x }, { out }),
      multiply: (out) => api.multiply(x, one, { out }),
      chain: (out) => api.expr(`x * ${one} * ${one}`)({ x }, { out }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const t = api.empty([n], c.to);
      try {
        assert.equal(call(t), t);
        sameBits(c.to, t.data, want, `${name}, into a wasm tensor`);
        if (!narrow) {
          const out = new (storage(c.to))(n);
          const r = call(out);
          assert.equal(r.data, out);
          assert.equal(r.dtype, c.to);
          sameBits(c.to, out, want, `${name}, into a typed array`);
        }
      } finally {
        t.dispose();
      }
    }
  });
}

test('a float into an integer is a TypeError naming the operand and both dtypes, before anything is written', () => {
  for (const from of DTYPE_NAMES.filter(isFloat)) {
    for (const to of DTYPE_NAMES.filter((d) => !isFloat(d))) {
      const out = new DTYPES[to].Storage(2).fill(DTYPES[to].Storage === BigInt64Array || DTYPES[to].Storage === BigUint64Array ? 7n : 7);
      const x = { data: new DTYPES[from].Storage(2), dtype: from };
      const pattern = new RegExp(`${from}, which does not cast to ${to}`);
      assert.throws(() => api.expr('x + 1', { dtype: to })({ x }, { out }), (e) => e instanceof TypeError && pattern.test(e.message));
      assert.throws(() => api.add(x, 1, { dtype: to, out }), (e) => e instanceof TypeError && /operand A is/.test(e.message) && pattern.test(e.message));
      assert.ok(out.every((v) => v === out[0] && (v === 7 || v === 7n)), 'out untouched');
    }
  }
});

test('without dtype, operands of different dtypes stay a TypeError, which now suggests the dtype option', () => {
  const u8 = { data: new Uint8Array([1, 2]) }, f32 = { data: new Float32Array([1, 2]) };
  assert.throws(() => api.divide(u8, f32), /different dtypes: A is uint8 and B is float32 .*\{ dtype: 'float32' \}/);
  assert.throws(() => api.expr('a - b')({ a: u8, b: f32 }), /different dtypes: a is uint8 and b is float32; give the dtype/);
  // Given, both are cast to it, and a plain number is a value of it.
  assert.deepEqual([...api.divide(u8, 255, { dtype: 'float32' }).data], [Math.fround(1 / 255), Math.fround(2 / 255)]);
  assert.deepEqual([...api.subtract({ data: new Int8Array([-128, 127]) }, { data: new Int8Array([1]) }, { dtype: 'int16' }).data], [-129, 126]);
  assert.equal(api.add(u8, f32, { dtype: 'float64' }).data.constructor, Float64Array);
  // The result's class is the dtype's, or operand A's when A has that dtype.
  assert.equal(api.add(f32, u8, { dtype: 'float32' }).data.constructor, Float32Array);
  assert.throws(() => api.add(u8, 1, { dtype: 'float8' }), (e) => e instanceof TypeError && /unknown dtype "float8"/.test(e.message));
  assert.throws(() => api.add(u8, 1.5, { dtype: 'int32' }), RangeError);
  assert.deepEqual(api.broadcastShapes([2], [1], { dtype: 'float32' }), [2]);
});
