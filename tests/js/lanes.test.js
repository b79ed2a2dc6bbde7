// An element's bits do not depend on where it falls in a kernel call (a SIMD lane or the scalar
// tail): what lets the executor group rows (tiled short rows) and split ranges between chunks
// and threads as it does, and still give the same bits at any thread count (docs/contract.md,
// "Threads"). Each element of a 37-element op, NaN payloads, Inf, zeros and ones mixed, against
// the same element computed alone, for every float dtype and op, both in the core's kernels.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as tw from '../../web/index.js';
import { OPS, takes } from './dtypes.js';

before(() => tw.init());

const PATTERNS = {
  float32: [Float32Array, Uint32Array, [0x7fc00001, 0xffc12345, 0x7f800001, 0x7fa00000, 0x3f800000, 0, 0x80000000, 0x7f800000, 0x00000001]],
  float64: [Float64Array, BigUint64Array, [0x7ff8000000000001n, 0xfff8000000012345n, 0x7ff0000000000001n, 0x3ff0000000000000n, 0n, 0x7ff0000000000000n, 1n]],
  float16: [Uint16Array, Uint16Array, [0x7e01, 0xfe45, 0x7c01, 0x7d00, 0x3c00, 0, 0x8000, 0x7c00, 0x0001]],
  bfloat16: [Uint16Array, Uint16Array, [0x7fc1, 0xffc5, 0x7f81, 0x7fa0, 0x3f80, 0, 0x8000, 0x7f80, 0x0001]],
};

for (const [dtype, [Data, Bits, patterns]] of Object.entries(PATTERNS)) {
  test(`${dtype}: every op gives an element the same bits in a long call as alone`, () => {
    const n = 37;
    const operand = (shift) => {
      const bits = Bits.from({ length: n }, (_, i) => patterns[(i * 3 + shift) % patterns.length]);
      return new Data(bits.buffer);
    };
    const a = operand(0), b = operand(1);
    for (const op of Object.values(OPS).filter((o) => takes(o, dtype))) {
      const run = op.run(tw);
      const f = op.arity === 1 ? (x) => run(x) : run;
      const whole = new Bits(f({ data: a, shape: [n], dtype }, { data: b, shape: [n], dtype }).data.buffer);
      for (let i = 0; i < n; ++i) {
        const one = new Bits(f({ data: a.slice(i, i + 1), dtype }, { data: b.slice(i, i + 1), dtype }).data.buffer);
        assert.equal(one[0], whole[i], `${op.fn} element ${i}: ${whole[i].toString(16)} in the call, ${one[0].toString(16)} alone`);
      }
    }
  });
}
