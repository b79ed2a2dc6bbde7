// The examples of the specifications (OpenVINO's Multiply-1 and Divide-1 pages, ONNX's Mul and
// its legacy broadcasting examples), as the form's presets. A preset is only the case: shapes,
// op, dtype, mode, axis, pythondiv and, where the spec gives them, values.
const A2345 = [2, 3, 4, 5];

export const PRESETS = [
  { name: 'OpenVINO Multiply: 256×56 by 256×56', a: [256, 56], b: [256, 56] },
  { name: 'OpenVINO Multiply: 8×1×6×1 by 7×1×5 → 8×7×6×5', a: [8, 1, 6, 1], b: [7, 1, 5] },
  { name: 'OpenVINO Divide: auto_broadcast none, pythondiv', a: [256, 56], b: [256, 56], op: 'divide', mode: 'none', dtype: 'int32', pythondiv: true },
  { name: 'OpenVINO Divide: numpy, pythondiv false', a: [8, 1, 6, 1], b: [7, 1, 5], op: 'divide', dtype: 'int32', pythondiv: false },
  { name: 'ONNX Mul: [1,2,3] by [4,5,6]', a: [3], b: [3], values: { a: [1, 2, 3], b: [4, 5, 6] } },
  { name: 'ONNX Mul: 3×4×5 by 3×4×5', a: [3, 4, 5], b: [3, 4, 5] },
  { name: 'ONNX Mul: uint8 3×4×5', a: [3, 4, 5], b: [3, 4, 5], dtype: 'uint8' },
  { name: 'ONNX Mul: 3×4×5 by 5', a: [3, 4, 5], b: [5] },
  { name: 'ONNX legacy: A 2×3×4×5, B scalar ()', a: A2345, b: [], mode: 'legacy' },
  { name: 'ONNX legacy: A 2×3×4×5, B (1,1)', a: A2345, b: [1, 1], mode: 'legacy' },
  { name: 'ONNX legacy: A 2×3×4×5, B (5)', a: A2345, b: [5], mode: 'legacy' },
  { name: 'ONNX legacy: A 2×3×4×5, B (4,5)', a: A2345, b: [4, 5], mode: 'legacy' },
  { name: 'ONNX legacy: A 2×3×4×5, B (3,4), axis 1', a: A2345, b: [3, 4], mode: 'legacy', axis: 1 },
  { name: 'ONNX legacy: A 2×3×4×5, B (2), axis 0', a: A2345, b: [2], mode: 'legacy', axis: 0 },
  { name: 'PaddlePaddle: A 2×3×4×5, B (3,4), axis 1', a: A2345, b: [3, 4], mode: 'pdpd', axis: 1 },
  { name: 'PaddlePaddle: A 2×3×4×5, B (3,1), axis 1', a: A2345, b: [3, 1], mode: 'pdpd', axis: 1 },
  { name: 'PaddlePaddle: A 2×3×4×5, B (4,5), axis -1', a: A2345, b: [4, 5], mode: 'pdpd', axis: -1 },
  { name: 'PaddlePaddle: A 2×3×4×5, B (1,3), axis 0', a: A2345, b: [1, 3], mode: 'pdpd', axis: 0 },
  { name: 'PaddlePaddle: A 2×3×4×5, B (5), axis 3', a: A2345, b: [5], mode: 'pdpd', axis: 3 },
  { name: 'Small: 2×1×3 by 4×1 (values shown)', a: [2, 1, 3], b: [4, 1] },
  { name: 'Error: [3] by [2] do not broadcast', a: [3], b: [2] },
];
