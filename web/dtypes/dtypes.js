// The dtypes as JS sees them, made at init from what the core says of each (abi.js: name, code,
// element size, kind, format): the built-in typed arrays that carry it, how one JS value becomes
// one stored element, and its range. The one table written here is which typed array carries
// which kind of element; no dtype is named.
import { DTYPE_FACTS, onAbi } from '../module/abi.js';
import { checkedBits, checkedValue, narrowFloatDecoder, narrowFloatEncoder } from './half.js';
import { describe } from '../format.js';
import { TYPED_ARRAY_CLASSES } from '../intrinsics.js';

// kind -> element bytes -> the built-in classes that hold it, the first storing it. A narrow
// float is stored as the bits of an unsigned integer of its size; the platform's Float16Array
// carries the narrow float whose format is IEEE binary16 (10 mantissa and 5 exponent bits),
// where there is one, and is then its result's class.
const CARRIERS = {
  floating: { 4: ['Float32Array'], 8: ['Float64Array'] },
  narrow_float: { 1: ['Uint8Array'], 2: ['Uint16Array'] },
  signed_integer: { 1: ['Int8Array'], 2: ['Int16Array'], 4: ['Int32Array'], 8: ['BigInt64Array'] },
  unsigned_integer: { 1: ['Uint8Array', 'Uint8ClampedArray'], 2: ['Uint16Array'], 4: ['Uint32Array'], 8: ['BigUint64Array'] },
};
const BINARY16 = { mantissaBits: 10, exponentBits: 5 };
const Float16ArrayClass = TYPED_ARRAY_CLASSES.get('Float16Array') ?? null;
const KIND_OF_CLASS = new Map([...TYPED_ARRAY_CLASSES].map(([kind, Class]) => [Class, kind]));
/** The typed arrays plain arrays of numbers and of bigints go into when no dtype is given. */
export const PLAIN_ARRAY_CARRIERS = { numbers: 'Float32Array', bigints: 'BigInt64Array' };

/**
 * The dtype records by name, made at init. A record: { name, code, bytes, kind, integer, bigint,
 * Storage, carriers, precision, min, max, encode, decode }. kind is the core's
 * ('floating', 'narrow_float', 'signed_integer', 'unsigned_integer'); integer: division rounds
 * (pythondiv); bigint: its values are bigints. Storage: the class values are encoded into.
 * carriers: the built-in classes accepted as data, the first being the result's class when
 * operand A gives none. precision (floats): significant bits. encode/decode (narrow floats):
 * a number to bits and back.
 */
export let DTYPES = {};
/** The dtype names, in the core's order. */
export let DTYPE_NAMES = [];
let DTYPE_LIST = '';
// Typed-array kind -> { Class, info }: the built-in class and the dtype it implies on its own
// (a Uint16Array is uint16 unless a dtype says otherwise). One lookup per operand.
let KINDS = { __proto__: null };
/** The dtypes plain arrays of numbers and of bigints default to. */
export const DEFAULTS = { numbers: null, bigints: null };

/**
 * The names of the typed arrays that may carry a dtype (its facts from the core), the first
 * being its result's class where the platform has them all; Float16Array, where it has none,
 * is left out at run time. (scripts/types.mjs writes index.d.ts's per-dtype types from this.)
 */
export function carrierNames(f) {
  const names = CARRIERS[f.kind]?.[f.bytes];
  if (names === undefined) throw new Error(`tensorwise: no typed array carries ${f.bytes}-byte ${f.kind} elements (dtype ${f.name})`);
  const binary16 = f.kind === 'narrow_float' && f.mantissaBits === BINARY16.mantissaBits && f.exponentBits === BINARY16.exponentBits;
  return binary16 ? ['Float16Array', ...names] : names;
}

function record(f) {
  // The classes the platform has (Float16Array only where it has one); the dtype is stored in the first but Float16Array.
  const carriers = carrierNames(f).map((n) => TYPED_ARRAY_CLASSES.get(n)).filter((C) => C !== undefined);
  const integer = f.kind === 'signed_integer' || f.kind === 'unsigned_integer';
  const bigint = integer && f.bytes === 8;
  const signed = f.kind === 'signed_integer';
  const int = (x) => (bigint ? BigInt(x) : Number(x));
  const range = 2n ** BigInt(8 * f.bytes - (signed ? 1 : 0)); // above the largest value; the smallest is 0 or -range
  const info = {
    name: f.name, code: f.code, bytes: f.bytes, kind: f.kind, integer, bigint,
    Storage: carriers[carriers[0] === Float16ArrayClass ? 1 : 0], carriers,
    precision: integer ? 0 : f.mantissaBits + 1,
    min: integer ? int(signed ? -range : 0n) : 0,
    max: integer ? int(range - 1n) : 0,
    encode: null, decode: null,
  };
  if (f.kind === 'narrow_float') {
    info.encode = narrowFloatEncoder(f.mantissaBits, f.exponentBits);
    info.decode = narrowFloatDecoder(f.mantissaBits, f.exponentBits);
  }
  return Object.seal(info);
}

