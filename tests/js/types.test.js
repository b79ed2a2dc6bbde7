// web/index.d.ts compiles and describes real usage: tests/types/use.ts is type-checked by tsc
// in strict mode, resolving 'tensorwise' to this package as an installed user would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function typeCheck(file, lib) {
  const dir = mkdtempSync(join(tmpdir(), 'tensorwise-types-'));
  const pkg = join(dir, 'node_modules', 'tensorwise');
  mkdirSync(join(pkg, 'web'), { recursive: true });
  cpSync(join(root, 'package.json'), join(pkg, 'package.json'));
  cpSync(join(root, 'web', 'index.d.ts'), join(pkg, 'web', 'index.d.ts'));
  cpSync(join(root, 'tests', 'types', file), join(dir, 'use.ts'));
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  try {
    execFileSync(process.execPath, [tsc, '--noEmit', '--strict', '--target', 'es2022', '--lib', lib,
      '--module', 'nodenext', '--moduleResolution', 'nodenext', 'use.ts'], { cwd: dir, encoding: 'utf8' });
    return '';
  } catch (e) {
    return `${e.stdout}${e.stderr}`;
  }
}

test('index.d.ts type-checks a strict usage file with `using`', () => {
  assert.equal(typeCheck('use.ts', 'es2022,esnext.disposable,dom'), '');
});

test('index.d.ts type-checks where the lib has no Symbol.dispose', () => {
  assert.equal(typeCheck('use-es2022.ts', 'es2022,dom'), '');
});
