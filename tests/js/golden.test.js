// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// Golden vectors from numpy (tests/golden/cases.json, made by tests/golden/generate.py): every
// dtype, every op, both integer roundings, numpy / none / pdpd shapes with rank 0, size-0 and
// size-1 dims, lengths around every SIMD tail and the special values. Bit-exact.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as api from '../../web/index.js';
import { runCase } from '../golden/check.js';
import { DTYPE_NAMES, OPS, OP_NAMES, takes } from './dtypes.js';

const { cases } = JSON.parse(readFileSync(new URL('../golden/cases.json', import.meta.url), 'utf8'));
before(() => api.init());

const groups = new Map();
for (const c of cases) {
  const key = c.id.replace(/-\d+$/, '');
  if (!groups.has(key)) groups.set(key, []);
  groups.get(key).push(c);
}

test('the golden file covers every dtype with every op that takes it, and no other', () => {
  const covered = new Set(cases.map((c) => `${c.dtype} ${c.op}`));
  for (const dtype of DTYPE_NAMES) {
    for (const op of OP_NAMES) assert.equal(covered.has(`${dtype} ${op}`), takes(OPS[op], dtype), `${dtype} ${op}`);
  }
  assert.ok(cases.length > 1000);
});

for (const [key, group] of groups) {
  test(`numpy golden: ${key} (${group.length} cases)`, () => {
    const problems = group.flatMap((c) => runCase(api, c));
    assert.deepEqual(problems, []);
  });
}
