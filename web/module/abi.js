// What the core says it is: its dtypes (name, code, element size, kind, format), its ops (name,
// code, traits, floor twin, arity, domain), statuses, broadcast modes, the scratch layout by field
// name, and its limits (a program's and a plan's among them). bindings/facts.h has all of it, from
// the lists in src/; the build reads it from the facts program (abiOf, in
// scripts/wasm-interface.mjs) into dist/wasm-interface.js, and init() takes it from there
// (readAbi), after one call: the module's hash of its facts (tw_abi_hash) against theirs. JS
// copies none of it by hand. readAbi also checks that every name the JS layer uses exists, and
// init() fails if not.

import { Uint8ArrayClass } from '../intrinsics.js';

// Filled by readAbi, each a new object (live bindings: importers see it) built in one go, which
// V8 keeps in its fast shape; the hot path reads them on every call.
export let DTYPE_FACTS = []; // [{ name, code, bytes, kind, mantissaBits, exponentBits }] in code order
export let OPS = {}; //        'mul' -> { name, code, commutes, divides, floors, floorTwin (a name), arity, takes (by dtype code), domain (dtype names) }
export let OP_CODE = {}; //    'mul' -> code
export let STATUS = {}; //     'ok' -> code
export let MODE_CODE = {}; //  'numpy' -> code
export let REDUCTION_CODE = {}; // 'sum' -> code
export let SCRATCH = {}; //    'rank_a' -> word offset of the field
export const LIMITS = {
  maxRank: 0, maxDim: 0, tileAlignBytes: 0, memoryInitialPages: 0, memoryMaximumPages: 0, maxInputs: 0, maxLiterals: 0, maxNodes: 0,
  literalBase: 0, nodeBase: 0, planBytes: 0,
};

// The names the JS layer uses, declared by each module where it uses them, checked at init.
const REQUIRED = { op: new Set(), status: new Set(), mode: new Set(), field: new Set(), reduction: new Set() };

/** A JS name's spelling in the core (bindings/facts.h): 'maxRank' is 'max_rank'. */
export const coreName = (name) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Declares names of kind 'op', 'status', 'mode', 'field' (scratch) or 'reduction' that a module uses. */
export function requires(kind, names) {
  for (const name of names) REQUIRED[kind].add(name);
}

// Modules that keep derived tables (dtype records, codes where their hot path reads them fastest)
// register here; readAbi calls them with the module once the tables are set.
const HOOKS = [];

/** Runs fn(module) after every successful readAbi. */
export function onAbi(fn) {
  HOOKS.push(fn);
}

/**
 * The facts program's output (bindings/facts_main.cc: { hash, names, dtype, op, limit, scratch })
 * as the lookups checkedAbi reads: each list of names ("DType:float32,...;Op:mul,...") as m.DType,
 * m.Op, ..., each { name: { value: its place in the list } }, and the facts by code (UINT32_MAX
 * where there is none).
 */
export function factsModule(facts) {
  const m = {};
  for (const list of facts.names.split(';')) {
    const [name, items] = list.split(':');
    m[name] = Object.fromEntries(items.split(',').filter((item) => item !== '').map((item, value) => [item, { value }]));
  }
  const at = (row, i) => (row !== undefined && i < row.length ? row[i] : 0xFFFFFFFF);
  m._tw_dtype_fact = (dtype, fact) => at(facts.dtype[dtype], fact);
  m._tw_op_fact = (op, fact) => at(facts.op[op], fact);
  m._tw_limit = (limit) => at(facts.limit, limit);
  m._tw_scratch_field = (field) => at(facts.scratch, field);
  return m;
}

function disagree(what) {
  return new Error(`tensorwise: the wasm module and the JS layer disagree: ${what} (were they built together?)`);
}

const named = (table) => Object.fromEntries(Object.entries(table).map(([name, code]) => [code, name]));

