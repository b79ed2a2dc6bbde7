// The four steps of broadcasting the stepper walks through, how far a case gets, and what each
// step says about it. Shapes, dims and the conflicting axis are the package's answers.
import { BroadcastError } from 'tensorwise';
import { alignmentOf, dimAt } from './alignment.js';
import { countOf, formatShape } from './shapes.js';
import { applied } from './op-text.js';

export const STEP_NAMES = ['Align', 'Pad with 1s', 'Stretch', 'Compute'];

/**
 * The last step a run reaches: 4, or where a BroadcastError stops it (0: nothing to draw): shapes
 * that conflict on an axis are aligned and padded, and cannot be stretched (step 2, the
 * picture's last state); shapes that do not align at all stop at step 1.
 */
export function lastStepOf(run) {
  if (!run.error) return 4;
  if (!(run.error instanceof BroadcastError)) return 0;
  return run.error.axis >= 0 ? 2 : 1;
}

const list = (xs) => xs.join(', ');
const count = (n) => n.toLocaleString('en');

function alignSentence(run, al) {
  const { mode } = run.case;
  const a = formatShape(run.shapeA), b = formatShape(run.shapeB);
  if (mode === 'numpy') return `Align the shapes from the right: A ${a} and B ${b} line up on their last axes.`;
  if (mode === 'none') return `Mode none: A ${a} and B ${b} must be the same, axis by axis.`;
  const how = mode === 'pdpd' ? 'pdpd puts B onto A' : 'ONNX broadcast=1 puts B onto A';
  const where = run.axis === undefined || (mode === 'pdpd' && run.axis === -1) ? 'A\'s last axes (no axis: B\'s end meets A\'s end)' : `axis ${al.startB} of A`;
  return `Align B ${b} with ${where}: ${how}, and the result has A's shape ${a}.`;
}

function padSentence(run, al) {
  const pads = [['A', run.shapeA, run.aligned.a], ['B', run.shapeB, run.aligned.b]]
    .filter(([, shape]) => shape.length < al.rank)
    .map(([name, shape, aligned]) => `${name} ${formatShape(shape)} becomes ${formatShape(aligned.dims)}`);
  return pads.length ? `Pad with 1s where a shape has no axis: ${list(pads)}.` : `Both shapes have rank ${al.rank}: nothing to pad.`;
}

function stretchSentence(run) {
  const out = run.outShape;
  if (countOf(out) === 0) return `The result ${formatShape(out)} has no elements: nothing to stretch into.`;
  const parts = [['A', run.shapeA, run.aligned.a], ['B', run.shapeB, run.aligned.b]].flatMap(([name, shape, aligned]) => {
    const axes = aligned.stretched;
    return axes.length ? [`${name} along ${axes.length > 1 ? 'axes' : 'axis'} ${list(axes)} (${count(countOf(out) - countOf(shape))} copies)`] : [];
  });
  if (!parts.length) return `Nothing to stretch: both already have the shape ${formatShape(out)}.`;
  return `Stretch every 1 to the output's dim: ${list(parts)}. The copies are the ghost cells.`;
}

function stopSentence(run, al) {
  const e = run.error;
  const fields = `the package's BroadcastError (mode ${e.mode}, axis ${e.axis})`;
  if (e.axis < 0) return `It stops here: ${fields}; no single axis is to blame.`;
  // Every conflicting axis the package lists (the error's axis is the first).
  const axes = run.aligned?.conflicts?.length ? run.aligned.conflicts : [e.axis];
  const dims = (shape, start) => axes.map((axis) => dimAt(shape, start, axis) ?? 'no dim').join(', ');
  const where = axes.length === 1 ? `axis ${axes[0]}` : `axes ${list(axes)}`;
  return `Stretching stops at ${where}: A has ${dims(run.shapeA, al.startA)}, B has ${dims(run.shapeB, al.startB)} there — ${fields}.`;
}

/** The sentence for a step of a run (null when there is nothing to draw). */
export function stepSentence(run, step) {
  if (lastStepOf(run) === 0) return null;
  const al = alignmentOf(run);
  if (run.error && step === lastStepOf(run)) {
    return `${step === 1 ? alignSentence(run, al) : padSentence(run, al)} ${stopSentence(run, al)}`;
  }
  if (step === 1) return alignSentence(run, al);
  if (step === 2) return padSentence(run, al);
  if (step === 3) return stretchSentence(run);
  if (!run.values?.result) {
    if (run.computeError) return `Compute: the package refused the op (the error is under the rule above).`;
    return `Compute: the result ${formatShape(run.outShape)} is ${run.note}.`;
  }
  return `Compute: each cell of the result ${formatShape(run.outShape)} is ${applied(run.op, 'A', 'B')} of the cells at its place. Hover or focus a cell to see the two it came from.`;
}
