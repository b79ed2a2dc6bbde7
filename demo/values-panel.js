// The Values panel at a step: A and B as given (step 1), padded with 1s (step 2), stretched to
// the output's shape with their copies as ghost cells (steps 3 and 4), and the result (step 4),
// every value from the wasm module. One cell size for all views, so the picture keeps its place
// from step to step.
import { DRAW_LIMIT } from './broadcast-case.js';
import { colourScale } from './colour-scale.js';
import { fittedText, fullText, textPlan } from './number-text.js';
import { coordsOf, countOf, formatShape } from './shapes.js';
import { fitCellSize, layoutHtml, layoutNote } from './tensor-layout.js';
import { applied } from './op-text.js';

// The cells' monospace sizes, larger first, with the px of a digit in each (0.6 em): a view
// takes the larger one unless the smaller one shows more of its values.
const FONTS = [[11, 6.7], [9, 5.5]];
const MIN_TEXT_CELL = 18; // px: smaller cells show their value by colour only

// How a view's cells write their numbers: { font, chars, noZero } (chars 0: colour only).
function cellText(view, size) {
  if (size < MIN_TEXT_CELL) return { font: FONTS[0][0], chars: 0, noZero: false };
  let best = null;
  for (const [font, width] of FONTS) {
    const chars = Math.floor((size - 2) / width); // 2 px of border
    const plan = textPlan(view.values, chars);
    if (best === null || plan.blank < best.blank) best = { font, chars, noZero: plan.noZero, blank: plan.blank };
    if (plan.blank === 0) break;
  }
  return best;
}
const count = (n) => n.toLocaleString('en');
const cellCount = (n) => `${count(n)} ${n === 1 ? 'cell' : 'cells'}`;

// What each operand looks like at a step: the shape drawn, and per drawn cell the element of
// the operand it shows (source; null when the drawn cells are the operand's own, in order).
function operandViews(run, step) {
  return [['a', 'A', run.shapeA, run.aligned.a], ['b', 'B', run.shapeB, run.aligned.b]].map(([role, title, own, aligned]) => {
    const view = { role, title, own, values: run.values?.[role] ?? null, note: run.note, source: null, stretched: false };
    if (step === 1) return { ...view, shape: own, caption: formatShape(own) };
    if (step === 2) {
      const padded = aligned.dims;
      if (padded.length === own.length || countOf(padded) !== countOf(own)) return { ...view, shape: own, caption: `${formatShape(own)}, nothing to pad` };
      return { ...view, shape: padded, caption: `${formatShape(own)} padded to ${formatShape(padded)}` };
    }
    const same = formatShape(own) === formatShape(run.outShape);
    return { ...view, shape: run.outShape, source: run.maps?.[role] ?? null, stretched: true,
      caption: same ? `${formatShape(own)}, the output's shape: nothing to stretch` : `${formatShape(own)} stretched to ${formatShape(run.outShape)}` };
  });
}

function resultView(run, step) {
  const view = { role: 'result', title: 'result', own: run.outShape, shape: run.outShape, source: null, stretched: false };
  if (run.error) return { ...view, shape: null, placeholder: 'No result: the shapes do not broadcast.' };
  if (step < 4) return { ...view, placeholder: `${formatShape(run.outShape)}, computed at step 4.` };
  if (run.computeError) return { ...view, placeholder: `Not computed: ${run.computeError.name}: ${run.computeError.message}` };
  if (run.note) return { ...view, placeholder: `${formatShape(run.outShape)}: ${run.note}.` };
  return { ...view, values: run.values.result, caption: `${formatShape(run.outShape)} = ${applied(run.op, 'A', 'B')}` };
}

// Why a view is a summary instead of cells, or null when it is drawn cell by cell.
function foldReason(view) {
  const n = countOf(view.shape);
  if (n > DRAW_LIMIT) return `${count(n)} cells: more than the ${count(DRAW_LIMIT)} the page draws one by one, so folded into this summary.`;
  if (!view.values) return `Its values are ${view.note}.`;
  if (n === 0) return 'No elements to draw.';
  return null;
}

function summary(view) {
  // A loop, not Math.min(...values): a folded tensor may hold a million values.
  let min = Infinity, max = -Infinity;
  for (const v of view.values ?? []) {
    const x = Number(v);
    if (x < min) min = x;
    if (x > max) max = x;
  }
  const n = view.values?.length;
  // An operand stretched into an empty output draws no cell: its own values are not the view's.
  const range = countOf(view.shape) > 0 && min <= max ? (n === 1 ? ` Its one value is ${fullText(min)}.` : ` Its ${count(n)} values run from ${fullText(min)} to ${fullText(max)}.`) : '';
  return `<p class="folded">${foldReason(view)}${range}</p>`;
}

