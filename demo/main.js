// The demo page: the specifications' broadcast examples, drawn and computed in the browser.
// Every value shown comes from the wasm module; JS here only draws and maps indices for hover.
import { init, multiply, divide, broadcastShapes, onnx } from 'tensorwise';
import { PRESETS } from './presets.js';
import { setUpIrReader } from './ir-reader.js';
import { setUpSpeedPanel } from './speed.js';

const $ = (id) => document.getElementById(id);

const MAX_SHOWN = 400; // elements per tensor drawn as a grid
const INTS = ['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64'];

function parseShape(text) {
  const t = text.trim();
  if (t === '' || t === '()' || t === '[]') return [];
  return t.replace(/^[[(]|[\])]$/g, '').split(/[\s,×x]+/).filter(Boolean).map(Number);
}
const count = (shape) => shape.reduce((x, y) => x * y, 1);
const formatShape = (s) => `[${s.join(', ')}]`;

// Demo values: small, varied, with both signs for signed types so floor and trunc differ.
function values(n, dtype, role, op) {
  const signed = !dtype.startsWith('uint');
  const out = [];
  for (let i = 0; i < n; ++i) {
    let v = role === 'a' ? (signed ? (i % 19) - 9 : (i % 19) + 1) : (i % 4) + 2;
    if (role === 'b' && signed && op === 'divide' && i % 2) v = -v;
    if (!INTS.includes(dtype) && role === 'a') v = v / 2;
    out.push(dtype.endsWith('64') && INTS.includes(dtype) ? BigInt(v) : v);
  }
  return out;
}

function readForm() {
  const axisText = $('axis').value.trim();
  return {
    a: parseShape($('shape-a').value),
    b: parseShape($('shape-b').value),
    op: $('op').value,
    dtype: $('dtype').value,
    mode: $('mode').value,
    axis: axisText === '' ? undefined : Number(axisText),
    pythondiv: $('pythondiv').checked,
  };
}

let presetValues = null; // explicit values of the current preset, if it has them

function applyPreset(p) {
  $('shape-a').value = p.a.join(',');
  $('shape-b').value = p.b.join(',');
  $('op').value = p.op ?? 'multiply';
  $('dtype').value = p.dtype ?? 'float32';
  $('mode').value = p.mode ?? 'numpy';
  $('axis').value = p.axis ?? '';
  $('pythondiv').checked = p.pythondiv ?? true;
  presetValues = p.values ?? null;
}

// The alignment a mode gives: per output axis, which dim of A and of B sits there.
function alignment(f) {
  const ra = f.a.length, rb = f.b.length;
  if (f.mode === 'numpy') {
    const rank = Math.max(ra, rb);
    return { rank, a: (i) => (i < rank - ra ? null : f.a[i - (rank - ra)]), b: (i) => (i < rank - rb ? null : f.b[i - (rank - rb)]) };
  }
  if (f.mode === 'none') return { rank: Math.max(ra, rb), a: (i) => f.a[i] ?? null, b: (i) => f.b[i] ?? null };
  let axis = f.axis;
  if (f.mode === 'pdpd' && (axis === undefined || axis === -1)) axis = ra - rb;
  if (f.mode === 'legacy') {
    if (count(f.b) === 1) return { rank: ra, a: (i) => f.a[i], b: () => null, scalarB: true };
    axis = axis === undefined ? ra - rb : axis < 0 ? axis + ra : axis;
  }
  return { rank: Math.max(ra, axis + rb), a: (i) => f.a[i] ?? null, b: (i) => (i >= axis && i < axis + rb ? f.b[i - axis] : null) };
}

