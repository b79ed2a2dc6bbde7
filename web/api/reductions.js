// The reductions (docs/contract.md, "Reductions"): sum, prod, max, min and mean of one operand
// over axes, run as every operator is (engine.js): a program of one input whose core plan
// (src/reduce.h) computes each output element alone, in the core's fixed order.
import { REDUCTION_CODE, onAbi, requires } from '../module/abi.js';
import { asTensor, checkCast, commonDtype, readOperand, readOut } from '../arguments/arguments.js';
import { DTYPES, dtypeInfo } from '../dtypes/dtypes.js';
import { runProgram } from './call.js';
import { makeOperator } from '../execution/plans.js';
import { makeProgram } from '../execution/program.js';
import { enter } from '../lifecycle.js';
import { modeFrom } from '../arguments/options.js';
import { describe } from '../format.js';
import { isArray } from '../intrinsics.js';
import { ownValue, readRecord } from '../records.js';

requires('reduction', ['none', 'sum', 'prod', 'max', 'min', 'mean', 'softmax', 'log_softmax']);

// The operators, by reduction, axes and keepdims, each keeping its last few plans (a
// null-prototype table, as program.js's opOperators: no Map method a caller could replace).
let operators = { __proto__: null };
onAbi(() => {
  operators = { __proto__: null };
});
function reductionOperator(code, axes, keepdims) {
  const word = code | (keepdims ? 256 : 0);
  const key = axes * 512 + word;
  let operator = operators[key];
  if (operator === undefined) {
    const program = makeProgram(1, [], 0, [], null);
    program.reduce = { word, axes };
    operators[key] = operator = makeOperator(program, 4);
  }
  return operator;
}

// One axis, in [-rank, rank): its dim.
function axisOf(a, rank, fn, what) {
  if (typeof a !== 'number' || !Number.isInteger(a)) throw new TypeError(`${fn}: ${what} must be an integer, got ${describe(a)}`);
  if (a < -rank || a >= rank) throw new RangeError(`${fn}: ${what} ${a} is out of range for an operand of rank ${rank} (from ${-rank} to ${rank - 1})`);
  return a < 0 ? a + rank : a;
}

// `axis` as a set of dims (bit d for dim d): every dim where it is absent, else an integer or
// an array of distinct integers.
function axesOf(axis, rank, fn) {
  if (axis === undefined) return 2 ** rank - 1;
  if (!isArray(axis, fn, ': axis')) return 2 ** axisOf(axis, rank, fn, 'axis');
  let axes = 0;
  for (let i = 0, n = axis.length; i < n; ++i) {
    const d = axisOf(ownValue(axis, i), rank, fn, `axis[${i}]`);
    if (bit(axes, d)) throw new RangeError(`${fn}: axis lists axis ${d} twice`);
    axes += 2 ** d;
  }
  return axes;
}
const bit = (axes, d) => (axes / 2 ** d) % 2 >= 1;

const OPERAND = ['the operand'];

// sum, prod, max, min and mean (axis, keepdims, out; but max and min a dtype, numpy's), and
// softmax and logSoftmax along one axis, default -1 (axis, out, dtype), which compute in a float
// dtype (docs/contract.md: the ops one by one). `code` is the core's name of the reduction.
function reduction(fn, code = fn) {
  const extremum = fn === 'max' || fn === 'min', normalizes = code.endsWith('softmax');
  const takes = normalizes ? ['axis', 'out', 'dtype'] : extremum ? ['axis', 'keepdims', 'out'] : ['axis', 'keepdims', 'out', 'dtype'];
  return {
    [fn](x, options) {
      enter();
      const X = readOperand(x, `${fn}: the operand`);
      const o = readRecord(options, takes, fn);
      const out = readOut(o.out, fn);
      // (Only the keys of `takes` are read: the record has no other as its own.)
      const keepdims = normalizes ? false : o.keepdims;
      if (keepdims !== undefined && typeof keepdims !== 'boolean') throw new RangeError(`${fn}: keepdims must be true or false, got ${describe(keepdims)}`);
      const own = X.kind === 'scalar' ? commonDtype(X, X, fn) : X.dtype;
      const dtype = extremum ? undefined : o.dtype;
      let info = DTYPES[own];
      if (dtype !== undefined) {
        info = dtypeInfo(dtype, `${fn}: dtype`);
        checkCast(X, info, fn, 'the operand');
      } else if (info.integer && !extremum && !normalizes) {
        // numpy's defaults: an integer sum or product in 64 bits of its signedness, a mean in float64.
        info = DTYPES[fn === 'mean' ? 'float64' : info.kind === 'signed_integer' ? 'int64' : 'uint64'];
      }
      if (info.integer && (normalizes || fn === 'mean')) {
        throw new TypeError(`${fn}: ${fn} computes in a float dtype, not ${info.name}` + (normalizes ? " (for integers, pass { dtype: 'float32' })" : ''));
      }
      const A = asTensor(X, own, fn, 'the operand');
      const { shape } = A;
      const axes = normalizes ? 2 ** axisOf(o.axis ?? -1, shape.length, fn, 'axis') : axesOf(o.axis, shape.length, fn);
      if (extremum) {
        // Over no elements, with elements to produce: no answer (numpy's ValueError).
        let reduced = 1, kept = 1;
        for (let d = 0; d < shape.length; ++d) bit(axes, d) ? (reduced *= shape[d]) : (kept *= shape[d]);
        if (reduced === 0 && kept > 0) throw new RangeError(`${fn}: the reduced axes are empty, and ${fn} of no elements has no value`);
      }
      return runProgram(fn, reductionOperator(REDUCTION_CODE[code], axes, keepdims === true), info, [A], OPERAND,
        modeFrom(undefined, undefined, fn), out, false, null);
    },
  }[fn];
}

export const sum = reduction('sum');
export const prod = reduction('prod');
export const max = reduction('max');
export const min = reduction('min');
export const mean = reduction('mean');
export const softmax = reduction('softmax', 'softmax');
export const logSoftmax = reduction('logSoftmax', 'log_softmax');
