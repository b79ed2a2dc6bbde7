// The public conversions between numbers and float16/bfloat16 bits (for results carried as
// Uint16Array bits), with their arguments checked: no coercion, so no caller code runs.
import { describe } from './format.js';
import { fromBfloat16Bits, fromFloat16Bits, toBfloat16Bits, toFloat16Bits } from './half.js';

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

export const float16ToNumber = (x) => fromFloat16Bits(bits(x, 'float16ToNumber'));
export const bfloat16ToNumber = (x) => fromBfloat16Bits(bits(x, 'bfloat16ToNumber'));
export const numberToFloat16 = (x) => toFloat16Bits(value(x, 'numberToFloat16'));
export const numberToBfloat16 = (x) => toBfloat16Bits(value(x, 'numberToBfloat16'));
