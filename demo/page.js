// Wiring: the form, the URL, the stepper and the panels around one case at a time. Every shape,
// error and value on the page is the package's answer (broadcast-case.js asks the questions).
// Imported once the package's module has loaded (main.js), which then calls start().
import { BroadcastError } from 'tensorwise';
import { adviceFor } from './advice.js';
import { runCase } from './broadcast-case.js';
import { caseOfHash, caseOfPreset, hashOf, sameCase } from './case-state.js';
import { setUpCellKeys } from './cell-keys.js';
import { setUpCellLinks } from './cell-links.js';
import { drawDimsTable } from './dims-table.js';
import { setUpForm } from './form.js';
import { setUpIrReader } from './ir-reader.js';
import { GROUPS, PRESETS, START, TOUR } from './presets.js';
import { ruleOf } from './rule.js';
import { formatShape } from './shapes.js';
import { setUpSpeedPanel } from './speed.js';
import { setUpStepper } from './stepper.js';
import { lastStepOf, stepSentence } from './steps.js';
import { drawValues } from './values-panel.js';

const $ = (id) => document.getElementById(id);

let run = null;
let step = 0;
const showForm = setUpForm(PRESETS, GROUPS, (c) => showCase(c, 4));
const stepper = setUpStepper((s) => drawStep(s));
const updateLinks = setUpCellLinks($('views'), $('readout'));
const updateKeys = setUpCellKeys($('views'));

// The error as the package reports it: a BroadcastError by its fields (its message follows).
function showError(e) {
  const box = $('error');
  box.hidden = !e;
  if (!e) return;
  const head = e instanceof BroadcastError
    ? `BroadcastError (mode ${e.mode}, axis ${e.axis}): A ${formatShape(e.shapeA)} and B ${formatShape(e.shapeB)} do not broadcast.`
    : `${e.name}: ${e.message}`;
  box.innerHTML = '<p class="error-head"></p>' + (e instanceof BroadcastError ? '<p class="error-message"></p>' : '');
  box.firstChild.textContent = head;
  if (e instanceof BroadcastError) box.lastChild.textContent = `The package says: ${e.message}`;
}

function drawStep(s) {
  const previous = step;
  step = s;
  const last = lastStepOf(run);
  stepper.show(s, last);
  $('values-panel').dataset.step = String(s);
  // The result's shape is shown from the step that stretches to it, as the table's result row.
  $('result-shape').textContent = run.outShape && s >= 3 ? formatShape(run.outShape) : '—';
  $('step-text').textContent = stepSentence(run, s) ?? 'Nothing to draw: see the error under the rule above.';
  drawDimsTable($('alignment'), run, s, layer?.declared ?? null);
  const views = $('views');
  // Cells grow in only when a step adds them (CSS keeps them still under reduced motion).
  views.classList.toggle('grow-ghosts', s === 3 && previous < 3);
  views.classList.toggle('grow-result', s === 4 && previous < 4 && previous > 0);
  // At step 4 a small screen folds A and B (cells.css), unless the visitor opened them.
  views.classList.toggle('result-step', s === 4 && last === 4);
  const drawn = last === 0 ? [] : drawValues(views, run, s);
  if (last === 0) views.innerHTML = '';
  updateLinks(drawn, run);
  updateKeys(drawn);
  history.replaceState(null, '', hashOf(run.case, s));
}

/** Shows a case at a step (or the last step it reaches); returns the package's output shape. */
function showCase(c, wanted, redraw = false) {
  const shown = showForm(c);
  if (layer !== null && !sameCase(shown, layer.case)) {
    layer = null; // another case: the layer's report and declared dims no longer apply
    clearLayerReport();
  }
  // A field's change and the form's submit both report an edit: draw it once.
  if (run && sameCase(shown, run.case) && wanted === step && !redraw) return run.outShape;
  stepper.stop();
  run = runCase(shown);
  $('rule').textContent = ruleOf(run.case.mode);
  showTour();
  showError(run.error ?? run.computeError);
  const advice = adviceFor(run);
  $('advice').hidden = advice === null;
  $('advice').textContent = advice ?? '';
  step = 0;
  drawStep(Math.min(wanted, lastStepOf(run)));
  return run.outShape;
}

// The page opens at step 1 of a small case with a number in every cell; one button leads to the
// same rule at rank 4 (OpenVINO's example, every step at once), and back.
function showHash() {
  const linked = caseOfHash(location.hash, caseOfPreset(START));
  if (linked) showCase(linked.case, linked.step);
  else showCase(caseOfPreset(START), 1);
}

function showTour() {
  const onTour = sameCase(run.case, caseOfPreset(TOUR));
  $('tour').textContent = onTour ? '← Back to the small example' : 'The same rule at rank 4: OpenVINO\'s example →';
}
$('tour').addEventListener('click', () => {
  if (sameCase(run.case, caseOfPreset(TOUR))) showCase(caseOfPreset(START), 1);
  else showCase(caseOfPreset(TOUR), 4);
});

// A layer read from the IR panel: its case and its declared output dims, shown in the ledger
// while that case is on the page.
let layer = null;
const clearLayerReport = setUpIrReader((changes, declared) => {
  const c = { ...run.case, ...changes };
  layer = { case: showForm(c), declared };
  showCase(c, 4, true);
  return run.outShape;
});
setUpSpeedPanel();
window.addEventListener('hashchange', showHash);
// The cell size follows the width of the views: redraw when it changes.
let width = 0;
let pending = 0;
window.addEventListener('resize', () => {
  cancelAnimationFrame(pending);
  pending = requestAnimationFrame(() => {
    if ($('views').clientWidth === width) return;
    width = $('views').clientWidth;
    drawStep(step);
  });
});

$('operands-toggle').addEventListener('click', () => {
  const open = $('views').classList.toggle('operands-open');
  $('operands-toggle').setAttribute('aria-expanded', String(open));
  $('operands-toggle').textContent = open ? 'Fold A and B' : 'Show A and B';
});

/** Draws the case the address names (or the lesson's first one); the page is shown by then. */
export function start() {
  width = $('views').clientWidth;
  showHash();
  window.tensorwiseDemoReady = true;
}
