// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// Differential property test: seeded random cases (dtype, op, rounding, mode, shapes, values,
// operand forms) through the public API against an independent reference written here: BigInt
// for 64-bit integers, Number math for the rest, its own float16/bfloat16 rounding. TW_SEED=<n>
// reproduces a run, TW_CASES=<n> sets its size.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as api from '../../web/index.js';
import { DTYPES, DTYPE_NAMES, OPS, OP_NAMES, bitsOf, isNaNAt, takes } from './dtypes.js';
import { generator } from './seeded.js';
import { correctlyRoundedQuick, faithfulPair } from './exact-math.js';

const { init, tensor } = api;

const SEED = Number(process.env.TW_SEED ?? 0x7e5a) >>> 0;
const CASES = Number(process.env.TW_CASES ?? 20000);

before(() => init());

// ---- the reference ------------------------------------------------------------------------------
const signed = (d) => DTYPES[d].signed;
const isHalf = (d) => DTYPES[d].kind === 'half';

// 16-bit floats from their formats (p significand bits, emin the smallest normal exponent).
function halfValue(bits, d) {
  const { p, emin, emax, expBits } = DTYPES[d];
  const m = p - 1, e = (bits >> m) & (2 * emax + 1), f = bits & ((1 << m) - 1);
  const sign = bits & (1 << (m + expBits)) ? -1 : 1;
  if (e === 2 * emax + 1) return f ? NaN : sign * Infinity;
  return sign * (e === 0 ? f * 2 ** (emin - m) : (1 + f / 2 ** m) * 2 ** (e - emax));
}
// Round a double to the 16-bit format (nearest even), by walking the representable grid.
function halfBits(x, d) {
  const { p, emin, emax, expBits } = DTYPES[d];
  const m = p - 1, signBit = 1 << (m + expBits), inf = (2 * emax + 1) << m;
  if (Number.isNaN(x)) return inf | (1 << (m - 1));
  const sign = x < 0 || Object.is(x, -0) ? signBit : 0;
  let a = Math.abs(x);
  if (a === Infinity) return sign | inf;
  let e = emin;
  while (e < emax + 1 && a >= 2 ** (e + 1)) e++;
  const ulp = 2 ** (e - m);
  let q = Math.floor(a / ulp);
  const r = a / ulp - q;
  if (r > 0.5 || (r === 0.5 && q % 2 === 1)) q++;
  a = q * ulp;
  if (a >= 2 ** (emax + 1)) return sign | inf;
  if (a < 2 ** emin) return sign | q; // subnormal (or zero)
  const ee = Math.floor(Math.log2(a)) + (a >= 2 ** (Math.floor(Math.log2(a)) + 1) ? 1 : 0);
  const exp = 2 ** ee > a ? ee - 1 : ee;
  return sign | ((exp + emax) << m) | (Math.round(a / 2 ** (exp - m)) - 2 ** m);
}

// Integer results by op: exact BigInt arithmetic, divisions rounded per pythondiv, x/0 = 0.
function integerResult(op, pythondiv, X, Y) {
  if (!OPS[op].divides) return OPS[op].real(X, Y);
  if (Y === 0n) return 0n;
  let q = X / Y; // truncates
  if (pythondiv && X % Y !== 0n && (X < 0n) !== (Y < 0n)) q -= 1n;
  return q;
}

function reference(op, dtype, pythondiv, x, y) {
  const { kind, bits } = DTYPES[dtype];
  // exp and log: the exact value rounded once into the dtype; float64 either double around it.
  const exact = OPS[op].exact;
  if (exact !== undefined && kind === 'half') return halfBits(correctlyRoundedQuick(exact, halfValue(x, dtype), dtype), dtype);
  if (exact !== undefined) return dtype === 'float32' ? correctlyRoundedQuick(exact, x, dtype) : { either: faithfulPair(exact, x, dtype) };
  if (kind === 'float') {
    const round = dtype === 'float32' ? Math.fround : (v) => v;
    return round(OPS[op].real(x, y, round));
  }
  if (kind === 'half') {
    const round = (v) => halfValue(halfBits(Math.fround(v), dtype), dtype);
    return halfBits(Math.fround(OPS[op].real(halfValue(x, dtype), halfValue(y, dtype), round)), dtype);
  }
  const r = integerResult(op, pythondiv, BigInt(x), BigInt(y));
  const wrapped = signed(dtype) ? BigInt.asIntN(bits, r) : BigInt.asUintN(bits, r);
  return bits === 64 ? wrapped : Number(wrapped);
}

