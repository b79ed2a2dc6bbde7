// Its own file, so its own process: nothing has called init() yet.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, multiply, broadcastShapes, tensor, float32ToFloat16, expr } from '../../web/index.js';

test('every function but init and expr throws an Error saying to await init() until it resolves; expr parses before it', async () => {
  const notReady = (e) => e.constructor === Error && /await init\(\)/.test(e.message);
  assert.throws(() => multiply(1, 2), notReady);
  assert.throws(() => broadcastShapes([1], [1]), notReady);
  assert.throws(() => tensor([1], [1]), notReady);
  assert.throws(() => float32ToFloat16(new Float32Array(1)), notReady);
  // expr() at module level, before init(): it parses now (a SyntaxError now, an unknown option
  // now), and its function needs init() like the ops.
  const scale = expr('(x - m) / s', { dtype: 'float32' });
  const twice = expr('a * 2');
  const badDtype = expr('a', { dtype: 'float8' });
  assert.deepEqual(scale.inputs, ['x', 'm', 's']);
  assert.equal(scale.dtype, 'float32');
  assert.throws(() => expr('a +'), SyntaxError);
  assert.throws(() => expr('a', { pythondivv: true }), (e) => e instanceof TypeError && /unknown option "pythondivv"/.test(e.message));
  assert.throws(() => scale({ x: 1, m: 0, s: 1 }), notReady);
  const pending = init();
  assert.throws(() => multiply(1, 2), notReady); // not resolved yet
  await pending;
  assert.equal(multiply(2, 3).data[0], 6);
  assert.deepEqual(Array.from(scale({ x: { data: new Uint8Array([3, 5]) }, m: 1, s: 2 }).data), [1, 2]);
  assert.deepEqual(Array.from(twice({ a: { data: new Int16Array([-4]) } }).data), [-8]);
  assert.throws(() => badDtype({ a: 1 }), (e) => e instanceof TypeError && /unknown dtype "float8"/.test(e.message));
  // Made after init(), the options' values are checked at once, as before.
  assert.throws(() => expr('a', { dtype: 'float8' }), TypeError);
});
