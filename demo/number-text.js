// Numbers as text: in full for labels and the readout, and shortened to fit a cell.

/** The value as a screen reader or the readout gives it. */
export function fullText(v) {
  if (typeof v === 'bigint' || Number.isInteger(v)) return String(v);
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? '∞' : '−∞';
  return String(Number(v.toPrecision(6)));
}

// A shortened number may be off by this much, relative: -4.5 is not shown as "-5".
const TOLERANCE = 0.01;
const SUFFIXES = [[1e12, 'T'], [1e9, 'G'], [1e6, 'M'], [1e3, 'k']];

// -0.5 as -.5, 0.25 as .25.
const dropZero = (text) => text.replace(/^(-?)0\./, '$1.');

/**
 * The value in at most `chars` characters, or '' when no text that short is within TOLERANCE of
 * it (the cell then shows its value by colour only). Shorter forms, in turn: fewer digits, a
 * suffix (123M, 12.3k), an exponent (1.2e8). With `noZero`, a leading 0 is dropped (.5), also
 * where the full text would fit: a view drops it for all its values or for none.
 */
export function fittedText(v, chars, noZero = false) {
  const full = noZero ? dropZero(fullText(v)) : fullText(v);
  if (full.length <= chars) return full;
  const x = Number(v);
  if (!Number.isFinite(x)) return '';
  const close = (value) => Math.abs(value - x) <= TOLERANCE * Math.abs(x);
  const plain = (text) => (noZero ? dropZero(text) : text);
  for (let digits = 4; digits >= 1; --digits) {
    const rounded = Number(x.toPrecision(digits));
    const fixed = plain(String(rounded));
    if (fixed.length <= chars && !fixed.includes('e') && close(rounded)) return fixed;
    for (const [scale, suffix] of SUFFIXES) {
      if (Math.abs(x) < scale) continue;
      const scaled = Number((x / scale).toPrecision(digits));
      const text = `${scaled}${suffix}`;
      if (text.length <= chars && close(scaled * scale)) return text;
      break; // the largest suffix that applies only
    }
    const exp = x.toExponential(digits - 1).replace('e+', 'e').replace(/\.?0+e/, 'e');
    if (exp.length <= chars && close(Number(exp))) return exp;
  }
  return '';
}

/**
 * How a view writes its values in cells of `chars` characters: whether it drops leading zeros
 * (only when a value needs it to fit, then for all, so that 0.5 and -.5 never meet) and how many
 * of its values still show no text.
 */
export function textPlan(values, chars) {
  let needsDrop = false;
  for (const v of values) {
    if (fittedText(v, chars) === '' && fittedText(v, chars, true) !== '') {
      needsDrop = true;
      break;
    }
  }
  let blank = 0;
  for (const v of values) if (fittedText(v, chars, needsDrop) === '') ++blank;
  return { noZero: needsDrop, blank };
}
