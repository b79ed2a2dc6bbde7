// Whether an op is shared between threads, and in how many tiles. A pure function of the op,
// decided from these inputs alone:
//   bytes    the output's size in bytes
//   heavy    whether the op's arithmetic bounds it rather than memory: from the core, per op and
//            dtype (divisions and the narrow floats: heavy_arithmetic in src/ops.h)
//   threads  how many threads may run it, the calling thread included
// No clock, no history, nothing learned: the same op is always split the same way. The tiles are
// claimed one by one by whichever thread is free (web/pool.js), so a worker that wakes late
// costs at most the tile it takes; the calling thread never waits for a worker to start.
//
// The thresholds come from a sweep on the project's 2-core machine (bench/thread-sweep.js;
// docs/performance.md, "Threads"): below them a second thread lost or gained nothing there.
import { ceil } from './intrinsics.js';

/** Output bytes per tile: a few µs of work, small enough that the last tile is a short wait. */
export const TILE_BYTES = 64 * 1024;

/**
 * The smallest output worth sharing, by whether the arithmetic is heavy: about a millisecond of
 * work on one thread here. Shorter ops often found the woken worker on the calling thread's CPU,
 * and there they ran no faster (docs/performance.md, "Threads").
 */
export const MIN_SHARED_BYTES = { heavy: 8 * 1024 * 1024, light: 16 * 1024 * 1024 };

/** Tiles to split an op into: 1 runs it on the calling thread alone. */
export function tilesFor(bytes, heavy, threads) {
  if (threads < 2 || bytes < (heavy ? MIN_SHARED_BYTES.heavy : MIN_SHARED_BYTES.light)) return 1;
  return ceil(bytes / TILE_BYTES);
}
