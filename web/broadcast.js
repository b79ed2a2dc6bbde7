// broadcastShapes' answers, from the core's rules (src/broadcast.h, through tw_broadcast): the
// output's shape of two shapes under a mode, how they align (explain: true), and what can be said
// of shapes with unknown dims (dynamic: true). Nothing is computed and nothing allocated, so the
// size of wasm memory never limits an answer.
import { builds, withStaging } from './loader.js';
import { LIMITS, STATUS, requires } from './abi.js';
import { broadcastError } from './errors.js';
import { heapNow } from './memory.js';
import { max, min } from './intrinsics.js';

requires('status', ['ok', 'too_large', 'incompatible', 'shapes_differ']);

const clampInt32 = (x) => max(-(2 ** 31), min(2 ** 31 - 1, x));

// The two shapes under mode through the core: { status, shape, conflict }; the alignment stays in
// the scratch area for the caller to read.
function broadcastInCore(inst, shapeA, shapeB, mode) {
  const { W } = inst;
  const { u32 } = heapNow(inst);
  const rank = LIMITS.maxRank;
  [shapeA, shapeB].forEach((shape, i) => {
    u32[W.ranks + i] = shape.length;
    u32[W.strided + i] = 0;
    for (let d = 0; d < shape.length; ++d) u32[W.dims + i * rank + d] = shape[d];
  });
  u32[W.mode] = mode.code;
  u32[W.hasAxis] = mode.hasAxis ? 1 : 0;
  u32[W.axis] = mode.hasAxis ? clampInt32(mode.axis) : -1;
  const status = inst.core.broadcast();
  const shape = Array.from({ length: u32[W.outRank] }, (_, i) => u32[W.outDims + i]);
  return { status, shape, conflict: u32[W.conflict] | 0 };
}

/**
 * The output shape under mode, for broadcastShapes (its size never matters); with `explain`, how
 * the shapes align too (docs/contract.md, "Broadcasting"), also when they do not broadcast.
 */
export function broadcastShape(shapeA, shapeB, mode, explain) {
  return withStaging(explain ? explainShapes : shapeOnly, builds.plain, { shapeA, shapeB, mode });
}

/**
 * broadcastShape for shapes with unknown dims (-1, as OpenVINO's IR and ONNX's symbolic dims
 * write them; docs/contract.md, "Broadcasting"): the shape every filling-in of the unknown dims
 * that the rules accept agrees on, -1 where fillings differ. The core's rules decide it all:
 * the shapes are aligned with each unknown dim a placeholder no rule takes for 1 (pdpd trims
 * trailing 1s), then every filling that can make a difference is broadcast.
 */
export function broadcastDynamicShape(shapeA, shapeB, mode, explain) {
  return withStaging(dynamicShapes, builds.plain, { shapeA, shapeB, mode, explain });
}

// Fillings broadcast grow as 3 to the power of the unknown dims: at most 2,187.
const MAX_UNKNOWN_DIMS = 7;

