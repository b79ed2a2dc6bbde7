// The code a pool worker runs (web/pool.js), as source text: Node starts it with
// new Worker(source, { eval: true }), a page from a Blob URL. No file to place, so every
// bundler and CDN serves it as it serves the rest. The function must use nothing from outside
// itself: its text and the protocol's (pool-protocol.js) are all the worker gets.
//
// The worker instantiates the threaded build's compiled module on the shared memory, without
// the Emscripten glue and without running constructors (with --shared-memory, wasm-ld's start
// function copies the data segments in only once, behind an atomic flag: a second instance
// leaves the calling thread's statics alone), sets its own stack, then runs chunks of the ops
// the calling thread publishes in the control block.
// `require` is Node's (an eval worker has it in scope), passed in as a parameter so that no
// bundler mistakes the call below for a dependency of the package; undefined in a page.
import { poolProtocol } from './pool-protocol.js';

function tensorwiseWorker({ W, chunkRange, claim }, require) {
  const node = typeof require === 'function';
  const port = node ? require('node:worker_threads').parentPort : null;
  const post = (message) => (node ? port.postMessage(message) : self.postMessage(message));

  function loop(ctl, slot, runRange) {
    let seq = Atomics.load(ctl, W.SEQ);
    for (;;) {
      let s = Atomics.load(ctl, W.SEQ);
      if (s === seq) {
        // Spin a while after an op: ops back to back then find this thread awake.
        const until = performance.now() + Atomics.load(ctl, W.SPIN_US) / 1000;
        for (let k = 0; (s = Atomics.load(ctl, W.SEQ)) === seq; ++k) {
          if ((k & 63) === 0 && performance.now() > until) break;
        }
        if (s === seq) {
          Atomics.store(ctl, slot, 1); // asleep: the calling thread notifies
          Atomics.wait(ctl, W.SEQ, seq);
          Atomics.store(ctl, slot, 0);
          continue;
        }
      }
      seq = s;
      const tag = seq & W.TAG_MASK;
      for (let c; (c = claim(ctl, tag)) >= 0;) {
        // Read after a successful claim: the op cannot end (and these change) before the chunk
        // is counted done.
        const [begin, end] = chunkRange(ctl, c);
        if (runRange(begin, end) !== 0) Atomics.store(ctl, slot + 2, 1); // a status the core should never give
        Atomics.add(ctl, W.DONE, 1);
      }
    }
  }

  function start(d) {
    const imports = {};
    for (const imp of WebAssembly.Module.imports(d.module)) {
      const space = (imports[imp.module] ??= {});
      if (imp.kind === 'memory') space[imp.name] = d.memory;
      else space[imp.name] = () => { throw new Error(`tensorwise worker: ${imp.module}.${imp.name} is not for workers`); };
    }
    const instance = new WebAssembly.Instance(d.module, imports);
    instance.exports[d.names.setStack](d.stackTop);
    post({ type: 'ready' });
    loop(d.ctl, d.slot, instance.exports[d.names.runRange]);
  }

  const onMessage = (d) => {
    try {
      start(d);
    } catch (error) {
      post({ type: 'error', message: String(error?.message ?? error) });
    }
  };
  if (node) port.once('message', onMessage);
  else self.onmessage = (event) => onMessage(event.data);
}

export const WORKER_SOURCE =
  `(${tensorwiseWorker})((${poolProtocol})(), typeof require === 'function' ? require : undefined);`;
