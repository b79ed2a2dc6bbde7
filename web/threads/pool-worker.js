// The code a pool worker runs (web/threads/pool.js), as source text: Node starts it with
// new Worker(source, { eval: true }), a page from a Blob URL; then one message gives it the
// module, the memory, its stack and its slot. No file
// to place, so every bundler and CDN serves it as it serves the rest. The function must use
// nothing from outside itself: its text and the protocol's (pool-protocol.js) are all the worker
// gets.
//
// The worker instantiates the threaded build's compiled module on the shared memory, without
// the Emscripten glue and without running constructors (with --shared-memory, wasm-ld's start
// function copies the data segments in only once, behind an atomic flag: a second instance
// leaves the calling thread's statics alone), sets its own stack, says it runs (its STATE word:
// the calling thread sees it at once, with no message to wait for), then takes tiles of the ops
// the calling thread publishes until it is told to quit.
// `require` is Node's (an eval worker has it in scope), passed in as a parameter so that no
// bundler mistakes the call below for a dependency of the package; undefined in a page.
import { poolProtocol } from './pool-protocol.js';

function tensorwiseWorker(poolProtocol, require) {
  const { W, tileBegin, tileEnd, claim } = poolProtocol(Atomics);
  const node = typeof require === 'function';

  // Takes tiles of the op `seq` until none is left; `id` says which workspace is this thread's.
  function work(ctl, seq, run, id) {
    const tag = seq & W.TAG_MASK;
    for (let c; (c = claim(ctl, tag)) >= 0;) {
      // Read after a successful claim: the op cannot end (and these change) before the tile is
      // counted done, which happens whatever run does.
      let status = -1;
      try {
        status = run(ctl[W.PLAN], ctl[W.BASES], ctl[W.WS] + id * ctl[W.WS_BYTES], tileBegin(ctl, c), tileEnd(ctl, c));
      } finally {
        if (status !== 0) Atomics.or(ctl, W.STATUS, status === -1 ? 0x40000000 : status);
        Atomics.add(ctl, W.WORKED, 1);
        Atomics.add(ctl, W.DONE, 1);
        if (Atomics.load(ctl, W.WAITING) !== 0) Atomics.notify(ctl, W.DONE);
      }
    }
  }

  function loop(ctl, slot, run) {
    const state = slot + W.STATE, quit = slot + W.QUIT;
    const id = 1 + (slot - W.SLOT) / W.SLOT_WORDS;
    let seq = Atomics.load(ctl, W.SEQ);
    Atomics.store(ctl, state, W.RUNNING);
    // An op published while this worker started may still have tiles.
    if (Atomics.load(ctl, quit) === 0) work(ctl, seq, run, id);
    while (Atomics.load(ctl, quit) === 0) {
      // Asleep between ops, never spinning: a spinning worker that the system placed on the
      // calling thread's CPU kept that thread from running for as long as it spun
      // (docs/performance.md, "Threads").
      Atomics.store(ctl, state, W.ASLEEP); // the calling thread wakes sleepers
      if (Atomics.load(ctl, W.SEQ) === seq && Atomics.load(ctl, quit) === 0) Atomics.wait(ctl, W.SEQ, seq);
      Atomics.store(ctl, state, W.RUNNING);
      const s = Atomics.load(ctl, W.SEQ);
      if (s === seq) continue;
      seq = s;
      work(ctl, seq, run, id);
    }
    Atomics.store(ctl, state, W.EXITED);
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
    loop(d.ctl, d.slot, instance.exports[d.names.run]);
  }

  if (node) {
    require('node:worker_threads').parentPort.once('message', start);
  } else {
    self.onmessage = (event) => {
      start(event.data);
      self.close();
    };
  }
}

export const WORKER_SOURCE =
  `(${tensorwiseWorker})(${poolProtocol}, typeof require === 'function' ? require : undefined);`;
