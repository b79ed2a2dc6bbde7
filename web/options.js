// The options of multiply / divide / broadcastShapes (SPEC §4), read once: unknown keys are
// TypeErrors, values outside their set RangeErrors.
import { requires } from './abi.js';
import { readOut } from './arguments.js';
import { readRecord } from './records.js';
import { describe } from './format.js';

// The modes an option can name; `kind` is what BroadcastError.mode says, `core` the mode's name
// in src/broadcast.h (its code comes from the module, abi.js).
export const MODES = {
  none: { kind: 'none', core: 'none' },
  numpy: { kind: 'numpy', core: 'numpy' },
  pdpd: { kind: 'pdpd', core: 'pdpd' },
};
/** ONNX Mul/Div 1 and 6 with broadcast=1 (spec.js). */
export const LEGACY = { kind: 'legacy', core: 'onnx_legacy' };
requires('mode', [...Object.values(MODES), LEGACY].map((mode) => mode.core));

/** The options every op takes; a division (ops.js) also takes DIVISION_OPTIONS. */
export const OP_OPTIONS = ['autoBroadcast', 'axis', 'out'];
export const DIVISION_OPTIONS = ['pythondiv', 'onZeroDivision'];
const DIVIDE_OPTIONS = [...OP_OPTIONS, ...DIVISION_OPTIONS];

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
export function modeFrom(autoBroadcast, axis, fn, label = 'autoBroadcast') {
  const name = autoBroadcast ?? 'numpy';
  if (typeof name !== 'string' || !Object.hasOwn(MODES, name)) {
    throw new RangeError(`${fn}: ${label} must be 'numpy', 'none' or 'pdpd', got ${describe(autoBroadcast)}`);
  }
  if (axis === undefined) return plainMode(name, label);
  if (name !== 'pdpd') throw new TypeError(`${fn}: axis applies only to ${label} 'pdpd' (it is '${name}')`);
  return Object.freeze({ ...MODES[name], hasAxis: true, axis: checkAxis(axis, fn), label: `${label} '${name}'` });
}

const NO_OPTIONS = Object.freeze({ mode: plainMode('numpy', 'autoBroadcast'), out: null, pythondiv: true, zeroIsError: false });

/**
 * Everything multiply/divide need from their options, each own key read once. broadcastShapes
 * takes the same keys (one options object can serve both) but has no use for `out`: it is not
 * read.
 */
export function readOpOptions(options, fn, divide, useOut = true) {
  if (options === undefined || options === null) return NO_OPTIONS;
  const o = readRecord(options, divide ? DIVIDE_OPTIONS : OP_OPTIONS, fn);
  const mode = o.autoBroadcast === undefined && o.axis === undefined ? NO_OPTIONS.mode : modeFrom(o.autoBroadcast, o.axis, fn);
  let pythondiv = true;
  let zeroIsError = false;
  if (divide) {
    if (o.pythondiv !== undefined) {
      if (typeof o.pythondiv !== 'boolean') {
        throw new RangeError(`${fn}: pythondiv must be true or false, got ${describe(o.pythondiv)}`);
      }
      pythondiv = o.pythondiv;
    }
    if (o.onZeroDivision !== undefined) {
      if (o.onZeroDivision !== 'zero' && o.onZeroDivision !== 'error') {
        throw new RangeError(`${fn}: onZeroDivision must be 'zero' or 'error', got ${describe(o.onZeroDivision)}`);
      }
      zeroIsError = o.onZeroDivision === 'error';
    }
  }
  return { mode, out: useOut ? readOut(o.out, fn) : null, pythondiv, zeroIsError };
}
