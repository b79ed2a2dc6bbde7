// The control block the calling thread and the pool's workers share (web/threads/pool.js,
// web/threads/pool-worker.js): its word indexes, how a tile number maps to output elements, and how a
// tile is claimed. One function, so that the worker's source text (built from it) and the
// calling thread read the same layout: it must use nothing from outside itself but the Atomics
// it is given (the calling thread's, captured when the package loaded).
export function poolProtocol(Atomics) {
  const W = {
    SEQ: 0, // bumped for each op; sleeping workers wait on it
    NEXT: 1, // (op tag << TAG_SHIFT) | next tile: a worker waking late cannot claim a later op's tile
    TILES: 2, // tiles in the op
    DONE: 3, // tiles of the op finished (by any thread)
    STATUS: 4, // core statuses other than ok that workers got in this op, or-ed (a bug if ever set)
    PIECE: 5, // elements per tile, before its ends are moved back to a place allowed
    END: 6, // output elements in the op
    ROW: 7, // the plan's row length: a tile starts at a multiple of ALIGN from a row's start
    ALIGN: 8, // elements: where in a row a tile may start (the plan's blocks, or the kernels' unroll)
    WORKED: 10, // tiles workers have run, all ops together (for the tests)
    WAITING: 11, // 1 while the calling thread sleeps on DONE: a worker that finishes a tile wakes it
    PLAN: 12, // the op's plan, its inputs' and output's addresses, and the workspaces: thread t
    BASES: 13, //   (0 the calling thread, a worker its slot + 1) has WS_BYTES at WS + t * WS_BYTES
    WS: 14,
    WS_BYTES: 15,
    SLOT: 16, // worker i's words at SLOT + SLOT_WORDS * i: [STATE], [QUIT]
    SLOT_WORDS: 4,
    STATE: 0, // STARTING, RUNNING, ASLEEP (waiting on SEQ: notify to wake it), EXITED
    QUIT: 1, // set by the calling thread: finish the tile in hand, claim no more, exit
    STARTING: 0,
    RUNNING: 1,
    ASLEEP: 2,
    EXITED: 3,
    TAG_SHIFT: 18,
    TAG_MASK: 0x1fff,
  };
  const INDEX_MASK = (1 << W.TAG_SHIFT) - 1;
  W.MAX_TILES = INDEX_MASK; // the index may pass TILES by one, never into the tag

  // Where a tile may start near element q: q moved back to a multiple of ALIGN from the start of
  // its row (so to the row's start at most): where the plan's blocks start, or in a plan of whole
  // rows where every SIMD body's unroll divides it (checked in the core). Every element then takes
  // the path it takes when one thread runs the whole op: the same bits (src/plan.h).
  const split = (ctl, q) => q - ((q % ctl[W.ROW]) % ctl[W.ALIGN]);

  // The first and the end element of tile c (it may be empty).
  const tileBegin = (ctl, c) => split(ctl, c * ctl[W.PIECE]);
  const tileEnd = (ctl, c) => ((c + 1) * ctl[W.PIECE] >= ctl[W.END] ? ctl[W.END] : split(ctl, (c + 1) * ctl[W.PIECE]));

  // The next tile of the op tagged `tag`, or -1 when none is left (or another op is published).
  function claim(ctl, tag) {
    for (;;) {
      const w = Atomics.load(ctl, W.NEXT);
      if (((w >>> W.TAG_SHIFT) & W.TAG_MASK) !== tag) return -1;
      const i = w & INDEX_MASK;
      if (i >= Atomics.load(ctl, W.TILES)) return -1;
      if (Atomics.compareExchange(ctl, W.NEXT, w, w + 1) === w) {
        // NEXT was still (tag, i): tile i of this op was unclaimed, so the op cannot have ended
        // and TILES is still its own. (If the tag had wrapped round to an op with fewer tiles,
        // the index may be past them: that is no tile.)
        return i < Atomics.load(ctl, W.TILES) ? i : -1;
      }
    }
  }

  // Ends the claiming of the op tagged `tag` (no tile can be claimed after it) and gives how many
  // were claimed: the op is over when DONE reaches that.
  function close(ctl, tag) {
    for (;;) {
      const w = Atomics.load(ctl, W.NEXT);
      const tiles = Atomics.load(ctl, W.TILES);
      const i = w & INDEX_MASK;
      if (i >= tiles) return tiles;
      if (Atomics.compareExchange(ctl, W.NEXT, w, (tag << W.TAG_SHIFT) | tiles) === w) return i;
    }
  }

  return { W, tileBegin, tileEnd, claim, close };
}
