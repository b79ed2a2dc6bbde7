// The options of the ops and of broadcastShapes (docs/contract.md, "The API"), read once:
// unknown keys are TypeErrors, values outside their set RangeErrors.
import { MODE_CODE, onAbi, requires } from '../module/abi.js';
import { readOut } from './arguments.js';
import { dtypeInfo } from '../dtypes/dtypes.js';
import { describe } from '../format.js';
import { isList, notAnObject, ownKeys, ownValue, readRecord, unknownKey } from '../records.js';

// The modes an option can name; `kind` is what BroadcastError.mode says, `core` the mode's name
// in src/broadcast.h, `code` its code (from the module at init). A call's mode is a copy of one
// of these with hasAxis, axis and a label.
// 'legacy' is ONNX's opsets 1 and 6 with broadcast=1 (what spec.js runs them with).
const mode = (kind, core = kind) => ({ kind, core, code: -1 });
export const MODES = { none: mode('none'), numpy: mode('numpy'), pdpd: mode('pdpd'), legacy: mode('legacy', 'onnx_legacy') };
/** A call's mode: a copy of MODES[name] with its axis (undefined: none) and its label. */
export const modeOf = (name, axis, label) => ({ ...MODES[name], hasAxis: axis !== undefined, axis, label });
const MODE_NAMES = Object.keys(MODES).map((name) => `'${name}'`).join(', ');
requires('mode', Object.values(MODES).map((mode) => mode.core));
onAbi(() => {
  for (const mode of Object.values(MODES)) mode.code = MODE_CODE[mode.core];
  PLAIN_MODES = { __proto__: null }; // made again, with the codes
  noOptions = null;
});

/**
 * The options every op takes; an op that divides (ops.js) also takes onZeroDivision, and one
 * with a floor twin pythondiv.
 */
export const OP_OPTIONS = ['autoBroadcast', 'axis', 'out', 'dtype'];
export const DIVISION_OPTIONS = ['pythondiv', 'onZeroDivision'];
const DIVIDE_OPTIONS = [...OP_OPTIONS, ...DIVISION_OPTIONS];
const REMAINDER_OPTIONS = [...OP_OPTIONS, 'onZeroDivision'];
// A unary op has nothing to broadcast.
const UNARY_OPTIONS = ['out', 'dtype'];
// broadcastShapes takes every op's options (one object can serve both), `explain` and `dynamic`.
const SHAPE_OPTIONS = [...DIVIDE_OPTIONS, 'explain', 'dynamic'];
// expr() takes what applies to a whole expression (its calls take `out`).
const EXPR_OPTIONS = ['dtype', 'autoBroadcast', ...DIVISION_OPTIONS];

export function checkAxis(axis, fn) {
  if (typeof axis !== 'number' || !Number.isInteger(axis)) {
    throw new RangeError(`${fn}: axis must be an integer, got ${describe(axis)}`);
  }
  return axis;
}

// Modes without an axis are made once, per label and name: building them (or even a string key
// for them) per call showed up in tiny-op profiles. (Null-prototype tables: the label is the
// library's, the name one of MODES.)
let PLAIN_MODES = { __proto__: null };
const plainMode = (name, label) =>
  ((PLAIN_MODES[label] ??= { __proto__: null })[name] ??= Object.freeze(modeOf(name, undefined, `${label} '${name}'`)));

/**
 * Broadcast mode from autoBroadcast / axis (values already read), labelled as the caller wrote it.
 * Only undefined is absent: null is a value like any other, outside the set (a RangeError), so
 * that `{ autoBroadcast: null }` is not silently numpy while `{ pythondiv: null }` throws.
 */
export function modeFrom(autoBroadcast, axis, fn, label = 'autoBroadcast', allowed = null) {
  const name = autoBroadcast === undefined ? 'numpy' : autoBroadcast;
  if (typeof name !== 'string' || !Object.hasOwn(MODES, name) || (allowed !== null && !allowed.includes(name))) {
    const names = allowed === null ? MODE_NAMES : allowed.map((n) => `'${n}'`).join(', ');
    throw new RangeError(`${fn}: ${label} must be one of ${names}, got ${describe(autoBroadcast)}`);
  }
  if (axis === undefined) return plainMode(name, label);
  // The value first: an axis that is no integer (null too) is a RangeError in every mode; a good
  // one given to a mode without an axis is the TypeError below.
  checkAxis(axis, fn);
  if (name !== 'pdpd' && name !== 'legacy') {
    throw new TypeError(`${fn}: axis applies only to ${label} 'pdpd' or 'legacy' (it is '${name}')`);
  }
  return Object.freeze(modeOf(name, axis, `${label} '${name}'`));
}

let noOptions = null; // made on first use, after init: its mode carries the code
const defaults = () => (noOptions ??= Object.freeze({
  mode: plainMode('numpy', 'autoBroadcast'), out: null, pythondiv: true, zeroIsError: false, explain: false, dynamic: false,
  dtype: null,
}));

// Each option's bit, for the set of options present (a switch: no lookup in an object keyed by
// caller strings).
function optionBit(name) {
  switch (name) {
    case 'autoBroadcast': return 1;
    case 'axis': return 2;
    case 'out': return 4;
    case 'pythondiv': return 8;
    case 'onZeroDivision': return 16;
    case 'explain': return 32;
    case 'dynamic': return 64;
    case 'dtype': return 128;
    default: return 0;
  }
}
// What each kind of call takes: its options and their bits.
const takes = (names) => ({ names, bits: names.reduce((bits, name) => bits | optionBit(name), 0) });
const TAKES = {
  op: takes(OP_OPTIONS), unary: takes(UNARY_OPTIONS), divide: takes(DIVIDE_OPTIONS), remainder: takes(REMAINDER_OPTIONS),
  shapes: takes(SHAPE_OPTIONS),
};

