// Small multiples: a tensor of any rank drawn as a grid of its 2-D slices (the last two dims),
// the leading dims laid out alternately across and down (the innermost across), each slice
// labelled with its indices on the leading dims. Cells come out in row-major order, so the
// n-th cell in the DOM is flat position n.

const MIN_CELL = 5, MAX_CELL = 40; // px
const gapOf = (level) => 2 + 3 * level; // px between the blocks of a leading dim (level 1 = innermost)
const isAcross = (level) => level % 2 === 1;

const sliceDims = (shape) => {
  const r = shape.length;
  return { lead: shape.slice(0, Math.max(0, r - 2)), h: r >= 2 ? shape[r - 2] : 1, w: r >= 1 ? shape[r - 1] : 1 };
};

/** The cell size (px) at which the layout of `shape` fits `width`, within MIN_CELL..MAX_CELL. */
export function fitCellSize(shape, width) {
  const { lead, w } = sliceDims(shape);
  // The layout's width is cells * size + gaps; each across dim repeats what is inside it.
  let cells = w, gaps = 0;
  for (let d = lead.length - 1; d >= 0; --d) {
    const level = lead.length - d;
    if (isAcross(level)) {
      gaps = lead[d] * gaps + (lead[d] - 1) * gapOf(level);
      cells *= lead[d];
    }
  }
  const size = cells > 0 ? Math.floor((width - gaps) / cells) : MAX_CELL;
  return Math.max(MIN_CELL, Math.min(MAX_CELL, size));
}

/** How the layout reads, e.g. "8 × 7 slices of 6 × 5: axis 0 down, axis 1 across". */
export function layoutNote(shape) {
  const { lead, h, w } = sliceDims(shape);
  if (lead.length === 0) return shape.length === 2 ? `${h} rows × ${w} columns` : '';
  const axes = lead.map((_, d) => `axis ${d} ${isAcross(lead.length - d) ? 'across' : 'down'}`);
  return `${lead.join(' × ')} slices of ${h} × ${w}: ${axes.join(', ')}`;
}

/**
 * The HTML of the cells of `shape` in slices; `cell(k)` gives the cell at flat position k.
 * Slices are ARIA grids of rows, named `${name} [i, j, …]` by their leading indices.
 */
export function layoutHtml(shape, name, cell) {
  const { lead, h, w } = sliceDims(shape);
  const parts = [];
  let k = 0;
  const slice = (prefix) => {
    const label = prefix.length ? `${name} [${prefix.join(', ')}, …]` : name;
    parts.push(`<div class="slice">${prefix.length ? `<span class="slice-index" aria-hidden="true">${prefix.join(',')}</span>` : ''}` +
      `<div role="grid" class="slice-cells" style="--w:${w}" aria-label="${label}">`);
    for (let r = 0; r < h; ++r) {
      parts.push('<div role="row" class="row">');
      for (let c = 0; c < w; ++c) parts.push(cell(k++));
      parts.push('</div>');
    }
    parts.push('</div></div>');
  };
  const block = (d, prefix) => {
    if (d === lead.length) return slice(prefix);
    const level = lead.length - d;
    parts.push(`<div class="block ${isAcross(level) ? 'across' : 'down'}" style="gap:${gapOf(level)}px">`);
    for (let i = 0; i < lead[d]; ++i) block(d + 1, [...prefix, i]);
    parts.push('</div>');
  };
  block(0, []);
  return parts.join('');
}
