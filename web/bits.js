// The public conversions between numbers and float16/bfloat16 bits (for results carried as
// Uint16Array bits), with their arguments checked: no coercion, so no caller code runs.
import { DTYPES } from './dtypes.js';
import { describe } from './format.js';

function bits(x, fn) {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < 0 || x > 0xffff) {
    throw new RangeError(`${fn}: bits must be an integer from 0 to 65535, got ${describe(x)}`);
  }
  return x;
}

function value(x, fn) {
  if (typeof x !== 'number') throw new TypeError(`${fn}: value must be a number, got ${describe(x)}`);
  return x;
}

const { float16, bfloat16 } = DTYPES;
export const float16ToNumber = (x) => float16.decode(bits(x, 'float16ToNumber'));
export const bfloat16ToNumber = (x) => bfloat16.decode(bits(x, 'bfloat16ToNumber'));
export const numberToFloat16 = (x) => float16.encode(value(x, 'numberToFloat16'));
export const numberToBfloat16 = (x) => bfloat16.encode(value(x, 'numberToBfloat16'));
