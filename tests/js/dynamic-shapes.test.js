// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// broadcastShapes with dynamic: true (docs/contract.md, "Broadcasting") against a brute-force
// oracle: seeded random shape pairs with unknown dims (-1), in every mode, with and without an
// axis, each answer (shape or BroadcastError, and every field of explain: true) compared with
// what the oracle finds over every filling of the unknown dims. The oracle's plain rules are this
// file's own reading of the contract, checked first against the library's answers for shapes
// without unknown dims. TW_SEED=<n> reproduces a run, TW_CASES=<n> sets its size.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { init, broadcastShapes, BroadcastError } from '../../web/index.js';
import { generator } from './seeded.js';

const SEED = Number(process.env.TW_SEED ?? 0xd1a) >>> 0;
const CASES = Number(process.env.TW_CASES ?? 3000);
const MAX_UNKNOWN_DIMS = 7; // what dynamic: true takes (docs/contract.md)

before(() => init());


// ---- the plain rules ----------------------------------------------------------------------------
const ones = (n) => new Array(Math.max(0, n)).fill(1);
// A shape's dims at every axis of rank, from start, 1s elsewhere.
const place = (dims, start, rank) => Array.from({ length: rank }, (_, i) => dims[i - start] ?? 1);

// Two shapes lined up: the axes where they clash (of those the mode compares, from `from` up to
// `to`), and the output (null when any axis clashes).
function lined(rank, startA, dimsA, startB, dimsB, clash, output, from = 0, to = rank) {
  const conflicts = dimsA.flatMap((d, i) => (i >= from && i < to && clash(d, dimsB[i]) ? [i] : []));
  return {
    shape: conflicts.length ? null : dimsA.map((d, i) => output(d, dimsB[i])),
    rank, a: { start: startA, dims: dimsA }, b: { start: startB, dims: dimsB }, conflicts,
  };
}
// Shapes the mode cannot line up at all (a bad axis, a B that does not fit, ranks that differ).
const unplaced = (rank, startB) => ({ shape: null, rank, a: { start: 0, dims: null }, b: { start: startB, dims: null }, conflicts: [] });

const takeA = (a) => a;
const RULES = {
  numpy(A, B) {
    const rank = Math.max(A.length, B.length);
    const sa = rank - A.length, sb = rank - B.length;
    return lined(rank, sa, place(A, sa, rank), sb, place(B, sb, rank),
      (a, b) => a !== b && a !== 1 && b !== 1, (a, b) => (a === 1 ? b : a));
  },
  none(A, B) {
    if (A.length !== B.length) return unplaced(Math.max(A.length, B.length), 0);
    return lined(A.length, 0, A.slice(), 0, B.slice(), (a, b) => a !== b, takeA);
  },
  pdpd(A, B, axis = -1) {
    if (axis < -1) return unplaced(A.length, axis);
    const at = axis === -1 ? A.length - B.length : axis; // from B's rank before trimming
    let kept = B.length;
    while (kept > 0 && B[kept - 1] === 1) --kept;
    if (at < 0 || at + kept > A.length) return unplaced(A.length, at);
    return lined(A.length, 0, A.slice(), at, place(B.slice(0, kept), at, A.length), (a, b) => b !== a && b !== 1, takeA);
  },
  legacy(A, B, axis) {
    const ra = A.length, rb = B.length;
    const start = axis === undefined ? ra - rb : axis < 0 ? axis + ra : axis;
    if (axis !== undefined && (axis < -ra || axis >= Math.max(ra, 1))) return unplaced(ra, start);
    if (rb > ra) return unplaced(ra, start);
    if (B.every((d) => d === 1)) return lined(ra, 0, A.slice(), ra - rb, ones(ra), () => false, takeA);
    if (start + rb > ra) return unplaced(ra, start);
    // B's run must equal A's dims there (1s do not stretch); A's other dims meet nothing.
    return lined(ra, 0, A.slice(), start, place(B, start, ra), (a, b) => a !== b, takeA, start, start + rb);
  },
};

