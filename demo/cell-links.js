// Linked cells: hovering or focusing a result cell marks the cells of A and B at its place
// (copies or not) and the real elements they copy; an A or B cell marks every copy of its
// element and the result cells that read it. The numbers, as a formula for a result cell
// (result [3, 4, 2, 3] = A [3, 0, 2, 0] × B [4, 0, 3] = -4 × 5 = -20), float by the cell and
// are repeated in the readout line under the views. Which element feeds which cell is the
// module's answer (run.maps).
import { fullText } from './number-text.js';
import { coordsOf, formatShape } from './shapes.js';
import { applied } from './op-text.js';

// The drawn positions of a stretched view that show element `own`.
function positionsOf(view, own) {
  const out = [];
  for (let k = 0; k < view.source.length; ++k) if (view.source[k] === own) out.push(k);
  return out;
}

const firstOf = (view, own) => view.source.indexOf(own);

/** Wires linking on the views' container; returns `update(views, run)` to call after each drawing. */
export function setUpCellLinks(container, readout) {
  let views = new Map();
  let op = null;
  let marked = [];
  const idle = 'Hover over or focus a cell (Tab, then the arrow keys) to see its value and where it came from.';

  // The formula by the cell: above it, or below when there is no room above.
  const tip = document.createElement('div');
  tip.className = 'formula';
  tip.setAttribute('aria-hidden', 'true'); // the readout line says the same to screen readers
  tip.hidden = true;
  document.body.append(tip);
  const tell = (cell, text) => {
    readout.textContent = text;
    tip.textContent = text;
    tip.hidden = false;
    const r = cell.getBoundingClientRect();
    const left = Math.max(4, Math.min(r.left, document.documentElement.clientWidth - tip.offsetWidth - 4));
    const above = r.top - tip.offsetHeight - 6;
    tip.style.left = `${left + window.scrollX}px`;
    tip.style.top = `${(above >= 0 ? above : r.bottom + 6) + window.scrollY}px`;
  };

  const clear = () => {
    for (const cell of marked) cell.classList.remove('linked', 'active');
    marked = [];
    tip.hidden = true;
  };
  const mark = (view, positions, cls) => {
    for (const k of positions) {
      const cell = view?.cells[k];
      if (cell) { cell.classList.add(cls); marked.push(cell); }
    }
  };
  const index = (view, k) => `${view.title} ${formatShape(coordsOf(view.source ? view.source[k] : k, view.own))}`;
  const value = (view, k) => fullText(view.values[view.source ? view.source[k] : k]);
  const say = (view, k) => `${index(view, k)} = ${value(view, k)}`;

  const show = (cell) => {
    clear();
    const view = views.get(cell.closest('[data-view]')?.dataset.view);
    if (!view) return;
    const k = Array.prototype.indexOf.call(view.cells, cell); // cells are in flat order
    mark(view, [k], 'active');
    const a = views.get('a'), b = views.get('b'), result = views.get('result');
    if (view === result) {
      const sources = [a, b].filter((operand) => operand?.stretched);
      for (const operand of sources) mark(operand, [k, firstOf(operand, operand.source[k])], 'linked');
      const join = (part) => applied(op, part(sources[0], k), part(sources[1], k));
      tell(cell, sources.length === 2 ? `${index(view, k)} = ${join(index)} = ${join(value)} = ${value(view, k)}` : say(view, k));
    } else if (view.stretched) {
      const positions = positionsOf(view, view.source[k]);
      mark(view, positions, 'linked');
      if (result) mark(result, positions, 'linked');
      const copies = positions.length - 1;
      tell(cell, `${say(view, k)}: drawn ${positions.length} times (${copies} ${copies === 1 ? 'copy' : 'copies'})` +
        (result ? `, read by ${positions.length} result ${positions.length === 1 ? 'cell' : 'cells'}` : ''));
    } else {
      tell(cell, say(view, k));
    }
  };

  container.addEventListener('mouseover', (e) => {
    const cell = e.target.closest?.('.c');
    if (cell) show(cell);
  });
  // Leaving the views with the pointer goes back to the focused cell's links, if any.
  container.addEventListener('mouseleave', () => {
    const focused = document.activeElement;
    if (focused?.classList.contains('c') && container.contains(focused)) show(focused);
    else clear();
  });
  container.addEventListener('focusin', (e) => { if (e.target.classList.contains('c')) show(e.target); });
  container.addEventListener('focusout', clear);

  return (drawn, run) => {
    clear();
    views = new Map(drawn.map((v) => [v.role, v]));
    op = run.op;
    readout.textContent = drawn.length ? idle : '';
  };
}
