// The spec-level entry points (docs/contract.md, "ONNX and OpenVINO") of an op descriptor
// (ops.js): ONNX's by opset, OpenVINO's with the IR's attribute names. Attributes are read once,
// like every argument (arguments.js).
import { readOperand } from '../arguments/arguments.js';
import { callOp, callVariadic } from './call.js';
import { DTYPES, DTYPE_NAMES } from '../dtypes/dtypes.js';
import { describe } from '../format.js';
import { isArray } from '../intrinsics.js';
import { LIMITS } from '../module/abi.js';
import { enter } from '../lifecycle.js';
import { ONNX_DEFAULT_OPSET, ONNX_OPERATORS } from './onnx-operators.js';
import { MODES, checkAxis, modeFrom, modeOf } from '../arguments/options.js';
import { ownValue, readRecord } from '../records.js';

// ---- ONNX ------------------------------------------------------------------------------------

const typesOf = (version) => DTYPE_NAMES.filter((name) => version.types.includes(name)); // in the core's order
const ONNX_INPUTS = ['input A', 'input B'];
const ONNX_INPUT = ['input'];

// The version of an operator (its versions, newest first) that an opset uses: the latest at or
// below it (a RangeError where the operator came later).
function onnxVersion(name, versions, opset, fn) {
  if (typeof opset !== 'number' || !Number.isInteger(opset) || opset < 1) {
    throw new RangeError(`${fn}: opset must be an integer of at least 1, got ${describe(opset)}`);
  }
  const version = versions.find((v) => v.since <= opset);
  if (version === undefined) {
    throw new RangeError(`${fn}: opset ${opset} has no ${name}; its versions came in opsets ${versions.map((v) => v.since).reverse().join(', ')}`);
  }
  return version;
}

// Legacy broadcasting (versions 1 and 6): broadcast and axis. Only an attribute that is undefined
// is absent (null is a bad value, as for every option); axis is checked even where broadcast=0
// ignores it.
function onnxMode(version, attrs, name) {
  const label = `ONNX ${name}-${version.since}`;
  if (version.broadcast === 'numpy') return modeOf('numpy', undefined, `${label} (numpy broadcasting)`);
  if (version.broadcast === 'none') return modeOf('none', undefined, `${label} (one shape for all inputs)`);
  const broadcast = flagAttribute(attrs.broadcast, 'broadcast', label);
  const axis = attrs.axis === undefined ? undefined : checkAxis(attrs.axis, label);
  if (version.attributes.includes('consumed_inputs')) checkConsumedInputs(attrs.consumed_inputs, label);
  if (!broadcast) return modeOf('none', undefined, `${label} with broadcast=0`);
  return modeOf('legacy', axis, `${label} with broadcast=1`);
}

// Opset 1's consumed_inputs (a list of ints, a hint for in-place execution) has no effect here,
// but a value that is no list is refused as any bad attribute is; its elements are not read.
function checkConsumedInputs(value, label) {
  if (value !== undefined && !isArray(value, `${label}: attribute consumed_inputs`)) {
    throw new RangeError(`${label}: attribute consumed_inputs must be an array of integers (it is ignored), got ${describe(value)}`);
  }
}

/**
 * An ONNX attribute of type INT that is 0 or 1 (broadcast, Mod's fmod; absent: 0), by one rule
 * for all of them: the number 0 or 1, nothing else (a boolean, a string or null is a RangeError,
 * as any value outside an attribute's set is).
 */
function flagAttribute(value, name, label) {
  if (value === undefined) return 0;
  if (value !== 0 && value !== 1) throw new RangeError(`${label}: attribute ${name} must be 0 or 1, got ${describe(value)}`);
  return value;
}

/**
 * onnx.<Name>(a, b, attributes?, opset = ONNX_DEFAULT_OPSET), or for a unary operator
 * onnx.<Name>(x, attributes?, opset), or for a variadic one (Max, Min) onnx.<Name>(inputs,
 * attributes?, opset) with `inputs` an array of one operand or more; integer division truncates
 * toward zero (the ONNX reference, onnxruntime).
 */
export function onnxEntry(name, opsByName) {
  const fn = `onnx.${name}`;
  const operator = ONNX_OPERATORS[name];
  const one = operator.variadic || (operator.op !== null && opsByName[operator.op].arity === 1);
  // The call: its attributes read (the opset's version of the operator says which), then its
  // input (a variadic operator's list of them, a unary one's operand) or inputs.
  const run = (attributes, opset, a, b) => {
    enter();
    const version = onnxVersion(name, operator.versions, opset, fn);
    const attrs = readRecord(attributes, version.attributes, `${fn} (opset ${opset}, ${name}-${version.since})`, 'attribute');
    const mode = onnxMode(version, attrs, name);
    // Mod's fmod picks the op: 0 numpy's mod (integers only), 1 C's fmod.
    const fmod = operator.byFmod === null ? 1 : flagAttribute(attrs.fmod, 'fmod', `${fn} (opset ${opset})`);
    const d = opsByName[operator.byFmod === null ? operator.op : operator.byFmod[fmod]];
    const types = (dtype) => {
      if (!version.types.includes(dtype)) {
        throw new TypeError(`${fn}: ${name}-${version.since} (opset ${opset}) does not take ${dtype}; ` +
          `its types are ${typesOf(version).join(', ')}`);
      }
      if (fmod === 0 && !DTYPES[dtype].integer) throw new TypeError(`${fn}: fmod 0 (the divisor's sign) takes integers only; give fmod: 1 for ${dtype}`);
    };
    if (operator.variadic) return callVariadic(fn, d, readInputList(a, fn), mode, types);
    return runOp(fn, d, false, mode, one ? ONNX_INPUT : ONNX_INPUTS, types, a, b);
  };
  if (one) return function onnxOp(x, attributes, opset = ONNX_DEFAULT_OPSET) { return run(attributes, opset, x); };
  return function onnxOp(a, b, attributes, opset = ONNX_DEFAULT_OPSET) { return run(attributes, opset, a, b); };
}

