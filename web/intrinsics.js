// Built-ins captured when the package loads. Callers' objects are read through these, never
// through their own or inherited properties: a typed array's kind, buffer, offset and length
// come from the %TypedArray%.prototype getters, which read internal slots and run no caller
// code, whatever the object's prototype, constructor, subclass getters or own properties claim.
/** fn.call as a plain function, immune to later changes of Function.prototype.call. */
export const uncurry = (fn) => Function.prototype.call.bind(fn);
const getter = (proto, key) => uncurry(Object.getOwnPropertyDescriptor(proto, key).get);

const TypedArrayPrototype = Object.getPrototypeOf(Int8Array.prototype);

/** The built-in kind of a typed array ('Float32Array', ...), or undefined for anything else (a Proxy too). */
export const typedArrayKind = getter(TypedArrayPrototype, Symbol.toStringTag);
export const typedArrayBuffer = getter(TypedArrayPrototype, 'buffer');
export const typedArrayByteOffset = getter(TypedArrayPrototype, 'byteOffset');
export const typedArrayLength = getter(TypedArrayPrototype, 'length');
/** target.set(source, offset) of the built-in: between arrays of one kind it copies bits. */
export const typedArraySet = uncurry(TypedArrayPrototype.set);

const arrayBufferByteLength = getter(ArrayBuffer.prototype, 'byteLength');
const arrayBufferDetached = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'detached')?.get;
const sharedByteLength = typeof SharedArrayBuffer === 'function'
  ? getter(SharedArrayBuffer.prototype, 'byteLength') : null;
const dataViewByteLength = getter(DataView.prototype, 'byteLength');

export const hasOwn = Object.hasOwn;
export const objectKeys = Object.keys;

/** The built-in typed-array classes by kind; Float16Array where the platform has it. */
export const TYPED_ARRAY_CLASSES = new Map(
  ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array',
    'Float16Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array']
    .filter((name) => typeof globalThis[name] === 'function')
    .map((name) => [name, globalThis[name]]),
);

/** Array.isArray, with a revoked Proxy (which makes it throw) reported in the caller's terms. */
export function isArray(x, what) {
  try {
    return Array.isArray(x);
  } catch {
    throw new TypeError(`${what} is a revoked Proxy; it cannot be read`);
  }
}

/** Whether a buffer (from typedArrayBuffer) is a SharedArrayBuffer. */
export function isShared(buffer) {
  if (sharedByteLength === null) return false;
  try {
    sharedByteLength(buffer);
    return true;
  } catch {
    return false;
  }
}

/** Whether a non-shared buffer (from typedArrayBuffer) was detached (transferred). */
export function isDetached(buffer) {
  if (isShared(buffer)) return false;
  if (arrayBufferDetached !== undefined) return arrayBufferDetached.call(buffer);
  // Node 20 has no `detached`: a detached buffer has byteLength 0 and cannot be viewed.
  if (arrayBufferByteLength(buffer) !== 0) return false;
  try {
    new Uint8Array(buffer);
    return false;
  } catch {
    return true;
  }
}

/** Whether x is an ArrayBuffer, a SharedArrayBuffer or a DataView (for messages only). */
export function bufferKind(x) {
  try {
    arrayBufferByteLength(x);
    return 'ArrayBuffer';
  } catch { /* not one */ }
  if (isShared(x)) return 'SharedArrayBuffer';
  try {
    dataViewByteLength(x);
    return 'DataView';
  } catch {
    return null;
  }
}

// Boxed primitives, told apart by the built-in valueOf that checks the internal slot.
const BOXES = [
  ['Number', Number.prototype.valueOf], ['String', String.prototype.valueOf], ['Boolean', Boolean.prototype.valueOf],
  ['BigInt', BigInt.prototype.valueOf], ['Symbol', Symbol.prototype.valueOf],
];

/** 'Number' for new Number(3) and the like, else null. */
export function boxedKind(x) {
  for (const [name, valueOf] of BOXES) {
    try {
      valueOf.call(x);
      return name;
    } catch { /* not this one */ }
  }
  return null;
}
