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
const typedArrayByteLength = getter(TypedArrayPrototype, 'byteLength');
/** target.set(source, offset) of the built-in: between arrays of one kind it copies bits. */
export const typedArraySet = uncurry(TypedArrayPrototype.set);

export const arrayBufferByteLength = getter(ArrayBuffer.prototype, 'byteLength');
export const sharedByteLength = typeof SharedArrayBuffer === 'function'
  ? getter(SharedArrayBuffer.prototype, 'byteLength') : null;
const dataViewByteLength = getter(DataView.prototype, 'byteLength');
const dataViewBuffer = getter(DataView.prototype, 'buffer');
const dataViewByteOffset = getter(DataView.prototype, 'byteOffset');

export const hasOwn = Object.hasOwn;
export const apply = Reflect.apply;
const arrayFrom = Array.from;
const ArrayClass = Array;

/**
 * An array of n own elements, element i being make(i). Writing a fresh index of an array (`a[i] =
 * x` past its end, or into a hole) looks for a setter on Array.prototype, where other code on
 * the page may have put one; this array's elements are defined, as an array literal's are, so
 * neither making it nor writing within it reaches such a setter. For arrays made or grown while
 * a call stages in wasm memory, where no caller code may run.
 */
export function ownArray(n, make) {
  return apply(arrayFrom, ArrayClass, [{ __proto__: null, length: n }, (_, i) => make(i)]);
}
export const objectKeys = Object.keys;
export const freeze = Object.freeze;
export const MapClass = Map;

/** Map's methods as plain functions: mapGet(map, key), mapSet(map, key, value). */
export const mapGet = uncurry(Map.prototype.get);
export const mapSet = uncurry(Map.prototype.set);

// Globals the engine and the pool use while a call runs, taken as they are when the package
// loads: a caller who replaces Math.ceil or Atomics.add later changes nothing inside a call (no
// caller code runs there). Atomics is null where the platform has none (then no threads).
export const { ceil, floor, min, max } = Math;
const AtomicsObject = typeof Atomics === 'object' && Atomics !== null ? Atomics : null;
export const atomics = AtomicsObject === null ? null : {
  load: AtomicsObject.load, store: AtomicsObject.store, add: AtomicsObject.add, or: AtomicsObject.or,
  compareExchange: AtomicsObject.compareExchange, notify: AtomicsObject.notify, wait: AtomicsObject.wait,
};
export const SharedArrayBufferClass = typeof SharedArrayBuffer === 'function' ? SharedArrayBuffer : null;
export const WebAssemblyIntrinsics = typeof WebAssembly === 'object' && WebAssembly !== null ? {
  Memory: WebAssembly.Memory, Module: WebAssembly.Module, Instance: WebAssembly.Instance, instantiate: WebAssembly.instantiate,
  compile: WebAssembly.compile, imports: WebAssembly.Module.imports, exports: WebAssembly.Module.exports,
  customSections: WebAssembly.Module.customSections,
} : null;
/**
 * WebAssembly.Memory's buffer getter and grow() as plain functions: the heap's views and its
 * growth (memory.js) go through these, never through the memory object's properties.
 */
export const memoryBuffer = WebAssemblyIntrinsics === null ? null : getter(WebAssembly.Memory.prototype, 'buffer');
export const memoryGrow = WebAssemblyIntrinsics === null ? null : uncurry(WebAssembly.Memory.prototype.grow);

/**
 * Whether x is a compiled WebAssembly.Module: Module.exports checks the internal slot (instanceof
 * would ask x's prototype chain and the class's Symbol.hasInstance, which a caller can change).
 */
export function isCompiledModule(x) {
  if (WebAssemblyIntrinsics === null) return false;
  try {
    WebAssemblyIntrinsics.exports(x);
    return true;
  } catch {
    return false;
  }
}
/** A page's Worker, Blob and URL.createObjectURL (undefined in Node, whose Worker is worker_threads'). */
export const pageWorker = {
  Worker: globalThis.Worker, Blob: globalThis.Blob, createObjectURL: globalThis.URL?.createObjectURL,
};
// A getter the platform may lack (Node 20 has no ArrayBuffer.prototype.detached): `missing` where it does.
const optionalGetter = (proto, key, missing = () => false) => {
  const get = proto === null ? undefined : Object.getOwnPropertyDescriptor(proto, key)?.get;
  return get === undefined ? missing : uncurry(get);
};
const arrayBufferDetached = optionalGetter(ArrayBuffer.prototype, 'detached', null);
const resizableGetter = optionalGetter(ArrayBuffer.prototype, 'resizable');
const growableGetter = optionalGetter(SharedArrayBufferClass?.prototype ?? null, 'growable');

