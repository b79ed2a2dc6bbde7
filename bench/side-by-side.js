// Timing implementations side by side, for the benches: batches of each in turn, round after
// round, medians and per-round ratios (see measureSideBySide). The machine is shared and noisy:
// compare ratios from one run, not absolute times across runs.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

export const now = () => Number(process.hrtime.bigint()) / 1e3; // µs

/** The middle of a list of numbers (the upper one of an even count). */
export const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An implementation to time: `batch(count)` runs it count times and gives µs per call; `before`
 * (optional) runs before each batch, untimed. A local one times itself here.
 */
export function local(name, fn, before) {
  return {
    name,
    before,
    async batch(count) {
      const s = now();
      for (let i = 0; i < count; ++i) await fn();
      return (now() - s) / count;
    },
  };
}

/**
 * The same for a synchronous function, called in a plain loop (no await between calls: a promise
 * per call would cost more than a small op does).
 */
export function plain(name, fn, before) {
  return {
    name,
    before,
    async batch(count) {
      const s = now();
      for (let i = 0; i < count; ++i) fn();
      return (now() - s) / count;
    },
  };
}

/** Batch size for ~2 ms of an implementation, after a warm-up (and JIT/tier-up). */
async function batchSize(impl) {
  impl.before?.();
  for (let i = 0; i < 3; ++i) await impl.batch(1);
  // The fastest of a few: one call slowed by the machine would make every batch of it a few
  // calls, each paying for the cold start after the pause between batches.
  let once = Infinity;
  for (let i = 0; i < 5; ++i) once = Math.min(once, await impl.batch(1));
  once = Math.max(once, 0.05);
  return Math.max(1, Math.min(10000, Math.round(2000 / once)));
}

/**
 * Median µs per call of each implementation, measured side by side: round after round, one
 * batch of each in turn, so that the machine's slow and fast moments fall on all of them alike
 * (at least `minRounds` rounds, then as many as fit in budgetMs). Also, for each pair of
 * implementations named in `pairs`, the median of their per-round ratios (the first's time over
 * the second's): ratios of batches run one right after the other vary less than ratios of
 * medians on this noisy machine.
 */
export async function measureSideBySide(impls, collectGarbage, pairs = [], budgetMs = 1200, minRounds = 7) {
  const batches = [];
  for (const impl of impls) batches.push(await batchSize(impl));
  // The pairs whose implementations are both here, by index.
  const indexOf = (name) => impls.findIndex((impl) => impl.name === name);
  const present = pairs.map(([x, y]) => [x, y, indexOf(x), indexOf(y)]).filter(([, , i, j]) => i >= 0 && j >= 0);
  // The implementations of a pair of tensorwise's run batches of one size, so their per-round
  // ratios compare like with like.
  for (const [x, y, i, j] of present) {
    if (x.startsWith('tw ') && y.startsWith('tw ')) batches[j] = batches[i] = Math.max(batches[i], batches[j]);
  }
  const samples = impls.map(() => []);
  const end = now() + budgetMs * 1e3;
  for (let round = 0; round < minRounds || (now() < end && round < 200); ++round) {
    // Every other round in reverse order: each implementation follows a different one in turn
    // (what the one before leaves, such as garbage being swept, falls on all alike).
    for (let j = 0; j < impls.length; ++j) {
      const k = round % 2 === 0 ? j : impls.length - 1 - j;
      const previous = round % 2 === 0 ? k - 1 : k + 1;
      // Garbage from the previous batch (results of tens of MB) is collected before, not during,
      // the next one, so no implementation pays for another's garbage (node --expose-gc). Only
      // for large cases: between the batches of tiny calls it slowed the calls after it.
      if (collectGarbage) globalThis.gc?.();
      impls[k].before?.();
      // Threads of the batch before go to sleep first (onnxruntime's spin longer than ours).
      // After a collection, V8 goes on sweeping on background threads for a few ms: on a machine of
      // few cores they would take a core from our workers, so the pause is longer.
      await pause(Math.max(impls[previous]?.spinsMs ?? 1, collectGarbage ? 5 : 1));
      samples[k].push(await impls[k].batch(batches[k]));
    }
  }
  const medians = {};
  impls.forEach(({ name }, k) => { medians[name] = median(samples[k]); });
  const ratios = {};
  for (const [x, y, i, j] of present) ratios[`${x} / ${y}`] = median(samples[i].map((t, r) => t / samples[j][r]));
  return { medians, ratios };
}

const require = createRequire(import.meta.url);

/** TensorFlow.js on its wasm backend, ready (null, said so, where it cannot load). */
export async function loadTf() {
  try {
    const tf = await import('@tensorflow/tfjs-core');
    const wasm = require('@tensorflow/tfjs-backend-wasm');
    wasm.setWasmPaths(`${dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json'))}/dist/`);
    await tf.setBackend('wasm');
    await tf.ready();
    return tf;
  } catch (e) {
    console.log(`tfjs-backend-wasm unavailable: ${e.message}`);
    return null;
  }
}