function cellsOf(view, size, scale, text) {
  const { chars, noZero } = text;
  const seen = view.source ? new Uint8Array(view.values.length) : null;
  let ghosts = 0;
  const html = layoutHtml(view.shape, view.title, (k) => {
    const own = view.source ? view.source[k] : k;
    const v = view.values[own];
    // A drawn cell whose element was already drawn is a copy: the first one (all stretched
    // coordinates 0, in row-major order) is the real element.
    const ghost = seen !== null && seen[own] === 1;
    if (seen) seen[own] = 1;
    if (ghost) ++ghosts;
    const index = formatShape(coordsOf(own, view.own));
    const label = ghost ? `copy of ${view.title} ${index} = ${fullText(v)}, at ${formatShape(coordsOf(k, view.shape))}` : `${view.title} ${index} = ${fullText(v)}`;
    // Lean markup: big tensors have tens of thousands of cells. Only the first cell is a Tab
    // stop (roving tabindex, cell-keys.js); a cell's flat position is its order in the view.
    return `<i role="gridcell"${k === 0 ? ' tabindex="0"' : ''} class="c ${scale.classOf(v)}${ghost ? ' g' : ''}" ` +
      `aria-label="${label}">${chars ? fittedText(v, chars, noZero) : ''}</i>`;
  });
  return { html, ghosts };
}

// A × B = result, read across the views: B's caption starts with the op's sign (an op written as
// a call has none), the result's with =.
function figureHtml(view, sign) {
  const lead = view.role === 'b' ? sign ?? '' : view.role === 'result' ? '=' : '';
  const head = `<figcaption>${lead ? `<span class="op-sign" aria-hidden="true">${lead}</span> ` : ''}` +
    `<strong>${view.title}</strong> ${view.caption ?? ''}</figcaption>`;
  if (view.placeholder) return `<figure class="view placeholder" data-view="${view.role}">${head}<p class="hint">${view.placeholder}</p></figure>`;
  return `<figure class="view" data-view="${view.role}" data-shape="${view.shape.join(',')}">${head}` +
    '<p class="view-counts"></p><div class="legend-slot"></div><div class="cells"></div></figure>';
}

/**
 * Draws the panel's views for a run at a step into `container`; returns the views drawn cell
 * by cell ({ role, title, shape, own, source, values, cells }) for the links and the keys.
 */
export function drawValues(container, run, step) {
  // A case stopped by a BroadcastError has no output shape: its picture stays at step 2.
  const picture = run.error ? Math.min(step, 2) : step;
  const views = [...operandViews(run, picture), resultView(run, picture)];
  container.innerHTML = views.map((view) => figureHtml(view, run.op.sign)).join('');
  const drawn = views.filter((v) => !v.placeholder && !foldReason(v));
  const width = container.querySelector('.cells')?.clientWidth ?? 0;
  const size = Math.min(...drawn.map((v) => fitCellSize(v.shape, width)));
  // One scale for every step: the result's values count from step 1, so colours never change
  // meaning as the steps go.
  const scale = colourScale(run.values?.a, run.values?.b, run.values?.result);
  for (const view of views.filter((v) => !v.placeholder)) {
    const figure = container.querySelector(`[data-view="${view.role}"]`);
    const cells = figure.querySelector('.cells');
    if (foldReason(view)) {
      cells.innerHTML = summary(view);
      continue;
    }
    const text = cellText(view, size);
    const { html, ghosts } = cellsOf(view, size, scale, text);
    cells.style.setProperty('--cell', `${size}px`);
    cells.style.setProperty('--cell-font', `${text.font}px`);
    cells.innerHTML = html;
    figure.querySelector('.legend-slot').innerHTML = scale.legend;
    const real = countOf(view.shape) - ghosts;
    const scrolls = cells.scrollWidth > cells.clientWidth;
    cells.classList.toggle('scrolls', scrolls);
    figure.querySelector('.view-counts').textContent = [
      ghosts ? `${cellCount(real)} and ${count(ghosts)} ${ghosts === 1 ? 'copy (a ghost cell)' : 'copies (ghost cells)'}` : cellCount(real),
      layoutNote(view.shape),
      scrolls ? 'wider than the view: scroll sideways for the rest' : '',
    ].filter(Boolean).join(' · ');
    view.cells = cells.getElementsByClassName('c');
  }
  return drawn;
}
