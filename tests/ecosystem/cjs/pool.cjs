// Threads through require('tensorwise'): 'auto' loads the threaded build; large resident ops
// give the same bits as on one thread.
const { availableParallelism } = require('node:os');
const tw = require('tensorwise');

const warnings = [];
console.warn = (m) => warnings.push(String(m));
tw.init().then(async () => {
  const n = 1 << 22;
  const a = tw.tensor(Int32Array.from({ length: n }, (_, i) => i * 7919));
  const b = tw.tensor(Int32Array.from({ length: n }, (_, i) => 1 + (i % 5)));
  const y = tw.empty([n], 'int32');
  const q = () => {
    for (let i = 0; i < 10; ++i) tw.divide(a, b, { out: y });
    return Array.from(y.data.slice(-64));
  };
  const threaded = q();
  const threads = tw.threads();
  await tw.setThreads(1);
  console.log(JSON.stringify({
    threads, expected: Math.min(16, availableParallelism()), same: JSON.stringify(threaded) === JSON.stringify(q()), warnings,
  }));
});
