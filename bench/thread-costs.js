// What one output element costs on one thread, by op kind and dtype: the table in web/costs.js,
// from which the pool decides whether an op is worth sharing. Resident operands of 256K elements
// (in cache or near it, the sizes where the decision falls), medians of 15 rounds. Run:
// node bench/thread-costs.js (prints the table in web/costs.js's form).
import * as tw from '../web/index.js';

await tw.init({ threads: 1 });
const N = 262144;
const DTYPES = ['float32', 'float64', 'float16', 'bfloat16', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16',
  'uint32', 'uint64'];
const table = { mul: {}, div: {} };
for (const dtype of DTYPES) {
  const a = tw.empty([N], dtype);
  const b = tw.empty([N], dtype);
  const y = tw.empty([N], dtype);
  const d = a.data;
  const e = b.data;
  for (let i = 0; i < N; ++i) { // values that keep every path busy (no zero divisors, no NaN)
    const x = 1 + (i % 97), z = 1 + (i % 13);
    if (typeof d[0] === 'bigint') { d[i] = BigInt(x); e[i] = BigInt(z); } else if (dtype === 'float16') { d[i] = tw.numberToFloat16(x); e[i] = tw.numberToFloat16(z); } else if (dtype === 'bfloat16') { d[i] = tw.numberToBfloat16(x); e[i] = tw.numberToBfloat16(z); } else { d[i] = x; e[i] = z; }
  }
  for (const [kind, op] of [['mul', tw.multiply], ['div', tw.divide]]) {
    const samples = [];
    for (let r = 0; r < 15; ++r) {
      const reps = 20;
      const t0 = performance.now();
      for (let k = 0; k < reps; ++k) op(a, b, { out: y });
      samples.push(((performance.now() - t0) * 1e6) / reps / N);
    }
    samples.sort((p, q) => p - q);
    table[kind][dtype] = Number(samples[7].toFixed(3));
  }
  for (const t of [a, b, y]) t.dispose();
}
console.log(JSON.stringify(table, null, 1));
