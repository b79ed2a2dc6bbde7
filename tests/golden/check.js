// Runs golden cases (cases.json, generated from numpy by generate.py) through the public API and
// compares bit for bit. No Node APIs: the Chromium test runs the same code in a page.

const STORAGE = {
  float32: Float32Array, float64: Float64Array, float16: Uint16Array, bfloat16: Uint16Array,
  int8: Int8Array, int16: Int16Array, int32: Int32Array, int64: BigInt64Array,
  uint8: Uint8Array, uint16: Uint16Array, uint32: Uint32Array, uint64: BigUint64Array,
};

function decode({ b64, shape }, dtype) {
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; ++i) bytes[i] = bin.charCodeAt(i);
  return { data: new STORAGE[dtype](bytes.buffer), shape };
}

// NaN payloads are unspecified: any NaN matches any NaN.
function isNaNBits(dtype, view, i) {
  switch (dtype) {
    case 'float32': case 'float64': return Number.isNaN(view[i]);
    case 'float16': return (view[i] & 0x7fff) > 0x7c00;
    case 'bfloat16': return (view[i] & 0x7fff) > 0x7f80;
    default: return false;
  }
}

/** Returns a list of mismatch descriptions (empty when the case passes). */
export function runCase(api, c) {
  const a = decode(c.a, c.dtype);
  const b = decode(c.b, c.dtype);
  const want = decode(c.y, c.dtype);
  const op = c.op === 'mul' ? api.multiply : api.divide;
  let got;
  try {
    got = op({ ...a, dtype: c.dtype }, { ...b, dtype: c.dtype }, c.options);
  } catch (e) {
    return [`${c.id}: threw ${e.name}: ${e.message}`];
  }
  const problems = [];
  if (JSON.stringify(got.shape) !== JSON.stringify(want.shape)) problems.push(`${c.id}: shape ${got.shape} != ${want.shape}`);
  if (got.dtype !== c.dtype) problems.push(`${c.id}: dtype ${got.dtype}`);
  // Compare the raw bits (a Float16Array result is read through its buffer).
  const view = new STORAGE[c.dtype](got.data.buffer, got.data.byteOffset, got.data.length);
  if (view.length !== want.data.length) return [...problems, `${c.id}: length ${view.length} != ${want.data.length}`];
  for (let i = 0; i < view.length && problems.length < 5; ++i) {
    const same = Object.is(view[i], want.data[i]) || (isNaNBits(c.dtype, view, i) && isNaNBits(c.dtype, want.data, i));
    if (!same) problems.push(`${c.id}[${i}]: got ${view[i]}, want ${want.data[i]}`);
  }
  return problems;
}
