// The demo as a page ships: demo/main.js and what it imports bundled into build/demo/ (its
// lazily loaded part, page.js, a chunk of its own), importing the package as an app does, by
// name, from the published dist/index.mjs; the .wasm files beside it, where that file looks for
// them. A handful of requests instead of one per module.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'build', 'demo');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [join(root, 'demo', 'main.js')],
  bundle: true,
  splitting: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  outdir: out,
  alias: { tensorwise: join(root, 'dist', 'index.mjs') },
  logLevel: 'error',
});
for (const file of ['tensorwise.wasm', 'tensorwise-mt.wasm']) copyFileSync(join(root, 'dist', file), join(out, file));
