// The expressions expr() compiles (docs/contract.md, "Expressions"): a source string parsed once
// into a program of the core's ops (program.js). The grammar is JavaScript's for what it has:
//   expression := term (('+' | '-') term)*
//   term       := unary (('*' | '/') unary)*
//   unary      := '-' unary | primary
//   primary    := number | name | name '(' expression (',' expression)* ')' | '(' expression ')'
// numbers are decimal with an optional fraction and exponent; the ops' names (each function's and
// alias) are functions, called with '(' and as many arguments as each takes, any other name an
// input; whitespace is ignored. Left associative; unary minus binds tighter than * and /. Nothing
// else is accepted: a SyntaxError says at which column. Unary minus is the op negative (numpy's:
// 0 - x for integers, wrapping, and the sign flipped for floats; -(+0) is -0).
//
// Neither the parser nor the compiler recurses: the parser is an operator-precedence (shunting
// yard) loop with stacks of its own, so a source nested 100,000 parentheses deep costs what its
// length does, and it counts the operations as it meets them, so a source of more than
// MAX_OPERATIONS is refused at the first one too many, before the rest is read.
import { describe } from '../format.js';

// One token from lastIndex: after spaces, a number, a name, a symbol, any other character, or the end.
const TOKEN = /[ \t\r\n]*(?:((?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)|([A-Za-z_]\w*)|([-+*/(),])|([^])|$)/y;

/**
 * The operations a source may hold before it is compiled: several times the nodes a program may
 * have (a repeated sub-expression is one node), and few enough that nothing built from them is
 * deep or large.
 */
export const MAX_OPERATIONS = 1024;

// Binding of the binary operators; unary minus (3) binds tighter, a parenthesis or call (0) least.
const PRECEDENCE = { __proto__: null, '+': 1, '-': 1, '*': 2, '/': 2 };
const NEGATE = { kind: 'negate' };

/**
 * The source in postfix order (the order the program evaluates it in), each item one of
 * { kind: 'number', text }, { kind: 'name', name }, { kind: 'negate' }, { kind: 'op', op: '+' |
 * '-' | '*' | '/' | a function's name, args: how many values it takes from those before it }.
 * `arityOf(name)` is how many arguments the function `name` takes, or 0 where `name` is no
 * function. SyntaxError (with the column, from 1) for
 * anything else; RangeError past MAX_OPERATIONS.
 */
export function parse(source, arityOf, fn) {
  if (typeof source !== 'string') throw new TypeError(`${fn}: the source must be a string, got ${describe(source)}`);
  const fail = (what, column) => {
    throw new SyntaxError(`${fn}: ${what} at column ${column} of ${excerpt(source, column)}`);
  };
  const out = [];
  // Operators not yet emitted, { level, item }: a parenthesis or a call (level 0: { call: its
  // name or null, arity, args so far }) stops every reduce.
  const stack = [];
  const reduce = (level) => {
    while (stack.length > 0 && stack[stack.length - 1].level >= level) out.push(stack.pop().item);
  };
  let at = 0, operations = 0, operand = true;
  let pending = null; // a function's name, before its '('
  let previous = null; // the token before, for a name called as a function
  for (;;) {
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(source);
    at = TOKEN.lastIndex;
    const text = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
    const kind = m[1] !== undefined ? 'number' : m[2] !== undefined ? 'name' : m[3] !== undefined ? 'symbol' : m[4] !== undefined ? 'other' : 'end';
    const column = at - text.length + 1;
    const unexpected = () => fail(kind === 'end' ? 'the expression ends too soon' : `unexpected ${kind === 'other' ? 'character ' : ''}${describe(text)}`, column);
    const count = () => {
      if (++operations > MAX_OPERATIONS) throw new RangeError(`${fn}: the expression has more than ${MAX_OPERATIONS} operations (at column ${column})`);
    };
    if (kind === 'other') unexpected();
    if (pending !== null) { // a function's name: its '(' must follow
      if (text !== '(') fail(`expected "(" after the function ${pending.name}`, column);
      count();
      stack.push({ level: 0, item: null, call: pending.name, arity: pending.arity, args: 0 });
      pending = null;
    } else if (operand) { // a number, an input, a call, a parenthesis, or a unary minus before one
      const arity = kind === 'name' ? arityOf(text) : 0;
      if (arity > 0) pending = { name: text, arity };
      else if (kind === 'number' || kind === 'name') {
        out.push(kind === 'number' ? { kind, text } : { kind, name: text });
        operand = false;
      } else if (text === '-') {
        count();
        stack.push({ level: 3, item: NEGATE });
      } else if (text === '(') stack.push({ level: 0, item: null, call: null });
      else unexpected();
    } else if (text in PRECEDENCE) { // after an operand: an operator, a comma, a ')' or the end
      reduce(PRECEDENCE[text]);
      count();
      stack.push({ level: PRECEDENCE[text], item: { kind: 'op', op: text, args: 2 } });
      operand = true;
    } else if (text === ',' || text === ')') {
      reduce(1);
      const top = stack.length > 0 ? stack[stack.length - 1] : null;
      if (top === null || (top.call === null && text === ',')) unexpected();
      if (top.call !== null) {
        top.args += 1;
        if (text === ',' ? top.args === top.arity : top.args < top.arity) fail(`expected ${text === ',' ? '")", not ","' : '",", not ")"'}`, column);
        if (text === ')') out.push({ kind: 'op', op: top.call, args: top.args });
      }
      if (text === ',') operand = true;
      else stack.pop();
    } else if (kind === 'end') {
      reduce(1);
      if (stack.length > 0) fail(`expected ${stack[stack.length - 1].call === null ? '")"' : '"," or ")"'} before the end`, column);
      return out;
    } else if (text === '(' && previous.kind === 'name') {
      fail(`${describe(previous.text)} is not a function (the functions are the ops' names and aliases, as ops() lists them)`, previous.column);
    } else {
      unexpected();
    }
    previous = { kind, text, column };
  }
}

/** The source in a message: whole when short, else the 80 characters around `column` (from 1). */
export function excerpt(source, column) {
  if (source.length <= 80) return JSON.stringify(source);
  const from = Math.max(0, Math.min(column - 41, source.length - 80));
  return `${from > 0 ? '…' : ''}${JSON.stringify(source.slice(from, from + 80))}${from + 80 < source.length ? '…' : ''} (${source.length} characters)`;
}

/** The input names of a parsed source, in order of first appearance (compile numbers them so). */
export function inputsOf(postfix) {
  const names = [];
  for (const t of postfix) if (t.kind === 'name' && !names.includes(t.name)) names.push(t.name);
  return names;
}

/**
 * The program of a parsed source (program.js's makeProgram arguments): inputs numbered in order
 * of first appearance (`names`, inputsOf's list), literals (each distinct text once, a number, or a bigint where
 * the text is an integer, which an integer dtype then holds exactly), nodes in evaluation order,
 * each [core op code, a, b], a node repeated (the same op of the same values) made once.
 * `opCode(op)` gives an operator's ('+', or a function's name) core op code; `limits`: {
 * maxInputs, maxLiterals, maxNodes, literalBase, nodeBase } (the core's).
 */
export function compile(postfix, names, opCode, limits, fn) {
  const literals = [];
  const literalTexts = [];
  const nodes = [];
  const made = { __proto__: null }; // 'op a b' -> the node's value
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
    const key = `${op} ${a} ${b}`;
    if (key in made) return made[key];
    if (nodes.length === limits.maxNodes) tooMany('operations', limits.maxNodes);
    nodes.push([op, a, b]);
    return (made[key] = limits.nodeBase + nodes.length - 1);
  };
  const values = []; // the value of each item not yet taken by an operation
  for (const t of postfix) {
    switch (t.kind) {
      case 'number':
        values.push(literal(t.text, /^\d+$/.test(t.text) ? BigInt(t.text) : Number(t.text)));
        break;
      case 'name': {
        // (First met here in the order of the names: one past the limit is refused where it first appears.)
        const i = names.indexOf(t.name);
        if (i >= limits.maxInputs) tooMany('inputs', limits.maxInputs);
        values.push(i);
        break;
      }
      case 'negate': {
        const x = values.pop();
        values.push(node(opCode('negative'), x, x)); // a unary node names its operand twice
        break;
      }
      default: {
        const b = values.pop();
        const a = t.args === 1 ? b : values.pop(); // a unary op's node names its operand twice
        values.push(node(opCode(t.op), a, b));
      }
    }
  }
  return { literals, nodes, result: values[0] };
}
