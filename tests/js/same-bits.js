// Results compared bit for bit, as the dtype's storage holds them (bitsOf): a NaN matches any NaN
// (payloads are unspecified), -0 does not match 0. Node-only (node:assert); dtypes.js has the
// parts the Chromium tests share.
import assert from 'node:assert/strict';
import { bitsOf, isNaNAt } from './dtypes.js';

const shown = (x) => (Object.is(x, -0) ? '-0' : String(x));

/** Fails, naming `what` and the first element that differs, unless got and want hold the same bits. */
export function assertSameBits(dtype, got, want, what = 'result') {
  const g = bitsOf(dtype, got), w = bitsOf(dtype, want);
  assert.equal(g.length, w.length, `${what}: length`);
  for (let i = 0; i < g.length; ++i) {
    if (Object.is(g[i], w[i]) || (isNaNAt(dtype, g, i) && isNaNAt(dtype, w, i))) continue;
    assert.fail(`${what}: element ${i} is ${shown(g[i])}, want ${shown(w[i])}`);
  }
}
