// The published build keeps its public classes' names through minification: an error printed by
// Node (or in a stack) says BroadcastError, not a two-letter mangled name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';

test('dist/index.mjs: BroadcastError and WasmTensor keep their names', async () => {
  const tw = await import('../../dist/index.mjs');
  await tw.init({ threads: 1 });
  assert.equal(tw.BroadcastError.name, 'BroadcastError');
  assert.equal(tw.WasmTensor.name, 'WasmTensor');
  let error;
  try { tw.broadcastShapes([3], [2]); } catch (e) { error = e; }
  assert.match(inspect(error), /^BroadcastError: cannot broadcast shapes \[3\] and \[2\]/);
});

// What a published entry exports is what dist/index.d.ts declares, no more: an internal record
// exported by accident (the ops' descriptors, which calls read and fill in) would be one a caller
// could change under the library.
test('dist/index.mjs, index.cjs and inline.mjs export what dist/index.d.ts declares, and nothing else', async () => {
  const { readFileSync } = await import('node:fs');
  const { createRequire } = await import('node:module');
  const dts = readFileSync(new URL('../../dist/index.d.ts', import.meta.url), 'utf8');
  const declared = [...new Set([...dts.matchAll(/^export (?:declare )?(?:function|const|class) (\w+)/gm)].map((m) => m[1]))].sort();
  assert.ok(declared.includes('multiply') && declared.includes('softmax'), 'the declarations were found');
  const entries = {
    'index.mjs': await import('../../dist/index.mjs'),
    'inline.mjs': await import('../../dist/inline.mjs'),
    'index.cjs': createRequire(import.meta.url)('../../dist/index.cjs'),
  };
  for (const [file, m] of Object.entries(entries)) {
    assert.deepEqual(Object.keys(m).filter((k) => k !== 'default' && k !== '__esModule').sort(), declared, file);
  }
});
