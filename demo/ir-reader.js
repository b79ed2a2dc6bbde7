// The OpenVINO IR panel: reads a pasted <layer> of an operation the package has (Multiply,
// Divide, ...), shows its case and says whether the declared output dims match the ones the
// package infers. This file finds the layer's type, attributes and dims in the text; what they
// mean is the package's answer (openvino.readAttributes).
import { broadcastShapes, openvino, ops } from 'tensorwise';

// The first example of the OpenVINO Multiply-1 page (seeds/001), shown when the page opens.
const SAMPLE = `<layer ... type="Multiply">
    <data auto_broadcast="numpy"/>
    <input>
        <port id="0"><dim>8</dim><dim>1</dim><dim>6</dim><dim>1</dim></port>
        <port id="1"><dim>7</dim><dim>1</dim><dim>5</dim></port>
    </input>
    <output>
        <port id="2"><dim>8</dim><dim>7</dim><dim>6</dim><dim>5</dim></port>
    </output>
</layer>`;

// Lenient on purpose: the docs' snippets have `<layer ... type="Multiply">`, which is not XML.
function parseLayer(text) {
  const type = /<layer\b[^>]*\btype\s*=\s*"([^"]+)"/.exec(text)?.[1];
  if (!type) throw new Error('no <layer ... type="..."> found');
  const attrs = {};
  const data = /<data\b([^>]*?)\/?>/.exec(text)?.[1] ?? '';
  for (const [, k, v] of data.matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)) attrs[k] = v;
  // A port with no dims (also written <port id="1"/>) is a scalar; a dim of -1 or ? is dynamic.
  const ports = (block) => [...(block ?? '').matchAll(/<port\b[^>]*?(?:\/>|>([\s\S]*?)<\/port>)/g)]
    .map(([, inner]) => [...(inner ?? '').matchAll(/<dim>\s*(-?\d+|\?)\s*<\/dim>/g)].map(([, d]) => (d === '?' ? -1 : Number(d))));
  const inputs = ports(/<input>([\s\S]*?)<\/input>/.exec(text)?.[1]);
  const outputs = ports(/<output>([\s\S]*?)<\/output>/.exec(text)?.[1]);
  if (inputs.length !== 2) throw new Error(`expected 2 input ports, found ${inputs.length}`);
  return { type, attrs, inputs, outputs };
}

// The changes a layer makes to the form's case. pythondiv only matters for integers, so a
// division that sets it is shown with int32 values.
function caseOfLayer(layer) {
  const read = openvino.readAttributes(layer.type, layer.attrs);
  const changes = {
    op: read.op,
    a: layer.inputs[0].join(','),
    b: layer.inputs[1].join(','),
    mode: read.autoBroadcast,
    axis: read.axis === undefined ? '' : String(read.axis),
    pythondiv: read.pythondiv,
    values: null,
  };
  const divides = ops().find((op) => op.name === read.op).pythondiv;
  if (divides && (layer.attrs.m_pythondiv ?? layer.attrs.pythondiv) !== undefined) changes.dtype = 'int32';
  return changes;
}

const formatShape = (s) => `[${s.join(', ')}]`;
const formatDims = (s) => `[${s.map((d) => (d < 0 ? '?' : d)).join(', ')}]`;

const dynamicIn = (layer) => [...layer.inputs, ...layer.outputs].some((dims) => dims.includes(-1));

/**
 * Wires the panel. `showCase(changes, declared)` applies changes to the form's case, draws it
 * with the declared output dims beside the inferred ones (in the ledger) and returns the output
 * shape the package gave, or null when the shapes do not broadcast. Returns `clear()`, which
 * takes the report away (the page calls it when the case changes otherwise).
 */
export function setUpIrReader(showCase) {
  const input = document.getElementById('ir');
  const report = document.getElementById('ir-report');
  input.value = SAMPLE;
  const say = (text, ok) => {
    report.textContent = text;
    report.className = ok ? 'ir-ok' : 'error';
  };
  const clear = () => say('', true);
  // A layer with dynamic dims: the package infers what it can (broadcastShapes with dynamic:
  // true); the page, which draws concrete tensors, keeps its case.
  const sayDynamic = (layer) => {
    const read = openvino.readAttributes(layer.type, layer.attrs);
    const options = { autoBroadcast: read.autoBroadcast, ...(read.axis === undefined ? {} : { axis: read.axis }), dynamic: true };
    const [a, b] = layer.inputs;
    const inferred = broadcastShapes(a, b, options);
    const declared = layer.outputs[0];
    const head = `${layer.type} read: ${formatDims(a)} and ${formatDims(b)} broadcast to ${formatDims(inferred)} (? is a dynamic dim)`;
    const fits = declared === undefined || (declared.length === inferred.length && declared.every((d, i) => d === inferred[i] || d < 0 || inferred[i] < 0));
    const verdict = declared === undefined ? '' : fits ? `; the declared output ${formatDims(declared)} matches` : `; the declared output ${formatDims(declared)} differs`;
    say(`${head}${verdict}. The page draws concrete shapes: give each dynamic dim a number to see the values.`, fits);
  };
  document.getElementById('ir-read').addEventListener('click', () => {
    try {
      const layer = parseLayer(input.value);
      if (dynamicIn(layer)) {
        sayDynamic(layer);
        return;
      }
      const declared = layer.outputs[0] ?? null;
      const inferred = showCase(caseOfLayer(layer), declared);
      if (!inferred) say(`${layer.type} read; its inputs do not broadcast (the error is under the rule above).`, false);
      else if (!declared) say(`${layer.type} read; no output port declared. Inferred ${formatShape(inferred)}.`, true);
      else if (formatShape(declared) === formatShape(inferred)) say(`${layer.type} read: the declared output ${formatShape(declared)} matches the inferred shape.`, true);
      else say(`${layer.type} read: the declared output ${formatShape(declared)} differs from the inferred ${formatShape(inferred)} (the ledger marks where).`, false);
    } catch (e) {
      say(`Could not read the layer: ${e.message}`, false);
    }
    // Drawing the layer's case changes the panels above: keep the report where the reader is.
    report.scrollIntoView({ block: 'nearest' });
  });
  return clear;
}