// ---- random cases -------------------------------------------------------------------------------
function randomValue(g, dtype) {
  if (isHalf(dtype)) {
    // From the format: 0, -0, 1, -1, Inf, -Inf, NaN, the smallest subnormal, the largest finite, the smallest normal.
    const { p, emax, expBits, Storage } = DTYPES[dtype];
    const m = p - 1, sign = 1 << (m + expBits), inf = (2 * emax + 1) << m, one = emax << m;
    const special = [0, sign, one, sign | one, inf, sign | inf, inf | (1 << (m - 1)), 1, inf - 1, 1 << m];
    return g.next() < 0.3 ? g.pick(special) : g.int(0, 2 ** (8 * Storage.BYTES_PER_ELEMENT) - 1);
  }
  if (DTYPES[dtype].kind === 'float') {
    const sp = [0, -0, 1, -1, Infinity, -Infinity, NaN, 5e-324, 1e-40, 3.4e38, -7.5];
    const v = g.next() < 0.3 ? g.pick(sp) : (g.next() - 0.5) * 10 ** g.int(-5, 5);
    return dtype === 'float32' ? Math.fround(v) : v;
  }
  const { bits } = DTYPES[dtype];
  const min = signed(dtype) ? -(2n ** BigInt(bits - 1)) : 0n, max = signed(dtype) ? 2n ** BigInt(bits - 1) - 1n : 2n ** BigInt(bits) - 1n;
  let v;
  const r = g.next();
  if (r < 0.25) v = g.pick([0n, 1n, min, max, 2n, 7n, ...(signed(dtype) ? [-1n, -2n, -7n, min + 1n] : [])]);
  else if (r < 0.6) v = BigInt(g.int(signed(dtype) ? -20 : 0, 20));
  else v = BigInt.asUintN(bits, BigInt(g.int(0, 2 ** 30)) * BigInt(g.int(0, 2 ** 30)) * BigInt(g.int(1, 64)));
  v = signed(dtype) ? BigInt.asIntN(bits, v) : BigInt.asUintN(bits, v);
  return bits === 64 ? v : Number(v);
}

// A shape pair for the mode, with the index maps the reference needs: for each output index,
// the input's index (numpy: right-aligned, 1s stretch; pdpd: B under A from axis).
function randomShapes(g, mode) {
  const rank = g.int(0, 4);
  const out = Array.from({ length: rank }, () => (g.next() < 0.08 ? 0 : g.pick([1, 1, 2, 3, 4, 5])));
  if (mode === 'none') return { a: out, b: out.slice() };
  if (mode === 'numpy') {
    const a = out.map((d) => (g.next() < 0.3 ? 1 : d)), b = out.map((d) => (g.next() < 0.3 ? 1 : d));
    return { a: a.slice(g.int(0, rank)), b: b.slice(g.int(0, rank)) };
  }
  // pdpd: B is a run of A's dims (or 1s) from axis, maybe with trailing 1s that get trimmed.
  const axis = g.int(0, rank);
  const len = g.int(0, rank - axis);
  const b = out.slice(axis, axis + len).map((d) => (g.next() < 0.3 ? 1 : d));
  const trailing = g.int(0, 2);
  for (let i = 0; i < trailing; ++i) b.push(1);
  const useDefault = axis === rank - b.length && g.next() < 0.5;
  return { a: out, b, axis: useDefault ? undefined : axis };
}

function alignedDims(shapes, mode) {
  const { a, b } = shapes;
  if (mode !== 'pdpd') {
    const rank = Math.max(a.length, b.length);
    const pad = (s) => [...new Array(rank - s.length).fill(1), ...s];
    return { rank, da: pad(a), db: pad(b) };
  }
  let axis = shapes.axis ?? a.length - b.length;
  const trimmed = b.slice();
  while (trimmed.length && trimmed[trimmed.length - 1] === 1) trimmed.pop();
  const db = a.map((_, i) => (i >= axis && i < axis + trimmed.length ? trimmed[i - axis] : 1));
  return { rank: a.length, da: a.slice(), db };
}

