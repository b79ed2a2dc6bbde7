// The control block the calling thread and the pool's workers share (web/pool.js,
// web/pool-worker.js): its word indexes, how a chunk number maps to output elements, and how a
// chunk is claimed. One function, so that the worker's source text (built from it) and the
// calling thread read the same layout: it must use nothing from outside itself.
export function poolProtocol() {
  const W = {
    SEQ: 0, // bumped for each op; workers wait on it
    NEXT: 1, // (op tag << TAG_SHIFT) | next chunk: a worker waking late cannot claim a later op's chunk
    SPIN_US: 3, // how long workers spin after an op before they sleep
    DONE: 4, // chunks of the op finished
    CHUNKS: 5, // chunks in the op
    PIECE: 6, // elements per chunk, before its ends are moved back to a place allowed
    END: 7, // output elements in the op
    ROW: 8, // the plan's row length: the kernel starts again at every multiple of it
    ALIGN: 9, // elements in 64 bytes
    SLOT: 16, // worker i's words at SLOT + SLOT_WORDS * i: [0] asleep, [2] a core status was not ok
    SLOT_WORDS: 16,
    TAG_SHIFT: 20,
    TAG_MASK: 0x7ff,
  };
  const INDEX_MASK = (1 << W.TAG_SHIFT) - 1;

  // Where a chunk may start near element q: q moved back to a multiple of 64 bytes from the
  // start of its row (so to the row's start at most). A SIMD body never unrolls past 64 bytes
  // and a row's tail stays its tail, so every element takes the path it takes when one thread
  // runs the whole op: the same bits.
  const split = (ctl, q) => q - ((q % ctl[W.ROW]) % ctl[W.ALIGN]);

  // [begin, end) of chunk c (it may be empty).
  function chunkRange(ctl, c) {
    const piece = ctl[W.PIECE], end = ctl[W.END];
    return [split(ctl, c * piece), (c + 1) * piece >= end ? end : split(ctl, (c + 1) * piece)];
  }

  // The next chunk of the op tagged `tag`, or -1 when none is left (or another op is published).
  function claim(ctl, tag) {
    for (;;) {
      const w = Atomics.load(ctl, W.NEXT);
      if (((w >>> W.TAG_SHIFT) & W.TAG_MASK) !== tag) return -1;
      const i = w & INDEX_MASK;
      if (i >= Atomics.load(ctl, W.CHUNKS)) return -1;
      if (Atomics.compareExchange(ctl, W.NEXT, w, w + 1) === w) return i;
    }
  }

  return { W, chunkRange, claim };
}
