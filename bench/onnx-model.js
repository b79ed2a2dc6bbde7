// A minimal ONNX ModelProto encoder: one two-input node (Mul, Div, Max, Mod) with fixed-shape
// inputs and int attributes if any (Mod's fmod), enough to give onnxruntime-web the same work as
// tensorwise. Field numbers from onnx/onnx.proto.

const ELEM_TYPE = { float32: 1, uint8: 2, int8: 3, uint16: 4, int16: 5, int32: 6, int64: 7, float16: 10, float64: 11 };

function varint(n) {
  const out = [];
  let v = BigInt(n);
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v) byte |= 0x80;
    out.push(byte);
  } while (v);
  return out;
}
const key = (field, wire) => varint((field << 3) | wire);
const int = (field, n) => [...key(field, 0), ...varint(n)];
const bytes = (field, b) => [...key(field, 2), ...varint(b.length), ...b];
const str = (field, s) => bytes(field, [...new TextEncoder().encode(s)]);

function valueInfo(name, dtype, shape) {
  const dims = shape.flatMap((d) => bytes(1, int(1, d))); // TensorShapeProto.dim { dim_value }
  const tensorType = [...int(1, ELEM_TYPE[dtype]), ...bytes(2, dims)];
  return [...str(1, name), ...bytes(2, bytes(1, tensorType))];
}

const ATTRIBUTE_INT = 2; // AttributeProto.AttributeType INT

/** An AttributeProto holding one int: name (field 1), i (field 3), type (field 20). */
const intAttribute = (name, value) => [...str(1, name), ...int(3, value), ...int(20, ATTRIBUTE_INT)];

/**
 * Bytes of a model computing C = A op B (op an ONNX operator with two inputs: 'Mul', 'Div',
 * 'Max', 'Mod'), opset 14; `attributes`, { name: int } (e.g. { fmod: 1 } for Mod), set on the
 * node (field 5), none by default.
 */
export function binaryModel(op, dtype, shapeA, shapeB, shapeC, attributes = {}) {
  if (!(dtype in ELEM_TYPE)) throw new Error(`no ONNX type for ${dtype}`);
  const node = [...str(1, 'A'), ...str(1, 'B'), ...str(2, 'C'), ...str(3, 'n'), ...str(4, op),
    ...Object.entries(attributes).flatMap(([name, value]) => bytes(5, intAttribute(name, value)))];
  const graph = [...bytes(1, node), ...str(2, 'g'), ...bytes(11, valueInfo('A', dtype, shapeA)),
    ...bytes(11, valueInfo('B', dtype, shapeB)), ...bytes(12, valueInfo('C', dtype, shapeC))];
  const model = [...int(1, 8), ...str(2, 'tensorwise-bench'), ...bytes(7, graph), ...bytes(8, [...str(1, ''), ...int(2, 14)])];
  return new Uint8Array(model);
}
