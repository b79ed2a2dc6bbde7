// npm run exhaustive float64: the largest error of float64 exp and log, in units in the last
// place, against tests/js/exact-math.js (exact to 2^-250) on random inputs over their whole
// ranges and near the points where the functions are small (log near 1, exp near 0), with the
// inputs where it was largest. docs/contract.md quotes it.
import * as tw from '../../web/index.js';
import { ulpError } from '../js/exact-math.js';
import { generator } from '../js/seeded.js';

const N = Number(process.argv[2] ?? 1_000_000);
await tw.init({ threads: 1 });
let bad = 0;
for (const fn of ['exp', 'log']) {
  const g = generator(fn === 'exp' ? 7 : 8);
  const x = new Float64Array(N);
  for (let i = 0; i < N; ++i) {
    const near = g.next() < 0.1;
    if (fn === 'exp') x[i] = near ? (g.next() - 0.5) * 2 ** -g.int(0, 60) : -745 + g.next() * 1454.7;
    else x[i] = near ? 1 + (g.next() - 0.5) * 2 ** -g.int(1, 52) : 2 ** ((g.next() - 0.5) * 2098) * (1 + g.next());
  }
  const y = tw[fn](x).data;
  let worst = 0, at = 0, checked = 0;
  for (let i = 0; i < N; ++i) {
    if (!Number.isFinite(y[i]) || y[i] === 0 || (fn === 'log' && x[i] === 1)) continue;
    const err = ulpError(fn, x[i], y[i]);
    checked++;
    if (err > worst) worst = err, at = x[i];
  }
  console.log(`float64 ${fn}: ${checked} inputs, largest error ${worst.toFixed(4)} ulp at x = ${at}`);
  if (worst >= 1) bad++;
}
process.exitCode = bad === 0 ? 0 : 1;
