// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// The core says what it is (bindings/facts.h, from the lists in src/): the facts program prints
// it, the build writes it into dist/wasm-interface.js (web/module/abi.js: abiOf), and init() takes
// it from there once the module's hash of its facts matches (readAbi). These tests hold the core's
// facts, as the facts program prints them, against the tests' own tables (tests/js/dtypes.js,
// written apart from web/), check that the build's tables refuse facts that lack a name the JS
// layer uses or give a fact it cannot use, and that readAbi refuses a module of other facts.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { init } from '../../web/index.js';
import { enter } from '../../web/lifecycle.js';
import * as abiModule from '../../web/module/abi.js';
import { abiOf, checkedAbi, factsModule, readAbi, sameAbi } from '../../web/module/abi.js';
import { ABI } from '../../dist/wasm-interface.js';
import { DTYPES, OPS } from './dtypes.js';

before(() => init());

// The facts program's output (build/wasm/tensorwise_facts.cjs, built by scripts/build.sh), and
// the lookups the build reads it through.
const FACTS = JSON.parse(execFileSync(process.execPath, [fileURLToPath(new URL('../../build/wasm/tensorwise_facts.cjs', import.meta.url))], { encoding: 'utf8' }));
const core = () => factsModule(FACTS);

const names = (Enum) => Object.keys(Enum);
const KIND = { float: 'floating', half: 'narrow_float' };
// One fact through the core's lookups (bindings/binding.cc), by the names its enums give.
const dtypeFact = (m, dtype, fact) => m._tw_dtype_fact(m.DType[dtype].value, m.DTypeFact[fact].value);
const opFact = (m, op, fact) => m._tw_op_fact(m.Op[op].value, m.OpFact[fact].value);
const limit = (m, name) => m._tw_limit(m.Limit[name].value) >>> 0;

test('the core has exactly the dtypes the tests know: sizes, kinds and formats', () => {
  const m = core();
  assert.deepEqual(names(m.DType).sort(), Object.keys(DTYPES).sort());
  const kinds = Object.fromEntries(names(m.DTypeKind).map((k) => [m.DTypeKind[k].value, k]));
  for (const [name, d] of Object.entries(DTYPES)) {
    assert.equal(dtypeFact(m, name, 'size'), d.Storage.BYTES_PER_ELEMENT, name);
    const kind = KIND[d.kind] ?? (d.signed ? 'signed_integer' : 'unsigned_integer');
    assert.equal(kinds[dtypeFact(m, name, 'kind')], kind, name);
    if (d.kind === 'half') {
      assert.equal(dtypeFact(m, name, 'mantissa_bits'), d.p - 1, name);
      assert.equal(dtypeFact(m, name, 'exponent_bits'), d.expBits, name);
    }
  }
  const codes = names(m.DType).map((n) => m.DType[n].value);
  assert.equal(new Set(codes).size, codes.length, 'codes are distinct');
  assert.equal(FACTS.dtype.length, codes.length, 'one row of facts a dtype');
});

test('the core has the ops the tests run, with the traits they expect, and each division its floor twin', () => {
  const m = core();
  for (const [name, op] of Object.entries(OPS)) {
    assert.ok(names(m.Op).includes(name), name);
    assert.equal(opFact(m, name, 'divides'), op.divides || op.remainder ? 1 : 0, name);
    assert.equal(opFact(m, name, 'commutes'), op.commutes ? 1 : 0, name);
    const twin = names(m.Op).find((n) => m.Op[n].value === opFact(m, name, 'floor_twin'));
    assert.equal(opFact(m, twin, 'floors'), op.divides ? 1 : 0, `${name}'s floor twin ${twin}`);
    // Its arity, and its domain: a set of dtype kinds, bit k for the kind of code k.
    assert.equal(opFact(m, name, 'arity'), op.arity, `${name}'s arity`);
    const domain = opFact(m, name, 'domain');
    const taken = Object.keys(DTYPES).filter((d) => (domain >>> dtypeFact(m, d, 'kind')) & 1);
    assert.deepEqual(taken, op.dtypes, `${name}'s domain`);
  }
  for (const s of ['ok', 'incompatible', 'shapes_differ', 'bad_axis', 'b_does_not_fit', 'too_large', 'division_by_zero']) {
    assert.ok(names(m.Status).includes(s), s);
  }
  assert.deepEqual(names(m.BroadcastMode), ['none', 'numpy', 'pdpd', 'onnx_legacy']);
  const maxRank = limit(m, 'max_rank');
  assert.ok(maxRank >= 16, 'at least 16 dims');
  assert.equal(limit(m, 'dim_bits'), 32);
  // The scratch layout: no two fields overlap; a program's fields hold one word per input or node
  // and two per literal, the shapes max_rank words per input, the bases one per input and the output.
  const inputs = limit(m, 'max_inputs'), nodes = limit(m, 'max_nodes'), literals = limit(m, 'max_literals');
  assert.ok(inputs >= 8 && nodes >= 32 && literals >= 16, 'room for expressions of a few ops');
  assert.equal(limit(m, 'literal_base'), inputs);
  assert.equal(limit(m, 'node_base'), inputs + literals);
  assert.ok(limit(m, 'node_base') + nodes <= 256, 'values fit the node words\' bytes');
  const fields = names(m.ScratchField).map((f) => [f, m._tw_scratch_field(m.ScratchField[f].value)]).sort((x, y) => x[1] - y[1]);
  const words = (f) => ({
    input_dtypes: inputs, ranks: inputs, strided: inputs, dims: inputs * maxRank, strides: inputs * maxRank, node_words: nodes,
    literal_words: 2 * literals, out_dims: maxRank, aligned_a: maxRank, aligned_b: maxRank, bases: inputs + 1, probe: 2,
  })[f] ?? 1;
  for (let i = 0; i + 1 < fields.length; ++i) {
    const [f, at] = fields[i];
    assert.ok(fields[i + 1][1] - at >= words(f), `${f} (${words(f)} words at ${at}) overlaps ${fields[i + 1][0]}`);
  }
  for (const f of ['dtype', 'inputs', 'nodes', 'result', 'dims', 'strides', 'out_rank', 'conflict', 'out_dims', 'bases', 'aligned_a', 'aligned_b']) {
    assert.ok(fields.some(([name]) => name === f), f);
  }
});