/**
 * Reads the operands, x (d of arity 1) or a then b (`names` name them), and runs the op d on them
 * with no out and no dtype option: the ONNX and OpenVINO forms' call once their attributes are read.
 */
function runOp(fn, d, floor, mode, names, types, a, b) {
  const A = readOperand(a, `${fn}: ${names[0]}`);
  const B = d.arity === 1 ? null : readOperand(b, `${fn}: ${names[1]}`);
  return callOp(fn, d, floor, false, mode, null, A, B, names, types, null);
}

// A variadic operator's inputs: an array of one operand or more (at most a program's inputs),
// its length and each own element read once.
function readInputList(inputs, fn) {
  if (!isArray(inputs, fn, ': inputs')) throw new TypeError(`${fn}: inputs must be an array of operands, got ${describe(inputs)}`);
  const n = inputs.length;
  if (typeof n !== 'number' || !(n >= 1 && n <= LIMITS.maxInputs)) {
    throw new RangeError(`${fn}: inputs must hold 1 to ${LIMITS.maxInputs} operands, got ${describe(n)}`);
  }
  const read = new Array(n);
  for (let i = 0; i < n; ++i) read[i] = readOperand(ownValue(inputs, i), `${fn}: input ${i}`);
  return read;
}

// ---- OpenVINO --------------------------------------------------------------------------------

const IR_INPUTS = ['input 1', 'input 2'];

function irString(v) {
  return typeof v === 'string' ? v.trim().toLowerCase() : v;
}

function irAxis(v, fn) {
  if (typeof v === 'string' && /^\s*[-+]?\d+\s*$/.test(v)) return Number(v);
  return checkAxis(v, fn);
}

function irBool(v, name, fn) {
  const s = irString(v);
  if (s === true || s === 1 || s === 'true' || s === '1') return true;
  if (s === false || s === 0 || s === 'false' || s === '0') return false;
  throw new RangeError(`${fn}: ${name} must be true or false (or "true"/"false"/"1"/"0"), got ${describe(v)}`);
}

const IR_ATTRIBUTES = ['auto_broadcast', 'axis'];
const IR_NO_ATTRIBUTES = [];
const IR_DIVISION_ATTRIBUTES = [...IR_ATTRIBUTES, 'm_pythondiv', 'pythondiv'];
const IR_MODES = ['none', 'numpy', 'pdpd'];

// An IR layer's attributes for the op d, read once: { mode, pythondiv }.
function irAttributes(d, attributes, fn) {
  if (d.arity === 1) { // a unary operation has no attributes
    readRecord(attributes, IR_NO_ATTRIBUTES, fn, 'attribute');
    return { mode: MODES.numpy, pythondiv: true };
  }
  const attrs = readRecord(attributes, d.floors ? IR_DIVISION_ATTRIBUTES : IR_ATTRIBUTES, fn, 'attribute');
  const axis = attrs.axis === undefined ? undefined : irAxis(attrs.axis, fn);
  const mode = modeFrom(irString(attrs.auto_broadcast), axis, fn, 'auto_broadcast', IR_MODES);
  let pythondiv = true; // Divide-1's default
  if (d.floors) {
    const given = ['m_pythondiv', 'pythondiv'].filter((k) => attrs[k] !== undefined).map((k) => irBool(attrs[k], k, fn));
    if (given.length === 2 && given[0] !== given[1]) throw new RangeError(`${fn}: m_pythondiv and pythondiv disagree`);
    if (given.length) pythondiv = given[0];
  }
  return { mode, pythondiv };
}

/**
 * openvino.<Name>(a, b, attributes?): auto_broadcast, axis, and for a division m_pythondiv (or
 * pythondiv); a unary operation's openvino.<Name>(x, attributes?) takes none.
 */
export function openvinoEntry(d) {
  const fn = `openvino.${d.openvino}`;
  if (d.arity === 1) {
    return function openvinoOp(x, attributes) {
      enter();
      return runOp(fn, d, false, irAttributes(d, attributes, fn).mode, IR_INPUTS, null, x);
    };
  }
  return function openvinoOp(a, b, attributes) {
    enter();
    const { mode, pythondiv } = irAttributes(d, attributes, fn);
    return runOp(fn, d, pythondiv, mode, IR_INPUTS, null, a, b);
  };
}

/**
 * What an IR layer of `type` (an OpenVINO operation, 'Multiply', ...) with these attributes
 * asks for, read as openvino.<type> reads them (the same errors): { op, autoBroadcast, axis,
 * pythondiv } with op the public function's name; axis undefined where none is given.
 */
export function readIrAttributes(opsByName, type, attributes) {
  const fn = 'openvino.readAttributes';
  enter();
  const d = Object.values(opsByName).find((x) => x.openvino === type);
  if (d === undefined) {
    const known = Object.values(opsByName).map((x) => x.openvino).join(', ');
    throw new TypeError(`${fn}: unknown operation ${describe(type)}; the operations are ${known}`);
  }
  const { mode, pythondiv } = irAttributes(d, attributes, `openvino.${d.openvino}`);
  return { op: d.name, autoBroadcast: mode.kind, axis: mode.hasAxis ? mode.axis : undefined, pythondiv };
}
