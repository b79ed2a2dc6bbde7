// The speed panel: a broadcasting integer Divide, an int32 [2048, 2048] tensor by a [1, 2048]
// row (floor division, as Python's //), into a result already in wasm memory, on one thread and
// on every core the page may use, against the nested JS loop a user would write; the three are
// timed in turn, ROUNDS rounds (3 ops each for tensorwise, after an untimed one when the thread
// count changes; the loop once, after two untimed runs), and shown as medians with their range,
// ratios to the loop round by round, and a sentence on what the threads did. Integer division is bound by arithmetic, which more cores speed up; an op bound
// by memory gains little from them (docs/performance.md, "Threads").
import { divide, empty, setThreads, tensor, threadLimit, threads } from 'tensorwise';

const R = 2048;
const N = R * R;
const ROUNDS = 9;
/** Bytes an op moves, as CONTRIBUTING.md ("The demo") counts them: A, B (its one row) and the result, once each. */
export const SPEED_BYTES = 4 * (N + R + N);

function median(xs) {
  const s = [...xs].sort((x, y) => x - y);
  return s[s.length >> 1];
}

// As many threads as the package may use here (a page needs cross-origin isolation for more
// than one: npm start serves the demo with COOP/COEP).
const coresToUse = () => threadLimit().threads;

const plainLoop = (a, b, c) => {
  for (let i = 0; i < R; ++i) for (let j = 0; j < R; ++j) c[i * R + j] = Math.floor(a[i * R + j] / b[j]);
};
const spread = (xs) => [Math.min(...xs), Math.max(...xs)];

/**
 * Times each implementation in turn, round after round, and returns per implementation its
 * times (ms, one per round: the median of its ops in the round) and its per-round ratios to the
 * JS loop (loop time / its time: above 1 is faster), and the per-round ratios of 1 thread to
 * all threads.
 */
async function measure() {
  const a = new Int32Array(N).map((_, i) => Math.imul(i, 2654435761));
  const b = new Int32Array(R).map((_, j) => (j % 17) - 8 || 3);
  const ta = tensor(a, [R, R]), tb = tensor(b, [1, R]), ty = empty([R, R], 'int32');
  const c = new Int32Array(N);
  const before = threads();
  const all = coresToUse();
  const counts = all > 1 ? [1, all] : [1];
  const times = new Map([...counts.map((n) => [n, []]), ['js', []]]);
  try {
    // Outside the timing: the loop's first runs (the JIT compiles it) and each count's first op.
    for (let k = 0; k < 2; ++k) plainLoop(a, b, c);
    for (let r = 0; r < ROUNDS; ++r) {
      for (const n of counts) {
        if (threads() !== n) {
          await setThreads(n);
          divide(ta, tb, { out: ty }); // the first op after a change of threads
        }
        const ops = [];
        for (let k = 0; k < 3; ++k) {
          const t0 = performance.now();
          divide(ta, tb, { out: ty });
          ops.push(performance.now() - t0);
        }
        times.get(n).push(median(ops));
      }
      const t0 = performance.now();
      plainLoop(a, b, c);
      times.get('js').push(performance.now() - t0);
      await new Promise((done) => setTimeout(done, 0)); // keep the page responsive
    }
    if (ty.data[N - 1] !== c[N - 1]) throw new Error('the results differ');
  } finally {
    ta.dispose(); tb.dispose(); ty.dispose();
    if (threads() !== before) await setThreads(before);
  }
  const js = times.get('js');
  const versusLoop = (n) => times.get(n).map((t, r) => js[r] / t);
  return {
    counts,
    rows: [
      ...counts.map((n) => ({ name: `tensorwise, ${n} thread${n > 1 ? 's' : ''} (wasm SIMD, resident tensors)`, times: times.get(n), ratios: versusLoop(n) })),
      { name: 'plain JS loop', times: js, ratios: null },
    ],
    threadGain: counts.length > 1 ? times.get(1).map((t, r) => t / times.get(counts[1])[r]) : null,
  };
}

const fixed = (x, digits) => x.toFixed(digits);
// Table cells: a median with the range of the rounds.
const range = (xs) => `<span class="range">(${spread(xs).map((x) => fixed(x, 1)).join('–')})</span>`;
const timeCell = (xs) => `${fixed(median(xs), 2)} ms ${range(xs)}`;
const ratioCell = (xs) => (xs === null ? '—' : `${fixed(median(xs), 1)} × ${range(xs)}`);

// What the threads did here, said plainly: more cores do not always pay (docs/performance.md, "Threads").
function verdict(result) {
  if (result.threadGain === null) return '';
  const n = result.counts[1];
  const gain = median(result.threadGain);
  const [low, high] = spread(result.threadGain);
  if (gain < 1.1) {
    return `Here ${n} threads were not faster than one (1 thread's time over ${n} threads': median ${fixed(gain, 2)}, ` +
      `${fixed(low, 2)}–${fixed(high, 2)} over the rounds): on this device the op does not gain from being shared.`;
  }
  return `Here ${n} threads took ${fixed(gain, 2)} × less time than one (${fixed(low, 2)}–${fixed(high, 2)} over the rounds).`;
}

/** Wires the Run button to the timing and the table. */
export function setUpSpeedPanel() {
  const button = document.getElementById('speed-run');
  const table = document.getElementById('speed');
  const note = document.getElementById('speed-threads');
  const limit = threadLimit();
  note.textContent = limit.threads > 1
    ? `tensorwise may use ${limit.threads} threads here.`
    : `tensorwise runs on one thread here: ${limit.reason}.`;
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const result = await measure();
      table.querySelector('tbody').innerHTML = result.rows.map((row) => `<tr><td>${row.name}</td><td>${timeCell(row.times)}</td>` +
        `<td>${ratioCell(row.ratios)}</td><td>${fixed(SPEED_BYTES / median(row.times) / 1e6, 1)} GB/s</td></tr>`).join('');
      table.hidden = false;
      document.getElementById('speed-verdict').textContent = verdict(result);
    } finally {
      button.disabled = false;
    }
  });
}
