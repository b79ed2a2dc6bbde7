// Threads through require('tensorwise'): 'auto' loads the threaded build and dist/pool.cjs.
const { availableParallelism } = require('node:os');
const tw = require('tensorwise');

const warnings = [];
console.warn = (m) => warnings.push(String(m));
tw.init().then(async () => {
  const n = 1 << 22;
  const q = () => tw.divide({ data: Int32Array.from({ length: n }, (_, i) => i * 7919) }, { data: Int32Array.from({ length: n }, (_, i) => 1 + (i % 5)) }).data;
  q();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const threaded = Array.from(q().slice(-64));
  const threads = tw.threads();
  await tw.setThreads(1);
  console.log(JSON.stringify({
    threads, expected: Math.min(4, availableParallelism()), same: JSON.stringify(threaded) === JSON.stringify(Array.from(q().slice(-64))), warnings,
  }));
});
