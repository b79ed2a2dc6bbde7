// What tests read of the library's insides: the wasm memory in use and the pool's readiness.
import { startThreads } from '../../web/module/loader.js';
import { builds, enter } from '../../web/lifecycle.js';
import { freeStagingBlock } from '../../web/memory/memory.js';
import * as pool from '../../web/threads/pool.js';

export { builds };

/**
 * Starts the threads init() left for later (Node.js starts them with the first large wasm
 * tensor) and resolves once every worker runs, so that a test's ops find them.
 */
export async function poolReady() {
  startThreads();
  await pool.poolReady();
}

/** Bytes of wasm memory in use in every loaded build (malloc's, without the staging blocks kept between calls). */
export function memoryInUse() {
  enter();
  let bytes = 0;
  for (const inst of [builds.plain, builds.shared]) {
    if (inst === null) continue;
    freeStagingBlock(inst);
    bytes += inst.core.memoryInUse();
  }
  return bytes;
}
