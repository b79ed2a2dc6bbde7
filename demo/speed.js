// The speed panel: Multiply of 4M float32 elements already in wasm memory, on one thread and on
// every core the page may use, against a plain JS loop over typed arrays; the three are timed in
// turn, 9 times each, and the medians shown.
import { empty, multiply, setThreads, tensor, threads } from 'tensorwise';

const N = 4194304;

function median(xs) {
  const s = [...xs].sort((x, y) => x - y);
  return s[s.length >> 1];
}

// Threads need a cross-origin-isolated page (npm start serves the demo with COOP/COEP).
function coresToUse() {
  return globalThis.crossOriginIsolated === true ? Math.max(1, navigator.hardwareConcurrency || 1) : 1;
}

async function measure() {
  const a = new Float32Array(N).map((_, i) => (i % 100) + 1);
  const b = new Float32Array(N).fill(1.5);
  const ta = tensor(a, [N]), tb = tensor(b, [N]), ty = empty([N], 'float32');
  const c = new Float32Array(N);
  const before = threads();
  const all = coresToUse();
  const counts = all > 1 ? [1, all] : [1];
  const times = new Map([...counts.map((n) => [n, []]), ['js', []]]);
  try {
    for (let r = 0; r < 9; ++r) {
      for (const n of counts) {
        if (threads() !== n) await setThreads(n);
        const t0 = performance.now();
        multiply(ta, tb, { out: ty });
        times.get(n).push(performance.now() - t0);
      }
      const t0 = performance.now();
      for (let i = 0; i < N; ++i) c[i] = a[i] * b[i];
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

/** Wires the Run button to the timing and the table (12 bytes move per element: two in, one out). */
export function setUpSpeedPanel() {
  const button = document.getElementById('speed-run');
  const table = document.getElementById('speed');
  const note = document.getElementById('speed-threads');
  note.textContent = coresToUse() > 1
    ? `This page is cross-origin isolated: tensorwise may use its ${coresToUse()} cores.`
    : 'This page is not cross-origin isolated (no COOP/COEP headers): tensorwise runs on one thread.';
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const rows = await measure();
      table.querySelector('tbody').innerHTML = rows
        .map(([name, ms]) => `<tr><td>${name}</td><td>${ms.toFixed(2)} ms</td><td>${((12 * N) / ms / 1e6).toFixed(1)} GB/s</td></tr>`)
        .join('');
      table.hidden = false;
    } finally {
      button.disabled = false;
    }
  });
}
