// The dtypes as JS sees them, one entry each: the built-in typed arrays that carry them, how one
// JS value becomes one stored element, and their range. The core's code of each is read from the
// module at init (abi.js sets `code`, after checking that the core has the same dtypes with the
// same element sizes).
import { narrowFloatDecoder, narrowFloatEncoder } from './half.js';
import { describe } from './format.js';
import { TYPED_ARRAY_CLASSES } from './intrinsics.js';

const Float16ArrayClass = TYPED_ARRAY_CLASSES.get('Float16Array') ?? null;

// kind: 'float' (stored as is), 'narrow' (a narrow float's bits, `precision` significant bits,
// converted by encode/decode), 'int' (numbers), 'bigint'; integer: division rounds (pythondiv).
// Storage: the class values are encoded into. carriers: the built-in classes accepted as data,
// the first being the result's class when operand A gives none.
const float = (Storage, precision) => ({ kind: 'float', integer: false, Storage, carriers: [Storage], precision });
const narrow = (Storage, carriers, mantissaBits, exponentBits) => ({
  kind: 'narrow', integer: false, Storage, carriers, precision: mantissaBits + 1,
  encode: narrowFloatEncoder(mantissaBits, exponentBits), decode: narrowFloatDecoder(mantissaBits, exponentBits),
});
const int = (Storage, min, max) => ({ kind: 'int', integer: true, Storage, carriers: [Storage], min, max });
const big = (Storage, min, max) => ({ kind: 'bigint', integer: true, Storage, carriers: [Storage], min, max });

export const DTYPES = {
  float32: float(Float32Array, 24),
  float64: float(Float64Array, 53),
  float16: narrow(Uint16Array, Float16ArrayClass ? [Float16ArrayClass, Uint16Array] : [Uint16Array], 10, 5),
  bfloat16: narrow(Uint16Array, [Uint16Array], 7, 8),
  int8: int(Int8Array, -128, 127),
  int16: int(Int16Array, -32768, 32767),
  int32: int(Int32Array, -(2 ** 31), 2 ** 31 - 1),
  int64: big(BigInt64Array, -(2n ** 63n), 2n ** 63n - 1n),
  uint8: { ...int(Uint8Array, 0, 255), carriers: [Uint8Array, Uint8ClampedArray] },
  uint16: int(Uint16Array, 0, 65535),
  uint32: int(Uint32Array, 0, 2 ** 32 - 1),
  uint64: big(BigUint64Array, 0n, 2n ** 64n - 1n),
};
for (const [name, info] of Object.entries(DTYPES)) {
  Object.assign(info, { name, bytes: info.Storage.BYTES_PER_ELEMENT, code: -1 }); // code: abi.js
  Object.seal(info);
}

const DTYPE_NAMES = Object.keys(DTYPES).join(', ');

/** The dtype record of a name; TypeError for anything else. */
export function dtypeInfo(name, what = 'dtype') {
  if (typeof name === 'string' && Object.hasOwn(DTYPES, name)) return DTYPES[name];
  throw new TypeError(`${what}: unknown dtype ${describe(name)}; the dtypes are ${DTYPE_NAMES}`);
}

/** The carrier a result of this dtype gets when operand A gives none. */
export function defaultCarrier(info) {
  return info.carriers[0];
}

// Typed-array kind -> { Class, info }: the built-in class and the dtype it implies on its own
// (Uint16Array is uint16 unless a dtype says float16 or bfloat16). One lookup per operand.
const KINDS = new Map();
for (const [kind, Class] of TYPED_ARRAY_CLASSES) KINDS.set(kind, { Class, info: null });
KINDS.get('Uint8ClampedArray').info = DTYPES.uint8;
if (KINDS.has('Float16Array')) KINDS.get('Float16Array').info = DTYPES.float16;
for (const info of Object.values(DTYPES)) if (info.kind !== 'narrow') KINDS.get(info.Storage.name).info = info;

/** The built-in class of a typed-array kind and the dtype record it implies on its own. */
export function kindRecord(kind) {
  return KINDS.get(kind);
}

/**
 * A bigint rounded to nearest even at `precision` significant bits, as a number (exact: it has
 * at most `precision` bits; beyond the double range it is ±Infinity, as any narrower float
 * would be). Rounding once from the exact integer, never through a double first.
 */
function roundBigint(v, precision) {
  const negative = v < 0n;
  const m = negative ? -v : v;
  const excess = m.toString(2).length - precision;
  if (excess <= 0) return Number(v);
  const shift = BigInt(excess);
  let q = m >> shift;
  const rest = m - (q << shift);
  const halfway = 1n << (shift - 1n);
  if (rest > halfway || (rest === halfway && (q & 1n) === 1n)) q += 1n;
  const r = Number(q << shift);
  return negative ? -r : r;
}

/** Converts one JS value to what the dtype's storage array holds (bits for float16/bfloat16). */
export function encodeValue(info, value, where) {
  const isBigint = typeof value === 'bigint';
  if (!isBigint && typeof value !== 'number') {
    throw new TypeError(`${where}: ${describe(value)} is not a number or bigint`);
  }
  switch (info.kind) {
    case 'float':
      // float64: Number(bigint) rounds once; float32: round at 24 bits, then the store is exact.
      return isBigint ? roundBigint(value, info.precision) : value;
    case 'narrow':
      return info.encode(isBigint ? roundBigint(value, info.precision) : value);
    case 'int': {
      const ok = isBigint ? value >= BigInt(info.min) && value <= BigInt(info.max)
        : Number.isInteger(value) && value >= info.min && value <= info.max;
      if (!ok) {
        throw new RangeError(`${where}: ${describe(value)} is not an integer in ${info.name}'s range [${info.min}, ${info.max}]`);
      }
      return Number(value);
    }
    default: {
      if (!isBigint && !Number.isInteger(value)) {
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
