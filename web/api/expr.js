// expr(): an element-wise expression compiled once into a function (docs/contract.md,
// "Expressions"). The source is parsed into a program of the core's ops (expression.js,
// program.js) and made an operator (plans.js) when expr() is called; each call of the function
// reads its inputs once, settles the dtype (options.dtype, else the inputs' common one) and
// runs the operator the one way every op runs (engine.js): in blocks over the output, in one
// pass, every input cast as it is loaded.
import { LIMITS } from '../module/abi.js';
import { asTensor, checkCast, inputsDtype, readOperand, readOut } from '../arguments/arguments.js';
import { DTYPES } from '../dtypes/dtypes.js';
import { inputsBroadcastError } from './errors.js';
import { describe, shortName } from '../format.js';
import { freeze, hasOwn } from '../intrinsics.js';
import { enter, initialised } from '../lifecycle.js';
import { OPS } from './op-descriptors.js';
import { compile, inputsOf, parse } from '../execution/expression.js';
import { exprOptions, readExprOptionValues } from '../arguments/options.js';
import { checkDomain, runProgram } from './call.js';
import { makeOperator } from '../execution/plans.js';
import { makeProgram } from '../execution/program.js';
import { ownKeys, readRecord } from '../records.js';

// What a compiled expression's call takes besides its inputs.
const CALL_OPTIONS = ['out'];

// Each expression keeps the plans of its last few sets of inputs.
const EXPR_PLANS_KEPT = 2;

// The ops an expression may call, by name and alias (null-prototype tables: a name a caller's
// source holds is never looked up on Object.prototype), and the operators' signs.
const SIGNS = { __proto__: null, '+': 'add', '-': 'subtract', '*': 'multiply', '/': 'divide' };
const FUNCTIONS = { __proto__: null };
for (const d of Object.values(OPS)) FUNCTIONS[d.name] = FUNCTIONS[d.alias] = d;
const arityOf = (name) => (name in FUNCTIONS ? FUNCTIONS[name].arity : 0);
const descriptorOf = (name) => (name in SIGNS ? OPS[SIGNS[name]] : FUNCTIONS[name]);

/**
 * Compiles `source` (a string) under `options` ({ dtype, autoBroadcast, pythondiv,
 * onZeroDivision }) into a function (inputs, callOptions?) => result, with properties `source`,
 * `inputs` (the names, in order of first appearance) and `dtype` (or undefined). It may be called
 * before init() has resolved: the source is parsed and the options read then, and what needs the
 * module (the program, the options' meaning) is made once it has, at once or on the first call.
 */
export function expr(source, options) {
  const fn = `expr(${typeof source === 'string' ? JSON.stringify(source.length > 60 ? `${source.slice(0, 57)}...` : source) : '…'})`;
  const values = readExprOptionValues(options, fn);
  const postfix = parse(source, arityOf, fn);
  const inputNames = freeze(inputsOf(postfix));
  // The ops it calls, each once: each must take the dtype it computes in.
  const called = [];
  for (const t of postfix) if (t.kind === 'op' && !called.includes(descriptorOf(t.op))) called.push(descriptorOf(t.op));
  const labels = inputNames.map((name) => `input ${shortName(name)}`); // the inputs in messages
  const where = labels.map((label) => `${fn}: ${label}`);
  const refused = (c, p) => inputsBroadcastError(c, p, inputNames);
  // Inputs of different dtypes (the dtype option not given): the option is suggested.
  const clash = (given, first, i) => {
    const x = given[first].dtype, y = given[i].dtype;
    throw new TypeError(`${fn}: inputs have different dtypes: ${inputNames[first]} is ${x} and ${inputNames[i]} is ${y}; ` +
      `give the dtype to compute in, e.g. expr(source, { dtype: '${DTYPES[x].integer ? y : x}' }), and each is cast to it`);
  };
  // The operator and the options' meaning, made once the module is loaded.
  let made = null;
  const make = () => {
    const { mode, pythondiv, zeroIsError, dtype } = exprOptions(values, fn);
    // Divisions round integers down with pythondiv (the floor twin; floats and unsigned integers
    // run it as the division it is, src/ops.h).
    const opCode = (name) => {
      const d = descriptorOf(name);
      return pythondiv ? d.floorCode : d.coreCode;
    };
    const { literals, nodes, result } = compile(postfix, inputNames, opCode, LIMITS, fn);
    const program = makeProgram(inputNames.length, nodes, result, literals, (j) => `${fn}: the number ${describe(literals[j])}`);
    return { operator: makeOperator(program, EXPR_PLANS_KEPT), mode, zeroIsError, dtype };
  };
  if (initialised()) made = make();
  const compiled = function run(inputs, callOptions) {
    enter();
    made ??= make();
    const { operator, mode, zeroIsError, dtype } = made;
    const given = readInputs(inputs, inputNames, where, fn);
    const out = callOptions === undefined ? null : readOut(readRecord(callOptions, CALL_OPTIONS, fn).out, fn);
    const info = dtype ?? inputsDtype(given, clash);
    for (let i = 0; i < called.length; ++i) checkDomain(fn, called[i], info, 'the expression computes in');
    for (let i = 0; i < given.length; ++i) {
      checkCast(given[i], info, fn, labels[i]);
      given[i] = asTensor(given[i], info.name, fn, labels[i]);
    }
    return runProgram(fn, operator, info, given, labels, mode, out, zeroIsError, refused);
  };
  // (Null-prototype descriptors: a descriptor's missing get or writable is never read from Object.prototype.)
  return Object.defineProperties(compiled, {
    __proto__: null,
    source: { __proto__: null, value: source, enumerable: true },
    inputs: { __proto__: null, value: inputNames, enumerable: true },
    dtype: { __proto__: null, value: made === null ? values.dtype : made.dtype?.name, enumerable: true },
  });
}

// The inputs object's values, one per name, each read once (own properties only) and read as
// operands (arguments.js; `where` names each in messages). A name missing, or one the expression
// does not read, is a TypeError.
function readInputs(inputs, names, where, fn) {
  if (inputs === null || typeof inputs !== 'object') {
    throw new TypeError(`${fn}: inputs must be an object with ${names.length ? names.map(shortName).join(', ') : 'no properties'}, got ${describe(inputs)}`);
  }
  // The own enumerable keys, listed once: each must be a name, and then every name one of them.
  // Each is read as it is then (a getter of one may have deleted another: then it is missing).
  const keys = ownKeys(inputs, fn, 'inputs');
  for (let i = 0; i < keys.length; ++i) {
    if (!names.includes(keys[i])) {
      throw new TypeError(`${fn}: inputs has ${describe(keys[i])}, which the expression does not read (it reads ${names.map(shortName).join(', ') || 'no input'})`);
    }
  }
  const given = new Array(names.length);
  if (keys.length !== names.length) {
    for (let i = 0; i < names.length; ++i) if (!keys.includes(names[i])) throw new TypeError(`${fn}: inputs has no ${shortName(names[i])}`);
  }
  for (let i = 0; i < names.length; ++i) {
    if (!hasOwn(inputs, names[i])) throw new TypeError(`${fn}: inputs.${shortName(names[i])} was deleted while the inputs were being read`);
    given[i] = readOperand(inputs[names[i]], where[i]);
  }
  return given;
}
