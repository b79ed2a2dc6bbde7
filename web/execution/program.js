// Programs as the core runs them (src/plan.h): nodes that apply the core's ops to inputs,
// literals and earlier nodes' results, in one computation dtype. An op is a program of one node
// over its operands; an expression (expr.js) compiles to one. Each is run through an
// operator (plans.js) that owns its plans.
import { LIMITS, onAbi } from '../module/abi.js';
import { encodeValue } from '../dtypes/dtypes.js';
import { Uint32ArrayClass } from '../intrinsics.js';
import { makeOperator } from './plans.js';

/**
 * A program: `inputs` inputs; `nodes`, each [core op code, a, b] with values numbered as the core
 * numbers them (inputs from 0, literals from LIMITS.literalBase, nodes from LIMITS.nodeBase);
 * `result`, a value; `literals`, JS numbers or bigints, each converted to the computation dtype
 * as a JS value is (dtypes.js: encodeValue; `where(j)` names literal j in a RangeError).
 */
export function makeProgram(inputs, nodes, result, literals, where) {
  const byDtype = { __proto__: null }; // by dtype code
  return {
    // reduce: a reduction's { word, axes } (reductions.js), null for an element-wise program (an
    // own property either way: nothing is read from Object.prototype).
    inputs, nodes, result, literals, reduce: null,
    /**
     * The literals in a dtype, made once per dtype: { count, words (each element in two words,
     * low and high, as the core reads them), values (each as a JS value of the dtype) }. Made
     * before a call stages (encoding a value reaches built-ins a caller can replace).
     */
    literalsOf(info) {
      if (literals.length === 0) return NO_LITERALS;
      let made = byDtype[info.code];
      if (made === undefined) {
        const words = new Uint32ArrayClass(2 * literals.length);
        const values = [];
        for (let j = 0; j < literals.length; ++j) {
          const cell = new info.Storage(words.buffer, 8 * j, 1);
          cell[0] = encodeValue(info, literals[j], where(j));
          values[j] = cell[0];
        }
        made = byDtype[info.code] = { count: literals.length, words, values };
      }
      return made;
    },
  };
}

const NO_LITERALS = { count: 0, words: new Uint32ArrayClass(0), values: [] };

// The operators of the single ops and of the variadic operators (ONNX Max, Min), by core op code
// and count of inputs: made once, each keeping its last few plans (a chain of ops on tensors of a
// few shapes plans each once).
const OP_PLANS_KEPT = 4;
let opOperators = { __proto__: null };
onAbi(() => {
  opOperators = { __proto__: null };
});

/**
 * The operator of one core op over its operands (`arity`: 2, or 1, a node that names its one
 * operand twice), or of a binary op over n inputs: one program, op(op(x0, x1), x2)..., the inputs
 * broadcast together (one input: a copy of it).
 */
export function opOperator(code, arity = 2, n = arity) {
  // (The nodes are a few words: made on each call, kept only with a new operator.)
  const nodes = [];
  if (arity === 1) nodes.push([code, 0, 0]);
  else for (let i = 1; i < n; ++i) nodes.push([code, i === 1 ? 0 : LIMITS.nodeBase + i - 2, i]);
  return (opOperators[code * 64 + n] ??= makeOperator(makeProgram(n, nodes, nodes.length === 0 ? 0 : LIMITS.nodeBase + nodes.length - 1, [], null), OP_PLANS_KEPT));
}
