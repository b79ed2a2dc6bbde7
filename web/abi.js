// The core's ABI, read from the loaded module at init(): the codes of the dtypes, ops, statuses
// and broadcast modes by name, the scratch layout and the rank limit. bindings/binding.cc
// exports them from the lists in src/, so nothing here copies a code; readAbi() checks that the
// dtype table of web/dtypes.js and the core's list agree (names and element sizes) and that
// every name the JS layer uses exists, and init() fails if they do not.
import { DTYPES } from './dtypes.js';

// Filled by readAbi, each a new object (live bindings: importers see it) built in one go, which
// V8 keeps in its fast shape; the hot path reads them on every call.
export let OP_CODE = {}; //   'mul' -> code
export let STATUS = {}; //    'ok' -> code
export let MODE_CODE = {}; // 'numpy' -> code
export let ARG = {}; //       'op' -> word of the argument after SCRATCH.args
export const SCRATCH = { dimsA: 0, dimsB: 0, out: 0, row: 0, heavy: 0, outDims: 0, args: 0, probe: 0 };
export const LIMITS = { maxRank: 0 };

// The names the JS layer uses, declared by each module where it uses them, checked at init.
const REQUIRED = { op: new Set(), status: new Set(), mode: new Set(), arg: new Set() };

/** Declares names of kind 'op', 'status', 'mode' or 'arg' that a module uses. */
export function requires(kind, names) {
  for (const name of names) REQUIRED[kind].add(name);
}

// Modules that keep codes where their hot path reads them fastest (fields of their own records,
// offsets in locals) register here; readAbi calls them with the module once the tables are set.
const HOOKS = [];

/** Runs fn(module) after every successful readAbi. */
export function onAbi(fn) {
  HOOKS.push(fn);
}

/** name -> value of an Embind enum (its own keys but `values`). */
function enumValues(Enum, what) {
  if (Enum === undefined) throw new Error(`tensorwise: the wasm module exports no ${what}; it does not match this JS`);
  return Object.fromEntries(Object.keys(Enum).filter((name) => name !== 'values').map((name) => [name, Enum[name].value]));
}

function disagree(what) {
  return new Error(`tensorwise: the wasm module and the JS layer disagree: ${what} (were they built together?)`);
}

/**
 * Fills the tables above from the module, after checking that it agrees with what the JS layer
 * uses; on disagreement it throws and changes nothing.
 */
export function readAbi(m) {
  const abi = checkedAbi(m);
  // All checked: fill the tables.
  for (const name of Object.keys(DTYPES)) DTYPES[name].code = abi.dtypes[name];
  OP_CODE = abi.ops;
  STATUS = abi.statuses;
  MODE_CODE = abi.modes;
  ARG = abi.args;
  Object.assign(SCRATCH, abi.scratch);
  Object.assign(LIMITS, abi.limits);
  readFrom = m;
  for (const hook of HOOKS) hook(m);
}

// The module readAbi last read.
let readFrom = null;

/**
 * Checks that a second build (the threaded one, from the same sources) has the ABI readAbi read
 * from the first, so that every code and offset JS holds is right for both; throws if not.
 */
export function sameAbi(m) {
  const same = (Enum, codes) => Object.keys(codes).every((name) => Enum?.[name]?.value === codes[name]);
  const constants = ['MAX_RANK', 'SCRATCH_DIMS_A', 'SCRATCH_DIMS_B', 'SCRATCH_OUT', 'SCRATCH_ROW', 'SCRATCH_HEAVY',
    'SCRATCH_OUT_DIMS', 'SCRATCH_ARGS', 'SCRATCH_PROBE', ...Object.keys(DTYPES).map((name) => `ELEMENT_SIZE_${name}`)];
  if (!(same(m.Op, OP_CODE) && same(m.Status, STATUS) && same(m.BroadcastMode, MODE_CODE) && same(m.ScratchArg, ARG) &&
    Object.keys(DTYPES).every((name) => m.DType?.[name]?.value === DTYPES[name].code) &&
    constants.every((key) => m[key] === readFrom[key]))) {
    throw disagree('the two builds have different ABIs');
  }
}

// A module's ABI as plain tables, after checking it against what the JS layer uses.
function checkedAbi(m) {
  const dtypes = enumValues(m.DType, 'dtype list');
  for (const name of Object.keys(DTYPES)) {
    if (!Object.hasOwn(dtypes, name)) throw disagree(`the core has no dtype ${name}`);
    const size = m[`ELEMENT_SIZE_${name}`];
    if (size !== DTYPES[name].bytes) throw disagree(`${name} has ${size}-byte elements in the core, ${DTYPES[name].bytes} in JS`);
  }
  for (const name of Object.keys(dtypes)) if (!Object.hasOwn(DTYPES, name)) throw disagree(`JS has no dtype ${name}`);
  const [ops, statuses, modes, args] = [[m.Op, 'op', 'op'], [m.Status, 'status', 'status'],
    [m.BroadcastMode, 'mode', 'broadcast mode'], [m.ScratchArg, 'arg', 'scratch argument']].map(([Enum, kind, what]) => {
    const values = enumValues(Enum, `${what} list`);
    for (const name of REQUIRED[kind]) if (!Object.hasOwn(values, name)) throw disagree(`the core has no ${what} ${name}`);
    return values;
  });
  const scratch = {
    dimsA: m.SCRATCH_DIMS_A, dimsB: m.SCRATCH_DIMS_B, out: m.SCRATCH_OUT, row: m.SCRATCH_ROW, heavy: m.SCRATCH_HEAVY,
    outDims: m.SCRATCH_OUT_DIMS, args: m.SCRATCH_ARGS, probe: m.SCRATCH_PROBE,
  };
  const limits = { maxRank: m.MAX_RANK };
  for (const [key, value] of Object.entries({ ...scratch, ...limits })) {
    if (!Number.isInteger(value) || value <= 0) throw disagree(`${key} is ${value}`);
  }
  return { dtypes, ops, statuses, modes, args, scratch, limits };
}
