// How a script that writes a file from the built core ends (scripts/types.mjs): with --check it writes nothing and fails, saying `stale`, when the
// file is not `wanted` (tests/js/generated-files.test.js); else it writes the file when it
// changed, saying `rewritten` if given.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export function writeOrCheck(file, wanted, { stale, rewritten = null }) {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
  if (current === wanted) return;
  if (process.argv.includes('--check')) {
    console.error(stale);
    process.exit(1);
  }
  writeFileSync(file, wanted);
  if (rewritten !== null) console.log(rewritten);
}