// explain's fields for two known shapes, and the BroadcastError's axis (null: they broadcast).
function plain(A, B, mode) {
  const r = RULES[mode.kind](A, B, mode.axis);
  const stretched = (own, other) => (own.dims === null ? [] : own.dims.flatMap((d, i) => (d === 1 && other.dims[i] !== 1 ? [i] : [])));
  return {
    shape: r.shape, rank: r.rank,
    a: { ...r.a, stretched: stretched(r.a, r.b) }, b: { ...r.b, stretched: stretched(r.b, r.a) },
    conflicts: r.conflicts, errorAxis: r.shape !== null ? null : r.conflicts[0] ?? -1,
  };
}

// ---- the dynamic answer, by brute force ---------------------------------------------------------
// The values each unknown dim is filled with. The rules compare a dim only with 1 and with the
// one dim it meets at its output axis (pdpd's trimming and legacy's one-element B only ask
// whether dims are 1), so a filling's answer depends only on which dims are 1 and which pairs
// that meet are equal. The known dims are 0-3: FILLS has each (an unknown dim may equal the known
// dim it meets, or be 1) and two more, 4 and 5 (two unknown dims that meet may be other dims,
// equal or not). Any filling answers as the one from FILLS with each met pair's values above 3
// renamed 4 and 5; and where an accepted filling from FILLS has 4 in a field, swapping 4 and 5
// everywhere gives another accepted filling with 5 there: unknown, as over all fillings.
const FILLS = [0, 1, 2, 3, 4, 5];

const agree = (x, y) => (x === y ? x : -1);
const agreeDims = (xs, ys) => (xs === null || ys === null ? null : xs.map((d, i) => agree(d, ys[i])));
const both = (xs, ys) => xs.filter((i) => ys.includes(i));
const mergeSide = (s, t) => ({ start: agree(s.start, t.start), dims: agreeDims(s.dims, t.dims), stretched: both(s.stretched, t.stretched) });
const merge = (e, f) => ({ shape: agreeDims(e.shape, f.shape), rank: agree(e.rank, f.rank), a: mergeSide(e.a, f.a), b: mergeSide(e.b, f.b), conflicts: both(e.conflicts, f.conflicts) });

function fillings(A, B) {
  const unknowns = [...A, ...B].filter((d) => d === -1).length;
  return Array.from({ length: FILLS.length ** unknowns }, (_, k) => {
    const fill = (s) => s.map((d) => {
      if (d !== -1) return d;
      const v = FILLS[k % FILLS.length];
      k = Math.floor(k / FILLS.length);
      return v;
    });
    return [fill(A), fill(B)];
  });
}

// The filling whose error is reported when none is accepted: each unknown dim the known dim it
// meets where the mode lines the shapes up (a B of several elements, in legacy), else 1, so
// that only known dims clash.
function representative(A, B, mode) {
  const { a, b } = plain(A.map((d) => (d === -1 ? 4 : d)), B.map((d) => (d === -1 ? 4 : d)), mode);
  const known = (own, start, other, otherStart) => own.map((d, j) => {
    const met = other[start + j - otherStart];
    return d !== -1 ? d : met === undefined || met === -1 ? 1 : met;
  });
  return [known(A, a.start, B, b.start), known(B, b.start, A, a.start)];
}

// What the answer must be: explain's fields merged over the accepted fillings (-1 where they
// differ; stretched and conflicts the axes in every one), or, when none is accepted, over the
// fillings the mode can line up at all (else over all), with the representative's error axis.
function oracle(A, B, mode) {
  const answers = fillings(A, B).map(([a, b]) => plain(a, b, mode));
  const accepted = answers.filter((r) => r.shape !== null);
  const placed = answers.filter((r) => r.a.dims !== null);
  const { errorAxis, ...fields } = (accepted.length ? accepted : placed.length ? placed : answers).reduce(merge);
  return { ...fields, errorAxis: accepted.length ? null : plain(...representative(A, B, mode), mode).errorAxis };
}

// ---- comparing ----------------------------------------------------------------------------------
function randomCase(g) {
  const shape = () => Array.from({ length: g.int(0, 4) }, () => g.pick([-1, 0, 1, 2, 3]));
  const A = shape(), B = shape();
  const kind = g.pick(['numpy', 'none', 'pdpd', 'pdpd', 'legacy', 'legacy']);
  // pdpd: -1 (the default) or an axis from 0, and one past A's rank (B cannot fit); legacy: an
  // axis from -rank(A) to rank(A) - 1, and one out of range each side; each also without axis.
  const withAxis = (kind === 'pdpd' || kind === 'legacy') && g.int(0, 1) === 1;
  const axis = !withAxis ? undefined : kind === 'pdpd' ? g.int(-1, A.length + 1) : g.int(-A.length - 1, A.length);
  return { A, B, mode: { kind, axis } };
}

