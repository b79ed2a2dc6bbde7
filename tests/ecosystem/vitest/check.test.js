// Vitest with no configuration file: an ESM test importing 'tensorwise'.
import { expect, test } from 'vitest';
import * as tw from 'tensorwise';
import { check } from './src/app.js';

test('multiplies and floor-divides through the wasm module', async () => {
  const result = await check(tw);
  expect(result.product).toEqual([4, 10, 18]);
  expect(result.quotient).toEqual([-4, 3]);
  expect(result.outer).toEqual([3, 4, 5, 6, 8, 10]);
});
