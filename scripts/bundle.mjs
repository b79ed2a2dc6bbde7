// The published files, built from web/ (whatever web/index.js imports) and Emscripten's output
// in dist/ by scripts/build.sh:
//
//   dist/index.mjs    ESM, the default entry: the .wasm beside it, found through a
//                     new URL('./tensorwise.wasm', import.meta.url) that bundlers recognise
//   dist/index.cjs    CommonJS (require), the .wasm beside it through __dirname
//   dist/webpack-node.mjs  dist/index.mjs for webpack's Node builds of tensorwise/file (Next.js's
//                     server): the .wasm webpack emits, found in its output folder
//   dist/inline.mjs   ESM with the .wasm inside: for bundlers (but webpack), Bun, Deno
//   dist/inline.cjs   the same, CommonJS
//   dist/workerd.mjs  ESM for Cloudflare Workers: imports ./tensorwise.wasm, which their
//                     bundler turns into a compiled WebAssembly.Module
//   dist/pool.mjs     the worker pool (web/threads/pool.js) for the threaded build
//                     dist/tensorwise-mt.wasm: index.mjs and webpack-node.mjs import it when
//                     threads start (a page on one thread loads neither); index.cjs holds it
//   (the inline entries, which have no threads, hold neither)
//   (dist/index.d.ts and dist/index.d.cts, the types, are written before, by scripts/types.mjs)
//
// each minified (esbuild bundles, terser minifies) with a source map. What changes between
// them is only web/module/wasm-file.js, replaced here by the variants below.
import { build } from 'esbuild';
import { minify } from 'terser';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const wasmFile = join(dist, 'tensorwise.wasm');

// The pool's functions the package calls, named: the tests' and the bench's (poolStats,
// configurePoolForTests...) stay out of the published files.
const POOL_NAMES = 'attach, createPool, dismantle, liveWorkers, runShared, setWorkers, testHook, workspaces';
const POOL = `import { ${POOL_NAMES} } from '../web/threads/pool.js';\nexport const poolModule = () => ({ ${POOL_NAMES} });`;
// The ES module entries import it when threads start, from a file of its own (dist/pool.mjs):
// the default import of a page that runs on one thread loads none of it.
const POOL_FILE = "export const poolModule = () => import('./pool.mjs');";
const POOL_ENTRY = `export { ${POOL_NAMES} } from '../web/threads/pool.js';`;

// Node's fs without an import where the runtime has process.getBuiltinModule, as in web/module/wasm-file.js.
const NODE_BUILTIN = 'export const nodeBuiltin = (name) => globalThis.process?.getBuiltinModule?.(name);';

// The literal stays a literal through minification: Vite, webpack, Parcel and Rollup's
// import-meta-assets plugin rewrite it to the asset they emit; Node, Deno, Bun and a browser
// loading the file from a server resolve it next to the file. `found` turns that URL into the
// one the loader reads.
const besideFile = (found = (url) => url) => [
  `export const wasmUrl = () => ${found("new URL('./tensorwise.wasm', import.meta.url).href")};`,
  `export const threadedWasmUrl = () => ${found("new URL('./tensorwise-mt.wasm', import.meta.url).href")};`,
  POOL_FILE,
  'export const embeddedWasm = () => undefined;',
  NODE_BUILTIN,
];

// webpack's Node builds give an emitted asset a URL under their public path, a site's path in
// Next.js (/_next/static/media/tensorwise.<hash>.wasm, which Node can neither read nor fetch) or
// that path as a file: URL (webpack's own new URL(..., import.meta.url)); the file is in webpack's
// output folder (__webpack_base_uri__ in Node) under that URL less the public path. (With the
// empty public path, webpack's default for Node, that is the URL it gave.) A tool that takes the
// webpack condition but is not webpack has no __webpack_public_path__: the URL stays as it is there.
const EMITTED = [
  'const emitted = (url) => {',
  "  if (typeof __webpack_public_path__ != 'string') return url;",
  '  const output = __webpack_base_uri__, at = new URL(url, output).href, prefix = new URL(__webpack_public_path__, output).href;',
  '  return at.startsWith(prefix) ? new URL(at.slice(prefix.length), output).href : url;',
  '};',
].join('\n');

const VARIANTS = {
  esm: () => besideFile().join('\n'),
  'webpack-node': () => [EMITTED, ...besideFile((url) => `emitted(${url})`)].join('\n'),
  // require, not an import(): Jest's default (CommonJS) set-up has no dynamic import().
  cjs: () => [
    "export const wasmUrl = () => require('node:url').pathToFileURL(require('node:path').join(__dirname, 'tensorwise.wasm')).href;",
    "export const threadedWasmUrl = () => require('node:url').pathToFileURL(require('node:path').join(__dirname, 'tensorwise-mt.wasm')).href;",
    POOL,
    'export const embeddedWasm = () => undefined;',
    "const BUILTINS = { fs: () => require('node:fs'), os: () => require('node:os'), worker_threads: () => require('node:worker_threads') };",
    'export const nodeBuiltin = (name) => BUILTINS[name]();',
  ].join('\n'),
  // One character per byte (a JS string of Latin-1 code points, escaped where a literal needs it):
  // 25 KB gzipped where base64 took 32 KB, since gzip still sees the bytes' repeats.
  inline: () => [
    `const BYTES = '${latin1Literal(readFileSync(wasmFile))}';`,
    'export const wasmUrl = () => undefined;',
    // One embedded build only: the inline entries run on one thread (docs/threads.md).
    'export const threadedWasmUrl = () => undefined;',
    'export const poolModule = () => undefined;',
    'export const embeddedWasm = () => {',
    '  const bytes = new Uint8Array(BYTES.length);',
    '  for (let i = 0; i < BYTES.length; ++i) bytes[i] = BYTES.charCodeAt(i);',
    '  return bytes;',
    '};',
    NODE_BUILTIN,
  ].join('\n'),
};