// A module's ABI as plain tables (m: factsModule's lookups), after checking it against what the
// JS layer uses.
export function checkedAbi(m) {
  // One of the core's lists (factsModule) as name -> code, with every name of it that the JS layer
  // uses (REQUIRED[kind]); `what` names it in messages ('BroadcastMode': broadcast mode).
  const list = (name, kind) => {
    const what = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    const Enum = m[name];
    if (Enum === undefined) throw new Error(`tensorwise: the wasm module exports no ${what} list; it does not match this JS`);
    const values = Object.fromEntries(Object.keys(Enum).map((key) => [key, Enum[key].value]));
    for (const n of REQUIRED[kind] ?? []) if (!Object.hasOwn(values, n)) throw disagree(`the core has no ${what} ${n}`);
    return values;
  };
  const [kindCodes, dtypeFact, opFact, limit] = ['DTypeKind', 'DTypeFact', 'OpFact', 'Limit'].map((name) => list(name));
  const [opCodes, statuses, modes, fieldCodes, reductions] = [['Op', 'op'], ['Status', 'status'], ['BroadcastMode', 'mode'],
    ['ScratchField', 'field'], ['Reduction', 'reduction']].map(([name, kind]) => list(name, kind));
  // One fact from one of the core's lookups (factsModule); UINT32_MAX means unknown.
  const fact = (lookup, what, ...args) => {
    const value = typeof m[lookup] === 'function' ? m[lookup](...args) >>> 0 : -1;
    if (value === -1 || value === 0xFFFFFFFF) throw disagree(`it has no ${what}`);
    return value;
  };
  const factOf = (facts, name) => {
    if (!Object.hasOwn(facts, name)) throw disagree(`it has no fact ${name}`);
    return facts[name];
  };
  const kinds = named(kindCodes);
  const dtypes = Object.entries(list('DType')).map(([name, code]) => {
    const f = (key) => fact('_tw_dtype_fact', `${key} of dtype ${name}`, code, factOf(dtypeFact, key));
    return {
      name, code, bytes: f('size'), kind: kinds[f('kind')], mantissaBits: f('mantissa_bits'),
      exponentBits: f('exponent_bits'),
    };
  }).sort((x, y) => x.code - y.code);
  for (const d of dtypes) if (d.kind === undefined) throw disagree(`dtype ${d.name} has no kind`);
  const opNames = named(opCodes);
  const ops = Object.fromEntries(Object.entries(opCodes).map(([name, code]) => {
    const f = (key) => fact('_tw_op_fact', `${key} of op ${name}`, code, factOf(opFact, key));
    // The domain, a set of kinds (bit k for kind code k): by dtype code, and as the dtypes' names.
    const domain = f('domain');
    const takes = Uint8Array.from(dtypes, (d) => (domain >>> kindCodes[d.kind]) & 1);
    return [name, {
      name, code, commutes: f('commutes') === 1, divides: f('divides') === 1, floors: f('floors') === 1, floorTwin: opNames[f('floor_twin')],
      arity: f('arity'), takes, domain: Object.freeze(dtypes.filter((d) => takes[d.code] === 1).map((d) => d.name)),
    }];
  }));
  for (const op of Object.values(ops)) {
    if (op.floorTwin === undefined) throw disagree(`op ${op.name}'s floor twin is not an op`);
  }
  const scratch = Object.fromEntries(Object.entries(fieldCodes).map(([name, code]) => [name, fact('_tw_scratch_field', `scratch field ${name}`, code)]));
  // Each limit by its name in the binding; maxDim from dim_bits (a dim is below 2^dim_bits).
  const lim = (key) => fact('_tw_limit', `limit ${key}`, factOf(limit, key));
  const limits = Object.fromEntries(Object.keys(LIMITS).map((key) => [key, key === 'maxDim' ? 2 ** lim('dim_bits') - 1 : lim(coreName(key))]));
  return { dtypes, ops, opCodes, statuses, modes, reductions, scratch, limits };
}

