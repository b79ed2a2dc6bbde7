// The values the demo feeds the module when a case has none of its own: small and varied, with
// both signs for signed dtypes (so floor and truncating division differ), halves for floats
// (exact in every float dtype, float16 and bfloat16 included), and no zeros in B (no x/0).

const INTEGER = /^u?int/;

export function demoValues(count, dtype, role, op) {
  const signed = !dtype.startsWith('uint');
  const integer = INTEGER.test(dtype);
  const wide = integer && dtype.endsWith('64'); // int64/uint64 data are bigints
  const out = new Array(count);
  for (let i = 0; i < count; ++i) {
    let v = role === 'a' ? (signed ? (i % 19) - 9 : (i % 19) + 1) : (i % 4) + 2;
    if (role === 'b' && signed && op === 'divide' && i % 2) v = -v;
    if (!integer && role === 'a') v /= 2;
    out[i] = wide ? BigInt(v) : v;
  }
  return out;
}

/** A case's own values as the dtype needs them (bigints for 64-bit integers). */
export function ownValues(list, dtype) {
  return INTEGER.test(dtype) && dtype.endsWith('64') ? list.map((v) => BigInt(v)) : list;
}
