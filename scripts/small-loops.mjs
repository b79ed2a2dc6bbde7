// Writes web/execution/small-loops.js, the loops web/execution/small-ops.js computes small ops
// with, from what the built core says of its ops and dtypes (the facts init() reads): one
// function per (op, dtype) where JS arithmetic gives the core's bits, and one store per such dtype. Each is its own
// function so that V8 sees one kind of typed array at each of its element reads and writes (one
// loop shared by every dtype is several times slower in an app that uses several).
// With --check it writes nothing and fails if the file differs from what it would write
// (tests/js/generated-files.test.js). Run by scripts/build.sh after the wasm build.
//
// When JS arithmetic is the core's, from the facts alone:
// - floats whose typed array holds IEEE binary32 or binary64 (kind floating, precision p = 24 or
//   53): JS computes +, -, * and / in binary64 and the store into the result rounds once to
//   nearest even, which is the correctly rounded result of precision p whenever 2p + 2 <= 53, or
//   p = 53 itself;
// - integers of at most 32 bits: every value, sum, difference and quotient is exact in a double;
//   a product is exact below 2^53 (16 bits), and Math.imul gives a 32-bit product's low 32 bits;
//   Math.trunc or Math.floor of a quotient is the exact rounded quotient (|x| < 2^53, so the
//   double quotient never rounds across an integer); the store wraps modulo 2^bits as the core
//   does (MIN / -1 is MIN); an integer x/0 is the op's zero quotient.
// Narrow floats and 64-bit integers have none: they run in the core.
import { fileURLToPath } from 'node:url';
import { init } from '../web/index.js';
import { OPS } from '../web/module/abi.js';
import { DTYPES } from '../web/dtypes/dtypes.js';
import { writeOrCheck } from './generated-file.mjs';

const FILE = fileURLToPath(new URL('../web/execution/small-loops.js', import.meta.url));

await init({ threads: 1 });

// The statement that computes y[i] from x[xi] and w[wi], each element read once (another thread
// may be writing a shared buffer), or null where JS is not the core.
function element(op, info) {
  const float = info.kind === 'floating' && (info.precision === 53 || 2 * info.precision + 2 <= 53);
  const integer = info.integer && info.bytes <= 4;
  if (!float && !integer) return null;
  switch (op.arithmetic) {
    case 'sum': return 'y[i] = x[xi] + w[wi];';
    case 'difference': return 'y[i] = x[xi] - w[wi];';
    case 'product': return integer && 2 * 8 * info.bytes > 53 ? 'y[i] = imul(x[xi], w[wi]);' : 'y[i] = x[xi] * w[wi];';
    case 'quotient': {
      if (float) return 'y[i] = x[xi] / w[wi];';
      const round = op.floors && info.kind === 'signed_integer' ? 'floor' : 'trunc';
      return `{\n        const d = w[wi];\n        y[i] = d === 0 ? ${op.zeroQuotient} : ${round}(x[xi] / d);\n      }`;
    }
    default: return null;
  }
}

const loops = [];
const stores = new Set();
for (const op of Object.values(OPS)) {
  const lines = [];
  for (const info of Object.values(DTYPES)) {
    const e = element(op, info);
    if (e === null) continue;
    stores.add(info.name);
    lines.push(`    ${info.name}(x, xi, xs, w, wi, ws, y, n) {\n` +
      `      for (let i = 0; i < n; ++i, xi += xs, wi += ws) ${e}\n    },`);
  }
  if (lines.length > 0) loops.push(`  ${op.name}: {\n${lines.join('\n')}\n  },`);
}
const storeLines = [...stores].map((name) => `  ${name}(from, into, n) {\n    for (let i = 0; i < n; ++i) into[i] = from[i];\n  },`);

const wanted = `// Written by scripts/small-loops.mjs from the core's facts (npm run build); do not edit.
// SMALL_LOOPS[core op][dtype](x, xi, xs, w, wi, ws, y, n): y[i] for i < n from x (from xi,
// step xs) and w (from wi, step ws). SMALL_STORES[dtype](from, into, n): into[i] = from[i].
// The copies of one loop per dtype are on purpose: V8 keeps what types a function has seen per
// function, and one loop that sees every kind of typed array is several times slower.
import { floor, imul, trunc } from '../intrinsics.js';

export const SMALL_LOOPS = {
${loops.join('\n')}
};

export const SMALL_STORES = {
${storeLines.join('\n')}
};
`;

writeOrCheck(FILE, wanted, {
  stale: 'web/execution/small-loops.js is not what scripts/small-loops.mjs writes from the core: run npm run build',
});
