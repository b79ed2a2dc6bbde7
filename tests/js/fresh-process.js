// Runs an ES module script in a fresh Node process, as a user's script would run, and gives its
// last line of output parsed as JSON. `cores` makes node:os report that many cores (so that a
// machine of one core can still run two threads: what such tests check is how threads behave,
// not how fast they are).
import { execFileSync } from 'node:child_process';

/** file: URLs of the sources a script imports, as JS string literals. */
export const SOURCES = {
  index: JSON.stringify(new URL('../../web/index.js', import.meta.url).href),
  pool: JSON.stringify(new URL('../../web/threads/pool.js', import.meta.url).href),
  internals: JSON.stringify(new URL('./internals.js', import.meta.url).href),
};

export function runFresh(script, { cores, timeout = 120000 } = {}) {
  const flags = cores === undefined ? []
    : ['--import', `data:text/javascript,import os from "node:os"; os.availableParallelism = () => ${cores};`];
  const out = execFileSync(process.execPath, [...flags, '--input-type=module', '-e', script], {
    encoding: 'utf8', timeout, stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(out.trim().split('\n').at(-1));
}
