// The options of the ops and of broadcastShapes (docs/contract.md, "The API"), read once:
// unknown keys are TypeErrors, values outside their set RangeErrors.
import { MODE_CODE, onAbi, requires } from './abi.js';
import { readOut } from './arguments.js';
import { describe } from './format.js';
import { hasOwn, isArray, objectKeys, typedArrayKind } from './intrinsics.js';

// The modes an option can name; `kind` is what BroadcastError.mode says, `core` the mode's name
// in src/broadcast.h, `code` its code (from the module at init). A call's mode is a copy of one
// of these with hasAxis, axis and a label.
// 'legacy' is ONNX's opsets 1 and 6 with broadcast=1 (what spec.js runs them with).
export const MODES = {
  none: { kind: 'none', core: 'none', code: -1 },
  numpy: { kind: 'numpy', core: 'numpy', code: -1 },
  pdpd: { kind: 'pdpd', core: 'pdpd', code: -1 },
  legacy: { kind: 'legacy', core: 'onnx_legacy', code: -1 },
};
export const LEGACY = MODES.legacy;
const MODE_NAMES = Object.keys(MODES).map((name) => `'${name}'`).join(', ');
requires('mode', Object.values(MODES).map((mode) => mode.core));
onAbi(() => {
  for (const mode of Object.values(MODES)) mode.code = MODE_CODE[mode.core];
  PLAIN_MODES.clear(); // made again, with the codes
  noOptions = null;
});

/** The options every op takes; a division (ops.js) also takes DIVISION_OPTIONS. */
export const OP_OPTIONS = ['autoBroadcast', 'axis', 'out'];
export const DIVISION_OPTIONS = ['pythondiv', 'onZeroDivision'];
const DIVIDE_OPTIONS = [...OP_OPTIONS, ...DIVISION_OPTIONS];
// broadcastShapes takes every op's options (one object can serve both) and `explain`.
const SHAPE_OPTIONS = [...DIVIDE_OPTIONS, 'explain'];

export function checkAxis(axis, fn) {
  if (typeof axis !== 'number' || !Number.isInteger(axis)) {
    throw new RangeError(`${fn}: axis must be an integer, got ${describe(axis)}`);
  }
  return axis;
}

// Modes without an axis are made once, per label and name: building them (or even a string key
// for them) per call showed up in tiny-op profiles.
const PLAIN_MODES = new Map();
function plainMode(name, label) {
  let byName = PLAIN_MODES.get(label);
  if (byName === undefined) {
    byName = new Map();
    PLAIN_MODES.set(label, byName);
  }
  let mode = byName.get(name);
  if (mode === undefined) {
    mode = Object.freeze({ ...MODES[name], hasAxis: false, label: `${label} '${name}'` });
    byName.set(name, mode);
  }
  return mode;
}

/** Broadcast mode from autoBroadcast / axis (values already read), labelled as the caller wrote it. */
export function modeFrom(autoBroadcast, axis, fn, label = 'autoBroadcast', allowed = null) {
  const name = autoBroadcast ?? 'numpy';
  if (typeof name !== 'string' || !Object.hasOwn(MODES, name) || (allowed !== null && !allowed.includes(name))) {
    const names = allowed === null ? MODE_NAMES : allowed.map((n) => `'${n}'`).join(', ');
    throw new RangeError(`${fn}: ${label} must be one of ${names}, got ${describe(autoBroadcast)}`);
  }
  if (axis === undefined) return plainMode(name, label);
  if (name !== 'pdpd' && name !== 'legacy') {
    throw new TypeError(`${fn}: axis applies only to ${label} 'pdpd' or 'legacy' (it is '${name}')`);
  }
  return Object.freeze({ ...MODES[name], hasAxis: true, axis: checkAxis(axis, fn), label: `${label} '${name}'` });
}

let noOptions = null; // made on first use, after init: its mode carries the code
const defaults = () => (noOptions ??= Object.freeze({
  mode: plainMode('numpy', 'autoBroadcast'), out: null, pythondiv: true, zeroIsError: false, explain: false,
}));

/**
 * Everything an op needs from its options, each own key read once (named reads: the hot path of
 * tiny ops). broadcastShapes (`shapes`: true) takes the same keys (one options object can serve
 * both) and `explain`, but has no use for `out`: it is not read.
 */
export function readOpOptions(options, fn, divide, shapes = false) {
  if (options === undefined || options === null) return defaults();
  if (typeof options !== 'object' || isArray(options, fn, ': options') || typedArrayKind(options) !== undefined) {
    throw new TypeError(`${fn}: options must be an object, got ${describe(options)}`);
  }
  const allowed = shapes ? SHAPE_OPTIONS : divide ? DIVIDE_OPTIONS : OP_OPTIONS;
  const keys = objectKeys(options);
  for (let i = 0; i < keys.length; ++i) if (!allowed.includes(keys[i])) unknownOption(keys[i], allowed, fn);
  const hasMode = hasOwn(options, 'autoBroadcast');
  const hasAxis = hasOwn(options, 'axis');
  const hasOut = hasOwn(options, 'out');
  const hasPythondiv = divide && hasOwn(options, 'pythondiv');
  const hasZero = divide && hasOwn(options, 'onZeroDivision');
  const autoBroadcast = hasMode ? options.autoBroadcast : undefined;
  const axis = hasAxis ? options.axis : undefined;
  const out = hasOut ? options.out : undefined;
  const pythondivValue = hasPythondiv ? options.pythondiv : undefined;
  const zeroValue = hasZero ? options.onZeroDivision : undefined;
  const explainValue = shapes && hasOwn(options, 'explain') ? options.explain : undefined;
  const mode = autoBroadcast === undefined && axis === undefined ? defaults().mode : modeFrom(autoBroadcast, axis, fn);
  if (explainValue !== undefined && typeof explainValue !== 'boolean') {
    throw new RangeError(`${fn}: explain must be true or false, got ${describe(explainValue)}`);
  }
  let pythondiv = true;
  let zeroIsError = false;
  if (pythondivValue !== undefined) {
    if (typeof pythondivValue !== 'boolean') {
      throw new RangeError(`${fn}: pythondiv must be true or false, got ${describe(pythondivValue)}`);
    }
    pythondiv = pythondivValue;
  }
  if (zeroValue !== undefined) {
    if (zeroValue !== 'zero' && zeroValue !== 'error') {
      throw new RangeError(`${fn}: onZeroDivision must be 'zero' or 'error', got ${describe(zeroValue)}`);
    }
    zeroIsError = zeroValue === 'error';
  }
  return { mode, out: shapes ? null : readOut(out, fn), pythondiv, zeroIsError, explain: explainValue === true };
}

function unknownOption(key, allowed, fn) {
  throw new TypeError(`${fn}: unknown option ${JSON.stringify(key)} (it takes ${allowed.join(', ')})`);
}
