// Writes dist/index.d.ts and dist/index.d.cts, the package's types, from the template
// web/index.d.ts.in: its per-dtype types from what the built core says of its dtypes
// (the same facts init() reads) and the JS carrier table of web/dtypes/dtypes.js: the DType,
// DTypeKind and IntegerDType unions, Carriers, TypedArray, DTypeOfData and BuiltinOf; and from the
// op list (web/api/op-list.js, read as data) and what the core says of each op (its arity and
// domain), each op's declaration (from the comment above its line), its alias and its ONNX and
// OpenVINO members. The template keeps none of these: adding an op or a dtype does not touch it.
// From the op list too, ops.js's exports and the contract's table of the ops (docs/contract.md;
// those two files are in the repository). It imports no file it writes (web/api/ops.js is
// one): the module is loaded through web/module/loader.js. Each sits between a `// <generated: NAME>` and a
// `// </generated>` line (the README's in HTML comments); everything else is written by hand. With --check it writes nothing and fails if a file
// differs from what it would write (tests/js/generated-files.test.js). Run by scripts/build.sh after the wasm build.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { init } from '../web/module/loader.js';
import { OPS as CORE_OPS, DTYPE_FACTS } from '../web/module/abi.js';
import { PLAIN_ARRAY_CARRIERS, carrierNames } from '../web/dtypes/dtypes.js';
import { OP_LIST } from '../web/api/op-list.js';
import { ONNX_DEFAULT_OPSET, ONNX_OPERATORS, onnxOperatorOf } from '../web/api/onnx-operators.js';
import { writeOrCheck } from './generated-file.mjs';

const TEMPLATE = fileURLToPath(new URL('../web/index.d.ts.in', import.meta.url));
// The same declarations for import and for require.
const TYPES = ['index.d.ts', 'index.d.cts'].map((name) => fileURLToPath(new URL(`../dist/${name}`, import.meta.url)));
// The TypeScript name of the platform's Float16Array (it is `never` where the lib lacks it).
const FLOAT16 = 'Float16ArrayIfDeclared';
const tsClass = (name) => (name === 'Float16Array' ? FLOAT16 : name);

await init({ threads: 1 });
const dtypes = DTYPE_FACTS.map((f) => ({ name: f.name, kind: f.kind, classes: carrierNames(f) }));

// The ops: each line of the op list with what the core says of its op.
const OPS = Object.fromEntries(Object.entries(OP_LIST).map(([name, [core, alias, openvino, sign, arity = 2]]) => {
  const op = CORE_OPS[core];
  if (op === undefined) throw new Error(`web/api/op-list.js: ${name} runs ${core}, which the core does not have`);
  if (op.arity !== arity) throw new Error(`web/api/op-list.js: ${name} says arity ${arity}, the core's ${core} takes ${op.arity}`);
  return [name, {
    name, alias, openvino, sign, arity, onnx: onnxOperatorOf(name), domain: op.domain, divides: op.divides, floors: op.floorTwin !== core,
  }];
}));
// An op's domain as a type: nothing where it takes every dtype, IntegerDType for the integers,
// else the union of its dtypes' names.
const integerNames = dtypes.filter((d) => d.kind.endsWith('integer')).map((d) => d.name);
const sameSet = (x, y) => x.length === y.length && x.every((n) => y.includes(n));
const domainType = (d) => (d.domain.length === dtypes.length ? null : sameSet(d.domain, integerNames) ? 'IntegerDType' : d.domain.map(quoted).join(' | '));
// An op's declared type: UnaryOp<Domain> or BinaryOp<Options, Domain>.
function opType(d) {
  const domain = domainType(d);
  if (d.arity === 1) return `UnaryOp${domain === null ? '' : `<${domain}>`}`;
  const options = d.floors ? 'DivideOptions' : d.divides ? 'RemainderOptions' : domain === null ? null : 'MultiplyOptions';
  return `BinaryOp${options === null ? '' : `<${[options, ...(domain === null ? [] : [domain])].join(', ')}>`}`;
}

// A dtype's result class (Float16Array or else the storage class where it has one) and the
// classes accepted as its data besides.
function carrier(d) {
  const [first, ...rest] = d.classes;
  return first === 'Float16Array' ? { result: [FLOAT16, rest[0]], others: rest.slice(1) } : { result: [first], others: rest };
}

// Which dtype a class implies on its own: the first dtype it carries whose values it stores
// (a Uint16Array holds uint16 values and float16 bits: it is uint16), as web/dtypes/dtypes.js decides.
function impliedDtypes() {
  const implied = new Map();
  for (const d of dtypes) {
    const { result, others } = carrier(d);
    const stored = d.kind === 'narrow_float' ? result.filter((c) => c === FLOAT16) : [...result, ...others];
    for (const c of stored) if (!implied.has(c)) implied.set(c, d.name);
  }
  // Float16Array last: where the lib lacks it, it is `never` and matches nothing.
  return [...implied].sort(([a], [b]) => (a === FLOAT16) - (b === FLOAT16));
}

