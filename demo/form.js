// The Operation form: presets, shapes, op, dtype, mode, axis, pythondiv. It shows a case and
// reports the case the visitor makes; it decides nothing about broadcasting. The ops and dtypes
// offered are the package's (ops(), dtypes()).
import { dtypes, ops } from 'tensorwise';
import { caseOfPreset, sameCase } from './case-state.js';

const $ = (id) => document.getElementById(id);
const FIELDS = { a: 'shape-a', b: 'shape-b', op: 'op', dtype: 'dtype', mode: 'mode', axis: 'axis' };
const CUSTOM = '';

/**
 * Wires the form. `onCase(c)` is called with the new case when the visitor picks a preset or
 * edits a field (edits drop the preset's own values: they fit only its shapes and dtype).
 * Returns `show(c)`, which puts a case into the fields and returns it as the form holds it
 * (a value that is not an option of a select falls back to its first option).
 */
export function setUpForm(presets, onCase) {
  let values = null;
  $('op').innerHTML = ops().map((op) => `<option value="${op.name}">${op.openvino} (${op.sign})</option>`).join('');
  $('dtype').innerHTML = dtypes().map((d) => `<option>${d.name}</option>`).join('');
  const preset = $('preset');
  preset.innerHTML = `<option value="${CUSTOM}">(your own case)</option>` +
    presets.map((p, i) => `<option value="${i}">${p.name}</option>`).join('');

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
    $('pythondiv').checked = c.pythondiv;
    values = c.values;
    const shown = read();
    const i = presets.findIndex((p) => sameCase(caseOfPreset(p), shown));
    preset.value = i < 0 ? CUSTOM : String(i);
    return shown;
  };

  preset.addEventListener('change', () => {
    if (preset.value !== CUSTOM) onCase(caseOfPreset(presets[Number(preset.value)]));
  });
  for (const id of [...Object.values(FIELDS), 'pythondiv']) {
    $(id).addEventListener('change', () => { values = null; onCase(read()); });
  }
  $('form').addEventListener('submit', (e) => { e.preventDefault(); onCase(read()); });
  return show;
}
