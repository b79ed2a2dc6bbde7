// The speed panel: a broadcasting integer Divide, an int32 [2048, 2048] tensor by a [1, 2048]
// row (floor division, as Python's //), into a result already in wasm memory, on one thread and
// on every core the page may use, against the nested JS loop a user would write; the three are
// timed in turn, 9 rounds of 3 ops (after an untimed one when the thread count changes), and the
// medians shown. Integer division is bound by arithmetic, which more cores speed up; an op bound
// by memory gains little from them (README, "Threads").
import { divide, empty, setThreads, tensor, threadLimit, threads } from 'tensorwise';

const R = 2048;
const N = R * R;
/** Bytes an op moves: both inputs read, the result written. */
export const SPEED_BYTES = 4 * (N + R + N);

function median(xs) {
  const s = [...xs].sort((x, y) => x - y);
  return s[s.length >> 1];
}

// As many threads as the package may use here (a page needs cross-origin isolation for more
// than one: npm start serves the demo with COOP/COEP).
const coresToUse = () => threadLimit().threads;

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
    for (let r = 0; r < 9; ++r) {
      for (const n of counts) {
        if (threads() !== n) {
          await setThreads(n);
          divide(ta, tb, { out: ty }); // outside the timing: the first op after a change of threads
        }
        for (let k = 0; k < 3; ++k) {
          const t0 = performance.now();
          divide(ta, tb, { out: ty });
          times.get(n).push(performance.now() - t0);
        }
      }
      const t0 = performance.now();
      for (let i = 0; i < R; ++i) for (let j = 0; j < R; ++j) c[i * R + j] = Math.floor(a[i * R + j] / b[j]);
      times.get('js').push(performance.now() - t0);
      await new Promise((done) => setTimeout(done, 0)); // keep the page responsive
    }
    if (ty.data[N - 1] !== c[N - 1]) throw new Error('the results differ');
  } finally {
    ta.dispose(); tb.dispose(); ty.dispose();
    if (threads() !== before) await setThreads(before);
  }
  const rows = counts.map((n) => [`tensorwise, ${n} thread${n > 1 ? 's' : ''} (wasm SIMD, resident tensors)`, median(times.get(n))]);
  rows.push(['plain JS loop', median(times.get('js'))]);
  return rows;
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
      const rows = await measure();
      table.querySelector('tbody').innerHTML = rows
        .map(([name, ms]) => `<tr><td>${name}</td><td>${ms.toFixed(2)} ms</td><td>${(SPEED_BYTES / ms / 1e6).toFixed(1)} GB/s</td></tr>`)
        .join('');
      table.hidden = false;
    } finally {
      button.disabled = false;
    }
  });
}
