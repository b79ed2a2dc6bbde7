// Values named in error messages, in the caller's terms. describe() runs no caller code: it
// never reads a property, calls valueOf or walks a prototype, so building a message cannot
// change what the call has read.
import { boxedKind, bufferKind, isArray, typedArrayKind } from './intrinsics.js';
import { isForeignTensor, isWasmTensor } from './tensor-brand.js';

export function describe(x) {
  switch (typeof x) {
    case 'bigint': return `${x}n`;
    case 'number': return Object.is(x, -0) ? '-0' : String(x);
    case 'string': return JSON.stringify(shortName(x));
    case 'undefined': return 'nothing (undefined)';
    case 'boolean': return String(x);
    case 'symbol': return 'a symbol';
    case 'function': return 'a function';
    default: break;
  }
  if (x === null) return 'null';
  const kind = typedArrayKind(x);
  if (kind !== undefined) return withArticle(kind);
  if (isWasmTensor(x)) return 'a wasm tensor';
  if (isForeignTensor(x)) return 'a wasm tensor of another copy of tensorwise';
  try {
    if (isArray(x, 'value')) return 'an array';
  } catch {
    return 'a revoked Proxy';
  }
  const buffer = bufferKind(x);
  if (buffer !== null) return withArticle(buffer);
  const boxed = boxedKind(x);
  if (boxed !== null) return `a ${boxed} object rather than a ${boxed.toLowerCase()}`;
  return 'an object';
}

/** A name from a caller's source (an identifier), or a string describe() quotes, in a message, cut short. */
export const shortName = (name) => (name.length > 40 ? `${name.slice(0, 40)}…` : name);

/** 'an Int8Array', 'an int8', 'a Uint8Array', 'a uint8' (a "you", not a vowel sound). */
export function withArticle(word) {
  return `${/^[aeioAEIO]/.test(word) ? 'an' : 'a'} ${word}`;
}

/** A shape the library has copied (numbers only). */
export function formatShape(shape) {
  return `[${shape.join(',')}]`;
}