function drawAlignment(f, outShape, error) {
  const al = alignment(f);
  const conflict = error ? Number(/axis (\d+)/.exec(error.message)?.[1] ?? NaN) : NaN;
  const rows = [['A', al.a], ['B', al.b]];
  let html = '<table class="dims"><caption class="sr-only">Dims aligned by the mode</caption><thead><tr><th scope="col"></th>';
  for (let i = 0; i < al.rank; ++i) html += `<th scope="col" class="${i === conflict ? 'conflict' : ''}">axis ${i}</th>`;
  html += '</tr></thead><tbody>';
  for (const [name, dimAt] of rows) {
    html += `<tr><th scope="row">${name}</th>`;
    for (let i = 0; i < al.rank; ++i) {
      const d = dimAt(i);
      const out = outShape?.[i];
      const stretched = outShape && out !== undefined && (d === null || d === 1) && out !== 1;
      const cls = [i === conflict ? 'conflict' : '', stretched ? 'stretched' : '', d === null ? 'missing' : ''].join(' ');
      const text = d === null ? (stretched ? `· → ${out}` : '·') : stretched ? `${d} → ${out}` : d;
      const label = stretched ? ` aria-label="${name} stretched from ${d ?? 'missing'} to ${out} on axis ${i}"` : '';
      html += `<td class="${cls}"${label}>${text}</td>`;
    }
    html += '</tr>';
  }
  html += '<tr class="result"><th scope="row">result</th>';
  for (let i = 0; i < al.rank; ++i) html += `<td>${outShape ? (outShape[i] ?? '') : i === conflict ? '✗' : ''}</td>`;
  html += '</tr></tbody></table>';
  if (al.scalarB) html += '<p class="hint">B has one element: it is used for every element of A.</p>';
  $('alignment').innerHTML = html;
}

// Bits of float16/bfloat16 results (when they come back as Uint16Array) to numbers, for display.
function decodeHalf(bits, dtype) {
  if (dtype === 'bfloat16') return new Float32Array(new Uint32Array([bits << 16]).buffer)[0];
  const s = bits & 0x8000 ? -1 : 1, e = (bits >> 10) & 31, m = bits & 1023;
  if (e === 31) return m ? NaN : s * Infinity;
  return s * (e ? (1 + m / 1024) * 2 ** (e - 15) : m * 2 ** -24);
}
function displayValues(data, dtype) {
  const list = Array.from(data);
  if ((dtype === 'float16' && data instanceof Uint16Array) || dtype === 'bfloat16') return list.map((b) => decodeHalf(b, dtype));
  return list;
}
const fmt = (v) => (typeof v === 'bigint' ? `${v}` : Number.isInteger(v) ? `${v}` : Number(v.toPrecision(4)).toString());

function grid(name, shape, vals, id) {
  const n = count(shape);
  if (n > MAX_SHOWN || shape.length > 3) {
    return `<figure><figcaption>${name} ${formatShape(shape)}</figcaption><p class="hint">${n} elements: grids are drawn for up to 3 dims and ${MAX_SHOWN} elements.</p></figure>`;
  }
  const nums = vals.map(Number).filter(Number.isFinite);
  const max = Math.max(1e-9, ...nums.map(Math.abs));
  const cell = (k) => {
    const v = vals[k];
    const t = Number.isFinite(Number(v)) ? Number(v) / max : 0;
    const hue = t >= 0 ? 210 : 10;
    const focus = name === 'result' ? ' tabindex="0"' : '';
    return `<td id="${id}-${k}" data-index="${k}"${focus} style="background:hsl(${hue} 70% ${95 - Math.abs(t) * 45}%)">${fmt(v)}</td>`;
  };
  const dims = shape.length === 0 ? [1, 1, 1] : shape.length === 1 ? [1, 1, shape[0]] : shape.length === 2 ? [1, ...shape] : shape;
  let html = `<figure><figcaption>${name} ${formatShape(shape)}</figcaption>`;
  for (let p = 0; p < dims[0]; ++p) {
    html += `<table class="grid" aria-label="${name}${dims[0] > 1 ? ` [${p}]` : ''}"><tbody>`;
    for (let r = 0; r < dims[1]; ++r) {
      html += '<tr>';
      for (let c = 0; c < dims[2]; ++c) html += cell((p * dims[1] + r) * dims[2] + c);
      html += '</tr>';
    }
    html += '</tbody></table>';
  }
  return `${html}</figure>`;
}

// For hover: which element of an input produced result element k, by the aligned dims.
function sourceIndex(k, outShape, al, which) {
  let rem = k;
  const coords = new Array(outShape.length);
  for (let i = outShape.length - 1; i >= 0; --i) { coords[i] = rem % outShape[i]; rem = Math.floor(rem / outShape[i]); }
  let index = 0;
  for (let i = 0; i < outShape.length; ++i) {
    const d = al[which](i);
    if (d === null || d === undefined) continue;
    index = index * d + (d === 1 ? 0 : coords[i]);
  }
  return index;
}

