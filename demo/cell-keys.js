// Keyboard through the cells: each view is one Tab stop (roving tabindex); the arrow keys move
// along a row (←/→) and down a column (↑/↓) of a slice, continuing into the next row or slice,
// Page Up/Down jump a slice, Home/End go to the first and last cell.

/** Wires the keys on the views' container; returns `update(views)` to call after each drawing. */
export function setUpCellKeys(container) {
  let views = new Map();

  // The cell that takes focus becomes its view's Tab stop.
  container.addEventListener('focusin', (e) => {
    const cell = e.target;
    const view = views.get(cell.closest?.('[data-view]')?.dataset.view);
    if (!view || !cell.classList.contains('c')) return;
    for (const other of view.root.querySelectorAll('.c[tabindex]')) if (other !== cell) other.removeAttribute('tabindex');
    cell.tabIndex = 0;
  });

  container.addEventListener('keydown', (e) => {
    const cell = e.target;
    const view = views.get(cell.closest?.('[data-view]')?.dataset.view);
    if (!view || !cell.classList.contains('c')) return;
    const { shape, cells } = view;
    const w = shape.at(-1) ?? 1;
    const h = shape.length >= 2 ? shape.at(-2) : 1;
    const k = Array.prototype.indexOf.call(cells, cell); // cells are in flat order
    const next = { ArrowRight: k + 1, ArrowLeft: k - 1, ArrowDown: k + w, ArrowUp: k - w,
      PageDown: k + h * w, PageUp: k - h * w, Home: 0, End: cells.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const target = cells[Math.max(0, Math.min(cells.length - 1, next))];
    target.tabIndex = 0; // focusable before it takes focus; focusin then drops the old Tab stop
    target.focus();
  });

  return (drawn) => {
    views = new Map(drawn.map((v) => [v.role, { ...v, root: container.querySelector(`[data-view="${v.role}"]`) }]));
  };
}
