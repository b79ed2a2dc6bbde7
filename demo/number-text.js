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

/**
 * The value in at most `chars` characters (fewer digits, then exponent form), or '' when no
 * text that short is within TOLERANCE of it (the cell then shows its value by colour only).
 */
export function fittedText(v, chars) {
  const full = fullText(v);
  if (full.length <= chars) return full;
  const x = Number(v);
  if (!Number.isFinite(x)) return '';
  const close = (text) => Math.abs(Number(text) - x) <= TOLERANCE * Math.abs(x);
  for (let digits = 4; digits >= 1; --digits) {
    const fixed = String(Number(x.toPrecision(digits)));
    const short = fixed.replace(/^(-?)0\./, '$1.'); // -0.5 as -.5
    if (short.length <= chars && !short.includes('e')) return close(fixed) ? short : '';
    const exp = x.toExponential(digits - 1).replace('e+', 'e').replace(/\.?0+e/, 'e');
    if (exp.length <= chars) return close(exp) ? exp : '';
  }
  return '';
}
