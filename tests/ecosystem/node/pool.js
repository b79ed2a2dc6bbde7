// Threads from the installed package: init()'s 'auto' loads the threaded build and the pool's
// own file (dist/pool.mjs); large ops give the same bits as on one thread; no warning; the
// script exits by itself. Prints what it saw as JSON.
import { availableParallelism } from 'node:os';
import * as tw from 'tensorwise';

const warnings = [];
console.warn = (m) => warnings.push(String(m));
await tw.init();
const n = 1 << 22;
const a = tw.tensor(Float32Array.from({ length: n }, (_, i) => Math.sin(i)));
const b = tw.tensor(Float32Array.from({ length: n }, (_, i) => 1 + (i % 7)));
const y = tw.empty([n], 'float32');
const run = () => {
  tw.divide(a, b, { out: y });
  return tw.divide({ data: Int32Array.from({ length: n }, (_, i) => i * 7919) }, { data: Int32Array.from({ length: n }, (_, i) => 1 + (i % 5)) }).data;
};
run(); // the workers start on the first op that would split
await new Promise((resolve) => setTimeout(resolve, 500));
const threaded = [...new Uint32Array(y.data.slice().buffer).slice(0, 64), ...run().slice(-64)];
const threads = tw.threads();
await tw.setThreads(1);
const single = [...new Uint32Array(y.data.slice().buffer).slice(0, 64), ...run().slice(-64)];
console.log(JSON.stringify({
  threads, expected: Math.min(4, availableParallelism()), same: JSON.stringify(threaded) === JSON.stringify(single), warnings,
}));
