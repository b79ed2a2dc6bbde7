// Options-like objects (options, attributes, init options) read once through their own keys.
import { describe } from './format.js';
import { hasOwn, isArray, objectKeys, typedArrayKind } from '../intrinsics.js';

/** obj[key] if obj has it as an own property (what Object.prototype adds is not read). */
export function ownValue(obj, key) {
  return hasOwn(obj, key) ? obj[key] : undefined;
}

/**
 * The own enumerable keys of an options-like object, each value read once into a fresh record
 * that has every allowed key as its own (undefined when not given: nothing is ever looked up on
 * a prototype); a key not in `allowed` is a TypeError. undefined and null give all undefined.
 * `noun` names the keys in messages ('option', 'attribute').
 */
export function readRecord(obj, allowed, fn, noun = 'option') {
  const record = {};
  for (let i = 0; i < allowed.length; ++i) record[allowed[i]] = undefined;
  if (obj === undefined || obj === null) return record;
  if (typeof obj !== 'object' || isArray(obj, fn, `: ${noun}s`) || typedArrayKind(obj) !== undefined) {
    throw new TypeError(`${fn}: ${noun}s must be an object, got ${describe(obj)}`);
  }
  for (const key of objectKeys(obj)) {
    if (!allowed.includes(key)) {
      const takes = allowed.length ? `it takes ${allowed.join(', ')}` : 'it takes none';
      throw new TypeError(`${fn}: unknown ${noun} ${JSON.stringify(key)} (${takes})`);
    }
    record[key] = obj[key];
  }
  return record;
}
