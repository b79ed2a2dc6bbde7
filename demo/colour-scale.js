// One colour scale for A, B and the result: blue for positive, red for negative, darker for
// larger magnitude, so a cell too small for its number still shows its value, and one colour
// means one value in every view; and the legend that reads it. The scale has LEVELS steps per
// sign, as classes (cells.css), which keeps big tensors' markup small.
import { fittedText } from './number-text.js';

const LEVELS = 8;

/**
 * The scale of lists of values (numbers or bigints; null lists are skipped): `classOf(v)` gives
 * a cell's colour class (p1..p8 positive, n1..n8 negative, z0 zero, nan; `dark` added where
 * white text reads better), and `legend` the HTML of its key.
 */
export function colourScale(...lists) {
  let max = 0, negative = false;
  for (const values of lists) {
    for (const v of values ?? []) {
      const x = Number(v);
      if (Number.isFinite(x)) max = Math.max(max, Math.abs(x));
      if (x < 0) negative = true;
    }
  }
  const classOf = (v) => {
    const x = Number(v);
    if (Number.isNaN(x)) return 'nan';
    if (x === 0 || max === 0) return 'z0';
    // On a square-root scale: with one scale for A, B and the result, the operands' values are
    // small beside the result's, and a linear scale left them all at the palest step.
    const level = Math.max(1, Math.ceil(Math.sqrt(Math.min(max, Math.abs(x)) / max) * LEVELS));
    return `${x < 0 ? 'n' : 'p'}${level}${level > LEVELS / 2 ? ' dark' : ''}`;
  };
  const steps = Array.from({ length: LEVELS }, (_, i) => `<span class="p${i + 1}"></span>`);
  const bar = negative ? [...steps.map((s) => s.replace('"p', '"n')).reverse(), '<span class="z0"></span>', ...steps] : ['<span class="z0"></span>', ...steps];
  const ends = negative ? [-max, 0, max] : [0, max];
  const legend = `<div class="legend" aria-hidden="true"><span class="bar">${bar.join('')}</span>` +
    `<span class="ticks">${ends.map((v) => `<span>${fittedText(v, 7) || '…'}</span>`).join('')}</span></div>`;
  return { classOf, legend };
}