const LISTS = ['DType', 'DTypeKind', 'Arithmetic', 'Op', 'Reduction', 'Status', 'BroadcastMode', 'DTypeFact', 'OpFact', 'Limit', 'ScratchField'];

/** A copy of the module's ABI surface with one change. */
function altered(change) {
  const m = core();
  const copy = {};
  for (const key of Object.keys(m)) {
    if (LISTS.includes(key)) copy[key] = { ...m[key] }; // a list of the core's names (abi.js: namesOf)
    else if (key.startsWith('_tw_')) copy[key] = m[key];
  }
  change(copy);
  return copy;
}

// A lookup that answers `value` for one fact and asks the core for the others.
const overriding = (lookup, when, value) => (m) => {
  const real = m[lookup];
  m[lookup] = (...args) => (when(m, ...args) ? value : real(...args));
};

test('the build refuses facts that disagree with the JS layer', () => {
  const cases = [
    ['an op the layer uses missing', (m) => delete m.Op.mul, /no op mul/],
    ["a division's floor twin missing", (m) => delete m.Op.div_floor, /op div's floor twin is not an op/],
    ['a status the layer uses missing', (m) => delete m.Status.too_large, /no status too_large/],
    ['a mode missing', (m) => delete m.BroadcastMode.onnx_legacy, /no broadcast mode onnx_legacy/],
    ['a reduction the layer uses missing', (m) => delete m.Reduction.softmax, /no reduction softmax/],
    ['a limit missing', (m) => delete m.Limit.plan_bytes, /no fact plan_bytes/],
    ['a scratch field missing', (m) => delete m.ScratchField.probe, /no scratch field probe/],
    ['no dtype list at all', (m) => delete m.DType, /exports no dtype list/],
    ['a dtype fact missing', (m) => delete m.DTypeFact.size, /no fact size/],
    ['a dtype the core has no facts of', overriding('_tw_dtype_fact', (m, d) => d === m.DType.int16.value, -1), /no size of dtype int16/],
    ['a kind the layer does not know', overriding('_tw_dtype_fact', (m, d, f) => d === m.DType.int8.value && f === m.DTypeFact.kind.value, 9), /dtype int8 has no kind/],
    ['no lookups at all', (m) => delete m._tw_limit, /no limit max_rank/],
  ];
  for (const [what, change, pattern] of cases) {
    assert.throws(() => checkedAbi(altered(change)), (e) => e instanceof Error && pattern.test(e.message), what);
  }
});

test('dist/wasm-interface.js has the facts program\'s facts, and the module their hash', () => {
  assert.deepEqual(abiOf(FACTS), ABI);
  // What readAbi makes of them (init read them): the tables the facts' lookups give.
  const checked = checkedAbi(core());
  for (const [name, op] of Object.entries(checked.ops)) assert.deepEqual(abiModule.OPS[name], op, name);
  assert.deepEqual(abiModule.DTYPE_FACTS, checked.dtypes);
  assert.deepEqual(abiModule.OP_CODE, checked.opCodes);
  assert.deepEqual(abiModule.STATUS, checked.statuses);
  assert.deepEqual(abiModule.MODE_CODE, checked.modes);
  assert.deepEqual(abiModule.SCRATCH, checked.scratch);
  assert.deepEqual({ ...abiModule.LIMITS }, checked.limits);
  assert.equal(enter().m._tw_abi_hash() >>> 0, ABI.hash);
  assert.equal(FACTS.hash >>> 0, ABI.hash);
});

test('readAbi refuses a module of other facts, or facts without a name the JS layer uses, and leaves the tables as they were', () => {
  const before = abiModule.DTYPE_FACTS;
  const m = enter().m;
  const cases = [
    ['another hash', { ...m, _tw_abi_hash: () => ABI.hash + 1 }, ABI, /facts are not those the JS layer was built with/],
    ['no hash at all', { ...m, _tw_abi_hash: undefined }, ABI, /facts are not those the JS layer was built with/],
    ['an op the layer uses missing', m, { ...ABI, ops: ABI.ops.map((op) => (op[0] === 'mul' ? ['product', ...op.slice(1)] : op)) }, /the core has no op mul/],
    ['a scratch field missing', m, { ...ABI, scratch: Object.fromEntries(Object.entries(ABI.scratch).filter(([f]) => f !== 'probe')) }, /the core has no scratch field probe/],
  ];
  for (const [what, module, abi, pattern] of cases) {
    assert.throws(() => readAbi(module, abi), (e) => e instanceof Error && pattern.test(e.message), what);
    assert.equal(abiModule.DTYPE_FACTS, before, `${what}: the tables are as they were`);
  }
  assert.throws(() => sameAbi({ ...m, _tw_abi_hash: () => 0 }, ABI), /facts are not those/);
  readAbi(m, ABI); // the real one still reads
});
