// The speed panel: Multiply of 4M float32 elements already in wasm memory against a plain JS
// loop over typed arrays, each timed 9 times, medians shown.
import { multiply, tensor, empty } from 'tensorwise';

const N = 4194304;

function median(xs) {
  const s = [...xs].sort((x, y) => x - y);
  return s[s.length >> 1];
}

async function measure() {
  const a = new Float32Array(N).map((_, i) => (i % 100) + 1);
  const b = new Float32Array(N).fill(1.5);
  const ta = tensor(a, [N]), tb = tensor(b, [N]), ty = empty([N], 'float32');
  const c = new Float32Array(N);
  const times = { wasm: [], js: [] };
  try {
    for (let r = 0; r < 9; ++r) {
      let t0 = performance.now();
      multiply(ta, tb, { out: ty });
      times.wasm.push(performance.now() - t0);
      t0 = performance.now();
      for (let i = 0; i < N; ++i) c[i] = a[i] * b[i];
      times.js.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 0)); // keep the page responsive
    }
    if (ty.data[N - 1] !== c[N - 1]) throw new Error('the two results differ');
  } finally {
    ta.dispose(); tb.dispose(); ty.dispose();
  }
  return [['tensorwise (wasm SIMD, resident tensors)', median(times.wasm)], ['plain JS loop', median(times.js)]];
}

/** Wires the Run button to the timing and the table (12 bytes move per element: two in, one out). */
export function setUpSpeedPanel() {
  const button = document.getElementById('speed-run');
  const table = document.getElementById('speed');
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
