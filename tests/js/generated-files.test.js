// The files the build writes from the built core are what their scripts write now: the package's
// types, dist/index.d.ts and .d.cts, with web/api/ops.js's exports and the README's table of the
// ops (scripts/types.mjs, from the core's dtypes and the op list). A region edited by hand, or a
// dtype or op changed in the core without rebuilding, fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const check = async (name) => {
  const script = fileURLToPath(new URL(`../../scripts/${name}`, import.meta.url));
  const { stderr } = await promisify(execFile)(process.execPath, [script, '--check']).catch((e) => e);
  return stderr;
};

test('the types, ops.js\'s exports and the README\'s table match the core and the op list', async () => {
  assert.equal(await check('types.mjs'), '');
});
