// node bench/threads-user.js: threads as a user meets them. Each case runs in fresh Node
// processes, `await init()` (threads 'auto') and `init({ threads: 1 })` alternating, TW_PAIRS
// pairs (default 7); a process times 20 ops (or 20 batches) of the case right after init() and
// reports the median of ops 2-20. Printed: per case, the median over the pairs of the per-pair
// ratio (1-thread time / auto time: above 1 the default is faster) and its range.
//
//   resident float32 Mul [65536]      tensor(), tensor(), empty(), then multiply(a, b, { out })
//   typed float32 Mul [1024] x200     200 multiply({ data }, { data }) per timed batch
//   empty() + Mul [4194304]           empty() then multiply(a, b, { out: that }), disposed after
//   resident int32 Div [4194304]      divide(a, b, { out }) in a plain synchronous loop
//   resident float16 Mul [4194304]    multiply(a, b, { out }) in a plain synchronous loop
//   ... awaiting a 1 ms timer         the same two, with `await` on a timer between ops
//   resident / typed float32 Mul, int32 Div [16K ... 16M]   sizes around where the policy shares
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const index = JSON.stringify(new URL('../web/index.js', import.meta.url).href);
const pairs = Number(process.env.TW_PAIRS ?? 7);

const CASES = {
  'resident float32 Mul [65536]': `
    const M = 65536;
    const a = tw.tensor(new Float32Array(M).fill(1.5)), b = tw.tensor(new Float32Array(M).fill(2)), y = tw.empty([M], 'float32');
    op = () => tw.multiply(a, b, { out: y });`,
  'typed float32 Mul [1024] x200': `
    const a = new Float32Array(1024).fill(1.5), b = new Float32Array(1024).fill(2);
    op = () => { for (let k = 0; k < 200; ++k) tw.multiply({ data: a }, { data: b }); };`,
  'empty() + Mul [4194304]': `
    const a = tw.tensor(new Float32Array(N).fill(1.5)), b = tw.tensor(new Float32Array(N).fill(2));
    op = () => { const y = tw.empty([N], 'float32'); tw.multiply(a, b, { out: y }); y.dispose(); };`,
  'resident int32 Div [4194304]': `
    const ia = new Int32Array(N), ib = new Int32Array(N);
    for (let i = 0; i < N; ++i) { ia[i] = (i * 2654435761) | 0; ib[i] = (i % 17) - 8 || 3; }
    const a = tw.tensor(ia), b = tw.tensor(ib), y = tw.empty([N], 'int32');
    op = () => tw.divide(a, b, { out: y });`,
  'resident float16 Mul [4194304]': `
    const fa = new Uint16Array(N), fb = new Uint16Array(N).fill(0x4001);
    for (let i = 0; i < N; ++i) fa[i] = 0x3c00 + (i % 3000);
    const a = tw.tensor(fa, [N], 'float16'), b = tw.tensor(fb, [N], 'float16'), y = tw.empty([N], 'float16');
    op = () => tw.multiply(a, b, { out: y });`,
};
// Sizes from 16K to 16M elements, resident and on JS arrays: where the policy shares and where
// it does not, nothing may be slower than on one thread.
const FILL = {
  float32: 'for (let i = 0; i < M; ++i) { x[i] = Math.sin(i) * 100; z[i] = 1.5 + (i % 7); }',
  int32: 'for (let i = 0; i < M; ++i) { x[i] = (i * 2654435761) | 0; z[i] = (i % 17) - 8 || 3; }',
};
for (const [dtype, Class, fn, label] of [['float32', 'Float32Array', 'multiply', 'Mul'], ['int32', 'Int32Array', 'divide', 'Div']]) {
  for (const m of [16384, 262144, 1048576, 16777216]) {
    const data = `const M = ${m}; const x = new ${Class}(M), z = new ${Class}(M); ${FILL[dtype]}`;
    CASES[`resident ${dtype} ${label} [${m}]`] = `${data}
      const a = tw.tensor(x), b = tw.tensor(z), y = tw.empty([M], '${dtype}');
      op = () => tw.${fn}(a, b, { out: y });`;
    if (m >= 262144) CASES[`typed ${dtype} ${label} [${m}]`] = `${data} op = () => tw.${fn}({ data: x }, { data: z });`;
  }
}
const AWAITING = ['resident int32 Div [4194304]', 'resident float16 Mul [4194304]'];

function script(body, threads, awaitTimer) {
  return `
    import * as tw from ${index};
    await tw.init(${threads === 'auto' ? '' : `{ threads: ${threads} }`});
    const N = 1 << 22;
    let op;
    ${body}
    const times = [];
    for (let i = 0; i < 20; ++i) {
      ${awaitTimer ? 'await new Promise((r) => setTimeout(r, 1));' : ''}
      const s = process.hrtime.bigint();
      op();
      times.push(Number(process.hrtime.bigint() - s) / 1e3);
    }
    const rest = times.slice(1).sort((x, y) => x - y);
    console.log(JSON.stringify({ threads: tw.threads(), median: rest[rest.length >> 1] }));`;
}

const run = (source) => JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8' }).trim().split('\n').at(-1));
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];

export function measure(name, body, awaitTimer) {
  const ratios = [];
  let autoThreads = 0;
  const us = { auto: [], one: [] };
  for (let p = 0; p < pairs; ++p) {
    const order = p % 2 ? ['one', 'auto'] : ['auto', 'one'];
    const r = {};
    for (const which of order) r[which] = run(script(body, which === 'auto' ? 'auto' : 1, awaitTimer));
    autoThreads = r.auto.threads;
    us.auto.push(r.auto.median);
    us.one.push(r.one.median);
    ratios.push(r.one.median / r.auto.median);
  }
  return { name: awaitTimer ? `${name}, awaiting a 1 ms timer` : name, autoThreads, ratio: median(ratios),
    min: Math.min(...ratios), max: Math.max(...ratios), autoUs: median(us.auto), oneUs: median(us.one) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.env.TW_BENCH_ONLY;
  console.log(`threads as a user meets them: ${pairs} pairs of fresh processes; ratio = 1 thread / auto (median, range)`);
  const results = [];
  for (const [name, body] of Object.entries(CASES)) {
    for (const awaitTimer of AWAITING.includes(name) ? [false, true] : [false]) {
      if (only && !name.includes(only)) continue;
      const r = measure(name, body, awaitTimer);
      results.push(r);
      console.log(`  ${r.name.padEnd(58)} ${r.ratio.toFixed(2)} (${r.min.toFixed(2)}-${r.max.toFixed(2)})  auto ${r.autoThreads}t ${r.autoUs.toFixed(0)} µs, 1t ${r.oneUs.toFixed(0)} µs`);
    }
  }
}
