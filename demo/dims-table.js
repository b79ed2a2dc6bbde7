// The ledger (the table under the rule): the dims of A and B under the output's axes as a step sees them
// (aligned, padded with 1s, stretched), the result's dims from the package, and every axis on
// which the shapes conflict.
import { BroadcastError } from 'tensorwise';
import { alignmentOf, dimAt } from './alignment.js';

function dimCell(dim, out, step, column, conflicts) {
  const classes = conflicts.has(column) ? ['conflict'] : [];
  let text = dim === null ? '' : String(dim);
  let label = '';
  if (dim === null && step >= 2) {
    classes.push('padded');
    text = '1';
    label = 'padded 1';
  }
  const one = dim === null || dim === 1;
  if (step >= 3 && out !== undefined && one && out !== 1) {
    classes.push('stretched');
    text = `${text} → ${out}`;
    label = `${dim === null ? 'padded 1' : '1'} stretched to ${out}`;
  }
  if (dim === null && step < 2) classes.push('none');
  return `<td class="${classes.join(' ')}"${label ? ` aria-label="${label}"` : ''}>${text}</td>`;
}

/**
 * Draws the table for a run at a step into `table` (empty when there is nothing to draw). With
 * `declared` (an IR layer's output dims), a row of them under the result's, right-aligned, each
 * that differs from the inferred dim marked.
 */
export function drawDimsTable(table, run, step, declared = null) {
  if (!run.shapeA || !run.shapeB || (run.error && !(run.error instanceof BroadcastError))) {
    table.innerHTML = '';
    return;
  }
  const al = alignmentOf(run);
  // Every conflicting axis, as the package lists them (the error names the first).
  const conflicts = new Set(run.error ? run.aligned?.conflicts ?? [run.error.axis] : []);
  const outside = (column) => column < 0 || column >= al.rank;
  let html = '<caption class="sr-only">The dims of A and B under the axes of the result</caption><thead><tr><th scope="col"><span class="sr-only">operand</span></th>';
  for (const column of al.columns) {
    const cls = [conflicts.has(column) ? 'conflict' : '', outside(column) ? 'outside' : ''].join(' ').trim();
    html += `<th scope="col" data-axis="${column}" class="${cls}">${outside(column) ? 'outside' : `axis ${column}`}</th>`;
  }
  html += '</tr></thead><tbody>';
  for (const [name, shape, start] of [['A', run.shapeA, al.startA], ['B', run.shapeB, al.startB]]) {
    html += `<tr><th scope="row">${name}</th>`;
    for (const column of al.columns) {
      html += outside(column) ? `<td class="outside">${dimAt(shape, start, column) ?? ''}</td>`
        : dimCell(dimAt(shape, start, column), run.outShape?.[column], step, column, conflicts);
    }
    html += '</tr>';
  }
  html += '<tr class="result"><th scope="row">result</th>';
  for (const column of al.columns) {
    const text = conflicts.has(column) ? '✗' : step >= 3 && run.outShape && !outside(column) ? run.outShape[column] : '';
    html += `<td class="${conflicts.has(column) ? 'conflict' : ''}">${text}</td>`;
  }
  html += '</tr>';
  if (declared !== null) {
    html += '<tr class="declared"><th scope="row">declared</th>';
    const offset = al.rank - declared.length; // right-aligned under the result's axes
    for (const column of al.columns) {
      const dim = outside(column) ? undefined : declared[column - offset];
      const inferred = run.outShape?.[column];
      const differs = dim !== undefined ? inferred !== undefined && dim !== inferred : !outside(column);
      html += `<td class="${differs ? 'conflict' : ''}">${dim ?? ''}</td>`;
    }
    html += '</tr>';
  }
  table.innerHTML = `${html}</tbody>`;
}