// Cloudflare Workers (workerd) forbid compiling WebAssembly from bytes; their bundlers (wrangler)
// give a module that imports a .wasm the compiled WebAssembly.Module, from the file beside it.
VARIANTS.workerd = () => [
  "import compiled from './tensorwise.wasm';",
  'export const wasmUrl = () => undefined;',
  // One build, one thread: a Worker has no threads to share memory with.
  'export const threadedWasmUrl = () => undefined;',
  'export const poolModule = () => undefined;',
  'export const embeddedWasm = () => compiled;',
  NODE_BUILTIN,
].join('\n');

function latin1Literal(bytes) {
  let text = '';
  for (const b of bytes) {
    text += b < 0x20 || b === 0x27 || b === 0x5c || b === 0x7f ? `\\x${b.toString(16).padStart(2, '0')}` : String.fromCharCode(b);
  }
  return text;
}

function plugin(variant) {
  return {
    name: 'tensorwise',
    setup(b) {
      b.onResolve({ filter: /\/wasm-file\.js$/ }, () => ({ path: variant, namespace: 'wasm-file' }));
      b.onResolve({ filter: /^\.\/(tensorwise\.wasm|pool\.mjs)$/ }, (args) => ({ path: args.path, external: true }));
      b.onResolve({ filter: /^pool-entry$/ }, () => ({ path: 'pool-entry', namespace: 'pool-entry' }));
      b.onLoad({ filter: /.*/, namespace: 'pool-entry' }, () => ({ contents: POOL_ENTRY, loader: 'js', resolveDir: dist }));
      b.onLoad({ filter: /.*/, namespace: 'wasm-file' }, () => ({ contents: VARIANTS[variant](), loader: 'js', resolveDir: dist }));
    },
  };
}

async function bundle(name, variant, format, entry = 'index.js') {
  const result = await build({
    entryPoints: [entry === 'pool' ? 'pool-entry' : join(root, 'web', entry)],
    bundle: true,
    format,
    platform: format === 'cjs' ? 'node' : 'neutral',
    target: format === 'cjs' ? 'node20' : 'es2022',
    sourcemap: 'external',
    sourcesContent: true,
    outfile: join(dist, name),
    write: false,
    logLevel: 'error',
    plugins: [plugin(variant)],
  });
  const code = result.outputFiles.find((f) => f.path.endsWith(name)).text;
  // The source map carries the sources, less the embedded .wasm (base64 the size of the file).
  const map = JSON.parse(result.outputFiles.find((f) => f.path.endsWith(`${name}.map`)).text);
  map.sourcesContent = map.sourcesContent.map((text, i) =>
    (map.sources[i].startsWith('wasm-file:') && variant === 'inline' ? '// (generated by scripts/bundle.mjs: the bytes of tensorwise.wasm)\n' : text));
  const min = await minify(code, {
    module: format === 'esm',
    toplevel: true,
    ecma: 2020,
    compress: { passes: 3 },
    // The public classes keep their names: a BroadcastError printed (Node's inspect, a stack)
    // says BroadcastError, not a mangled two-letter name. (esbuild makes them class expressions
    // held by variables, whose names are what the mangler would change.)
    keep_classnames: /^(BroadcastError|WasmTensor)$/,
    mangle: { reserved: ['BroadcastError', 'WasmTensor'] },
    // Bundlers read these comments on the import() of node:fs (never taken in a browser).
    format: { comments: /webpackIgnore|@vite-ignore/ },
    sourceMap: { content: JSON.stringify(map), url: `${name}.map`, filename: name },
  });
  if (entry === 'index.js' && format === 'esm' && (variant === 'esm' || variant === 'webpack-node') && !min.code.includes('new URL("./tensorwise.wasm",import.meta.url)')) {
    throw new Error('scripts/bundle.mjs: the new URL literal did not survive minification');
  }
  writeFileSync(join(dist, name), `${min.code}\n`);
  writeFileSync(join(dist, `${name}.map`), min.map);
}

await Promise.all([
  bundle('index.mjs', 'esm', 'esm'),
  bundle('webpack-node.mjs', 'webpack-node', 'esm'),
  bundle('index.cjs', 'cjs', 'cjs'),
  bundle('inline.mjs', 'inline', 'esm'),
  bundle('inline.cjs', 'inline', 'cjs'),
  bundle('workerd.mjs', 'workerd', 'esm'),
  bundle('pool.mjs', 'esm', 'esm', 'pool'),
]);
