// The demo's numbers in cells (demo/number-text.js): shortened only where a shorter text stays
// within 1 % of the value, in compact forms (a suffix, an exponent), and a view that drops a
// leading zero drops it for all its values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fittedText, textPlan } from '../../demo/number-text.js';

test('a value fits its cell in full, or in a shorter form within 1 %, or not at all', () => {
  assert.equal(fittedText(-20, 3), '-20');
  assert.equal(fittedText(123456789, 5), '123M'); // 0.4 % off; 1.2e8 would be 2.8 %
  assert.equal(fittedText(12345, 5), '12345');
  assert.equal(fittedText(123456, 5), '123k');
  assert.equal(fittedText(12345, 4), ''); // 12k would be 2.8 % off
  assert.equal(fittedText(0.000123456, 7), '1.23e-4');
  assert.equal(fittedText(-4.5, 3), ''); // "-5" or "-4" would be 11 % off: the colour tells instead
  assert.equal(fittedText(2 / 3, 4), '0.67');
  assert.equal(fittedText(2 / 3, 3, true), '.67');
});

test('a view drops leading zeros for all its values or for none', () => {
  assert.deepEqual(textPlan([0.5, 0.25], 4), { noZero: false, blank: 0 });
  // -0.5 needs 4 characters, -.5 three: then 0.5 is written .5 too.
  const plan = textPlan([0.5, -0.5], 3);
  assert.deepEqual(plan, { noZero: true, blank: 0 });
  assert.deepEqual([0.5, -0.5].map((v) => fittedText(v, 3, plan.noZero)), ['.5', '-.5']);
  assert.equal(textPlan([-4.5, 1], 3).blank, 1);
});
