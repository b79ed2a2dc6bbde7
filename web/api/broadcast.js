// broadcastShapes' answers, from the core's rules (src/broadcast.h, through tw_broadcast): the
// output's shape of two shapes under a mode, how they align (explain: true), and what can be said
// of shapes with unknown dims (dynamic: true). Nothing is computed and nothing allocated, so the
// size of wasm memory never limits an answer.
import { builds, withStaging } from '../lifecycle.js';
import { LIMITS, STATUS, requires } from '../module/abi.js';
import { broadcastError } from './errors.js';
import { heapNow } from '../memory/memory.js';
import { ownArray } from '../intrinsics.js';
import { clampInt32, coreWord, writeMode, writeShape } from '../execution/plans.js';

requires('status', ['ok', 'too_large', 'incompatible', 'shapes_differ']);

// The two shapes under mode through the core: what it answered and wrote in the scratch area,
// { status, shape, conflict, rank (of the alignment), startA, startB, alignedA, alignedB,
// conflicts (a bit per axis) }. The core's call is the staging window; the dims are copied out in
// it into arrays of own elements (ownArray: no index written through a prototype), each word
// checked (coreWord) before anything loops over it.
function broadcastInCore(inst, shapeA, shapeB, mode) {
  return withStaging(coreAnswer, inst, { shapeA, shapeB, mode });
}

function coreAnswer(inst, { shapeA, shapeB, mode }) {
  const { W } = inst;
  const { u32 } = heapNow(inst);
  writeShape(u32, W, 0, shapeA, null);
  writeShape(u32, W, 1, shapeB, null);
  writeMode(u32, W, mode.code, mode.hasAxis, mode.hasAxis ? clampInt32(mode.axis) : -1);
  const status = inst.core.broadcast();
  const dims = (at, n) => ownArray(n, (i) => coreWord(u32[at + i], LIMITS.maxDim));
  const rank = coreWord(u32[W.alignedRank], LIMITS.maxRank);
  return {
    status, shape: dims(W.outDims, coreWord(u32[W.outRank], LIMITS.maxRank)), conflict: u32[W.conflict] | 0, rank,
    startA: u32[W.startA] | 0, startB: u32[W.startB] | 0, alignedA: dims(W.alignedA, rank), alignedB: dims(W.alignedB, rank),
    conflicts: u32[W.conflicts],
  };
}

/**
 * The output shape under mode, for broadcastShapes (its size never matters); with `explain`, how
 * the shapes align too (docs/contract.md, "Broadcasting"), also when they do not broadcast.
 */
export function broadcastShape(shapeA, shapeB, mode, explain) {
  const p = broadcastInCore(builds.plain, shapeA, shapeB, mode);
  return answer(explain ? alignment(p) : p, accepts(p) ? null : broadcastError(p, shapeA, shapeB, mode), explain);
}

// broadcastShapes' answer: the shape (or the error, thrown), or with `explain` the alignment
// (alignment's fields) with the error, null where the shapes broadcast.
function answer({ shape, ...rest }, error, explain) {
  if (explain) return { shape, error, ...rest };
  if (error) throw error;
  return shape;
}

// Fillings broadcast grow as 3 to the power of the unknown dims: at most 2,187.
const MAX_UNKNOWN_DIMS = 7;

/**
 * broadcastShape for shapes with unknown dims (-1, as OpenVINO's IR and ONNX's symbolic dims
 * write them; docs/contract.md, "Broadcasting"): accepted when some filling-in of the unknown
 * dims broadcasts, the answer being what the accepted fillings agree on, -1 where they differ.
 * The core's rules decide it all: every filling that can make a difference is broadcast.
 */
export function broadcastDynamicShape(shapeA, shapeB, mode, explain) {
  const inst = builds.plain;
  const slots = unknownDims(inst, shapeA, shapeB, mode);
  if (slots.length > MAX_UNKNOWN_DIMS) {
    throw new RangeError(`broadcastShapes: ${slots.length} unknown dims are more than dynamic: true takes (at most ${MAX_UNKNOWN_DIMS})`);
  }
  // What the accepted fillings agree on; while none is, what the refused ones that the mode can
  // line up agree on, and failing those all the others (explain answers for shapes that do not
  // broadcast too). Whether B fits can depend on the filling: pdpd trims B's trailing 1s, and
  // legacy takes a B of one element at any axis.
  let accepted = null, placed = null, others = null, first = null;
  for (const [a, b] of fillings(shapeA, shapeB, slots)) {
    const p = broadcastInCore(inst, a, b, mode);
    first ??= p;
    const aligned = alignment(p);
    if (accepts(p)) accepted = agreement(accepted, aligned);
    else if (alignedBy(p)) placed = agreement(placed, aligned);
    else others = agreement(others, aligned);
  }
  // With no filling accepted, the error is the first filling's: only its known dims clash.
  return answer(accepted ?? placed ?? others, accepted === null ? broadcastError(first, shapeA, shapeB, mode) : null, explain);
}

