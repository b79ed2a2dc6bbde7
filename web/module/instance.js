// A loaded build of the core and what the JS layer keeps for it: its glue's module, the word
// indexes of its scratch area, its calls, the slots its plans live in, and its memory's state
// (the staging block, the views made of it, the live tensors' blocks). init() makes one for the
// single-threaded build, which every op on JS arrays runs in, and, where threads may run, one for
// the threaded build, whose memory is shared with the pool's workers and holds the large wasm
// tensors (loader.js).
import { LIMITS, SCRATCH, coreName, requires } from './abi.js';

// The scratch fields JS uses, by the core's names in camelCase (bindings/facts.h: hasAxis is
// the field has_axis): W's keys.
const FIELDS = [
  'dtype', 'storeDtype', 'inputs', 'literals', 'nodes', 'result', 'reduction', 'reduceAxes', 'inputDtypes', 'nodeWords', 'literalWords', 'ranks', 'strided', 'dims',
  'strides', 'mode', 'hasAxis', 'axis', 'outRank', 'conflict', 'outDims', 'workspaceBytes', 'row', 'align', 'heavy', 'alignedRank',
  'startA', 'startB', 'conflicts', 'alignedA', 'alignedB', 'bases', 'probe', 'rows',
];
requires('field', FIELDS.map(coreName));

/**
 * Plans live in slots of wasm memory, one block of this many per build (plans.js): each the size
 * of the core's Plan. A plan whose slot another took is made again in the least recently used one.
 */
export const PLAN_SLOTS = 16;

/**
 * @param m the build's exports by C name (loader.js), after readAbi
 * @param shared whether its memory is a shared one (the threaded build)
 * @param memory its WebAssembly.Memory (the glue's views of it are not used: memory.js, heapNow)
 */
export function makeInstance(m, shared, memory) {
  const s = m._tw_scratch() >>> 2;
  // Word indexes in HEAP32/HEAPU32 of the scratch area's fields, by their names above (W.hasAxis:
  // the binding's has_axis): the static scratch area never moves. Made in one go, V8 keeps it in a
  // fast shape.
  const W = Object.fromEntries(FIELDS.map((name) => [name, s + SCRATCH[coreName(name)]]));
  const slots = m._malloc(LIMITS.planBytes * PLAN_SLOTS);
  if (slots === 0) throw new Error('tensorwise: wasm memory has no room for the plans');
  return {
    m,
    shared,
    memory,
    W,
    core: {
      reshape: m._tw_reshape, run: m._tw_run, checkDivisors: m._tw_check_divisors, broadcast: m._tw_broadcast, zero: m._tw_zero,
      move: m._tw_move, malloc: m._malloc, free: m._free, memoryInUse: m._tw_memory_in_use,
      setStack: m._tw_set_stack,
    },
    // The plans' slots (plans.js): their block, and per slot the plan in it (null: free) and when
    // it was last used.
    slots: { ptr: slots, owner: new Array(PLAN_SLOTS).fill(null), stamp: new Array(PLAN_SLOTS).fill(0) },
    // The block small calls stage in, kept between calls (memory.js).
    staging: { ptr: 0, size: 0 },
    // Live tensors' blocks, address -> bytes (tensor.js; a null-prototype table).
    live: { __proto__: null },
    // Views of the memory (memory.js): by class, made again when its buffer changes, and the
    // class asked for last with its view; the last buffer remembered as this memory's; the view
    // copyOut read through last.
    views: {
      u8: null, byClass: new Map(), lastClass: null, lastView: null, remembered: null, out: null, outU8: null,
      outClass: null, outPtr: -1, outCount: -1,
    },
    // The memory's buffer and views of it, as last made (memory.js, heapNow).
    heap: { buffer: null, u8: null, u32: null, growths: -1 },
  };
}
