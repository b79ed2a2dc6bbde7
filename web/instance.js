// A loaded build of the core and what the JS layer keeps for it: its glue's module, the word
// indexes of its scratch area, its calls, and its memory's state (the staging block, the views
// made of it, the live tensors' blocks). init() makes one for the single-threaded build, which
// every op on JS arrays runs in, and, where threads may run, one for the threaded build, whose
// memory is shared with the pool's workers and holds the large wasm tensors (loader.js).
import { ARG, SCRATCH, requires } from './abi.js';

requires('arg', ['op', 'dtype', 'mode', 'has_axis', 'axis', 'a', 'b', 'y', 'count']);

/**
 * @param m the glue's module, after readAbi
 * @param shared whether its memory is a shared one (the threaded build)
 */
export function makeInstance(m, shared) {
  const s = m._tw_scratch() >>> 2;
  const args = s + SCRATCH.args;
  // Word indexes in HEAP32/HEAPU32 of the scratch area's fields (bindings/binding.cc): the static
  // scratch area never moves.
  const W = {
    rankA: s, rankB: s + 1, dimsA: s + SCRATCH.dimsA, dimsB: s + SCRATCH.dimsB, outRank: s + SCRATCH.out,
    conflict: s + SCRATCH.out + 1, row: s + SCRATCH.row, heavy: s + SCRATCH.heavy, outDims: s + SCRATCH.outDims,
    op: args + ARG.op, dtype: args + ARG.dtype, mode: args + ARG.mode, hasAxis: args + ARG.has_axis, axis: args + ARG.axis,
    a: args + ARG.a, b: args + ARG.b, y: args + ARG.y, count: args + ARG.count, probe: s + SCRATCH.probe,
  };
  // The glue's Module._tw_x is a wrapper that puts the export in its place on its first call, and
  // the module object is a dictionary, slow to look things up in on every call: the exports are
  // taken once, after a first call of each that does nothing.
  const u32 = m.HEAPU32;
  u32.fill(0, W.rankA, W.count + 1);
  m._tw_plan(); // an unknown op: invalid_call, nothing planned
  m._tw_run_range(0, 0);
  m._tw_any_zero();
  m._tw_zero(0, 0);
  m._tw_move(0, 0, 0);
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
      plan: m._tw_plan, runRange: m._tw_run_range, anyZero: m._tw_any_zero, zero: m._tw_zero, move: m._tw_move,
      malloc: m._malloc, free: m._free, memoryInUse: m._tw_memory_in_use, setStack: m._tw_set_stack,
    },
    // The block small calls stage in, kept between calls (memory.js).
    staging: { ptr: 0, size: 0 },
    // Live tensors' blocks, address -> bytes (tensor.js).
    live: new Map(),
    // Views of the memory (memory.js): by class, made again when its buffer changes; the last
    // buffer remembered as this memory's; the view copyOut read through last.
    views: {
      buffer: null, byClass: new Map(), remembered: null, out: null, outBuffer: null, outClass: null, outPtr: -1, outCount: -1,
    },
  };
}