onAbi(() => {
  const records = DTYPE_FACTS.map(record);
  DTYPES = Object.fromEntries(records.map((r) => [r.name, r]));
  DTYPE_NAMES = records.map((r) => r.name);
  DTYPE_LIST = DTYPE_NAMES.join(', ');
  KINDS = { __proto__: null };
  for (const [kind, Class] of TYPED_ARRAY_CLASSES) KINDS[kind] = { Class, bytes: Class.BYTES_PER_ELEMENT, info: null };
  // A class implies the dtype it carries, the one stored in it (not a narrow float's bits) first.
  for (const r of records) {
    for (const C of r.carriers) if (C !== r.Storage || r.kind !== 'narrow_float') KINDS[KIND_OF_CLASS.get(C)].info ??= r;
  }
  DEFAULTS.numbers = KINDS[PLAIN_ARRAY_CARRIERS.numbers].info;
  DEFAULTS.bigints = KINDS[PLAIN_ARRAY_CARRIERS.bigints].info;
});

/** The dtype record of a name; TypeError for anything else. */
export function dtypeInfo(name, what = 'dtype') {
  if (typeof name === 'string' && Object.hasOwn(DTYPES, name)) return DTYPES[name];
  throw new TypeError(`${what}: unknown dtype ${describe(name)}; the dtypes are ${DTYPE_LIST}`);
}

/** The carrier a result of this dtype gets when operand A gives none. */
export function defaultCarrier(info) {
  return info.carriers[0];
}

/**
 * The class of a new result of dtype `info`: the first input's (an operand record of
 * arguments.js: a JS array's built-in class) where it has the result's dtype, else the dtype's own.
 */
export function resultClass(first, info) {
  return (first !== undefined && first.kind === 'host' && first.dtype === info.name ? first.carrier : null) ?? defaultCarrier(info);
}

/**
 * The dtypes as the public dtypes() gives them: for each, its name, element bytes, kind, the
 * typed arrays that carry it (the first is a result's when operand A gives none), whether its
 * values are bigints, and per kind its format (floats: mantissa and exponent bits) or range
 * (integers), for the narrow floats their bits' codecs (toNumber, fromNumber: the number bits
 * stand for, and the bits of a number rounded to nearest even), and `onnxSince(name)`, the first
 * ONNX opset whose arithmetic takes it (ONNX's facts are the operators': api/onnx-operators.js).
 */
export function dtypeTable(facts, onnxSince) {
  return DTYPE_NAMES.map((name) => {
    const r = DTYPES[name];
    const f = facts.find((x) => x.name === name);
    const integer = r.integer ? { min: r.min, max: r.max } : { mantissaBits: f.mantissaBits, exponentBits: f.exponentBits };
    const maxBits = 2 ** (8 * r.bytes) - 1;
    const bits = r.decode === null ? {} : {
      toNumber: (x) => r.decode(checkedBits(x, maxBits, `${name}.toNumber`)),
      fromNumber: (x) => r.encode(checkedValue(x, `${name}.fromNumber`)),
    };
    return Object.freeze({
      name, bytes: r.bytes, kind: r.kind, carriers: Object.freeze(r.carriers.map((C) => KIND_OF_CLASS.get(C))), bigint: r.bigint,
      ...integer, ...bits, onnxSince: onnxSince(name),
    });
  });
}

/** The built-in class of a typed-array kind and the dtype it implies on its own. */
export function kindRecord(kind) {
  return KINDS[kind];
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

const named = (where, index) => (index < 0 ? where : `${where}[${index}]`);

/**
 * Converts one JS value to what the dtype's storage array holds (bits for the narrow floats).
 * `where` names the value in messages, with `[index]` after it when index is given.
 */
export function encodeValue(info, value, where, index = -1) {
  const isBigint = typeof value === 'bigint';
  if (!isBigint && typeof value !== 'number') {
    throw new TypeError(`${named(where, index)}: ${describe(value)} is not a number or bigint`);
  }
  if (info.kind === 'floating') {
    // float64: Number(bigint) rounds once; float32: round at 24 bits, then the store is exact.
    return isBigint ? roundBigint(value, info.precision) : value;
  }
  if (info.kind === 'narrow_float') return info.encode(isBigint ? roundBigint(value, info.precision) : value);
  if (!info.bigint) {
    const ok = isBigint ? value >= BigInt(info.min) && value <= BigInt(info.max)
      : Number.isInteger(value) && value >= info.min && value <= info.max;
    if (!ok) {
      throw new RangeError(`${named(where, index)}: ${describe(value)} is not an integer in ${info.name}'s range [${info.min}, ${info.max}]`);
    }
    return Number(value);
  }
  if (!isBigint && !Number.isInteger(value)) {
    throw new RangeError(`${named(where, index)}: ${describe(value)} is not an integer, as ${info.name} needs`);
  }
  const v = BigInt(value);
  if (v < info.min || v > info.max) {
    throw new RangeError(`${named(where, index)}: ${describe(value)} is outside ${info.name}'s range [${info.min}, ${info.max}]`);
  }
  return v;
}
