// The core's ABI, read from the loaded module at init(): the codes of the dtypes, ops, statuses
// and broadcast modes by name, the scratch layout and the rank limit. bindings/binding.cc
// exports them from the lists in src/, so nothing here copies a code; readAbi() checks that the
// dtype table of web/dtypes.js and the core's list agree (names and element sizes) and that
// every name the JS layer uses exists, and init() fails if they do not.
import { DTYPES } from './dtypes.js';

export const OP_CODE = Object.create(null); //  'mul' -> code
export const STATUS = Object.create(null); //   'ok' -> code
export const MODE_CODE = Object.create(null); // 'numpy' -> code
export const ARG = Object.create(null); //      'op' -> word of the argument after SCRATCH.args
export const SCRATCH = { dimsA: 0, dimsB: 0, out: 0, outDims: 0, args: 0 };
export const LIMITS = { maxRank: 0 };

// The names the JS layer uses, declared by each module where it uses them, checked at init.
const REQUIRED = { op: new Set(), status: new Set(), mode: new Set(), arg: new Set() };

/** Declares names of kind 'op', 'status', 'mode' or 'arg' that a module uses. */
export function requires(kind, names) {
  for (const name of names) REQUIRED[kind].add(name);
}

/** name -> value of an Embind enum (its own keys but `values`). */
function enumValues(Enum, what) {
  if (Enum === undefined) throw new Error(`tensorwise: the wasm module exports no ${what}; it does not match this JS`);
  const out = Object.create(null);
  for (const name of Object.keys(Enum)) if (name !== 'values') out[name] = Enum[name].value;
  return out;
}

function disagree(what) {
  return new Error(`tensorwise: the wasm module and the JS layer disagree: ${what} (were they built together?)`);
}

/**
 * Fills the tables above from the module, after checking that it agrees with what the JS layer
 * uses; on disagreement it throws and changes nothing.
 */
export function readAbi(m) {
  const dtypes = enumValues(m.DType, 'dtype list');
  for (const name of Object.keys(DTYPES)) {
    if (!(name in dtypes)) throw disagree(`the core has no dtype ${name}`);
    if (m.elementSize(dtypes[name]) !== DTYPES[name].bytes) {
      throw disagree(`${name} has ${m.elementSize(dtypes[name])}-byte elements in the core, ${DTYPES[name].bytes} in JS`);
    }
  }
  for (const name of Object.keys(dtypes)) if (!(name in DTYPES)) throw disagree(`JS has no dtype ${name}`);
  const tables = [[OP_CODE, m.Op, 'op', 'op'], [STATUS, m.Status, 'status', 'status'],
    [MODE_CODE, m.BroadcastMode, 'mode', 'broadcast mode'], [ARG, m.ScratchArg, 'arg', 'scratch argument']];
  const read = tables.map(([, Enum, kind, what]) => {
    const values = enumValues(Enum, `${what} list`);
    for (const name of REQUIRED[kind]) if (!(name in values)) throw disagree(`the core has no ${what} ${name}`);
    return values;
  });
  const scratch = {
    dimsA: m.SCRATCH_DIMS_A, dimsB: m.SCRATCH_DIMS_B, out: m.SCRATCH_OUT, outDims: m.SCRATCH_OUT_DIMS, args: m.SCRATCH_ARGS,
  };
  const limits = { maxRank: m.MAX_RANK };
  for (const [key, value] of Object.entries({ ...scratch, ...limits })) {
    if (!Number.isInteger(value) || value <= 0) throw disagree(`${key} is ${value}`);
  }
  // All checked: fill the tables.
  for (const name of Object.keys(DTYPES)) DTYPES[name].code = dtypes[name];
  tables.forEach(([table], i) => {
    for (const name of Object.keys(table)) delete table[name];
    Object.assign(table, read[i]);
  });
  Object.assign(SCRATCH, scratch);
  Object.assign(LIMITS, limits);
}
