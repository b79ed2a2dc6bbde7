// Core statuses (src/status.h, codes read at init by abi.js) turned into JS errors whose
// messages say what is wrong.
import { STATUS, requires } from '../module/abi.js';
import { formatShape, shortName } from '../format.js';

/**
 * Shapes that cannot be broadcast: a RangeError whose fields say what failed, so a program need
 * not parse the message. `axis` is the first conflicting axis of the output (or of A, whose
 * shape the output has in the pdpd and legacy modes), or -1 when no single axis is to blame.
 */
export class BroadcastError extends RangeError {
  constructor(message, shapeA, shapeB, mode, axis) {
    super(String(message));
    this.name = 'BroadcastError';
    this.shapeA = Array.isArray(shapeA) ? Array.from(shapeA) : [];
    this.shapeB = Array.isArray(shapeB) ? Array.from(shapeB) : [];
    this.mode = mode;
    this.axis = typeof axis === 'number' ? axis : -1;
  }
}

requires('status', ['incompatible', 'shapes_differ', 'bad_axis', 'b_does_not_fit', 'rank_too_large', 'too_large']);

/**
 * @param p the core's answer: { status, conflict (the axis) }, a plan's or broadcast.js's
 * @param mode { label, axis } — label names the mode as the caller wrote it
 */
export function broadcastError({ status, conflict: conflictAxis }, shapeA, shapeB, mode) {
  const error = (message, axis = -1) => new BroadcastError(message, shapeA, shapeB, mode.kind, axis);
  const shapes = `shapes ${formatShape(shapeA)} and ${formatShape(shapeB)}`;
  const how = `${mode.label}${mode.hasAxis ? `, axis ${mode.axis}` : ''}`;
  switch (status) {
    case STATUS.incompatible: {
      if (mode.kind === 'numpy') {
        const rank = Math.max(shapeA.length, shapeB.length);
        const da = dimAt(shapeA, conflictAxis, rank);
        const db = dimAt(shapeB, conflictAxis, rank);
        return error(`cannot broadcast ${shapes} (${how}): at axis ${conflictAxis} of the result ` +
          `(right-aligned), dims ${da} and ${db} are neither equal nor 1`, conflictAxis);
      }
      const rule = mode.kind === 'pdpd' ? 'must equal it or be 1' : 'must equal it (legacy broadcasting does not stretch 1s)';
      return error(`cannot broadcast ${shapes} (${how}): B's dim at A's axis ${conflictAxis} ` +
        `${rule}; A has ${shapeA[conflictAxis]} there`, conflictAxis);
    }
    case STATUS.shapes_differ:
      return error(`${shapes} differ (${how} needs identical shapes): ` +
        (conflictAxis >= 0 ? `first at axis ${conflictAxis}` : `ranks ${shapeA.length} and ${shapeB.length}`), conflictAxis);
    case STATUS.bad_axis:
      return error(`cannot broadcast ${shapes} (${how}): axis ${mode.axis} is out of range ` +
        (mode.kind === 'pdpd' ? '(it must be -1 or at least 0)' : `for A's rank ${shapeA.length}`));
    case STATUS.b_does_not_fit:
      return error(`cannot broadcast ${shapes} (${how}): B does not fit inside A ` +
        `${mode.kind === 'pdpd' ? "from the axis (after trimming B's trailing 1s)" : 'from the axis (rank of B must not exceed that of A)'}`);
    case STATUS.rank_too_large:
      return new RangeError(`cannot broadcast ${shapes}: too many dims`);
    case STATUS.too_large:
      return new RangeError(`cannot broadcast ${shapes}: the result is too large for wasm memory`);
    default:
      return new Error(`tensorwise: unexpected core status ${status} for ${shapes}`);
  }
}

// The dim of `shape` at `axis` of a result of `rank` dims, right-aligned (1 where it has none).
function dimAt(shape, axis, rank) {
  const i = axis - (rank - shape.length);
  return i >= 0 ? shape[i] : 1;
}

/**
 * Inputs of a program (an expression's, a variadic operator's) whose shapes do not broadcast: a
 * BroadcastError naming every input's shape, its fields the first two that conflict at the axis
 * the core names.
 */
export function inputsBroadcastError(c, p, names) {
  const shapes = c.inputs.map((x) => x.shape);
  const rank = Math.max(0, ...shapes.map((s) => s.length));
  const axis = p.conflict;
  const at = (s) => dimAt(s, axis, rank);
  const clashing = shapes.map((s, i) => i).filter((i) => at(shapes[i]) !== 1 || c.mode.kind === 'none');
  const a = clashing[0] ?? 0;
  const b = clashing.find((i) => at(shapes[i]) !== at(shapes[a])) ?? (a === 0 ? 1 : 0);
  const listed = names.map((name, i) => `${shortName(name)} ${formatShape(shapes[i])}`).join(', ');
  const why = c.mode.kind === 'none' && axis < 0 ? 'their ranks differ' : `at axis ${axis} of the result (right-aligned), dims ` +
    `${at(shapes[a])} (${shortName(names[a])}) and ${at(shapes[b])} (${shortName(names[b])}) are neither equal nor 1`;
  const message = `${c.fn}: cannot broadcast the inputs ${listed} (${c.mode.label}): ${c.mode.kind === 'none' ? 'they must have one shape; ' : ''}${why}`;
  const error = new BroadcastError(message, shapes[a] ?? [], shapes[b] ?? [], c.mode.kind, axis);
  error.shapes = Object.fromEntries(names.map((name, i) => [name, shapes[i].slice()]));
  return error;
}

