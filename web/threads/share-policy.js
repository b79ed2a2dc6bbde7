// Whether an op is shared between threads, and by how many. A pure function of the op, decided
// from these inputs alone:
//   bytes    the output's size in bytes
//   heavy    whether the op's arithmetic bounds it rather than memory: from the core, per op and
//            dtype (divisions and the narrow floats: heavy_arithmetic in src/ops.h)
//   threads  how many threads may run it, the calling thread included
// No clock, no history, nothing learned: the same op is always split the same way. The op is cut
// into tiles of TILE_BYTES of output, claimed one by one by whichever thread is free
// (web/threads/pool.js), so a worker that wakes late costs at most the tile it takes; the calling thread
// never waits for a worker to start. Each thread the op wakes must bring enough tiles to pay
// for its wake-up; the op wakes no more threads than that, so a small op on a machine with many
// cores wakes few of them.
//
// The numbers come from sweeps on a 16-core Xeon and on the project's 2-core machine
// (bench/thread-sweep.js; docs/threads.md, "When an op is shared").
import { min } from '../intrinsics.js';

/** Output bytes per tile: a few µs of work, small enough that the last tile is a short wait. */
export const TILE_BYTES = 64 * 1024;

/**
 * Tiles each thread of a shared op must get, by whether the arithmetic is heavy: 256 KiB of
 * output for a memory-bound op, 128 KiB for a heavy one. With fewer, the threads' wake-up and
 * the last tile's wait took what the split gained (1 tile each: float32 Mul 0.62 × on 4 threads).
 */
export const TILES_PER_THREAD = { heavy: 2, light: 4 };

/** How many threads run an op (1: the calling thread alone, not shared): one per whole share of tiles, at most `threads`. */
export function sharedThreads(bytes, heavy, threads) {
  if (threads < 2) return 1;
  const t = min(threads, (bytes / (TILE_BYTES * (heavy ? TILES_PER_THREAD.heavy : TILES_PER_THREAD.light))) | 0);
  return t < 2 ? 1 : t;
}

/** The smallest output an op may be shared at with `threads` threads (where wasm tensors go to the shared memory). */
export function smallestShared(threads) {
  return threads < 2 ? Infinity : 2 * TILES_PER_THREAD.heavy * TILE_BYTES;
}
