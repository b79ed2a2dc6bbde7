// web/index.d.ts's per-dtype types are what scripts/types.mjs writes from the built core's
// dtypes: a region edited by hand, or a dtype added to the core without rebuilding, fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../../scripts/types.mjs', import.meta.url));

test('index.d.ts per-dtype types match the core', async () => {
  const { stderr } = await promisify(execFile)(process.execPath, [script, '--check']).catch((e) => e);
  assert.equal(stderr, '');
});
