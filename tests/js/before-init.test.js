// Its own file, so its own process: nothing has called init() yet.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, multiply, broadcastShapes, tensor, float32ToFloat16 } from '../../web/index.js';

test('every function but init throws an Error saying to await init() until it resolves', async () => {
  const notReady = (e) => e.constructor === Error && /await init\(\)/.test(e.message);
  assert.throws(() => multiply(1, 2), notReady);
  assert.throws(() => broadcastShapes([1], [1]), notReady);
  assert.throws(() => tensor([1], [1]), notReady);
  assert.throws(() => float32ToFloat16(new Float32Array(1)), notReady);
  const pending = init();
  assert.throws(() => multiply(1, 2), notReady); // not resolved yet
  await pending;
  assert.equal(multiply(2, 3).data[0], 6);
});
