// Stamps the two builds' .wasm files and writes dist/wasm-interface.js, what web/module/wasm-check.js
// checks a module against before the glue instantiates it (init's wasmBinary, a locateFile's
// file, the package's own). Run by scripts/build.sh after the wasm build, before anything
// imports web/.
//
// - The stamp: a custom section "tensorwise" in each .wasm holding `tensorwise <version>, <build>
//   build (<file>)`, which WebAssembly.Module.customSections reads from bytes and from a compiled
//   module alike. It tells the two builds apart (their imports and exports are the same; only the
//   memory's shared flag differs, which the JS API does not show) and one version from another.
//   Written again at every build (a section already there is replaced).
// - The interface: each build's imports (module, name, kind) and exports (name, kind), as
//   WebAssembly.Module.imports/exports give them. Emscripten minifies the names, and the names
//   change when the exports do, so they are taken from the build, never written by hand: the glue
//   this build made provides exactly these imports and calls exactly these exports.
// - The facts: what the core is (its dtypes, ops, limits, scratch layout: bindings/facts.h), as
//   the facts program built with it prints them (build/wasm/tensorwise_facts.cjs), in the tables
//   init() takes (web/module/abi.js: abiOf), with their hash, which init() checks the module's
//   tw_abi_hash against.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { abiOf } from '../web/module/abi.js';

const root = new URL('..', import.meta.url);
const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const SECTION = 'tensorwise';
const BUILDS = { plain: ['tensorwise.wasm', 'single-threaded'], shared: ['tensorwise-mt.wasm', 'threaded'] };

const leb = (n) => {
  const out = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
};

function readLeb(bytes, at) {
  let n = 0, shift = 0, byte;
  do {
    byte = bytes[at++];
    n += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [n, at];
}

/**
 * The module's bytes without its custom sections named `name` or `target_features` (the wasm
 * features LLVM compiled for, which only tools read: no engine does), and with `text` as one
 * (at the end).
 */
function withSection(bytes, name, text) {
  const parts = [bytes.subarray(0, 8)];
  for (let at = 8; at < bytes.length;) {
    const start = at;
    const id = bytes[at];
    const [size, body] = readLeb(bytes, at + 1);
    at = body + size;
    if (id === 0) {
      const [length, nameAt] = readLeb(bytes, body);
      const section = Buffer.from(bytes.subarray(nameAt, nameAt + length)).toString('utf8');
      if (section === name || section === 'target_features') continue;
    }
    parts.push(bytes.subarray(start, at));
  }
  const content = [...leb(name.length), ...Buffer.from(name), ...Buffer.from(text, 'latin1')];
  parts.push(Uint8Array.from([0, ...leb(content.length), ...content]));
  return Buffer.concat(parts);
}

// A module's imports or exports as web/module/wasm-check.js lists them, the same text from the same API.
const listed = (entries, name) => entries.map(name).sort().join(', ') || 'nothing';
const record = {};
let plainExports = []; // the single-threaded build's exports, for the glue's names below
for (const [build, [file, kind]] of Object.entries(BUILDS)) {
  const path = fileURLToPath(new URL(`dist/${file}`, root));
  const before = readFileSync(path);
  const stamp = `tensorwise ${version}, ${kind} build (${file})`;
  const after = withSection(before, SECTION, stamp);
  if (!after.equals(before)) writeFileSync(path, after);
  const compiled = new WebAssembly.Module(after);
  if (build === 'plain') plainExports = WebAssembly.Module.exports(compiled);
  record[build] = {
    file,
    stamp,
    imports: listed(WebAssembly.Module.imports(compiled), (e) => `${e.module}.${e.name} (${e.kind})`),
    exports: listed(WebAssembly.Module.exports(compiled), (e) => `${e.name} (${e.kind})`),
  };
}

// What Emscripten's glue (dist/tensorwise.js, which both builds share) knows and the loader needs
// to instantiate a build without it (web/module/loader.js): each function export's C name (as the glue
// names it: `_malloc`, `___wasm_call_ctors`) by its minified name, and the memory it would make
// for the single-threaded build, in pages. The glue itself is not shipped.
const glue = readFileSync(fileURLToPath(new URL('dist/tensorwise.js', root)), 'utf8');
const exportNames = {};
for (const [, name, key] of glue.matchAll(/Module\["(_\w+)"\]=Module\["asm"\]\["(\w+)"\]/g)) exportNames[name] = key;
const functions = plainExports.filter((e) => e.kind === 'function').map((e) => e.name);
const named = Object.values(exportNames);
if (functions.some((key) => !named.includes(key)) || named.some((key) => !functions.includes(key)) || !exportNames.___wasm_call_ctors) {
  throw new Error(`scripts/wasm-interface.mjs: the glue names ${named.join(', ')}; the module exports the functions ${functions.join(', ')}`);
}
const bytesOf = (pattern) => {
  const found = pattern.exec(glue);
  if (found === null) throw new Error(`scripts/wasm-interface.mjs: no ${pattern} in the glue`);
  return Number(found[1]);
};
const memoryPages = { initial: bytesOf(/INITIAL_MEMORY=(\d+);/) / 65536, maximum: bytesOf(/"maximum":(\d+)\/65536/) / 65536 };

const facts = JSON.parse(execFileSync(process.execPath, [fileURLToPath(new URL('build/wasm/tensorwise_facts.cjs', root))], { encoding: 'utf8' }));
const abi = JSON.stringify(abiOf(facts));

writeFileSync(fileURLToPath(new URL('dist/wasm-interface.js', root)), [
  '// Written by scripts/wasm-interface.mjs from this build\'s .wasm files and its glue: each build\'s',
  '// stamp (its custom section "tensorwise"), imports and exports (as web/module/wasm-check.js lists',
  '// them), the exports\' C names by their minified ones and the memory in pages (web/module/loader.js),',
  '// and the core\'s facts with their hash (web/module/abi.js, from build/wasm/tensorwise_facts.cjs).',
  `export const VERSION = ${JSON.stringify(version)};`,
  `export const SECTION = ${JSON.stringify(SECTION)};`,
  `export const BUILDS = ${JSON.stringify(record)};`,
  `export const EXPORT_NAMES = ${JSON.stringify(exportNames)};`,
  `export const MEMORY_PAGES = ${JSON.stringify(memoryPages)};`,
  `export const ABI = ${abi};`,
  '',
].join('\n'));
