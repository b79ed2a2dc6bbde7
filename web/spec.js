// Spec-level entry points (SPEC §5): ONNX Mul/Div by opset and OpenVINO Multiply/Divide with
// the IR's attribute names. Attributes are read once, like every argument (arguments.js).
import { enter } from './loader.js';
import { readOperand } from './arguments.js';
import { readRecord } from './records.js';
import { callOp } from './call.js';
import { describe } from './format.js';
import { LEGACY_CODE, MODES, checkAxis, modeFrom } from './options.js';

// ---- ONNX ------------------------------------------------------------------------------------

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
const IR_INPUTS = ['input 1', 'input 2'];

function onnxVersion(opset, fn) {
  if (typeof opset !== 'number' || !Number.isInteger(opset) || opset < 1) {
    throw new RangeError(`${fn}: opset must be an integer of at least 1, got ${describe(opset)}`);
  }
  return ONNX_VERSIONS.find((v) => v.since <= opset);
}

function onnxMode(version, attrs, fn) {
  const name = `ONNX ${fn}-${version.since}`;
  if (version.since >= 7) return { ...MODES.numpy, hasAxis: false, label: `${name} (numpy broadcasting)` };
  const broadcast = attrs.broadcast ?? 0;
  if (broadcast !== 0 && broadcast !== 1 && broadcast !== false && broadcast !== true) {
    throw new RangeError(`${name}: attribute broadcast must be 0 or 1, got ${describe(broadcast)}`);
  }
  if (!broadcast) return { ...MODES.none, hasAxis: false, label: `${name} with broadcast=0` };
  const axis = attrs.axis;
  const mode = { kind: 'legacy', code: LEGACY_CODE, hasAxis: axis !== undefined, label: `${name} with broadcast=1` };
  if (axis !== undefined) mode.axis = checkAxis(axis, name);
  return mode;
}

function onnxOp(fn, divides) {
  return function onnxBinary(a, b, attributes, opset = 14) {
    const m = enter();
    const version = onnxVersion(opset, `onnx.${fn}`);
    const attrs = readRecord(attributes, version.attributes, `onnx.${fn} (opset ${opset}, ${fn}-${version.since})`, 'attribute');
    const mode = onnxMode(version, attrs, fn);
    const A = readOperand(a, `onnx.${fn}: input A`);
    const B = readOperand(b, `onnx.${fn}: input B`);
    const types = (dtype) => {
      if (!version.types.includes(dtype)) {
        throw new TypeError(`onnx.${fn}: ${fn}-${version.since} (opset ${opset}) does not take ${dtype}; ` +
          `its types are ${version.types.join(', ')}`);
      }
    };
    // Integer Div truncates toward zero, as the ONNX reference and onnxruntime do.
    return callOp(m, {
      fn: `onnx.${fn}`, divides, pythondiv: false, zeroIsError: false, mode, out: null, a: A, b: B, names: ONNX_INPUTS, types,
    });
  };
}

export const onnx = Object.freeze({ Mul: onnxOp('Mul', false), Div: onnxOp('Div', true) });

// ---- OpenVINO --------------------------------------------------------------------------------

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

function openvinoMode(attrs, fn) {
  const axis = attrs.axis === undefined ? undefined : irAxis(attrs.axis, fn);
  return modeFrom(irString(attrs.auto_broadcast), axis, fn, 'auto_broadcast');
}

function Multiply(a, b, attributes) {
  const m = enter();
  const fn = 'openvino.Multiply';
  const attrs = readRecord(attributes, ['auto_broadcast', 'axis'], fn, 'attribute');
  const mode = openvinoMode(attrs, fn);
  const A = readOperand(a, `${fn}: input 1`);
  const B = readOperand(b, `${fn}: input 2`);
  return callOp(m, {
    fn, divides: false, pythondiv: false, zeroIsError: false, mode, out: null, a: A, b: B, names: IR_INPUTS, types: null,
  });
}

function Divide(a, b, attributes) {
  const m = enter();
  const fn = 'openvino.Divide';
  const attrs = readRecord(attributes, ['auto_broadcast', 'axis', 'm_pythondiv', 'pythondiv'], fn, 'attribute');
  const mode = openvinoMode(attrs, fn);
  const given = ['m_pythondiv', 'pythondiv'].filter((k) => attrs[k] !== undefined).map((k) => irBool(attrs[k], k, fn));
  if (given.length === 2 && given[0] !== given[1]) {
    throw new RangeError(`${fn}: m_pythondiv and pythondiv disagree`);
  }
  const pythondiv = given.length ? given[0] : true;
  const A = readOperand(a, `${fn}: input 1`);
  const B = readOperand(b, `${fn}: input 2`);
  return callOp(m, { fn, divides: true, pythondiv, zeroIsError: false, mode, out: null, a: A, b: B, names: IR_INPUTS, types: null });
}

export const openvino = Object.freeze({ Multiply, Divide });
