// Where the dims of A and B stand among the output's axes: the picture's geometry for steps 1
// and 2 of the stepper, as SPEC §3 describes each mode (numpy lines the shapes up from the right;
// pdpd and ONNX legacy put B at `axis` of A; none compares axis by axis). It decides nothing:
// whether the dims fit, the output's dims and the conflicting axis come from the package.

function startOfB(mode, rankA, rankB, axis) {
  const given = Number.isInteger(axis) ? axis : undefined;
  if (mode === 'pdpd') return given === undefined || given === -1 ? rankA - rankB : given;
  if (mode === 'legacy') return given === undefined ? rankA - rankB : given < 0 ? given + rankA : given;
  return null;
}

/**
 * The columns of the picture and where each operand's dims start among them.
 * `columns` are the axes drawn, `rank` the output's (columns < 0 or >= rank lie outside it,
 * where a B placed at `axis` sticks out of A), `startA`/`startB` the axis of each one's first dim.
 */
export function alignmentOf(mode, shapeA, shapeB, axis) {
  const ra = shapeA.length, rb = shapeB.length;
  let rank, startA, startB;
  if (mode === 'numpy') {
    rank = Math.max(ra, rb);
    startA = rank - ra;
    startB = rank - rb;
  } else if (mode === 'none') {
    rank = Math.max(ra, rb);
    startA = 0;
    startB = 0;
  } else {
    rank = ra;
    startA = 0;
    startB = startOfB(mode, ra, rb, axis);
  }
  const first = Math.min(0, startB), last = Math.max(rank, startB + rb);
  const columns = Array.from({ length: last - first }, (_, i) => first + i);
  return { rank, columns, startA, startB };
}

/** The dim of an operand (starting at `start`) at output axis `column`, or null where it has none. */
export function dimAt(shape, start, column) {
  const i = column - start;
  return i >= 0 && i < shape.length ? shape[i] : null;
}

/** An operand's shape at the output's rank, 1 where it has no dim (step 2, "pad with 1s"). */
export function paddedShape(shape, start, rank) {
  return Array.from({ length: rank }, (_, column) => dimAt(shape, start, column) ?? 1);
}
