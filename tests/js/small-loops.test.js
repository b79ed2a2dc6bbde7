// web/small-loops.js is what scripts/small-loops.mjs writes from the built core's ops and dtypes:
// a loop edited by hand, or an op or dtype changed in the core without rebuilding, fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../../scripts/small-loops.mjs', import.meta.url));

test('small-loops.js is written from the core', async () => {
  const { stderr } = await promisify(execFile)(process.execPath, [script, '--check']).catch((e) => e);
  assert.equal(stderr, '');
});