function dynamicShapes(inst, { shapeA, shapeB, mode, explain }) {
  const X = LIMITS.maxDim; // a dim no shape has
  const placed = (dims) => dims.map((d) => (d < 0 ? X : d));
  const first = broadcastInCore(inst, placed(shapeA), placed(shapeB), mode);
  const { W } = inst;
  const u32 = inst.m.HEAPU32;
  const starts = [u32[W.startA] | 0, u32[W.startB] | 0];
  // Shapes that do not even align (a bad axis, a B that does not fit, ranks that differ in
  // none) are refused as they are; else each unknown dim is tried as 1, as the known dim it meets
  // (if any) and as X: the rules tell dims apart by nothing else. The output is what the
  // accepted fillings agree on.
  const aligned = alignedBy(first);
  let refused = aligned ? null : first;
  const slots = [];
  [shapeA, shapeB].forEach((own, o) => own.forEach((d, j) => {
    const met = (o ? shapeA : shapeB)[starts[o] + j - starts[1 - o]] ?? -1;
    if (d < 0) slots.push([o, j, [...new Set([1, met < 0 ? 1 : met, X])]]);
  }));
  if (slots.length > MAX_UNKNOWN_DIMS) {
    throw new RangeError(`broadcastShapes: ${slots.length} unknown dims are more than dynamic: true takes (at most ${MAX_UNKNOWN_DIMS})`);
  }
  let shape = null;
  const total = aligned ? slots.reduce((n, slot) => n * slot[2].length, 1) : 0;
  for (let c = 0; c < total; ++c) {
    const dims = [shapeA.slice(), shapeB.slice()];
    let code = c;
    for (const [o, j, values] of slots) {
      dims[o][j] = values[code % values.length];
      code = Math.floor(code / values.length);
    }
    const p = broadcastInCore(inst, dims[0], dims[1], mode);
    if (!accepts(p)) refused ??= p;
    else if (shape === null) shape = p.shape;
    else p.shape.forEach((d, i) => { if (d !== shape[i]) shape[i] = -1; });
  }
  const error = shape === null ? broadcastError(refused.status, shapeA, shapeB, mode, refused.conflict) : null;
  if (!explain) {
    if (error) throw error;
    return shape;
  }
  // How the shapes as given align (the fillings' alignments may differ), unknown dims as -1.
  broadcastInCore(inst, placed(shapeA), placed(shapeB), mode);
  const rank = u32[W.alignedRank];
  const side = (at, o) => ({ start: starts[o], dims: aligned ? Array.from({ length: rank }, (_, i) => (u32[at + i] === X ? -1 : u32[at + i])) : null });
  const a = side(W.alignedA, 0), b = side(W.alignedB, 1);
  // Stretched: a known 1 under a known dim that is not 1.
  const stretched = (own, other) => (own.dims ?? []).flatMap((d, i) => (d === 1 && other.dims[i] > 1 ? [i] : []));
  a.stretched = stretched(a, b);
  b.stretched = stretched(b, a);
  return { shape, error, rank, a, b, conflicts: [] };
}

function shapeOnly(inst, { shapeA, shapeB, mode }) {
  const p = broadcastInCore(inst, shapeA, shapeB, mode);
  if (!accepts(p)) {
    throw broadcastError(p.status, shapeA, shapeB, mode, p.conflict);
  }
  return p.shape;
}

// Whether the shapes were aligned (the core wrote how, bindings/binding.cc): also when they
// conflict, not where they could not be aligned at all (a bad axis, a B that does not fit, ranks
// that differ in 'none').
const alignedBy = (p) => accepts(p) || p.status === STATUS.incompatible ||
  (p.status === STATUS.shapes_differ && p.conflict >= 0);

// Whether the core's answer is a shape (one too large for wasm memory is still the answer).
const accepts = (p) => p.status === STATUS.ok || p.status === STATUS.too_large;

// explain's fields but the error, for the shapes the core last broadcast (p: its answer): how the
// shapes align, the dims null where they could not be aligned at all.
function alignment(inst, p) {
  const { W } = inst;
  const u32 = inst.m.HEAPU32;
  const rank = u32[W.alignedRank];
  const aligned = alignedBy(p);
  const dims = (at) => (aligned ? Array.from({ length: rank }, (_, i) => u32[at + i]) : null);
  const dimsA = dims(W.alignedA), dimsB = dims(W.alignedB);
  const stretched = (own, other) => (own === null ? [] : own.flatMap((d, i) => (d === 1 && other[i] !== 1 ? [i] : [])));
  const conflicts = [];
  for (let i = 0, bits = u32[W.conflicts]; i < 32; ++i) if ((bits >>> i) & 1) conflicts.push(i);
  return {
    shape: accepts(p) ? p.shape : null,
    rank,
    a: { start: u32[W.startA] | 0, dims: dimsA, stretched: stretched(dimsA, dimsB) },
    b: { start: u32[W.startB] | 0, dims: dimsB, stretched: stretched(dimsB, dimsA) },
    conflicts,
  };
}

const withError = ({ shape, ...rest }, error) => ({ shape, error, ...rest });

function explainShapes(inst, { shapeA, shapeB, mode }) {
  const p = broadcastInCore(inst, shapeA, shapeB, mode);
  return withError(alignment(inst, p), accepts(p) ? null : broadcastError(p.status, shapeA, shapeB, mode, p.conflict));
}
