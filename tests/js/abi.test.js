// The ABI between the core and the JS layer lives in C++ (bindings/binding.cc exports it by name
// from the lists in src/); web/abi.js reads it at init. These tests fail if the two ever
// disagree: the module's lists against the tests' own dtype and op tables, and readAbi against a
// module that lacks a dtype, has another element size or lacks a name the JS layer uses.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../web/index.js';
import { enter } from '../../web/loader.js';
import { readAbi } from '../../web/abi.js';
import { DTYPES, OPS } from './dtypes.js';

before(() => init());

const names = (Enum) => Object.keys(Enum).filter((k) => k !== 'values');

test('the core has exactly the dtypes the tests know, with the same element sizes', () => {
  const m = enter().m;
  assert.deepEqual(names(m.DType).sort(), Object.keys(DTYPES).sort());
  for (const [name, d] of Object.entries(DTYPES)) {
    assert.equal(m[`ELEMENT_SIZE_${name}`], d.Storage.BYTES_PER_ELEMENT, name);
  }
  const codes = names(m.DType).map((n) => m.DType[n].value);
  assert.equal(new Set(codes).size, codes.length, 'codes are distinct');
});

test('the core has the ops the tests run (and the floor division), the statuses and modes the layer names', () => {
  const m = enter().m;
  for (const op of Object.keys(OPS)) assert.ok(names(m.Op).includes(op), op);
  assert.ok(names(m.Op).includes('div_floor'));
  for (const s of ['ok', 'incompatible', 'shapes_differ', 'bad_axis', 'b_does_not_fit', 'too_large', 'division_by_zero']) {
    assert.ok(names(m.Status).includes(s), s);
  }
  assert.deepEqual(names(m.BroadcastMode), ['none', 'numpy', 'pdpd', 'onnx_legacy']);
  assert.ok(m.MAX_RANK >= 16, 'SPEC §3: at least 16 dims');
  // The scratch layout is consistent: shapes, output, arguments in order, without overlap.
  assert.equal(m.SCRATCH_DIMS_B - m.SCRATCH_DIMS_A, m.MAX_RANK);
  assert.equal(m.SCRATCH_OUT - m.SCRATCH_DIMS_B, m.MAX_RANK);
  assert.equal(m.SCRATCH_ARGS - m.SCRATCH_OUT_DIMS, m.MAX_RANK);
  assert.ok(m.SCRATCH_ROW > m.SCRATCH_OUT + 1 && m.SCRATCH_ROW < m.SCRATCH_OUT_DIMS);
  assert.ok(m.SCRATCH_HEAVY > m.SCRATCH_ROW && m.SCRATCH_HEAVY < m.SCRATCH_OUT_DIMS);
  assert.ok(m.SCRATCH_PROBE >= m.SCRATCH_ARGS + names(m.ScratchArg).length, 'the probe words follow the arguments');
});

/** A copy of the module's ABI surface with one change. */
function altered(change) {
  const m = enter().m;
  const copy = {
    DType: { ...m.DType }, Op: { ...m.Op }, Status: { ...m.Status }, BroadcastMode: { ...m.BroadcastMode },
    ScratchArg: { ...m.ScratchArg }, MAX_RANK: m.MAX_RANK,
    SCRATCH_DIMS_A: m.SCRATCH_DIMS_A, SCRATCH_DIMS_B: m.SCRATCH_DIMS_B, SCRATCH_OUT: m.SCRATCH_OUT,
    SCRATCH_ROW: m.SCRATCH_ROW, SCRATCH_HEAVY: m.SCRATCH_HEAVY, SCRATCH_OUT_DIMS: m.SCRATCH_OUT_DIMS,
    SCRATCH_ARGS: m.SCRATCH_ARGS, SCRATCH_PROBE: m.SCRATCH_PROBE,
  };
  for (const name of names(m.DType)) copy[`ELEMENT_SIZE_${name}`] = m[`ELEMENT_SIZE_${name}`];
  change(copy);
  return copy;
}

test('readAbi refuses a module that disagrees with the JS layer', () => {
  const cases = [
    ['a dtype missing', (m) => delete m.DType.bfloat16, /no dtype bfloat16/],
    ['a dtype JS does not know', (m) => { m.DType.float8 = { value: 99 }; }, /JS has no dtype float8/],
    ['another element size', (m) => { m.ELEMENT_SIZE_int16 = 4; }, /int16 has 4-byte elements in the core, 2 in JS/],
    ['an op the layer uses missing', (m) => delete m.Op.div_floor, /no op div_floor/],
    ['a status the layer uses missing', (m) => delete m.Status.too_large, /no status too_large/],
    ['a mode missing', (m) => delete m.BroadcastMode.onnx_legacy, /no broadcast mode onnx_legacy/],
    ['a scratch argument missing', (m) => delete m.ScratchArg.count, /no scratch argument count/],
    ['no dtype list at all', (m) => delete m.DType, /exports no dtype list/],
    ['a bad layout', (m) => { m.SCRATCH_ARGS = undefined; }, /args is undefined/],
  ];
  for (const [what, change, pattern] of cases) {
    assert.throws(() => readAbi(altered(change)), (e) => e instanceof Error && pattern.test(e.message), what);
  }
  readAbi(enter().m); // the real one still reads, and leaves the tables as they were
});
