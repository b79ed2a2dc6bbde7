// The 12 dtypes: their core code (src/dtype.h order), storage, JS carriers and value encoding.
import { fromBfloat16Bits, fromFloat16Bits, toBfloat16Bits, toFloat16Bits } from './half.js';

/** Float16Array where the platform has it (Chromium does; Node 20 does not). */
export const Float16ArrayClass = typeof globalThis.Float16Array === 'function' ? globalThis.Float16Array : null;

const float = (code, bytes, Storage) => ({ code, bytes, kind: 'float', Storage, carriers: [Storage] });
const int = (code, bytes, Storage, min, max) => ({ code, bytes, kind: 'int', Storage, carriers: [Storage], min, max });
const big = (code, Storage, min, max) => ({ code, bytes: 8, kind: 'bigint', Storage, carriers: [Storage], min, max });

export const DTYPES = {
  float32: float(0, 4, Float32Array),
  float64: float(1, 8, Float64Array),
  float16: {
    code: 2, bytes: 2, kind: 'half', Storage: Uint16Array,
    carriers: Float16ArrayClass ? [Float16ArrayClass, Uint16Array] : [Uint16Array],
    encode: toFloat16Bits, decode: fromFloat16Bits,
  },
  bfloat16: {
    code: 3, bytes: 2, kind: 'half', Storage: Uint16Array, carriers: [Uint16Array],
    encode: toBfloat16Bits, decode: fromBfloat16Bits,
  },
  int8: int(4, 1, Int8Array, -128, 127),
  int16: int(5, 2, Int16Array, -32768, 32767),
  int32: int(6, 4, Int32Array, -(2 ** 31), 2 ** 31 - 1),
  int64: big(7, BigInt64Array, -(2n ** 63n), 2n ** 63n - 1n),
  uint8: { ...int(8, 1, Uint8Array, 0, 255), carriers: [Uint8Array, Uint8ClampedArray] },
  uint16: int(9, 2, Uint16Array, 0, 65535),
  uint32: int(10, 4, Uint32Array, 0, 2 ** 32 - 1),
  uint64: big(11, BigUint64Array, 0n, 2n ** 64n - 1n),
};
for (const [name, info] of Object.entries(DTYPES)) info.name = name;

/** The carrier a result of this dtype gets when operand A gives none. */
export function defaultCarrier(info) {
  return info.carriers[0];
}

// Typed-array class -> the dtype it implies on its own (Uint16Array is uint16 unless a dtype says
// float16 or bfloat16).
const DTYPE_OF_CLASS = new Map([[Uint8ClampedArray, 'uint8']]);
if (Float16ArrayClass) DTYPE_OF_CLASS.set(Float16ArrayClass, 'float16');
for (const [name, info] of Object.entries(DTYPES)) {
  if (info.kind !== 'half') DTYPE_OF_CLASS.set(info.Storage, name);
}

/** The dtype a typed array implies on its own, or null. */
export function dtypeOfTypedArray(data) {
  const direct = DTYPE_OF_CLASS.get(data.constructor);
  if (direct !== undefined) return direct;
  for (const [Class, name] of DTYPE_OF_CLASS) if (data instanceof Class) return name; // subclasses
  return null;
}

export function dtypeInfo(name) {
  const info = typeof name === 'string' && Object.hasOwn(DTYPES, name) ? DTYPES[name] : undefined;
  if (info === undefined) {
    throw new TypeError(`unknown dtype ${describe(name)}: expected one of ${Object.keys(DTYPES).join(', ')}`);
  }
  return info;
}

export function isTypedArray(x) {
  return ArrayBuffer.isView(x) && !(x instanceof DataView);
}

/** Converts one JS value to what the dtype's storage array holds (bits for float16/bfloat16). */
export function encodeValue(info, value, where) {
  if (typeof value !== 'number' && typeof value !== 'bigint') {
    throw new TypeError(`${where}: ${describe(value)} is not a number or bigint`);
  }
  switch (info.kind) {
    case 'float':
      return Number(value);
    case 'half':
      return info.encode(Number(value));
    case 'int': {
      const v = Number(value);
      if (typeof value === 'bigint' ? BigInt(v) !== value || v < info.min || v > info.max
                                    : !Number.isInteger(v) || v < info.min || v > info.max) {
        throw new RangeError(`${where}: ${describe(value)} is not an integer in ${info.name}'s range [${info.min}, ${info.max}]`);
      }
      return v;
    }
    default: {
      if (typeof value === 'number' && !Number.isInteger(value)) {
        throw new RangeError(`${where}: ${describe(value)} is not an integer, as ${info.name} needs`);
      }
      const v = BigInt(value);
      if (v < info.min || v > info.max) {
        throw new RangeError(`${where}: ${describe(value)} is outside ${info.name}'s range [${info.min}, ${info.max}]`);
      }
      return v;
    }
  }
}

export function describe(x) {
  if (typeof x === 'bigint') return `${x}n`;
  if (typeof x === 'string') return JSON.stringify(x);
  if (Array.isArray(x)) return `[${x.map(describe).join(', ')}]`;
  if (x === null || x === undefined || typeof x !== 'object') return String(x);
  return x.constructor?.name ?? 'object';
}
