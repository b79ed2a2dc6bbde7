// ONNX's facts, by operator: which op each runs, each operator's versions (the opset each came
// in, newest first), and for each version its attributes, its broadcasting ('numpy'; 'none', one
// shape; or 'legacy': the broadcast and axis attributes of versions 1 and 6) and the types its
// type constraint T allows (from the operators' specs; Add, Sub, Mul and Div are defined alike at
// every version). The one place these facts live: the entry points (spec.js) and dtypes()
// (dtypes.js) read them here.
const FLOATS = ['float16', 'float32', 'float64'];
const WIDE_INTEGERS = ['int32', 'int64', 'uint32', 'uint64'];
const NARROW_INTEGERS = ['int8', 'int16', 'uint8', 'uint16'];

// A version (the opset it came in) of numpy broadcasting, whose only attributes are `attributes`.
const numpy = (since, types, attributes = []) => ({ since, attributes, broadcast: 'numpy', types });
// The two versions of an operator that came in opset `since` and took bfloat16 from opset 13.
const withBfloat16 = (since, types) => [numpy(13, [...types, 'bfloat16']), numpy(since, types)];

const ARITHMETIC = [
  numpy(14, [...FLOATS, ...WIDE_INTEGERS, 'bfloat16', ...NARROW_INTEGERS]),
  numpy(13, [...FLOATS, ...WIDE_INTEGERS, 'bfloat16']),
  numpy(7, [...FLOATS, ...WIDE_INTEGERS]),
  { since: 6, attributes: ['broadcast', 'axis'], broadcast: 'legacy', types: [...FLOATS, ...WIDE_INTEGERS] },
  { since: 1, attributes: ['broadcast', 'axis', 'consumed_inputs'], broadcast: 'legacy', types: FLOATS },
];

// Max and Min (variadic: one input or more, all of them broadcast together; version 6 takes one
// shape only) and Mod (its attribute fmod picks the op: 0 numpy's mod, integers only; 1 C's fmod).
const NUMERIC = [...FLOATS, ...WIDE_INTEGERS, ...NARROW_INTEGERS];
const EXTREMA = [
  ...withBfloat16(12, NUMERIC),
  numpy(8, FLOATS),
  { since: 6, attributes: [], broadcast: 'none', types: FLOATS },
];
const MOD = [
  numpy(13, [...NUMERIC, 'bfloat16'], ['fmod']),
  numpy(10, NUMERIC, ['fmod']),
];

// The bitwise operators (BitwiseAnd, Or, Xor, Not), integers only.
const BITWISE = [numpy(18, [...NARROW_INTEGERS, ...WIDE_INTEGERS])];

// The math functions of one operand (Abs, Neg, and of floats Sqrt, Exp, Log): versions 6 and 13
// (which adds bfloat16).
const ABS = withBfloat16(6, NUMERIC);
const NEG = withBfloat16(6, [...FLOATS, 'int8', 'int16', 'int32', 'int64']);
const SQRT = withBfloat16(6, FLOATS);

/**
 * Each ONNX operator: `op`, the public op it runs (ops.js), or `byFmod`, the ops its attribute
 * fmod picks (0, 1) (each null where the other is given); `variadic`, whether it takes a list
 * of inputs; its versions, newest first. Every field is the record's own: none is looked up on a
 * prototype.
 */
const operator = (op, versions, variadic = false, byFmod = null) => ({ op, byFmod, variadic, versions });
export const ONNX_OPERATORS = {
  Mul: operator('multiply', ARITHMETIC),
  Div: operator('divide', ARITHMETIC),
  Add: operator('add', ARITHMETIC),
  Sub: operator('subtract', ARITHMETIC),
  Max: operator('maximum', EXTREMA, true),
  Min: operator('minimum', EXTREMA, true),
  Mod: operator(null, MOD, false, ['mod', 'fmod']),
  BitwiseAnd: operator('bitwiseAnd', BITWISE),
  BitwiseOr: operator('bitwiseOr', BITWISE),
  BitwiseXor: operator('bitwiseXor', BITWISE),
  BitwiseNot: operator('bitwiseNot', BITWISE),
  Abs: operator('abs', ABS),
  Neg: operator('negative', NEG),
  Sqrt: operator('sqrt', SQRT),
  Exp: operator('exp', SQRT),
  Log: operator('log', SQRT),
};

/** The default opset: the newest at which one of these operators came (a new operator moves it). */
export const ONNX_DEFAULT_OPSET = Math.max(...Object.values(ONNX_OPERATORS).map((o) => o.versions[0].since));

/** The ONNX operator that runs a public op, or null where none does. */
export function onnxOperatorOf(op) {
  for (const [name, o] of Object.entries(ONNX_OPERATORS)) if (o.op === op || (o.byFmod !== null && o.byFmod.includes(op))) return name;
  return null;
}

/** The first opset at which an operator's versions take a dtype, or 0 where none does. */
export function onnxSince(versions, dtype) {
  let since = 0;
  for (const v of versions) if (v.types.includes(dtype)) since = v.since;
  return since;
}
