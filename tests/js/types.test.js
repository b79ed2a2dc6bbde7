// web/index.d.ts compiles and describes real usage: tests/types/use.ts is type-checked by tsc
// in strict mode, resolving 'tensorwise' to this package as an installed user would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

// `edit` adapts the usage file to the lib (without esnext.disposable there is no `using`).
function typeCheck(lib, edit = (text) => text) {
  const dir = mkdtempSync(join(tmpdir(), 'tensorwise-types-'));
  const pkg = join(dir, 'node_modules', 'tensorwise');
  mkdirSync(join(pkg, 'web'), { recursive: true });
  cpSync(join(root, 'package.json'), join(pkg, 'package.json'));
  cpSync(join(root, 'web', 'index.d.ts'), join(pkg, 'web', 'index.d.ts'));
  writeFileSync(join(dir, 'use.ts'), edit(readFileSync(join(root, 'tests', 'types', 'use.ts'), 'utf8')));
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
  assert.equal(typeCheck('es2022,esnext.disposable,dom'), '');
});

test('index.d.ts type-checks where the lib has no Symbol.dispose', () => {
  const withoutUsing = (text) => text.replace(/^\{ using u = (.*); void u\.data; \}$/m,
    'const u = $1; void u.data; u.dispose(); u[Symbol.dispose]();');
  const usage = readFileSync(join(root, 'tests', 'types', 'use.ts'), 'utf8');
  assert.notEqual(withoutUsing(usage), usage, 'the `using` line of use.ts was not found');
  assert.equal(typeCheck('es2022,dom', withoutUsing), '');
});
