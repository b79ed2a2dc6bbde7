// The spec-level entry points (docs/contract.md, "ONNX and OpenVINO") of an op descriptor
// (ops.js): ONNX's by opset, OpenVINO's with the IR's attribute names. Attributes are read once,
// like every argument (arguments.js).
import { readOperand } from '../arguments/arguments.js';
import { callOp } from './call.js';
import { DTYPE_NAMES } from '../dtypes/dtypes.js';
import { describe } from '../arguments/format.js';
import { isArray } from '../intrinsics.js';
import { enter } from '../module/loader.js';
import { ONNX_OPERATORS } from './onnx-operators.js';
import { LEGACY, MODES, checkAxis, modeFrom } from '../arguments/options.js';
import { readRecord } from '../arguments/records.js';

// ---- ONNX ------------------------------------------------------------------------------------

const typesOf = (version) => DTYPE_NAMES.filter((name) => version.types.includes(name)); // in the core's order
const ONNX_INPUTS = ['input A', 'input B'];

// The version of an operator (its versions, newest first) that an opset uses: the latest at or below it.
function onnxVersion(versions, opset, fn) {
  if (typeof opset !== 'number' || !Number.isInteger(opset) || opset < 1) {
    throw new RangeError(`${fn}: opset must be an integer of at least 1, got ${describe(opset)}`);
  }
  return versions.find((v) => v.since <= opset);
}

// Legacy broadcasting (versions 1 and 6): broadcast and axis. Only an attribute that is undefined
// is absent (null is a bad value, as for every option); axis is checked even where broadcast=0
// ignores it.
function onnxMode(version, attrs, name) {
  const label = `ONNX ${name}-${version.since}`;
  if (version.broadcast === 'numpy') return { ...MODES.numpy, hasAxis: false, label: `${label} (numpy broadcasting)` };
  const broadcast = attrs.broadcast === undefined ? 0 : attrs.broadcast;
  if (broadcast !== 0 && broadcast !== 1 && broadcast !== false && broadcast !== true) {
    throw new RangeError(`${label}: attribute broadcast must be 0 or 1, got ${describe(broadcast)}`);
  }
  const axis = attrs.axis === undefined ? undefined : checkAxis(attrs.axis, label);
  if (version.attributes.includes('consumed_inputs')) checkConsumedInputs(attrs.consumed_inputs, label);
  if (!broadcast) return { ...MODES.none, hasAxis: false, label: `${label} with broadcast=0` };
  const mode = { ...LEGACY, hasAxis: axis !== undefined, label: `${label} with broadcast=1` };
  if (axis !== undefined) mode.axis = axis;
  return mode;
}

// Opset 1's consumed_inputs (a list of ints, a hint for in-place execution) has no effect here,
// but a value that is no list is refused as any bad attribute is; its elements are not read.
function checkConsumedInputs(value, label) {
  if (value !== undefined && !isArray(value, `${label}: attribute consumed_inputs`)) {
    throw new RangeError(`${label}: attribute consumed_inputs must be an array of integers (it is ignored), got ${describe(value)}`);
  }
}

/** onnx.<Name>(a, b, attributes?, opset = 14); integer division truncates toward zero (the ONNX reference, onnxruntime). */
export function onnxEntry(d) {
  const fn = `onnx.${d.onnx}`;
  const versions = ONNX_OPERATORS[d.onnx];
  return function onnxOp(a, b, attributes, opset = 14) {
    enter();
    const version = onnxVersion(versions, opset, fn);
    const attrs = readRecord(attributes, version.attributes, `${fn} (opset ${opset}, ${d.onnx}-${version.since})`, 'attribute');
    const mode = onnxMode(version, attrs, d.onnx);
    const A = readOperand(a, `${fn}: ${ONNX_INPUTS[0]}`);
    const B = readOperand(b, `${fn}: ${ONNX_INPUTS[1]}`);
    const types = (dtype) => {
      if (!version.types.includes(dtype)) {
        throw new TypeError(`${fn}: ${d.onnx}-${version.since} (opset ${opset}) does not take ${dtype}; ` +
          `its types are ${typesOf(version).join(', ')}`);
      }
    };
    return callOp(fn, d, false, false, mode, null, A, B, ONNX_INPUTS, types, null);
  };
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
const IR_DIVISION_ATTRIBUTES = [...IR_ATTRIBUTES, 'm_pythondiv', 'pythondiv'];
const IR_MODES = ['none', 'numpy', 'pdpd'];

// An IR layer's attributes for the op d, read once: { mode, pythondiv }.
function irAttributes(d, attributes, fn) {
  const attrs = readRecord(attributes, d.divides ? IR_DIVISION_ATTRIBUTES : IR_ATTRIBUTES, fn, 'attribute');
  const axis = attrs.axis === undefined ? undefined : irAxis(attrs.axis, fn);
  const mode = modeFrom(irString(attrs.auto_broadcast), axis, fn, 'auto_broadcast', IR_MODES);
  let pythondiv = true; // Divide-1's default
  if (d.divides) {
    const given = ['m_pythondiv', 'pythondiv'].filter((k) => attrs[k] !== undefined).map((k) => irBool(attrs[k], k, fn));
    if (given.length === 2 && given[0] !== given[1]) throw new RangeError(`${fn}: m_pythondiv and pythondiv disagree`);
    if (given.length) pythondiv = given[0];
  }
  return { mode, pythondiv };
}

/** openvino.<Name>(a, b, attributes?): auto_broadcast, axis, and for a division m_pythondiv (or pythondiv). */
export function openvinoEntry(d) {
  const fn = `openvino.${d.openvino}`;
  return function openvinoOp(a, b, attributes) {
    enter();
    const { mode, pythondiv } = irAttributes(d, attributes, fn);
    const A = readOperand(a, `${fn}: ${IR_INPUTS[0]}`);
    const B = readOperand(b, `${fn}: ${IR_INPUTS[1]}`);
    return callOp(fn, d, d.divides && pythondiv, false, mode, null, A, B, IR_INPUTS, null, null);
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
