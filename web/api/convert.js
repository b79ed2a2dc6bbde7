// Bulk conversions between float32 and the narrow floats, in the core's SIMD kernels
// (src/kernels/conversion_list.inc): a typed array in gives a new typed array, a wasm tensor a new
// wasm tensor, either into `out` when given. Arguments are read once and settled before anything
// is staged, as for the ops (arguments.js); each runs as an expression of one input, which is
// its cast, the one way every op runs (engine.js).
import { checkOutDtype, readHost, readOut, residentOperand, settle } from '../arguments/arguments.js';
import { DTYPES, kindRecord } from '../dtypes/dtypes.js';
import { execute, instanceFor } from '../execution/engine.js';
import { describe, withArticle } from '../format.js';
import { typedArrayKind } from '../intrinsics.js';
import { enter, withStaging } from '../lifecycle.js';
import { readOpOptions } from '../arguments/options.js';
import { makeOperator, ownCopy } from '../execution/plans.js';
import { makeProgram } from '../execution/program.js';
import { readRecord } from '../records.js';
import { isWasmTensor } from '../tensor-brand.js';
import { newTensor, readTensor } from '../memory/tensor.js';

// The program of a cast: one input, no node, the input itself the result.
const CAST = makeOperator(makeProgram(1, [], 0, [], null), 2);

/** The public conversion `fn` from dtype `from` to dtype `to`: (x, options?) => result. */
function converter(fn, from, to) {
  return (x, options) => {
    enter();
    const info = DTYPES[from];
    const kind = typedArrayKind(x);
    const carried = kind !== undefined && info.carriers.includes(kindRecord(kind).Class);
    const input = isWasmTensor(x) ? residentOperand(x, `${fn}: x`) : carried ? readHost(x, undefined, from, `${fn}: x`, null) : null;
    if (input === null || input.dtype !== from) {
      const expected = `${info.carriers.map((C) => withArticle(C.name)).join(' or ')} or ${withArticle(from)} wasm tensor`;
      throw new TypeError(`${fn}: x must be ${expected}, got ${input === null ? describe(x) : `${withArticle(input.dtype)} wasm tensor`}`);
    }
    const out = readOut(readRecord(options, ['out'], fn).out, fn);
    const target = DTYPES[to];
    checkOutDtype(out, target, fn);
    settle(input, fn, 'x');
    settle(out, fn, 'out');
    const length = out === null ? input.n : out.kind === 'resident' ? out.n : out.source.length;
    if (length !== input.n) throw new RangeError(`${fn}: out holds ${length} elements but x has ${input.n}`);
    const call = {
      fn, operator: CAST, info: target, store: target, inputs: [input], mode: readOpOptions(undefined, fn, null, true).mode, out, zeroIsError: false, refused: null, literals: null,
    };
    if (out !== null || input.kind !== 'resident') {
      const result = execute(call);
      return out?.kind === 'resident' ? result : result.data;
    }
    // A wasm tensor gives a new one of its shape, in the memory that holds it.
    const inst = instanceFor(call);
    const made = withStaging(castTensor, inst, { fn, to, input });
    try {
      call.out = readTensor(made);
      return execute(call);
    } catch (error) {
      made.dispose();
      throw error;
    }
  };
}

// A new wasm tensor of x's shape and the dtype `to`, whose every element the cast will write.
// (Its shape copied by ownCopy: this runs while staging, where writing a fresh array's index
// could reach a setter on Array.prototype.)
function castTensor(inst, { fn, to, input }) {
  return newTensor(inst, to, ownCopy(input.shape), input.n, () => `${fn} of ${input.n} elements`, null);
}

export const float32ToFloat16 = converter('float32ToFloat16', 'float32', 'float16');
export const float16ToFloat32 = converter('float16ToFloat32', 'float16', 'float32');
export const float32ToBfloat16 = converter('float32ToBfloat16', 'float32', 'bfloat16');
export const bfloat16ToFloat32 = converter('bfloat16ToFloat32', 'bfloat16', 'float32');
