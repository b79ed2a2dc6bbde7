// onnxruntime-web with 2 threads, for bench/bench.js, which starts this as a child process
// (onnxruntime-web's wasm backend takes its thread count once per process). It answers the
// parent's messages one at a time: 'hello'; 'case' (make a session for one op, its node's
// attributes and its inputs; with `check`, answer with the output C of a first run, for the
// parent to compare); 'batch' (run it `count` times, timed here: µs per call).
import * as ort from 'onnxruntime-web';
import { binaryModel } from './onnx-model.js';

ort.env.wasm.numThreads = 2;
ort.env.wasm.simd = true;
ort.env.logLevel = 'error';

let session = null;
let feeds = null;
const now = () => Number(process.hrtime.bigint()) / 1e3;

async function answer(m) {
  if (m.type === 'hello') return {};
  if (m.type === 'case') {
    await session?.release();
    session = null;
    session = await ort.InferenceSession.create(binaryModel(m.op, m.dtype, m.shapeA, m.shapeB, m.outShape, m.attributes),
      { executionProviders: ['wasm'] });
    feeds = { A: new ort.Tensor(m.dtype, m.a, m.shapeA), B: new ort.Tensor(m.dtype, m.b, m.shapeB) };
    const { C } = await session.run(feeds);
    return m.check ? { c: C.data } : {};
  }
  if (m.type === 'batch') {
    const s = now();
    for (let i = 0; i < m.count; ++i) await session.run(feeds);
    const us = (now() - s) / m.count;
    // This batch's garbage (its results) collected now, not later while the parent's batches run.
    globalThis.gc?.();
    return { us };
  }
  throw new Error(`unknown message ${m.type}`);
}

process.on('message', (m) => {
  answer(m).then((reply) => process.send(reply), (error) => process.send({ error: String(error?.message ?? error) }));
});
process.on('disconnect', () => process.exit(0));
