// Runs golden cases (cases.json, generated from numpy by generate.py) through the public API and
// compares bit for bit. No Node APIs: the Chromium test runs the same code in a page.
import { DTYPES, OPS, bitsOf, isNaNAt } from '../js/dtypes.js';

function decode({ b64, shape }, dtype) {
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; ++i) bytes[i] = bin.charCodeAt(i);
  return { data: new DTYPES[dtype].Storage(bytes.buffer), shape };
}

/** Whether two finite float64s of one sign are neighbours (their bits one apart). */
function nextTo(x, y) {
  if (!Number.isFinite(x) || !Number.isFinite(y) || (x < 0) !== (y < 0)) return false;
  const bits = new BigInt64Array(new Float64Array([x, y]).buffer);
  const d = bits[0] - bits[1];
  return d === 1n || d === -1n;
}

/** Returns a list of mismatch descriptions (empty when the case passes). */
export function runCase(api, c) {
  const a = decode(c.a, c.dtype);
  const want = decode(c.y, c.dtype);
  const op = OPS[c.op].run(api);
  let got;
  try {
    // (A unary op's case has no b.)
    got = c.b === undefined ? op({ ...a, dtype: c.dtype }, c.options) : op({ ...a, dtype: c.dtype }, { ...decode(c.b, c.dtype), dtype: c.dtype }, c.options);
  } catch (e) {
    return [`${c.id}: threw ${e.name}: ${e.message}`];
  }
  const problems = [];
  if (JSON.stringify(got.shape) !== JSON.stringify(want.shape)) problems.push(`${c.id}: shape ${got.shape} != ${want.shape}`);
  if (got.dtype !== c.dtype) problems.push(`${c.id}: dtype ${got.dtype}`);
  // Compare the raw bits (a Float16Array result is read through its buffer).
  const view = bitsOf(c.dtype, got.data);
  if (view.length !== want.data.length) return [...problems, `${c.id}: length ${view.length} != ${want.data.length}`];
  for (let i = 0; i < view.length && problems.length < 5; ++i) {
    // NaN payloads are unspecified: any NaN matches any NaN.
    // A 'faithful' case (float64 exp and log) may be one unit in the last place away: the two
    // doubles' bits, as integers, one apart.
    const same = Object.is(view[i], want.data[i]) || (isNaNAt(c.dtype, view, i) && isNaNAt(c.dtype, want.data, i)) ||
      (c.faithful === true && nextTo(view[i], want.data[i]));
    if (!same) problems.push(`${c.id}[${i}]: got ${view[i]}, want ${want.data[i]}`);
  }
  return problems;
}