const quoted = (s) => `'${s}'`;
const implied = impliedDtypes();
const defaultOf = (className) => implied.find(([c]) => c === className)[1];

// The ops whose alias is another name than the function's (add's is add).
const aliased = () => Object.values(OPS).filter((d) => d.alias !== d.name);

// Each op's documentation: the comment above its line in the op list.
const OPS_SOURCE = readFileSync(fileURLToPath(new URL('../web/api/op-list.js', import.meta.url)), 'utf8');
function docOf(name) {
  const line = OPS_SOURCE.indexOf(`\n  ${name}: [`);
  const close = OPS_SOURCE.lastIndexOf('  */', line);
  const open = OPS_SOURCE.lastIndexOf('  /**\n', close);
  if (line < 0 || close < 0 || open < 0 || OPS_SOURCE.slice(close + 4, line).trim() !== '') {
    throw new Error(`web/api/op-list.js: op ${name} has no documentation comment right above its line`);
  }
  return OPS_SOURCE.slice(open, close + 4).split('\n').map((text) => text.slice(2));
}

const REGIONS = {
  // From the op list (web/api/ops.js): each op's declaration, alias, ONNX operator and OpenVINO operation.
  ops: () => Object.values(OPS).flatMap((d, i) => [...(i ? [''] : []), ...docOf(d.name), `export const ${d.name}: ${opType(d)};`]),
  aliases: () => aliased().flatMap((d) => [`/** Alias of {@link ${d.name}}. */`, `export const ${d.alias}: typeof ${d.name};`]),
  exprFunctions: () => [
    '/** The names an expression calls as functions (each op\'s and its alias): never input names. */',
    `export type ExprFunction = ${[...new Set(Object.values(OPS).flatMap((d) => [d.name, d.alias]))].map(quoted).join(' | ')};`,
  ],
  onnx: () => Object.entries(ONNX_OPERATORS).map(([name, o]) => `  ${name}: ${o.variadic ? 'OnnxVariadicOp' : o.byFmod ? 'OnnxOp<OnnxModAttributes>' : OPS[o.op].arity === 1 ? 'OnnxUnaryOp' : 'OnnxOp'};`),
  openvino: () => Object.values(OPS).map((d) => `  ${d.openvino}: ${d.arity === 1 ? 'OpenVinoUnaryOp' : `OpenVinoOp${d.floors ? '<OpenVinoDivideAttributes>' : ''}`};`),
  dtypes: () => [
    `/** The ${dtypes.length} element types, in the core's order. */`,
    'export type DType =',
    ...dtypes.map((d, i) => `  | ${quoted(d.name)}${i === dtypes.length - 1 ? ';' : ''}`),
    '',
    '/** What a dtype is: an IEEE float, a narrower float computed through float32, or a signed or unsigned integer. */',
    `export type DTypeKind = ${[...new Set(dtypes.map((d) => d.kind))].map(quoted).join(' | ')};`,
    '',
    '/** The integer dtypes: no float casts into one (numpy\'s same_kind). */',
    `export type IntegerDType = ${dtypes.filter((d) => d.kind.endsWith('integer')).map((d) => quoted(d.name)).join(' | ')};`,
  ],
  carriers: () => [
    '/**',
    ' * The typed arrays that carry each dtype. A narrow float is the raw bits in an unsigned integer',
    ' * array, or a `Float16Array` where the platform has one and the format is IEEE binary16.',
    ' */',
    'export interface Carriers {',
    ...dtypes.map((d) => `  ${d.name}: ${carrier(d).result.join(' | ')};`),
    '}',
    '',
    '/** Any typed array tensorwise accepts as data. */',
    `export type TypedArray = Carriers[DType]${[...new Set(dtypes.flatMap((d) => carrier(d).others))].map((c) => ` | ${c}`).join('')};`,
  ],
  dtypeOfData: () => [
    `/** The dtype a typed array (or a plain array) implies on its own: Uint16Array is ${defaultOf('Uint16Array')}, numbers ${defaultOf(PLAIN_ARRAY_CARRIERS.numbers)}, bigints ${defaultOf(PLAIN_ARRAY_CARRIERS.bigints)}. */`,
    'export type DTypeOfData<A> =',
    ...implied.map(([c, name]) => `  A extends ${c} ? ${quoted(name)} :`),
    `  A extends ArrayLike<bigint> ? ${quoted(defaultOf(PLAIN_ARRAY_CARRIERS.bigints))} :`,
    `  A extends ArrayLike<number> ? ${quoted(defaultOf(PLAIN_ARRAY_CARRIERS.numbers))} :`,
    '  DType;',
  ],
  builtinOf: () => [
    '/** The built-in class of a typed array: a subclass gives its built-in base; a class that only carries input gives its dtype\'s result class. */',
    'export type BuiltinOf<A> =',
    ...implied.map(([c, name]) => {
      const d = dtypes.find((x) => x.name === name);
      const base = carrier(d).result.includes(c) ? c : carrier(d).result.at(-1);
      return `  A extends ${c} ? ${base} :`;
    }),
    '  never;',
  ],
};

