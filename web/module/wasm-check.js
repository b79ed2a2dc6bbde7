// Whether a compiled module is the build the glue is about to instantiate, checked before it
// is: a valid module of something else would otherwise get as far as the glue, which fails in
// its own terms (V8's "Cannot read properties of undefined (reading 'func')"), and the other
// build or another version's would fail to link or run with the wrong exports. What a build
// imports, exports and is stamped with comes from the build itself (dist/wasm-interface.js,
// written by scripts/wasm-interface.mjs from the .wasm files it made): Emscripten's minified
// names change when the exports do, so none is written here.
import { BUILDS, SECTION } from '../../dist/wasm-interface.js';
import { Uint8ArrayClass, WebAssemblyIntrinsics, min } from '../intrinsics.js';

/**
 * Throws a TypeError saying what is wrong unless `compiled` is the build `build` ('plain' or
 * 'shared') of this version: its imports and exports those of the build, and its stamp, where
 * it has one, the build's (a module made before stamps has none: readAbi still checks its facts' hash).
 * `what` names the module in the caller's terms ('wasmBinary', a file).
 */
export function checkModule(compiled, build, what) {
  const want = BUILDS[build];
  const imports = listed(WebAssemblyIntrinsics.imports(compiled), (e) => `${e.module}.${e.name} (${e.kind})`);
  const exports = listed(WebAssemblyIntrinsics.exports(compiled), (e) => `${e.name} (${e.kind})`);
  if (imports !== want.imports || exports !== want.exports) {
    throw new TypeError(`init: ${what} is not tensorwise's module: it imports ${brief(imports)} and exports ${brief(exports)}, ` +
      `where the build's own, ${want.file}, imports ${want.imports} and exports ${want.exports}`);
  }
  const sections = WebAssemblyIntrinsics.customSections(compiled, SECTION);
  const stamp = sections.length === 0 ? want.stamp : text(sections[0]);
  if (stamp !== want.stamp) {
    throw new TypeError(`init: ${what} is ${stamp}, and this copy of tensorwise needs ${want.stamp} (the .wasm of its version and build)`);
  }
}

// Module.imports and exports give fresh arrays of plain objects made by the engine.
const listed = (entries, name) => entries.map(name).sort().join(', ') || 'nothing';
// The start of a long list (a module of another program may have thousands of exports).
const brief = (list) => (list.length > 400 ? `${list.slice(0, 400)}...` : list);

// A stamp as text, of printable characters (a module of another program may hold anything).
function text(section) {
  const bytes = new Uint8ArrayClass(section, 0, min(section.byteLength, 100));
  let s = '';
  for (let i = 0; i < bytes.length; ++i) s += bytes[i] >= 32 && bytes[i] < 127 ? String.fromCharCode(bytes[i]) : '?';
  return s;
}
