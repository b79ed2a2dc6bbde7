// The published build keeps its public classes' names through minification: an error printed by
// Node (or in a stack) says BroadcastError, not a two-letter mangled name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';

test('dist/index.mjs: BroadcastError and WasmTensor keep their names', async () => {
  const tw = await import('../../dist/index.mjs');
  await tw.init({ threads: 1 });
  assert.equal(tw.BroadcastError.name, 'BroadcastError');
  assert.equal(tw.WasmTensor.name, 'WasmTensor');
  let error;
  try { tw.broadcastShapes([3], [2]); } catch (e) { error = e; }
  assert.match(inspect(error), /^BroadcastError: cannot broadcast shapes \[3\] and \[2\]/);
});
