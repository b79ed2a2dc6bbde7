// The Operation form: presets, shapes, op, dtype, mode, axis, pythondiv. It shows a case and
// reports the case the visitor makes; it decides nothing about broadcasting. The ops and dtypes
// offered are the package's (ops(), dtypes()).
import { broadcastShapes, dtypes, ops } from 'tensorwise';
import { caseOfPreset, sameCase } from './case-state.js';
import { applied } from './op-text.js';
import { binaryOps } from './broadcast-case.js';

const $ = (id) => document.getElementById(id);
const FIELDS = { a: 'shape-a', b: 'shape-b', op: 'op', dtype: 'dtype', mode: 'mode', axis: 'axis' };
const CUSTOM = '';

// Whether a broadcast mode takes an axis, as the package answers it: it refuses an axis with a
// TypeError in the modes that take none.
function takesAxis(mode) {
  try {
    broadcastShapes([1], [1], { autoBroadcast: mode, axis: 0 });
    return true;
  } catch (e) {
    return !(e instanceof TypeError);
  }
}
const TYPING_PAUSE = 250; // ms after the last key

/**
 * Wires the form. `onCase(c)` is called with the new case when the visitor picks a preset (listed
 * under `groups`: [group, label] pairs) or edits a field (edits drop the preset's own values:
 * they fit only its shapes and dtype). Shapes and axis count as edited while being typed (after
 * a pause), so the ledger follows the keys. The axis field is live only in the modes that take
 * an axis.
 * Returns `show(c)`, which puts a case into the fields and returns it as the form holds it
 * (a value that is not an option of a select falls back to its first option).
 */
export function setUpForm(presets, groups, onCase) {
  let values = null;
  $('op').innerHTML = binaryOps().map((op) => `<option value="${op.name}">${op.openvino} (${applied(op, 'A', 'B')})</option>`).join('');
  $('dtype').innerHTML = dtypes().map((d) => `<option>${d.name}</option>`).join('');
  const preset = $('preset');
  preset.innerHTML = `<option value="${CUSTOM}">(your own case)</option>` + groups.map(([group, label]) =>
    `<optgroup label="${label}">${presets.flatMap((p, i) => (p.group === group ? [`<option value="${i}">${p.name}</option>`] : [])).join('')}</optgroup>`).join('');

  const read = () => {
    const c = { pythondiv: $('pythondiv').checked, values };
    for (const [key, id] of Object.entries(FIELDS)) c[key] = $(id).value.trim();
    return c;
  };

  const show = (c) => {
    for (const [key, id] of Object.entries(FIELDS)) {
      const field = $(id);
      field.value = c[key];
      if (field.tagName === 'SELECT' && field.selectedIndex < 0) field.selectedIndex = 0;
    }
    const axis = $('axis');
    axis.disabled = !takesAxis($('mode').value);
    if (axis.disabled) axis.value = '';
    $('pythondiv').checked = c.pythondiv;
    // Live only for an op that takes it (the package's answer: ops()).
    $('pythondiv').disabled = !ops().find((op) => op.name === $('op').value)?.pythondiv;
    values = c.values;
    const shown = read();
    const i = presets.findIndex((p) => sameCase(caseOfPreset(p), shown));
    preset.value = i < 0 ? CUSTOM : String(i);
    return shown;
  };

  let typing = 0; // a pending edit while keys are typed; a change, a submit or a preset takes its place
  preset.addEventListener('change', () => {
    clearTimeout(typing);
    if (preset.value !== CUSTOM) onCase(caseOfPreset(presets[Number(preset.value)]));
  });
  const edited = () => { clearTimeout(typing); values = null; onCase(read()); };
  for (const id of [...Object.values(FIELDS), 'pythondiv']) $(id).addEventListener('change', edited);
  for (const id of ['shape-a', 'shape-b', 'axis']) {
    $(id).addEventListener('input', () => {
      clearTimeout(typing);
      typing = setTimeout(edited, TYPING_PAUSE);
    });
  }
  $('form').addEventListener('submit', (e) => { e.preventDefault(); clearTimeout(typing); onCase(read()); });
  return show;
}
