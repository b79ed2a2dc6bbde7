// The values the demo feeds the module when a case has none of its own: small whole numbers
// (exact in every dtype, the narrow floats included, and short enough that a product fits a
// small cell: at most 3 characters; A steps through its period by 7, so a few values already mix
// signs and sizes), both signs for signed dtypes (so floor and truncating
// division differ), no zeros in B (no x/0), and periods (19 and 7) that no common dim divides, so
// that an operand that is not stretched never looks as if it were. What a dtype is (signed,
// bigint values) and whether the op divides come from the package's dtypes() and ops().

export function demoValues(count, dtype, role, op) {
  const signed = dtype.kind !== 'unsigned_integer';
  const out = new Array(count);
  for (let i = 0; i < count; ++i) {
    const a = (i * 7 + 3) % 19;
    let v = role === 'a' ? (signed ? a - 9 : a + 1) : (i % 7) + 2;
    if (role === 'b' && signed && op.divides && i % 2) v = -v;
    out[i] = dtype.bigint ? BigInt(v) : v;
  }
  return out;
}

/** A case's own values as the dtype needs them (bigints where its values are). */
export function ownValues(list, dtype) {
  return dtype.bigint ? list.map((v) => BigInt(v)) : list;
}