/** The built-in typed-array classes by kind; Float16Array where the platform has it. */
export const TYPED_ARRAY_CLASSES = new Map(
  ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array',
    'Float16Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array']
    .filter((name) => typeof globalThis[name] === 'function')
    .map((name) => [name, globalThis[name]]),
);
export const Uint8ArrayClass = TYPED_ARRAY_CLASSES.get('Uint8Array');
export const Uint32ArrayClass = TYPED_ARRAY_CLASSES.get('Uint32Array');

/**
 * Array.isArray, with a revoked Proxy (which makes it throw) reported in the caller's terms: `what`
 * and `part` (': shape') name it, joined only for the message.
 */
export function isArray(x, what, part = '') {
  try {
    return Array.isArray(x);
  } catch {
    throw new TypeError(`${what}${part} is a revoked Proxy; it cannot be read`);
  }
}

export const getPrototypeOf = Object.getPrototypeOf;
const ArrayBufferPrototype = ArrayBuffer.prototype;

/**
 * Whether a buffer (from typedArrayBuffer, so a real ArrayBuffer or SharedArrayBuffer) is a
 * SharedArrayBuffer. Its prototype says which getter to ask first, so that the usual case throws
 * nothing (a thrown TypeError cost microseconds per call); a prototype the caller changed only
 * costs the other getter.
 */
export function isShared(buffer) {
  if (sharedByteLength === null) return false;
  if (getPrototypeOf(buffer) === ArrayBufferPrototype) {
    try {
      arrayBufferByteLength(buffer);
      return false;
    } catch { /* a SharedArrayBuffer given ArrayBuffer's prototype */ }
  }
  try {
    sharedByteLength(buffer);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a buffer (from typedArrayBuffer) can change length: a resizable ArrayBuffer or a
 * growable SharedArrayBuffer, over which a view may track the length (and another thread may
 * grow a shared one at any time). `shared`: isShared(buffer), when the caller has it.
 */
export function isResizable(buffer, shared = isShared(buffer)) {
  return (shared ? growableGetter(buffer) : resizableGetter(buffer)) === true;
}

/** Whether a non-shared buffer (from typedArrayBuffer) was detached (transferred). */
export function isDetached(buffer) {
  if (isShared(buffer)) return false;
  if (arrayBufferDetached !== null) return arrayBufferDetached(buffer);
  // Node 20 has no `detached`: a detached buffer has byteLength 0 and cannot be viewed.
  if (arrayBufferByteLength(buffer) !== 0) return false;
  try {
    new Uint8Array(buffer);
    return false;
  } catch {
    return true;
  }
}

/**
 * The bytes an ArrayBuffer, a SharedArrayBuffer or any ArrayBufferView (a typed array of any
 * class, a DataView) holds, as { buffer, byteOffset, byteLength } read through the built-in
 * getters (whatever the object's prototype or own properties say); null for anything else.
 * Over a detached buffer, byteLength is 0.
 */
export function bytesOf(x) {
  if (typedArrayKind(x) !== undefined) {
    return { buffer: typedArrayBuffer(x), byteOffset: typedArrayByteOffset(x), byteLength: typedArrayByteLength(x) };
  }
  const kind = bufferKind(x);
  if (kind === 'ArrayBuffer') return { buffer: x, byteOffset: 0, byteLength: arrayBufferByteLength(x) };
  if (kind === 'SharedArrayBuffer') return { buffer: x, byteOffset: 0, byteLength: sharedByteLength(x) };
  let buffer;
  try {
    buffer = dataViewBuffer(x); // a DataView's, also a detached one's (whose byteLength getter throws)
  } catch {
    return null;
  }
  return isDetached(buffer) ? { buffer, byteOffset: 0, byteLength: 0 } : { buffer, byteOffset: dataViewByteOffset(x), byteLength: dataViewByteLength(x) };
}

/** Whether x is an ArrayBuffer, a SharedArrayBuffer or a DataView (for messages only). */
export function bufferKind(x) {
  if (x === null || typeof x !== 'object') return null; // isShared asks for x's prototype
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
].map(([name, valueOf]) => [name, uncurry(valueOf)]);

/** 'Number' for new Number(3) and the like, else null. */
export function boxedKind(x) {
  for (const [name, valueOf] of BOXES) {
    try {
      valueOf(x);
      return name;
    } catch { /* not this one */ }
  }
  return null;
}
