// The one reader of the objects callers give (operands, options, attributes, an expression's
// inputs, init's options): a key is read from the object's own property as it is at the moment
// it is read. A getter that runs while an object is read (an earlier key's, a dtype's) may delete
// a later key: that key is then absent, never what a prototype offers for it (a polluted
// Object.prototype's value, which `obj[key]` would fall through to).
import { describe } from './format.js';
import { hasOwn, isArray, objectKeys, typedArrayKind } from './intrinsics.js';

/**
 * obj's own property `key` as it is now: its value, or its getter's result; undefined where obj
 * has no such own property (now). Nothing runs between the check and the read but a Proxy's traps.
 */
export function ownValue(obj, key) {
  return hasOwn(obj, key) ? obj[key] : undefined;
}

/** The own enumerable keys of obj, listed once; a revoked Proxy is said so (a trap's own error passes through). */
export function ownKeys(obj, fn, what) {
  try {
    return objectKeys(obj);
  } catch (e) {
    isArray(obj, fn, `: ${what}`); // throws for a revoked Proxy
    throw e;
  }
}

/**
 * The own enumerable keys of an options-like object, each value read once (ownValue, in the
 * order listed) into a fresh record that has every allowed key as its own (undefined when not
 * given, or deleted before it was read): nothing is ever looked up on a prototype. A key not in
 * `allowed` is a TypeError, before any value is read. undefined and null give all undefined.
 * `noun` names the keys in messages ('option', 'attribute').
 */
export function readRecord(obj, allowed, fn, noun = 'option') {
  const record = {};
  for (let i = 0; i < allowed.length; ++i) record[allowed[i]] = undefined;
  if (obj === undefined || obj === null) return record;
  if (typeof obj !== 'object' || isList(obj, fn, noun)) throw notAnObject(obj, fn, noun);
  const keys = ownKeys(obj, fn, `${noun}s`);
  for (let i = 0; i < keys.length; ++i) if (!allowed.includes(keys[i])) throw unknownKey(keys[i], allowed, fn, noun);
  for (let i = 0; i < keys.length; ++i) record[keys[i]] = ownValue(obj, keys[i]);
  return record;
}

/** Whether an object given for `noun`s ('option'...) is an array or a typed array (a revoked Proxy is said so). */
export const isList = (obj, fn, noun) => isArray(obj, fn, `: ${noun}s`) || typedArrayKind(obj) !== undefined;

/** The TypeError for something other than an object given for `noun`s. */
export const notAnObject = (obj, fn, noun) => new TypeError(`${fn}: ${noun}s must be an object, got ${describe(obj)}`);

/** The TypeError for a key a call does not take; `allowed` lists what it takes. */
export function unknownKey(key, allowed, fn, noun) {
  const takes = allowed.length ? `it takes ${allowed.join(', ')}` : 'it takes none';
  return new TypeError(`${fn}: unknown ${noun} ${describe(key)} (${takes})`);
}