// The unknown dims, { o: the operand, j: the axis, values }, each with the values that can make
// a difference: the rules compare a dim only with 1 and with the dim it meets. First the known
// dim it meets (1 where it meets none or an unknown dim), so that the first filling clashes only
// where known dims do; then 1, and a dim no shape has.
function unknownDims(inst, shapeA, shapeB, mode) {
  const X = unusedDim(shapeA, shapeB);
  // Where the shapes line up, each unknown dim taken as X: not 1, so that B is placed as legacy
  // places a B of several elements (pdpd places B at the axis whatever it trims).
  const placed = (dims) => dims.map((d) => (d < 0 ? X : d));
  const p = broadcastInCore(inst, placed(shapeA), placed(shapeB), mode);
  const starts = [p.startA, p.startB];
  const slots = [];
  [shapeA, shapeB].forEach((own, o) => own.forEach((d, j) => {
    const met = (o ? shapeA : shapeB)[starts[o] + j - starts[1 - o]] ?? -1;
    if (d < 0) slots.push({ o, j, values: [...new Set([met < 0 ? 1 : met, 1, X])] });
  }));
  return slots;
}

// A dim that is not 1 and that neither shape has: the rules tell such dims apart from no other.
function unusedDim(shapeA, shapeB) {
  let d = 2;
  while (shapeA.includes(d) || shapeB.includes(d)) ++d;
  return d;
}

// Every filling of the unknown dims from their values, as [A's dims, B's dims]; the first takes
// each one's first value.
function* fillings(shapeA, shapeB, slots) {
  const total = slots.reduce((n, slot) => n * slot.values.length, 1);
  for (let c = 0; c < total; ++c) {
    const dims = [shapeA.slice(), shapeB.slice()];
    let code = c;
    for (const { o, j, values } of slots) {
      dims[o][j] = values[code % values.length];
      code = Math.floor(code / values.length);
    }
    yield dims;
  }
}

// What two answers (alignment's) agree on: each number where they agree, else -1 (unknown); of
// the lists of axes (stretched, conflicts), the axes in both. `x` null: only `y` so far.
function agreement(x, y) {
  if (x === null) return y;
  const agree = (m, n) => (m === n ? m : -1);
  const agreeDims = (ms, ns) => (ms === null || ns === null ? null : ms.map((m, i) => agree(m, ns[i])));
  const inBoth = (ms, ns) => ms.filter((i) => ns.includes(i));
  const side = (s, t) => ({ start: agree(s.start, t.start), dims: agreeDims(s.dims, t.dims), stretched: inBoth(s.stretched, t.stretched) });
  return { shape: agreeDims(x.shape, y.shape), rank: agree(x.rank, y.rank), a: side(x.a, y.a), b: side(x.b, y.b), conflicts: inBoth(x.conflicts, y.conflicts) };
}

// Whether the shapes were aligned (the core wrote how, bindings/binding.cc): also when they
// conflict, not where they could not be aligned at all (a bad axis, a B that does not fit, ranks
// that differ in 'none').
const alignedBy = (p) => accepts(p) || p.status === STATUS.incompatible ||
  (p.status === STATUS.shapes_differ && p.conflict >= 0);

// Whether the core's answer is a shape (one too large for wasm memory is still the answer).
const accepts = (p) => p.status === STATUS.ok || p.status === STATUS.too_large;

// explain's fields but the error, from the core's answer p (broadcastInCore): how the shapes
// align, the dims null where they could not be aligned at all.
function alignment(p) {
  const aligned = alignedBy(p);
  const dimsA = aligned ? p.alignedA : null, dimsB = aligned ? p.alignedB : null;
  const stretched = (own, other) => (own === null ? [] : own.flatMap((d, i) => (d === 1 && other[i] !== 1 ? [i] : [])));
  const conflicts = [];
  for (let i = 0, bits = p.conflicts; i < 32; ++i) if ((bits >>> i) & 1) conflicts.push(i);
  return {
    shape: accepts(p) ? p.shape : null,
    rank: p.rank,
    a: { start: p.startA, dims: dimsA, stretched: stretched(dimsA, dimsB) },
    b: { start: p.startB, dims: dimsB, stretched: stretched(dimsB, dimsA) },
    conflicts,
  };
}
