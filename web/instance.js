// A loaded build of the core and what the JS layer keeps for it: its glue's module, the word
// indexes of its scratch area, its calls, and its memory's state (the staging block, the views
// made of it, the live tensors' blocks). init() makes one for the single-threaded build, which
// every op on JS arrays runs in, and, where threads may run, one for the threaded build, whose
// memory is shared with the pool's workers and holds the large wasm tensors (loader.js).
import { ARG, SCRATCH, requires } from './abi.js';

requires('arg', ['op', 'dtype', 'mode', 'has_axis', 'axis', 'a', 'b', 'y', 'count']);
requires('field', ['rank_a', 'rank_b', 'dims_a', 'dims_b', 'strided_a', 'strided_b', 'strides_a', 'strides_b', 'out_rank', 'conflict', 'row', 'heavy', 'out_dims',
  'aligned_rank', 'start_a', 'start_b', 'conflicts', 'aligned_a', 'aligned_b', 'args', 'probe']);

/**
 * @param m the glue's module, after readAbi
 * @param shared whether its memory is a shared one (the threaded build)
 */
export function makeInstance(m, shared) {
  const s = m._tw_scratch() >>> 2;
  const field = (name) => s + SCRATCH[name];
  const arg = (name) => s + SCRATCH.args + ARG[name];
  // Word indexes in HEAP32/HEAPU32 of the scratch area's fields, by their names in the binding
  // (bindings/binding.cc): the static scratch area never moves.
  const W = {
    rankA: field('rank_a'), rankB: field('rank_b'), dimsA: field('dims_a'), dimsB: field('dims_b'),
    stridedA: field('strided_a'), stridedB: field('strided_b'), stridesA: field('strides_a'), stridesB: field('strides_b'),
    outRank: field('out_rank'), conflict: field('conflict'), row: field('row'), heavy: field('heavy'),
    outDims: field('out_dims'), alignedRank: field('aligned_rank'), startA: field('start_a'), startB: field('start_b'),
    conflicts: field('conflicts'), alignedA: field('aligned_a'), alignedB: field('aligned_b'), probe: field('probe'), op: arg('op'), dtype: arg('dtype'), mode: arg('mode'),
    hasAxis: arg('has_axis'), axis: arg('axis'), a: arg('a'), b: arg('b'), y: arg('y'), count: arg('count'),
  };
  // The glue's Module._tw_x is a wrapper that puts the export in its place on its first call, and
  // the module object is a dictionary, slow to look things up in on every call: the exports are
  // taken once, after a first call of each that does nothing.
  m.HEAPU32.fill(0, s, field('probe'));
  m._tw_plan(); // rank-0 shapes of the first op, dtype and mode: a plan of one element
  m._tw_run_range(0, 0);
  m._tw_check_divisors();
  m._tw_zero(0, 0);
  m._tw_move(0, 0, 0);
  m._tw_convert(0, 0, 0, 0, 0); // no conversion: a status, nothing converted
  m._tw_memory_in_use();
  const sp = m._tw_set_stack(0); // swapped and put back at once: no wasm code runs in between
  m._tw_set_stack(sp);
  const free = m._malloc(1);
  m._free(free);
  return {
    m,
    shared,
    W,
    core: {
      plan: m._tw_plan, runRange: m._tw_run_range, checkDivisors: m._tw_check_divisors, zero: m._tw_zero, move: m._tw_move, convert: m._tw_convert,
      malloc: m._malloc, free: m._free, memoryInUse: m._tw_memory_in_use, setStack: m._tw_set_stack,
    },
    // The last plan made in the core, with what it was made from, and the last few made, the
    // most recent first (engine.js).
    lastPlan: null,
    plans: [],
    // The block small calls stage in, kept between calls (memory.js).
    staging: { ptr: 0, size: 0 },
    // Live tensors' blocks, address -> bytes (tensor.js).
    live: new Map(),
    // Views of the memory (memory.js): by class, made again when its buffer changes, and the
    // class asked for last with its view; the last buffer remembered as this memory's; the view
    // copyOut read through last.
    views: {
      u8: null, byClass: new Map(), lastClass: null, lastView: null, remembered: null, out: null, outU8: null,
      outClass: null, outPtr: -1, outCount: -1,
    },
    // The memory's HEAPU8 and HEAPU32 as last read (memory.js, heapNow).
    heap: { u8: null, u32: null },
  };
}
