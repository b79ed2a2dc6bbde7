// The spec-level entry points (SPEC §5) of an op descriptor (ops.js): ONNX's by opset, OpenVINO's
// with the IR's attribute names. Attributes are read once, like every argument (arguments.js).
import { readOperand } from './arguments.js';
import { callOp } from './call.js';
import { describe } from './format.js';
import { enter } from './loader.js';
import { LEGACY, MODES, checkAxis, modeFrom } from './options.js';
import { readRecord } from './records.js';

// ---- ONNX ------------------------------------------------------------------------------------

// The type constraints of the arithmetic ops (Add, Sub, Mul, Div share them) by version.
const V1_TYPES = ['float16', 'float32', 'float64'];
const V6_TYPES = [...V1_TYPES, 'int32', 'int64', 'uint32', 'uint64'];
const V13_TYPES = [...V6_TYPES, 'bfloat16'];
const V14_TYPES = [...V13_TYPES, 'int8', 'int16', 'uint8', 'uint16'];

const ONNX_VERSIONS = [
  { since: 14, types: V14_TYPES, attributes: [] },
  { since: 13, types: V13_TYPES, attributes: [] },
  { since: 7, types: V6_TYPES, attributes: [] },
  { since: 6, types: V6_TYPES, attributes: ['broadcast', 'axis'] },
  { since: 1, types: V1_TYPES, attributes: ['broadcast', 'axis', 'consumed_inputs'] },
];
const ONNX_INPUTS = ['input A', 'input B'];

function onnxVersion(opset, fn) {
  if (typeof opset !== 'number' || !Number.isInteger(opset) || opset < 1) {
    throw new RangeError(`${fn}: opset must be an integer of at least 1, got ${describe(opset)}`);
  }
  return ONNX_VERSIONS.find((v) => v.since <= opset);
}

function onnxMode(version, attrs, name) {
  const label = `ONNX ${name}-${version.since}`;
  if (version.since >= 7) return { ...MODES.numpy, hasAxis: false, label: `${label} (numpy broadcasting)` };
  const broadcast = attrs.broadcast ?? 0;
  if (broadcast !== 0 && broadcast !== 1 && broadcast !== false && broadcast !== true) {
    throw new RangeError(`${label}: attribute broadcast must be 0 or 1, got ${describe(broadcast)}`);
  }
  if (!broadcast) return { ...MODES.none, hasAxis: false, label: `${label} with broadcast=0` };
  const axis = attrs.axis;
  const mode = { ...LEGACY, hasAxis: axis !== undefined, label: `${label} with broadcast=1` };
  if (axis !== undefined) mode.axis = checkAxis(axis, label);
  return mode;
}

/** onnx.<Name>(a, b, attributes?, opset = 14); integer division truncates toward zero (the ONNX reference, onnxruntime). */
export function onnxEntry(d) {
  const fn = `onnx.${d.onnx}`;
  return function onnxOp(a, b, attributes, opset = 14) {
    enter();
    const version = onnxVersion(opset, fn);
    const attrs = readRecord(attributes, version.attributes, `${fn} (opset ${opset}, ${d.onnx}-${version.since})`, 'attribute');
    const mode = onnxMode(version, attrs, d.onnx);
    const A = readOperand(a, `${fn}: ${ONNX_INPUTS[0]}`);
    const B = readOperand(b, `${fn}: ${ONNX_INPUTS[1]}`);
    const types = (dtype) => {
      if (!version.types.includes(dtype)) {
        throw new TypeError(`${fn}: ${d.onnx}-${version.since} (opset ${opset}) does not take ${dtype}; ` +
          `its types are ${version.types.join(', ')}`);
      }
    };
    return callOp({
      fn, op: d, floor: false, zeroIsError: false, mode, out: null, a: A, b: B, names: ONNX_INPUTS, types,
      info: null, core: 0, divides: false,
    });
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

/** openvino.<Name>(a, b, attributes?): auto_broadcast, axis, and for a division m_pythondiv (or pythondiv). */
export function openvinoEntry(d) {
  const fn = `openvino.${d.openvino}`;
  const names = d.divides ? ['auto_broadcast', 'axis', 'm_pythondiv', 'pythondiv'] : ['auto_broadcast', 'axis'];
  return function openvinoOp(a, b, attributes) {
    enter();
    const attrs = readRecord(attributes, names, fn, 'attribute');
    const axis = attrs.axis === undefined ? undefined : irAxis(attrs.axis, fn);
    const mode = modeFrom(irString(attrs.auto_broadcast), axis, fn, 'auto_broadcast');
    let pythondiv = true; // Divide-1's default
    if (d.divides) {
      const given = ['m_pythondiv', 'pythondiv'].filter((k) => attrs[k] !== undefined).map((k) => irBool(attrs[k], k, fn));
      if (given.length === 2 && given[0] !== given[1]) throw new RangeError(`${fn}: m_pythondiv and pythondiv disagree`);
      if (given.length) pythondiv = given[0];
    }
    const A = readOperand(a, `${fn}: ${IR_INPUTS[0]}`);
    const B = readOperand(b, `${fn}: ${IR_INPUTS[1]}`);
    return callOp({
      fn, op: d, floor: d.divides && pythondiv, zeroIsError: false, mode, out: null, a: A, b: B, names: IR_INPUTS, types: null,
      info: null, core: 0, divides: false,
    });
  };
}
