// npm run bench, first part: what a user's default `import 'tensorwise'` costs.
//
//   footprint   the files the default import loads (dist/index.mjs and dist/tensorwise.wasm),
//               gzipped (level 9), and the other published builds for comparison
//   cold start  import('tensorwise') -> await init() -> the first multiply's result, timed inside
//               fresh Node processes (each compiles everything anew), from the npm pack tarball
//               installed into build/bench/startup; median of TW_STARTUP_RUNS (21) processes
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = join(root, 'build', 'bench', 'startup');
const gz = (file) => gzipSync(readFileSync(join(root, 'dist', file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

console.log('footprint, gzipped (level 9; 1 KB = 1024 bytes):');
const index = gz('index.mjs');
const wasm = gz('tensorwise.wasm');
console.log(`  default import (dist/index.mjs + dist/tensorwise.wasm)   ${kb(index + wasm)} (${index + wasm} bytes: JS ${index}, wasm ${wasm})`);
console.log(`  CommonJS (dist/index.cjs + dist/tensorwise.wasm)         ${kb(gz('index.cjs') + wasm)}`);
console.log(`  inline (dist/inline.mjs, the .wasm inside)               ${kb(gz('inline.mjs'))}`);

// The tarball, unpacked where a project's node_modules would have it.
rmSync(dir, { recursive: true, force: true });
mkdirSync(join(dir, 'node_modules', 'tensorwise'), { recursive: true });
const tgz = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: root, encoding: 'utf8' }).trim();
execFileSync('tar', ['-xzf', join(dir, tgz), '-C', join(dir, 'node_modules', 'tensorwise'), '--strip-components=1']);
writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
writeFileSync(join(dir, 'cold.js'), `const t0 = performance.now();
const tw = await import('tensorwise');
const t1 = performance.now();
await tw.init();
const t2 = performance.now();
const r = tw.multiply({ data: new Float32Array([1, 2, 3]), shape: [3] }, { data: new Float32Array([4, 5, 6]), shape: [3] });
const t3 = performance.now();
if (Array.from(r.data).join() !== '4,10,18') throw new Error('wrong result ' + r.data);
console.log(JSON.stringify({ import: t1 - t0, init: t2 - t1, first: t3 - t2, total: t3 - t0 }));
`);

const runs = Number(process.env.TW_STARTUP_RUNS ?? 21);
const samples = [];
for (let i = 0; i < runs; ++i) {
  samples.push(JSON.parse(execFileSync(process.execPath, ['cold.js'], { cwd: dir, encoding: 'utf8' })));
}
const median = (key) => {
  const v = samples.map((s) => s[key]).sort((a, b) => a - b);
  return { median: v[v.length >> 1], min: v[0], max: v[v.length - 1] };
};
const ms = (x) => `${x.toFixed(1)} ms`;
console.log(`\ncold start in Node ${process.version}, ${runs} fresh processes, median (min-max):`);
for (const key of ['import', 'init', 'first', 'total']) {
  const m = median(key);
  const label = { import: "import('tensorwise')", init: 'await init()', first: 'first multiply', total: 'import -> first result' }[key];
  console.log(`  ${label.padEnd(24)} ${ms(m.median)} (${ms(m.min)}-${ms(m.max)})`);
}
mkdirSync(join(root, 'build', 'bench'), { recursive: true });
writeFileSync(join(root, 'build', 'bench', 'startup.json'), `${JSON.stringify({
  date: new Date().toISOString(), node: process.version,
  footprint: { indexMjs: index, wasm, total: index + wasm, inlineMjs: gz('inline.mjs') },
  coldStart: { runs, import: median('import'), init: median('init'), first: median('first'), total: median('total') },
}, null, 1)}\n`);
console.log('');