// The file's text with each region between `// <generated: NAME>` and `// </generated>` written anew.
function generate(file, regions) {
  let out = readFileSync(file, 'utf8');
  for (const [name, lines] of Object.entries(regions)) {
    const open = `// <generated: ${name}>\n`;
    const close = '// </generated>\n';
    const start = out.indexOf(open);
    const end = start < 0 ? -1 : out.indexOf(close, start);
    if (end < 0) throw new Error(`${file} has no region "${open.trim()}" ... "${close.trim()}"`);
    out = `${out.slice(0, start + open.length)}${lines().join('\n')}\n${out.slice(end)}`;
  }
  return out;
}

const declarations = generate(TEMPLATE, REGIONS);
for (const file of TYPES) {
  writeOrCheck(file, declarations, {
    stale: `${file} is not what scripts/types.mjs writes from web/index.d.ts.in, the core's dtypes and the op list: run node scripts/types.mjs`,
  });
}

// web/api/ops.js's exports: each op's function and its alias, from its op list.
const OPS_FILE = fileURLToPath(new URL('../web/api/ops.js', import.meta.url));
const EXPORTS = {
  exports: () => [
    ...Object.values(OPS).map((d) => `export const ${d.name} = publicOp(OPS.${d.name});`),
    ...aliased().map((d) => `export const ${d.alias} = ${d.name};`),
  ],
};
writeOrCheck(OPS_FILE, generate(OPS_FILE, EXPORTS), {
  stale: `${OPS_FILE}'s exports are not what scripts/types.mjs writes from its op list: run node scripts/types.mjs`,
  rewritten: 'web/api/ops.js: exports rewritten from the op list',
});

// docs/contract.md's table of the ops, from the op list: each op's function and alias, the first
// sentence of its documentation, the dtypes it takes, its ONNX operator (with the versions) and
// its OpenVINO operation.
const CONTRACT = fileURLToPath(new URL('../docs/contract.md', import.meta.url));
const summaryOf = (name) => docOf(name).slice(1).map((line) => line.replace(/^ \*\s?/, '')).join(' ').split(/(?<=\.)\s/)[0]
  .replace(' with broadcasting', '').replace(/, options as \{@link \w+\}( and `\w+`)?/, '').replace(/\{@link (\w+)\}/g, '`$1`');
const domainWords = (d) => (d.domain.length === dtypes.length ? 'all' : sameSet(d.domain, integerNames) ? 'integers' : d.domain.join(', '));
const onnxCell = (d) => (d.onnx === null ? '—' : `\`onnx.${d.onnx}\` (${ONNX_OPERATORS[d.onnx].versions.map((v) => v.since).reverse().join(', ')})`);
const opsTable = () => [
  `The ops (the default ONNX opset is ${ONNX_DEFAULT_OPSET}, the newest at which one of these operators came):`,
  '',
  '| function (alias) | operands | computes | dtypes | ONNX (versions) | OpenVINO |',
  '|---|---|---|---|---|---|',
  ...Object.values(OPS).map((d) => `| \`${d.name}\`${d.alias !== d.name ? ` (\`${d.alias}\`)` : ''} | ${d.arity} | ${summaryOf(d.name)} | ${domainWords(d)} | ` +
    `${onnxCell(d)} | \`openvino.${d.openvino}\` |`),
];
function generateTable(file) {
  const text = readFileSync(file, 'utf8');
  const open = '<!-- <generated: ops> (scripts/types.mjs, from web/api/op-list.js and the core) -->\n';
  const close = '<!-- </generated> -->\n';
  const start = text.indexOf(open);
  const end = start < 0 ? -1 : text.indexOf(close, start);
  if (end < 0) throw new Error(`${file} has no region "${open.trim()}" ... "${close.trim()}"`);
  return `${text.slice(0, start + open.length)}${opsTable().join('\n')}\n${text.slice(end)}`;
}
writeOrCheck(CONTRACT, generateTable(CONTRACT), {
  stale: `${CONTRACT}'s table of the ops is not what scripts/types.mjs writes from the op list: run node scripts/types.mjs`,
  rewritten: 'docs/contract.md: the table of the ops rewritten',
});
