// Threads from the installed package: init()'s 'auto' loads the threaded build; large resident
// ops, run in a loop that never awaits, give the same bits as on one thread; no warning; the
// script exits by itself. Prints what it saw as JSON.
import { availableParallelism } from 'node:os';
import * as tw from 'tensorwise';

const warnings = [];
console.warn = (m) => warnings.push(String(m));
await tw.init();
const n = 1 << 22;
const a = tw.tensor(Int32Array.from({ length: n }, (_, i) => i * 7919));
const b = tw.tensor(Int32Array.from({ length: n }, (_, i) => 1 + (i % 5)));
const y = tw.empty([n], 'int32');
const run = () => {
  for (let i = 0; i < 10; ++i) tw.divide(a, b, { out: y });
  return Array.from(new Uint32Array(y.data.slice().buffer).slice(-64));
};
const threaded = run();
const threads = tw.threads();
await tw.setThreads(1);
const single = run();
console.log(JSON.stringify({ threads, expected: Math.min(16, availableParallelism()), same: JSON.stringify(threaded) === JSON.stringify(single), warnings }));
