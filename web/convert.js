// Bulk conversions between float32 and the narrow floats, in the core's SIMD kernels
// (src/kernels/conversion_list.inc): a typed array in gives a new typed array, a wasm tensor a new
// wasm tensor, either into `out` when given. Arguments are read once and settled before anything
// is staged, as for the ops (arguments.js); JS arrays stream through wasm memory in chunks.
import { checkOutDtype, readHost, readOut, residentOperand, settle } from './arguments.js';
import { DTYPES, defaultCarrier, kindRecord } from './dtypes.js';
import { checkRun, chunkSafe, foreign, instanceFor, newResult } from './engine.js';
import { describe, withArticle } from './format.js';
import { min, typedArrayKind } from './intrinsics.js';
import { enter, withStaging } from './loader.js';
import { acquireBlock, align16, allocate, copyIn, copyOut, releaseBlock } from './memory.js';
import { readRecord } from './records.js';
import { isWasmTensor } from './tensor-brand.js';
import { adoptBlock } from './tensor.js';

// Elements per chunk: 512 KiB of float32 and what it converts to, in cache.
const CHUNK = 1 << 17;

/** The public conversion `fn` from dtype `from` to dtype `to`: (x, options?) => result. */
function converter(fn, from, to) {
  return (x, options) => {
    enter();
    const info = DTYPES[from];
    const kind = typedArrayKind(x);
    const carried = kind !== undefined && info.carriers.includes(kindRecord(kind).Class);
    const input = isWasmTensor(x) ? residentOperand(x, `${fn}: x`) : carried ? readHost(x, undefined, from, `${fn}: x`, null) : null;
    if (input === null || input.dtype !== from) {
      const expected = `${info.carriers.map((C) => withArticle(C.name)).join(' or ')} or ${withArticle(from)} wasm tensor`;
      throw new TypeError(`${fn}: x must be ${expected}, got ${input === null ? describe(x) : `${withArticle(input.dtype)} wasm tensor`}`);
    }
    const out = readOut(readRecord(options, ['out'], fn).out, fn);
    checkOutDtype(out, DTYPES[to], fn);
    settle(input, fn, 'x');
    settle(out, fn, 'out');
    const length = out === null ? input.n : out.kind === 'resident' ? out.n : out.source.length;
    if (length !== input.n) throw new RangeError(`${fn}: out holds ${length} elements but x has ${input.n}`);
    return withStaging(run, instanceFor({ inputs: [input], out }), { fn, from: info, to: DTYPES[to], x: input, out });
  };
}

export const float32ToFloat16 = converter('float32ToFloat16', 'float32', 'float16');
export const float16ToFloat32 = converter('float16ToFloat32', 'float16', 'float32');
export const float32ToBfloat16 = converter('float32ToBfloat16', 'float32', 'bfloat16');
export const bfloat16ToFloat32 = converter('bfloat16ToFloat32', 'bfloat16', 'float32');

function run(inst, { fn, from, to, x: given, out: wanted }) {
  const x = foreign(inst, given);
  const out = wanted === null ? null : foreign(inst, wanted);
  const n = x.n;
  const what = () => `${fn} of ${n} elements`;
  const xAt = x.kind === 'resident' ? x.ptr : x.source.heapAddress; // x in this memory: read in place
  const made = out === null && x.kind === 'resident' ? allocate(inst, n * to.bytes, what) : 0;
  const yAt = made || (out === null ? -1 : out.kind === 'resident' ? out.ptr : out.source.heapAddress);
  // A result in this memory over x goes through a block, moved into place at the end.
  const moved = xAt >= 0 && yAt >= 0 && xAt < yAt + n * to.bytes && yAt < xAt + n * from.bytes;
  // x staged in windows of `chunk` elements, unless a window of the result could overwrite what
  // a later one reads: then whole.
  const chunk = xAt >= 0 || chunkSafe(x.source, out) ? min(n, CHUNK) : n;
  const xBytes = xAt >= 0 ? 0 : align16(chunk * from.bytes);
  const yBytes = moved ? n * to.bytes : yAt >= 0 ? 0 : align16(chunk * to.bytes);
  const Carrier = out?.kind === 'host' ? out.source.Class : defaultCarrier(to);
  const data = yAt >= 0 ? null : out === null ? newResult(fn, Carrier, n, [n]) : out.source.fixed;
  let block = 0;
  let done = false;
  try {
    block = xBytes + yBytes > 0 ? acquireBlock(inst, xBytes + yBytes, what) : 0;
    const u8 = inst.m.HEAPU8; // after the call's last allocation: growth would replace it
    const yBlock = block + xBytes;
    for (let begin = 0; begin < n; begin += chunk) {
      const len = min(chunk, n - begin);
      if (xAt < 0) copyIn(inst, u8, x.source, block, begin, len);
      const y = data !== null ? yBlock : (moved ? yBlock : yAt) + begin * to.bytes;
      checkRun(inst.core.convert(from.code, to.code, xAt < 0 ? block : xAt + begin * from.bytes, y, len));
      if (data !== null) copyOut(inst, u8, Carrier, yBlock, len, data, begin);
    }
    if (moved) inst.core.move(yAt, yBlock, n * to.bytes);
    done = true;
  } finally {
    if (block !== 0) releaseBlock(inst, block);
    if (made !== 0 && !done) inst.core.free(made);
  }
  if (made !== 0) return adoptBlock(inst, made, to.name, x.shape, n);
  return out === null ? data : out.kind === 'resident' ? out.tensor : out.source.view;
}