/**
 * Everything an op needs from its options, each key read once (`dtype`: the record of the dtype to
 * compute in, or null). The options are the object's own
 * enumerable keys (as `{ ...options }` copies them, and as records.js reads every other
 * options-like object), listed once: an `out` alone, the common case, costs the list and one
 * read, not a check per option. A key the call does not take is a TypeError, before any value is
 * read. An option whose value is undefined is absent; any other value is checked (null is no
 * default). broadcastShapes (`shapes`: true) takes the same keys (one options object can serve
 * both), `explain` and `dynamic`; it checks `out` as an op would but has no use for it.
 */
export function readOpOptions(options, fn, op, shapes = false) {
  return readOptions(options, fn, shapes ? TAKES.shapes : op.arity === 1 ? TAKES.unary : op.floors ? TAKES.divide : op.divides ? TAKES.remainder : TAKES.op);
}

/**
 * expr()'s options, their values read once now (own keys; an unknown one is a TypeError): expr()
 * may be called before init(), and what they mean is settled by exprOptions once it has resolved.
 */
export const readExprOptionValues = (options, fn) => readRecord(options, EXPR_OPTIONS, fn);

/**
 * What expr()'s option values mean: { mode, pythondiv, zeroIsError, dtype } as the ops' options
 * are read; the mode numpy's or none: pdpd and legacy are rules for two operands, a TypeError here.
 */
export function exprOptions(v, fn) {
  const mode = v.autoBroadcast === undefined ? defaults().mode : modeFrom(v.autoBroadcast, undefined, fn);
  if (mode.kind !== 'numpy' && mode.kind !== 'none') {
    throw new TypeError(`${fn}: autoBroadcast '${mode.kind}' broadcasts two operands; an expression takes 'numpy' or 'none'`);
  }
  return {
    mode, pythondiv: flag(v.pythondiv, 'pythondiv', fn, true), zeroIsError: zeroIsErrorOf(v.onZeroDivision, fn),
    dtype: v.dtype === undefined ? null : dtypeInfo(v.dtype, `${fn}: dtype`),
  };
}

// onZeroDivision's value (undefined: 'zero'): whether an integer x / 0 is an error.
function zeroIsErrorOf(value, fn) {
  if (value !== undefined && value !== 'zero' && value !== 'error') {
    throw new RangeError(`${fn}: onZeroDivision must be 'zero' or 'error', got ${describe(value)}`);
  }
  return value === 'error';
}

function readOptions(options, fn, takes) {
  if (options === undefined || options === null) return defaults();
  if (typeof options !== 'object') throw notAnObject(options, fn, 'option');
  const names = ownKeys(options, fn, 'options');
  const shapes = takes === TAKES.shapes;
  let present = 0;
  for (let i = 0; i < names.length; ++i) {
    const bit = optionBit(names[i]) & takes.bits;
    if (bit === 0) notAnOption(options, names[i], fn, takes);
    present |= bit;
  }
  // An array or typed array with elements has keys no call takes; an empty one has none.
  if (names.length === 0 && isList(options, fn, 'option')) throw notAnObject(options, fn, 'option');
  // Each as it is when read (records.js): one an earlier getter deleted is absent.
  const autoBroadcast = present & 1 ? ownValue(options, 'autoBroadcast') : undefined;
  const axis = present & 2 ? ownValue(options, 'axis') : undefined;
  const out = present & 4 ? ownValue(options, 'out') : undefined;
  const pythondivValue = present & 8 ? ownValue(options, 'pythondiv') : undefined;
  const zeroValue = present & 16 ? ownValue(options, 'onZeroDivision') : undefined;
  const explainValue = present & 32 ? ownValue(options, 'explain') : undefined;
  const dynamicValue = present & 64 ? ownValue(options, 'dynamic') : undefined;
  const dtypeValue = present & 128 ? ownValue(options, 'dtype') : undefined;
  const mode = autoBroadcast === undefined && axis === undefined ? defaults().mode : modeFrom(autoBroadcast, axis, fn);
  const explain = flag(explainValue, 'explain', fn, false);
  const dynamic = flag(dynamicValue, 'dynamic', fn, false);
  const pythondiv = flag(pythondivValue, 'pythondiv', fn, true);
  const zeroIsError = zeroIsErrorOf(zeroValue, fn);
  // The dtype to compute in (operands cast to it: call.js); broadcastShapes checks it, and ignores it.
  const dtype = dtypeValue === undefined ? null : dtypeInfo(dtypeValue, `${fn}: dtype`);
  // broadcastShapes checks `out` as the ops do (a typed array or a live wasm tensor), and ignores it.
  const outRecord = readOut(out, fn);
  return {
    mode, out: shapes ? null : outRecord, pythondiv, zeroIsError, explain, dynamic, dtype,
  };
}

// A boolean option's value (undefined: its default).
function flag(value, name, fn, byDefault) {
  if (value === undefined) return byDefault;
  if (typeof value !== 'boolean') throw new RangeError(`${fn}: ${name} must be true or false, got ${describe(value)}`);
  return value;
}

// A key the call does not take: an array or typed array given as options is said so, anything
// else is an unknown option.
function notAnOption(options, name, fn, takes) {
  if (isList(options, fn, 'option')) throw notAnObject(options, fn, 'option');
  throw unknownKey(name, takes.names, fn, 'option');
}