function expected(op, dtype, pythondiv, mode, shapes, va, vb) {
  const { rank, da, db } = alignedDims(shapes, mode);
  const out = da.map((d, i) => (d === 1 ? db[i] : d));
  const n = out.reduce((x, y) => x * y, 1);
  const y = [];
  const idx = new Array(rank).fill(0);
  for (let k = 0; k < n; ++k) {
    let rem = k;
    for (let d = rank - 1; d >= 0; --d) { idx[d] = rem % out[d]; rem = Math.floor(rem / out[d]); }
    let ia = 0, ib = 0;
    for (let d = 0; d < rank; ++d) {
      ia = ia * da[d] + (da[d] === 1 ? 0 : idx[d]);
      ib = ib * db[d] + (db[d] === 1 ? 0 : idx[d]);
    }
    y.push(reference(op, dtype, pythondiv, va[ia], vb[ib]));
  }
  return { shape: out, y };
}

function sameElement(dtype, got, want) {
  if (want !== null && typeof want === 'object') return want.either.some((w) => sameElement(dtype, got, w));
  return Object.is(got, want) || (isNaNAt(dtype, [got], 0) && isNaNAt(dtype, [want], 0));
}

// One operand in one of the forms the API takes.
function operandOf(g, dtype, shape, values, made, scalarAllowed) {
  const n = values.length;
  const form = g.next();
  // A bare number/bigint takes the other operand's dtype, so only one of the two may be bare.
  if (scalarAllowed && n === 1 && shape.length === 0 && form < 0.2 && !isHalf(dtype)) return values[0];
  const data = DTYPES[dtype].Storage.from(values);
  if (form < 0.35) { const t = tensor(data, shape, dtype); made.push(t); return t; }
  if (form < 0.5 && !isHalf(dtype)) return { data: Array.from(values), shape, dtype };
  return { data, shape, dtype };
}

test(`random cases against an independent reference (seed ${SEED})`, () => {
  const g = generator(SEED);
  const started = Date.now();
  let ran = 0;
  for (; ran < CASES; ++ran) {
    const dtype = g.pick(DTYPE_NAMES);
    const op = g.pick(OP_NAMES.filter((name) => takes(OPS[name], dtype)));
    const unary = OPS[op].arity === 1;
    const pythondiv = g.next() < 0.5;
    const mode = unary ? 'none' : g.pick(['numpy', 'numpy', 'numpy', 'none', 'pdpd']);
    const shapes = randomShapes(g, mode);
    const count = (s) => s.reduce((x, y) => x * y, 1);
    const va = Array.from({ length: count(shapes.a) }, () => randomValue(g, dtype));
    // A unary op's x is a and b alike (its reference reads x only).
    if (unary) shapes.b = shapes.a;
    const vb = unary ? va : Array.from({ length: count(shapes.b) }, () => randomValue(g, dtype));
    const want = expected(op, dtype, pythondiv, mode, shapes, va, vb);
    const made = [];
    try {
      const A = operandOf(g, dtype, shapes.a, va, made, !unary); // (a bare number alone would be float32)
      const B = operandOf(g, dtype, shapes.b, vb, made, typeof A === 'object');
      const options = { autoBroadcast: mode, ...(shapes.axis === undefined ? {} : { axis: shapes.axis }) };
      if (OPS[op].divides) options.pythondiv = pythondiv;
      const got = unary ? OPS[op].run(api)(A) : OPS[op].run(api)(A, B, options);
      const where = `case ${ran} (seed ${SEED}): ${op} ${dtype} ${mode} ${JSON.stringify(shapes)} pythondiv=${pythondiv}`;
      assert.deepEqual(got.shape, want.shape, where);
      const bits = bitsOf(dtype, got.data);
      for (let i = 0; i < want.y.length; ++i) {
        if (!sameElement(dtype, bits[i], want.y[i])) {
          assert.fail(`${where}: element ${i} is ${bits[i]}, want ${want.y[i]} (a=${JSON.stringify(va.map(String))} b=${JSON.stringify(vb.map(String))})`);
        }
      }
    } finally {
      for (const t of made) t.dispose();
    }
  }
  console.log(`property test: ${ran} cases in ${Date.now() - started} ms (seed ${SEED})`);
});