const optionsOf = (mode, more) => ({ autoBroadcast: mode.kind, ...(mode.axis === undefined ? {} : { axis: mode.axis }), ...more });

// What broadcastShapes answers: its shape, or the error it throws.
function call(A, B, options) {
  try {
    return broadcastShapes(A, B, options);
  } catch (e) {
    return e;
  }
}

// The differences between an answer and the oracle's (empty when they agree).
function differences(A, B, mode, expected, dynamic) {
  const out = [];
  const sameError = (e) => e instanceof BroadcastError && e.axis === expected.errorAxis && e.mode === mode.kind &&
    isDeepStrictEqual([e.shapeA, e.shapeB], [A, B]);
  const got = call(A, B, optionsOf(mode, { dynamic }));
  if (expected.errorAxis === null ? !isDeepStrictEqual(got, expected.shape) : !sameError(got)) {
    out.push(`answer ${got instanceof Error ? `${got.name} axis ${got.axis}: ${got.message}` : JSON.stringify(got)}, ` +
      `expected ${expected.errorAxis === null ? JSON.stringify(expected.shape) : `BroadcastError axis ${expected.errorAxis}`}`);
  }
  const { error, ...fields } = call(A, B, optionsOf(mode, { dynamic, explain: true }));
  const { errorAxis, ...wanted } = expected;
  if (!isDeepStrictEqual(fields, wanted)) out.push(`explain ${JSON.stringify(fields)}, expected ${JSON.stringify(wanted)}`);
  if (errorAxis === null ? error !== null : !sameError(error)) out.push(`explain's error ${error?.message ?? null}, expected axis ${errorAxis}`);
  return out;
}

function report(failures, cases) {
  assert.deepEqual(failures.slice(0, 5), [], `${failures.length} of ${cases} cases differ from the oracle (seed ${SEED}); the first 5 above`);
}

test(`the oracle's plain rules are the library's, for known shapes (seed ${SEED})`, () => {
  const g = generator(SEED);
  const failures = [];
  for (let n = 0; n < CASES; ++n) {
    const { A, B, mode } = randomCase(g);
    const known = (s) => s.map((d) => (d === -1 ? g.int(0, 3) : d));
    const a = known(A), b = known(B);
    const found = differences(a, b, mode, plain(a, b, mode), false);
    if (found.length) failures.push(`${JSON.stringify([a, b, mode])}: ${found.join('; ')}`);
  }
  report(failures, CASES);
});

test(`dynamic: true against every filling of the unknown dims (seed ${SEED})`, () => {
  const g = generator(SEED + 1);
  const failures = [];
  let checked = 0;
  for (let n = 0; n < CASES; ++n) {
    const { A, B, mode } = randomCase(g);
    if ([...A, ...B].filter((d) => d === -1).length > MAX_UNKNOWN_DIMS) {
      assert.throws(() => broadcastShapes(A, B, optionsOf(mode, { dynamic: true })), /more than dynamic: true takes/);
      continue;
    }
    ++checked;
    const found = differences(A, B, mode, oracle(A, B, mode), true);
    if (found.length) failures.push(`${JSON.stringify([A, B, mode])}: ${found.join('; ')}`);
  }
  report(failures, checked);
});

test('dynamic: true, the cases that were wrong', () => {
  const dyn = (A, B, options) => broadcastShapes(A, B, { dynamic: true, ...options });
  // pdpd trims B's trailing 1s: the -1 as 1 leaves [3], which fits at axis 1.
  assert.deepEqual(dyn([2, 3], [3, -1], { autoBroadcast: 'pdpd', axis: 1 }), [2, 3]);
  // legacy takes a B of one element at any axis: the -1s as 1.
  assert.deepEqual(dyn([2, 3], [-1, -1], { autoBroadcast: 'legacy', axis: 1 }), [2, 3]);
  // A 1 that meets a 0 is stretched, as in the plain answer.
  assert.deepEqual(broadcastShapes([1, 2], [0, 2], { explain: true }).a.stretched, [0]);
  assert.deepEqual(dyn([1, -1], [0, 2], { explain: true }).a.stretched, [0]);
});
