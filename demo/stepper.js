// The stepper: a button per step and Play, which walks from step 1 to the last step the case
// reaches, one step every PLAY_INTERVAL. Play never starts by itself. The steps' cell animations
// live in CSS under prefers-reduced-motion: no-preference, so with reduced motion Play changes
// the picture without movement.
import { STEP_NAMES } from './steps.js';

const PLAY_INTERVAL = 1600; // ms per step: time to read the step's sentence

/** Wires the stepper; `onStep(step)` draws a step. Returns { show(step, last), stop() }. */
export function setUpStepper(onStep) {
  const list = document.getElementById('steps');
  const play = document.getElementById('play');
  list.innerHTML = STEP_NAMES.map((name, i) =>
    `<li><button type="button" data-step="${i + 1}" aria-pressed="false" aria-label="Step ${i + 1}: ${name}">` +
    `<span class="step-number">${i + 1}</span><span class="step-name"> ${name}</span></button></li>`).join('');
  const buttons = [...list.querySelectorAll('button')];
  let timer = null;
  let current = 0, last = 0;

  const stop = () => {
    clearInterval(timer);
    timer = null;
    play.setAttribute('aria-pressed', 'false');
    play.textContent = '▶ Play';
  };

  for (const button of buttons) {
    button.addEventListener('click', () => { stop(); onStep(Number(button.dataset.step)); });
  }
  play.addEventListener('click', () => {
    if (timer) return stop();
    play.setAttribute('aria-pressed', 'true');
    play.textContent = '❚❚ Pause';
    onStep(1);
    timer = setInterval(() => {
      if (current >= last) return stop();
      onStep(current + 1);
      if (current >= last) stop();
    }, PLAY_INTERVAL);
  });

  return {
    show(step, lastStep) {
      current = step;
      last = lastStep;
      for (const button of buttons) {
        const n = Number(button.dataset.step);
        button.setAttribute('aria-pressed', String(n === step));
        button.disabled = n > lastStep;
      }
      play.disabled = lastStep < 2;
    },
    stop,
  };
}
