// The public conversions between numbers and float16/bfloat16 bits (for results carried as
// Uint16Array bits), with their arguments checked: no coercion, so no caller code runs.
import { DTYPES } from '../dtypes/dtypes.js';
import { enter } from '../lifecycle.js';
import { checkedBits, checkedValue } from '../dtypes/half.js';

// Each names its dtype: they are the narrow floats' own public functions, whose codecs come from
// the formats the core gives, at init().
const codec = (dtype) => {
  enter();
  return DTYPES[dtype];
};
export const float16ToNumber = (x) => codec('float16').decode(checkedBits(x, 0xffff, 'float16ToNumber'));
export const bfloat16ToNumber = (x) => codec('bfloat16').decode(checkedBits(x, 0xffff, 'bfloat16ToNumber'));
export const numberToFloat16 = (x) => codec('float16').encode(checkedValue(x, 'numberToFloat16'));
export const numberToBfloat16 = (x) => codec('bfloat16').encode(checkedValue(x, 'numberToBfloat16'));
