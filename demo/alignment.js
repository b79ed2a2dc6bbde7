// Where the dims of A and B stand among the output's axes, for the picture: the package's
// alignment (broadcastShapes with explain: true, in run.aligned) laid out as columns. Columns
// outside [0, rank) are where a B placed at `axis` sticks out of A.

/**
 * The columns of the picture and where each operand's dims start among them: `rank` is the
 * output's, `startA`/`startB` the axis of each one's first dim.
 */
export function alignmentOf(run) {
  const { rank, a, b } = run.aligned;
  const first = Math.min(0, b.start), last = Math.max(rank, b.start + run.shapeB.length);
  const columns = Array.from({ length: last - first }, (_, i) => first + i);
  return { rank, columns, startA: a.start, startB: b.start };
}

/** The dim of an operand (starting at `start`) at output axis `column`, or null where it has none. */
export function dimAt(shape, start, column) {
  const i = column - start;
  return i >= 0 && i < shape.length ? shape[i] : null;
}