/**
 * The facts program's output as dist/wasm-interface.js holds it, checked (the build's step:
 * scripts/wasm-interface.mjs), in lists by code that readAbi unpacks: the dtype kinds' names; per
 * dtype [name, bytes, kind (its place in kinds), mantissaBits, exponentBits]; per op [name,
 * commutes, divides, floors, floor twin (an op's code), arity, domain (bit k for kind k)]; the
 * statuses', modes' and reductions' names; the scratch fields' offsets and the limits by name.
 */
export function abiOf(facts) {
  const m = factsModule(facts);
  const abi = checkedAbi(m);
  const kinds = Object.keys(m.DTypeKind);
  const byCode = (table) => Object.keys(table).sort((x, y) => table[x] - table[y]);
  return {
    hash: facts.hash,
    kinds,
    dtypes: abi.dtypes.map((d) => [d.name, d.bytes, kinds.indexOf(d.kind), d.mantissaBits, d.exponentBits]),
    ops: Object.values(abi.ops).sort((x, y) => x.code - y.code).map((op) => [
      op.name, +op.commutes, +op.divides, +op.floors, abi.opCodes[op.floorTwin], op.arity, m._tw_op_fact(op.code, m.OpFact.domain.value),
    ]),
    statuses: byCode(abi.statuses),
    modes: byCode(abi.modes),
    reductions: byCode(abi.reductions),
    scratch: abi.scratch,
    limits: abi.limits,
  };
}

// The names the JS layer uses, by kind: what a message calls each.
const USED = { op: 'op', status: 'status', mode: 'broadcast mode', field: 'scratch field', reduction: 'reduction' };

// Whether the module m is the build the facts `abi` were read from: its hash of its facts.
function checkHash(m, abi) {
  const hash = typeof m._tw_abi_hash === 'function' ? m._tw_abi_hash() >>> 0 : -1;
  if (hash !== abi.hash) throw disagree(`its facts are not those the JS layer was built with (hash ${hash}, expected ${abi.hash})`);
}

const byName = (names) => Object.fromEntries(names.map((name, code) => [name, code]));

/**
 * Fills the tables above from `abi` (dist/wasm-interface.js: abiOf's lists, the facts of the build
 * made with this JS), after checking that the module m has them and that they have every name the
 * JS layer uses; on disagreement it throws and changes nothing.
 */
export function readAbi(m, abi) {
  checkHash(m, abi);
  const opCodes = byName(abi.ops.map((op) => op[0]));
  const tables = { op: opCodes, status: byName(abi.statuses), mode: byName(abi.modes), field: abi.scratch, reduction: byName(abi.reductions) };
  for (const [kind, what] of Object.entries(USED)) {
    for (const n of REQUIRED[kind]) if (!Object.hasOwn(tables[kind], n)) throw disagree(`the core has no ${what} ${n}`);
  }
  const dtypes = abi.dtypes.map(([name, bytes, kind, mantissaBits, exponentBits], code) => ({
    name, code, bytes, kind: abi.kinds[kind], mantissaBits, exponentBits,
  }));
  OPS = Object.fromEntries(abi.ops.map(([name, commutes, divides, floors, twin, arity, domain], code) => {
    const takes = Uint8ArrayClass.from(abi.dtypes, (d) => (domain >>> d[2]) & 1);
    return [name, {
      name, code, commutes: commutes === 1, divides: divides === 1, floors: floors === 1, floorTwin: abi.ops[twin][0], arity, takes,
      domain: Object.freeze(dtypes.filter((d) => takes[d.code] === 1).map((d) => d.name)),
    }];
  }));
  DTYPE_FACTS = dtypes;
  OP_CODE = opCodes;
  STATUS = tables.status;
  MODE_CODE = tables.mode;
  REDUCTION_CODE = tables.reduction;
  SCRATCH = { ...abi.scratch };
  Object.assign(LIMITS, abi.limits);
  for (const hook of HOOKS) hook(m);
}

/**
 * Checks that a second build (the threaded one, from the same sources) has the facts readAbi
 * read, so that every code and offset JS holds is right for both; throws if not.
 */
export function sameAbi(m, abi) {
  checkHash(m, abi);
}