function drawValues(f, A, B, result) {
  const al = alignment(f);
  $('values').innerHTML = grid('A', f.a, displayValues(A.data, f.dtype), 'va') +
    grid('B', f.b, displayValues(B.data, f.dtype), 'vb') + grid('result', result.shape, displayValues(result.data, f.dtype), 'vr');
  const highlight = (k, on) => {
    for (const [which, id] of [['a', 'va'], ['b', 'vb']]) {
      const src = al.scalarB && which === 'b' ? 0 : sourceIndex(k, result.shape, al, which);
      document.getElementById(`${id}-${src}`)?.classList.toggle('source', on);
    }
  };
  for (const td of $('values').querySelectorAll('td[id^="vr-"]')) {
    const k = Number(td.dataset.index);
    for (const [ev, on] of [['mouseenter', true], ['mouseleave', false], ['focus', true], ['blur', false]]) {
      td.addEventListener(ev, () => highlight(k, on));
    }
  }
}

function operands(f) {
  const mk = (shape, role) => ({
    data: presetValues?.[role] ?? values(count(shape), f.dtype, role, f.op),
    shape,
    dtype: f.dtype,
  });
  return [mk(f.a, 'a'), mk(f.b, 'b')];
}

function compute() {
  const f = readForm();
  const error = $('error');
  error.hidden = true;
  try {
    if (f.a.some((d) => !Number.isInteger(d)) || f.b.some((d) => !Number.isInteger(d))) {
      throw new RangeError('shapes are lists of whole numbers, e.g. 8,1,6,1');
    }
    let outShape;
    let result;
    const [A, B] = operands(f);
    if (f.mode === 'legacy') {
      const attrs = { broadcast: 1, ...(f.axis === undefined ? {} : { axis: f.axis }) };
      result = (f.op === 'multiply' ? onnx.Mul : onnx.Div)(A, B, attrs, 6);
      outShape = result.shape;
    } else {
      const options = { autoBroadcast: f.mode, ...(f.axis === undefined ? {} : { axis: f.axis }) };
      outShape = broadcastShapes(f.a, f.b, options);
      result = f.op === 'multiply' ? multiply(A, B, options) : divide(A, B, { ...options, pythondiv: f.pythondiv });
    }
    $('result-shape').textContent = formatShape(outShape);
    drawAlignment(f, outShape, null);
    drawValues(f, A, B, result);
    return outShape;
  } catch (e) {
    $('result-shape').textContent = '—';
    error.textContent = `${e.name}: ${e.message}`;
    error.hidden = false;
    drawAlignment(f, null, e);
    $('values').innerHTML = '';
    return null;
  }
}

// ---- wiring ---------------------------------------------------------------------------------
// Applies the IR reader's changes to the form and computes; returns the output shape or null.
function showLayerCase(changes) {
  presetValues = null;
  for (const [key, id] of [['op', 'op'], ['a', 'shape-a'], ['b', 'shape-b'], ['mode', 'mode'], ['axis', 'axis'], ['dtype', 'dtype']]) {
    if (changes[key] !== undefined && !(key === 'dtype' && INTS.includes($('dtype').value))) $(id).value = changes[key];
  }
  $('pythondiv').checked = changes.pythondiv;
  return compute();
}

await init();
$('preset').innerHTML = PRESETS.map((p, i) => `<option value="${i}">${p.name}</option>`).join('');
$('preset').addEventListener('change', () => { applyPreset(PRESETS[Number($('preset').value)]); compute(); });
for (const id of ['shape-a', 'shape-b', 'op', 'dtype', 'mode', 'axis', 'pythondiv']) {
  $(id).addEventListener('change', () => { presetValues = null; compute(); });
}
$('form').addEventListener('submit', (e) => { e.preventDefault(); compute(); });
setUpIrReader(showLayerCase);
setUpSpeedPanel();
applyPreset(PRESETS[1]);
$('preset').value = '1';
compute();
window.demo = { PRESETS };
window.tensorwiseDemoReady = true;
