// npm run bench, first part: what a user's default `import 'tensorwise'` costs.
//
//   footprint   the files the default import loads (dist/index.mjs and dist/tensorwise.wasm),
//               gzipped (level 9), and the other published builds for comparison
//   cold start  import('tensorwise') -> await init() -> the first multiply's result, timed inside
//               fresh Node processes (each compiles everything anew), from the npm pack tarball
//               installed into build/bench/startup; median of TW_STARTUP_RUNS (21) processes,
//               with init() (threads 'auto', the default) and init({ threads: 1 }) alternating
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
console.log(`  with threads: dist/tensorwise-mt.wasm too                ${kb(gz('tensorwise-mt.wasm'))} (${gz('tensorwise-mt.wasm')} bytes)`);
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
await tw.init(process.argv[2] === '1' ? { threads: 1 } : undefined);
const t2 = performance.now();
const r = tw.multiply({ data: new Float32Array([1, 2, 3]), shape: [3] }, { data: new Float32Array([4, 5, 6]), shape: [3] });
const t3 = performance.now();
if (Array.from(r.data).join() !== '4,10,18') throw new Error('wrong result ' + r.data);
console.log(JSON.stringify({ import: t1 - t0, init: t2 - t1, first: t3 - t2, total: t3 - t0, threads: tw.threads() }));
`);

const runs = Number(process.env.TW_STARTUP_RUNS ?? 21);
const samples = { auto: [], one: [] };
for (let i = 0; i < runs; ++i) {
  for (const which of i % 2 ? ['one', 'auto'] : ['auto', 'one']) {
    const args = which === 'one' ? ['cold.js', '1'] : ['cold.js'];
    samples[which].push(JSON.parse(execFileSync(process.execPath, args, { cwd: dir, encoding: 'utf8' })));
  }
}
const median = (which, key) => {
  const v = samples[which].map((s) => s[key]).sort((a, b) => a - b);
  return { median: v[v.length >> 1], min: v[0], max: v[v.length - 1] };
};
const ms = (x) => `${x.toFixed(1)} ms`;
console.log(`\ncold start in Node ${process.version}, ${runs} fresh processes each way, alternating, median (min-max):`);
for (const which of ['auto', 'one']) {
  const label = which === 'auto' ? `init() (threads 'auto': ${samples.auto[0].threads} here)` : 'init({ threads: 1 })';
  console.log(`  ${label}`);
  for (const key of ['import', 'init', 'first', 'total']) {
    const m = median(which, key);
    const name = { import: "import('tensorwise')", init: 'await init()', first: 'first multiply', total: 'import -> first result' }[key];
    console.log(`    ${name.padEnd(24)} ${ms(m.median)} (${ms(m.min)}-${ms(m.max)})`);
  }
}
const extra = median('auto', 'total').median - median('one', 'total').median;
console.log(`  threads add ${ms(extra)} to the median cold start`);
mkdirSync(join(root, 'build', 'bench'), { recursive: true });
const summary = (which) => Object.fromEntries(['import', 'init', 'first', 'total'].map((k) => [k, median(which, k)]));
writeFileSync(join(root, 'build', 'bench', 'startup.json'), `${JSON.stringify({
  date: new Date().toISOString(), node: process.version,
  footprint: { indexMjs: index, wasm, total: index + wasm, threadedWasm: gz('tensorwise-mt.wasm'), inlineMjs: gz('inline.mjs') },
  coldStart: { runs, auto: summary('auto'), one: summary('one'), threadsAdd: extra },
}, null, 1)}\n`);
console.log('');
