// The form's presets, simplest first, in groups: small cases that teach the rule, the examples
// of the specifications (OpenVINO's Multiply-1 and Divide-1 pages, ONNX's Mul and its legacy
// broadcasting list, PaddlePaddle's axis cases), shapes that do not broadcast, and large ones.
// A preset is only the case: shapes, op, dtype, mode, axis, pythondiv and, where the spec gives
// them, values.
const A2345 = [2, 3, 4, 5];

export const GROUPS = [
  ['learn', 'Learn the rule'],
  ['spec', 'Examples of the specifications'],
  ['error', 'Shapes that do not broadcast'],
  ['large', 'Large'],
];

export const PRESETS = [
  { group: 'learn', name: 'A scalar: [3] by [] (B is one number)', a: [3], b: [] },
  { group: 'learn', name: 'A row: [2,3] by [3] (B is repeated down)', a: [2, 3], b: [3] },
  { group: 'learn', name: 'A column by a row: [3,1] by [1,4] (both stretch)', a: [3, 1], b: [1, 4] },
  { group: 'learn', name: 'Small: 2×1×3 by 4×1 (values shown)', a: [2, 1, 3], b: [4, 1], start: true },
  { group: 'spec', name: 'OpenVINO Multiply: 8×1×6×1 by 7×1×5 → 8×7×6×5', a: [8, 1, 6, 1], b: [7, 1, 5], tour: true },
  { group: 'spec', name: 'OpenVINO Divide: numpy, pythondiv false', a: [8, 1, 6, 1], b: [7, 1, 5], op: 'divide', dtype: 'int32', pythondiv: false },
  { group: 'spec', name: 'ONNX Mul: [1,2,3] by [4,5,6]', a: [3], b: [3], values: { a: [1, 2, 3], b: [4, 5, 6] } },
  { group: 'spec', name: 'ONNX Mul: 3×4×5 by 5', a: [3, 4, 5], b: [5] },
  { group: 'spec', name: 'ONNX Mul: 3×4×5 by 3×4×5', a: [3, 4, 5], b: [3, 4, 5] },
  { group: 'spec', name: 'ONNX Mul: uint8 3×4×5', a: [3, 4, 5], b: [3, 4, 5], dtype: 'uint8' },
  { group: 'spec', name: 'ONNX legacy: A 2×3×4×5, B scalar ()', a: A2345, b: [], mode: 'legacy' },
  { group: 'spec', name: 'ONNX legacy: A 2×3×4×5, B (1,1)', a: A2345, b: [1, 1], mode: 'legacy' },
  { group: 'spec', name: 'ONNX legacy: A 2×3×4×5, B (5)', a: A2345, b: [5], mode: 'legacy' },
  { group: 'spec', name: 'ONNX legacy: A 2×3×4×5, B (4,5)', a: A2345, b: [4, 5], mode: 'legacy' },
  { group: 'spec', name: 'ONNX legacy: A 2×3×4×5, B (3,4), axis 1', a: A2345, b: [3, 4], mode: 'legacy', axis: 1 },
  { group: 'spec', name: 'ONNX legacy: A 2×3×4×5, B (2), axis 0', a: A2345, b: [2], mode: 'legacy', axis: 0 },
  { group: 'spec', name: 'PaddlePaddle: A 2×3×4×5, B (3,4), axis 1', a: A2345, b: [3, 4], mode: 'pdpd', axis: 1 },
  { group: 'spec', name: 'PaddlePaddle: A 2×3×4×5, B (3,1), axis 1', a: A2345, b: [3, 1], mode: 'pdpd', axis: 1 },
  { group: 'spec', name: 'PaddlePaddle: A 2×3×4×5, B (4,5), axis -1', a: A2345, b: [4, 5], mode: 'pdpd', axis: -1 },
  { group: 'spec', name: 'PaddlePaddle: A 2×3×4×5, B (1,3), axis 0', a: A2345, b: [1, 3], mode: 'pdpd', axis: 0 },
  { group: 'spec', name: 'PaddlePaddle: A 2×3×4×5, B (5), axis 3', a: A2345, b: [5], mode: 'pdpd', axis: 3 },
  { group: 'error', name: 'Error: [3] by [2] do not broadcast', a: [3], b: [2] },
  { group: 'error', name: 'Error: [2,3,4,5] by [3,4,5,6,7], four axes conflict', a: A2345, b: [3, 4, 5, 6, 7] },
  { group: 'large', name: 'OpenVINO Multiply: 256×56 by 256×56', a: [256, 56], b: [256, 56] },
  { group: 'large', name: 'OpenVINO Divide: auto_broadcast none, pythondiv', a: [256, 56], b: [256, 56], op: 'divide', mode: 'none', dtype: 'int32', pythondiv: true },
];

/** The preset the page opens at, and the richer one its tour button leads to. */
export const START = PRESETS.find((p) => p.start);
export const TOUR = PRESETS.find((p) => p.tour);
