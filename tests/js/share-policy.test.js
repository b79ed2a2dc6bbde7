// The sharing policy is a pure function of the op's output bytes, whether its arithmetic is heavy
// (which the core says, per op and dtype) and the thread count: table-driven, from the rule
// docs/threads.md states (each thread an op wakes gets a few tiles), with the numbers the module
// exports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TILES_PER_THREAD, TILE_BYTES, sharedThreads, smallestShared } from '../../web/threads/share-policy.js';
import { init } from '../../web/index.js';
import { builds } from '../../web/lifecycle.js';
import { planFor } from '../../web/execution/plans.js';
import { opOperator } from '../../web/execution/program.js';
import { MODE_CODE, OP_CODE } from '../../web/module/abi.js';
import { DTYPES } from '../../web/dtypes/dtypes.js';
import { OPS } from './dtypes.js';

const H = TILES_PER_THREAD.heavy * TILE_BYTES; // what one thread of a heavy op must get
const L = TILES_PER_THREAD.light * TILE_BYTES;

test('threads by size, heaviness and thread count: a few tiles each, never more threads than that', () => {
  assert.ok(H <= L, 'heavy arithmetic pays from fewer bytes');
  const table = [
    // bytes, heavy, threads -> threads that run it
    [0, true, 4, 1],
    [2 * H - 1, true, 2, 1],
    [2 * H, true, 2, 2],
    [2 * H, true, 16, 2], // work for two: the other fourteen stay asleep
    [2 * H, true, 1, 1], // one thread: never shared
    [2 * H, false, 2, H < L ? 1 : 2],
    [2 * L - 1, false, 4, 1],
    [2 * L, false, 2, 2],
    [5 * L, false, 4, 4],
    [5 * L + 1, false, 16, 5],
    [64 * L, false, 16, 16],
    [64 * L, false, 3, 3],
    [2 ** 31 - 1, true, 16, 16],
  ];
  for (const [bytes, heavy, threads, expected] of table) {
    assert.equal(sharedThreads(bytes, heavy, threads), expected, `${bytes} bytes, heavy ${heavy}, ${threads} threads`);
    assert.equal(sharedThreads(bytes, heavy, threads), expected, 'the same answer again: no history');
  }
});

test('wasm tensors go to the shared memory from the smallest op that may be shared', () => {
  assert.equal(smallestShared(1), Infinity);
  for (const threads of [2, 4, 16]) {
    const at = smallestShared(threads);
    assert.equal(sharedThreads(at, true, threads), 2, `${threads} threads: ${at} bytes are shared`);
    assert.equal(sharedThreads(at - 1, true, threads), 1, `${threads} threads: ${at - 1} bytes are not`);
    assert.equal(sharedThreads(at - 1, false, threads), 1);
  }
});

test("the core says which ops' arithmetic is heavy: divisions and the narrow floats", async () => {
  await init({ threads: 1 });
  const input = (dtype) => ({ kind: 'host', dtype, shape: [4], strides: null });
  const heavy = (op, dtype) => {
    const operator = opOperator(OP_CODE[op]);
    return planFor(operator, builds.plain, DTYPES[dtype], DTYPES[dtype], [input(dtype), input(dtype)], { code: MODE_CODE.numpy, hasAxis: false },
      operator.program.literalsOf(DTYPES[dtype])).heavy;
  };
  for (const [dtype, d] of Object.entries(DTYPES)) {
    for (const [op, o] of Object.entries(OPS)) {
      assert.equal(heavy(op, dtype), o.divides || o.remainder || d.kind === 'narrow_float', `${op} ${dtype}`);
    }
  }
});
