// Advice under the ledger: for shapes that do not broadcast, a change that makes them (a 1
// inserted into one shape, another axis, another mode), and for shapes that do, a warning when
// both are stretched into a result larger than either, the usual sign of an [n] meant to meet an
// [n, 1] element by element. Every candidate is put to the package (broadcastShapes): the demo
// proposes, the package decides.
import { BroadcastError, broadcastShapes } from 'tensorwise';
import { countOf, formatShape } from './shapes.js';

const broadcasts = (a, b, options) => {
  try {
    return broadcastShapes(a, b, options);
  } catch {
    return null;
  }
};

// Each way of inserting one 1 into `shape`, as [position, the new shape].
const withOneInserted = (shape) => Array.from({ length: shape.length + 1 }, (_, i) => [i, [...shape.slice(0, i), 1, ...shape.slice(i)]]);

function insertionFix(run) {
  const options = { autoBroadcast: run.case.mode };
  // The shorter shape first: a missing axis is the usual mistake.
  const order = run.shapeB.length <= run.shapeA.length ? ['B', 'A'] : ['A', 'B'];
  for (const name of order) {
    const own = name === 'A' ? run.shapeA : run.shapeB;
    for (const [at, shape] of withOneInserted(own)) {
      const out = name === 'A' ? broadcasts(shape, run.shapeB, options) : broadcasts(run.shapeA, shape, options);
      if (out === null) continue;
      const index = Array.from({ length: own.length + 1 }, (_, i) => (i === at ? 'None' : ':')).join(', ');
      return `To make them broadcast, give ${name} a 1 at position ${at}: ${name} ${formatShape(shape)} ` +
        `(reshape it, or ${name.toLowerCase()}[${index}] in numpy) gives the result ${formatShape(out)}.`;
    }
  }
  return null;
}

function axisFix(run) {
  const options = (axis) => ({ autoBroadcast: run.case.mode, axis });
  for (let axis = 0; axis < run.shapeA.length; ++axis) {
    if (axis === run.axis) continue;
    const out = broadcasts(run.shapeA, run.shapeB, options(axis));
    if (out !== null) return `With axis ${axis}, B ${formatShape(run.shapeB)} fits under A: the result is ${formatShape(out)}.`;
  }
  return null;
}

function fixFor(run) {
  const { mode } = run.case;
  if (mode === 'none') {
    const out = broadcasts(run.shapeA, run.shapeB, { autoBroadcast: 'numpy' });
    return out === null ? null : `Mode none takes identical shapes only; with numpy broadcasting the result is ${formatShape(out)}.`;
  }
  if (mode === 'pdpd' || mode === 'legacy') return axisFix(run) ?? null;
  return insertionFix(run);
}

/** The advice for a run, or null. */
export function adviceFor(run) {
  if (run.error instanceof BroadcastError) {
    return fixFor(run) ?? 'No single 1 inserted into either shape (nor another axis or mode) makes them broadcast: the dims ' +
      'marked in red must agree.';
  }
  if (run.error || !run.outShape) return null;
  const nA = countOf(run.shapeA), nB = countOf(run.shapeB), n = countOf(run.outShape);
  const stretched = run.aligned.a.stretched.length > 0 && run.aligned.b.stretched.length > 0;
  if (stretched && nA === nB && n > nA) {
    return `Both A and B are stretched: the result ${formatShape(run.outShape)} holds ${n.toLocaleString('en')} elements ` +
      `made from two tensors of ${nA.toLocaleString('en')}. If you meant them element by element, give them the same shape.`;
  }
  return null;
}
