// The values the demo feeds the module when a case has none of its own: small and varied, with
// both signs for signed dtypes (so floor and truncating division differ), halves for floats
// (exact in every float dtype, the narrow ones included), and no zeros in B (no x/0). What a
// dtype is (integer or not, signed, bigint values) and whether the op divides come from the
// package's dtypes() and ops().

export function demoValues(count, dtype, role, op) {
  const integer = dtype.kind === 'signed_integer' || dtype.kind === 'unsigned_integer';
  const signed = dtype.kind !== 'unsigned_integer';
  const out = new Array(count);
  for (let i = 0; i < count; ++i) {
    let v = role === 'a' ? (signed ? (i % 19) - 9 : (i % 19) + 1) : (i % 4) + 2;
    if (role === 'b' && signed && op.divides && i % 2) v = -v;
    if (!integer && role === 'a') v /= 2;
    out[i] = dtype.bigint ? BigInt(v) : v;
  }
  return out;
}

/** A case's own values as the dtype needs them (bigints where its values are). */
export function ownValues(list, dtype) {
  return dtype.bigint ? list.map((v) => BigInt(v)) : list;
}
