// The sharing policy is a pure function of the op's output bytes, whether its arithmetic is heavy
// (which the core says, per op and dtype) and the thread count: table-driven, from the rule
// docs/threads.md states, with the thresholds the module exports.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { MIN_SHARED_BYTES, TILE_BYTES, tilesFor } from '../../web/share-policy.js';
import { init } from '../../web/index.js';
import { builds } from '../../web/loader.js';
import { planFor } from '../../web/plans.js';
import { opOperator } from '../../web/program.js';
import { MODE_CODE, OP_CODE } from '../../web/abi.js';
import { DTYPES } from '../../web/dtypes.js';
import { OPS } from './dtypes.js';

const H = MIN_SHARED_BYTES.heavy;
const L = MIN_SHARED_BYTES.light;

test('tiles by size, heaviness and thread count', () => {
  assert.ok(H <= L, 'heavy arithmetic pays from fewer bytes');
  const table = [
    // bytes, heavy, threads -> tiles
    [0, true, 4, 1],
    [H - 1, true, 2, 1],
    [H, true, 2, Math.ceil(H / TILE_BYTES)],
    [H, true, 1, 1], // one thread: never shared
    [H, false, 2, H < L ? 1 : Math.ceil(H / TILE_BYTES)],
    [L - 1, false, 4, 1],
    [L, false, 2, Math.ceil(L / TILE_BYTES)],
    [L + 1, false, 3, Math.ceil((L + 1) / TILE_BYTES)],
    [2 ** 31 - 1, true, 16, Math.ceil((2 ** 31 - 1) / TILE_BYTES)],
  ];
  for (const [bytes, heavy, threads, tiles] of table) {
    assert.equal(tilesFor(bytes, heavy, threads), tiles, `${bytes} bytes, heavy ${heavy}, ${threads} threads`);
    assert.equal(tilesFor(bytes, heavy, threads), tiles, 'the same answer again: no history');
  }
});

test("the core says which ops' arithmetic is heavy: divisions and the narrow floats", async () => {
  await init({ threads: 1 });
  const input = (dtype) => ({ kind: 'host', dtype, shape: [4], strides: null });
  const heavy = (op, dtype) => {
    const operator = opOperator(OP_CODE[op]);
    return planFor(operator, builds.plain, DTYPES[dtype], [input(dtype), input(dtype)], { code: MODE_CODE.numpy, hasAxis: false },
      operator.program.literalsOf(DTYPES[dtype])).heavy;
  };
  for (const [dtype, d] of Object.entries(DTYPES)) {
    for (const [op, o] of Object.entries(OPS)) {
      assert.equal(heavy(op, dtype), o.divides || d.kind === 'narrow_float', `${op} ${dtype}`);
    }
  }
});
