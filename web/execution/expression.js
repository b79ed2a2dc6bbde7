// The expressions expr() compiles (docs/contract.md, "Expressions"): a source string parsed once
// into a program of the core's ops (program.js). The grammar is JavaScript's for what it has:
//   expression := term (('+' | '-') term)*
//   term       := unary (('*' | '/') unary)*
//   unary      := '-' unary | primary
//   primary    := number | name | name '(' expression ',' expression ')' | '(' expression ')'
// numbers are decimal with an optional fraction and exponent; the ops' names (each function's and
// alias) are functions, called with '(', any other name an input; whitespace is ignored. Left
// associative; unary minus binds tighter than * and /. Nothing else is accepted: a SyntaxError
// says at which column. Unary minus is numpy's negative: 0 - x for integers (wrapping) and the
// sign flipped for floats, computed as (-0) - x, which is both (the same op the library has;
// -(+0) is -0).
import { describe } from '../arguments/format.js';

const NUMBER = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const SPACE = /^[ \t\r\n]+/;

/**
 * The syntax tree of `source`: nodes { kind: 'number', text }, { kind: 'name', name },
 * { kind: 'op', op: '+' | '-' | '*' | '/' | a function's name, a, b }, { kind: 'negate', x }.
 * `functions`: the names a call may use. SyntaxError (with the column, from 1) for anything else.
 */
export function parse(source, functions, fn) {
  let at = 0; // the next character
  let token = null; // { kind: 'number' | 'name' | 'symbol' | 'end', text, column }

  const fail = (what, column) => {
    throw new SyntaxError(`${fn}: ${what} at column ${column} of ${JSON.stringify(source)}`);
  };
  function next() {
    const space = SPACE.exec(source.slice(at));
    if (space !== null) at += space[0].length;
    const column = at + 1;
    if (at >= source.length) return (token = { kind: 'end', text: '', column });
    const rest = source.slice(at);
    const number = NUMBER.exec(rest);
    if (number !== null) {
      at += number[0].length;
      if (NAME.test(source.slice(at))) fail(`a name cannot follow the number ${number[0]}`, at + 1);
      return (token = { kind: 'number', text: number[0], column });
    }
    const name = NAME.exec(rest);
    if (name !== null) {
      at += name[0].length;
      return (token = { kind: 'name', text: name[0], column });
    }
    const c = rest[0];
    if ('+-*/(),'.includes(c)) {
      at += 1;
      return (token = { kind: 'symbol', text: c, column });
    }
    return fail(`unexpected character ${JSON.stringify(c)}`, column);
  }
  const unexpected = () => fail(token.kind === 'end' ? 'the expression ends too soon' : `unexpected ${JSON.stringify(token.text)}`,
    token.column);
  const expect = (text) => {
    if (token.kind !== 'symbol' || token.text !== text) {
      fail(`expected ${JSON.stringify(text)}${token.kind === 'end' ? ' before the end' : `, not ${JSON.stringify(token.text)}`}`, token.column);
    }
    next();
  };
  const symbol = (set) => token.kind === 'symbol' && set.includes(token.text);

  function expression() {
    let a = term();
    while (symbol('+-')) {
      const op = token.text;
      next();
      a = { kind: 'op', op, a, b: term() };
    }
    return a;
  }
  function term() {
    let a = unary();
    while (symbol('*/')) {
      const op = token.text;
      next();
      a = { kind: 'op', op, a, b: unary() };
    }
    return a;
  }
  function unary() {
    if (symbol('-')) {
      next();
      return { kind: 'negate', x: unary() };
    }
    return primary();
  }
  function primary() {
    const t = token;
    if (t.kind === 'number') {
      next();
      return { kind: 'number', text: t.text };
    }
    if (t.kind === 'name') {
      next();
      const isFunction = functions.includes(t.text);
      if (!symbol('(')) {
        if (isFunction) fail(`expected "(" after the function ${t.text}`, token.column);
        return { kind: 'name', name: t.text };
      }
      if (!isFunction) fail(`${t.text} is not a function (the functions are ${functions.join(', ')})`, t.column);
      next();
      const a = expression();
      expect(',');
      const b = expression();
      expect(')');
      return { kind: 'op', op: t.text, a, b };
    }
    if (symbol('(')) {
      next();
      const x = expression();
      expect(')');
      return x;
    }
    return unexpected();
  }

  if (typeof source !== 'string') throw new TypeError(`${fn}: the source must be a string, got ${describe(source)}`);
  next();
  const tree = expression();
  if (token.kind !== 'end') unexpected();
  return tree;
}

/**
 * The program of a tree (program.js's makeProgram arguments): inputs numbered in order of first
 * appearance (`names`), literals (each distinct text once, a number, or a bigint where the text
 * is an integer, which an integer dtype then holds exactly), nodes in evaluation order, each
 * [core op code, a, b]. `opCode(op)` gives an operator's ('+', or a function's name) core op
 * code; `limits`: { maxInputs, maxLiterals, maxNodes, literalBase, nodeBase } (the core's).
 */
export function compile(tree, opCode, limits, fn) {
  const names = [];
  const literals = [];
  const literalTexts = [];
  const nodes = [];
  const tooMany = (what, most) => {
    throw new RangeError(`${fn}: the expression has more ${what} than one may (${most})`);
  };
  const literal = (text, value) => {
    let j = literalTexts.indexOf(text);
    if (j < 0) {
      if (literals.length === limits.maxLiterals) tooMany('distinct numbers', limits.maxLiterals);
      j = literals.length;
      literals.push(value);
      literalTexts.push(text);
    }
    return limits.literalBase + j;
  };
  const node = (op, a, b) => {
    if (nodes.length === limits.maxNodes) tooMany('operations', limits.maxNodes);
    nodes.push([op, a, b]);
    return limits.nodeBase + nodes.length - 1;
  };
  function value(t) {
    switch (t.kind) {
      case 'number':
        return literal(t.text, /^\d+$/.test(t.text) ? BigInt(t.text) : Number(t.text));
      case 'name': {
        let i = names.indexOf(t.name);
        if (i < 0) {
          if (names.length === limits.maxInputs) tooMany('inputs', limits.maxInputs);
          i = names.length;
          names.push(t.name);
        }
        return i;
      }
      case 'negate': {
        const x = value(t.x);
        return node(opCode('-'), literal('-0', -0), x);
      }
      default: {
        const a = value(t.a);
        const b = value(t.b);
        return node(opCode(t.op), a, b);
      }
    }
  }
  const result = value(tree);
  return { names, literals, nodes, result };
}
