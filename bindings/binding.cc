// What web/ needs of the core, and nothing else: validation, errors and the public API live in
// web/; this file marshals, and says what the core is.
//
// What the core is (its lists, facts, limits and scratch layout) is in bindings/facts.h: the
// module exports only its hash, tw_abi_hash, which init() checks against the facts the JS layer
// was built with (dist/wasm-interface.js). (Plain exports rather than Embind: its registrations
// brought a formatted-printing library into the module and their runtime into the glue, several
// KB for a few dozen names: CONTRIBUTING.md, "Why plain exports, not Embind".)
//
// The calls (tw_*) are plain wasm exports (EMSCRIPTEN_KEEPALIVE). They follow src/plan.h: tw_reshape plans a program for its inputs' shapes into a Plan
// the caller owns (web/ allocates it: the limit plan_bytes); tw_run computes a range of its
// output on whichever thread calls it (the pool's workers call their instance's tw_run), given
// the inputs' and the output's addresses and a workspace of the plan's size for that thread;
// tw_check_divisors applies onZeroDivision 'error' before anything is written. tw_broadcast only
// broadcasts two shapes (broadcastShapes). tw_zero and tw_move take plain arguments. (Conversions
// run as plans: a program of no node casts its input as it loads it, web/api/convert.js.)
//
// Scratch layout (32-bit words; facts.h gives each field's offset), written by JS:
//   the program: dtype, store_dtype (the output's: the result is converted to it as it is
//   stored where it differs), inputs, literals, nodes, result (a value: inputs from 0, literals from
//   limit literal_base, nodes from limit node_base), reduction (a Reduction's code, keepdims in
//   bit 8; none for an element-wise program) and reduce_axes (bit d for the input's dim d), input_dtypes (one per input), node_words (op
//   | a << 8 | b << 16 per node), literal_words (two per literal: the element's low and high
//   words); the inputs' shapes: ranks, strided (1 for a strided view), dims and strides
//   (max_rank words per input, strides as int32 elements, read when strided); mode, has_axis,
//   axis; bases (each input's element 0, then the output's: tw_run and tw_check_divisors take
//   the field's address);
//   written back by tw_reshape and tw_broadcast: out_rank, conflict (axis or -1), out_dims; by
//   tw_reshape the plan's workspace_bytes, row and align (a thread's range starts at a multiple
//   of align from the start of a row: src/plan.h), heavy (1 when its arithmetic is heavy) and
//   rows (1 for a plan of whole rows, which runs without its workspace);
//   by tw_broadcast, also when the shapes do not broadcast (explain: true), how they align:
//   aligned_rank, start_a and start_b (int32: where each one's first dim stands among the
//   output's axes), conflicts (bit i for every conflicting axis i), aligned_a and aligned_b;
//   probe, probe + 1: two words web/memory/memory.js writes and reads back through a buffer to tell
//   whether that buffer is this memory.
#include <emscripten/emmalloc.h>
#include <emscripten/emscripten.h>

#include <cstdint>
#include <cstring>

#include "broadcast.h"
#include "dtype.h"
#include "ops.h"
#include "plan.h"
#include "facts.h"
#include "status.h"

namespace {

using namespace tensorwise;
using namespace tensorwise::abi;

uint32_t g_scratch[offset_of(Field::count_of_fields)];

uint32_t& word(Field f, int i = 0) { return g_scratch[offset_of(f) + i]; }

bool known_dtype(uint32_t code) { return code < static_cast<uint32_t>(kDTypeCount); }

bool known_mode(uint32_t code) {
#define TW_CASE(name) if (code == static_cast<uint32_t>(BroadcastMode::name)) return true;
  TW_BROADCAST_MODES(TW_CASE)
#undef TW_CASE
  return false;
}

// The broadcast mode and the inputs' shapes in the scratch area; false for a rank or mode code
// the core does not know (a bug in web/).
bool read_shapes(int inputs, BroadcastSpec* spec, InputShape* shapes, size_t (*dims)[kMaxRank], ptrdiff_t (*strides)[kMaxRank]) {
  if (!known_mode(word(Field::mode))) return false;
  *spec = BroadcastSpec{static_cast<BroadcastMode>(word(Field::mode)), word(Field::has_axis) != 0,
                        static_cast<int32_t>(word(Field::axis))};
  for (int i = 0; i < inputs; ++i) {
    const uint32_t rank = word(Field::ranks, i);
    if (rank > static_cast<uint32_t>(kMaxRank)) return false;
    for (uint32_t d = 0; d < rank; ++d) {
      dims[i][d] = word(Field::dims, i * kMaxRank + static_cast<int>(d));
      strides[i][d] = static_cast<int32_t>(word(Field::strides, i * kMaxRank + static_cast<int>(d)));
    }
    shapes[i] = InputShape{static_cast<int>(rank), dims[i], word(Field::strided, i) != 0 ? strides[i] : nullptr};
  }
  return true;
}

// The program in the scratch area into g; false for codes or counts the core does not know.
bool read_program(Program* g) {
  const uint32_t dtype = word(Field::dtype), inputs = word(Field::inputs), literals = word(Field::literals),
                 nodes = word(Field::nodes);
  if (!known_dtype(dtype) || !known_dtype(word(Field::store_dtype)) || inputs > kMaxInputs || literals > kMaxLiterals ||
      nodes > kMaxNodes)
    return false;
  g->dtype = static_cast<DType>(dtype);
  g->store_dtype = static_cast<DType>(word(Field::store_dtype));
  g->cast_store = g->store_dtype != g->dtype;
  g->inputs = static_cast<int>(inputs);
  g->literals = static_cast<int>(literals);
  g->nodes = static_cast<int>(nodes);
  g->result = static_cast<uint8_t>(word(Field::result));
  // A reduction: its code in the low byte, keepdims in bit 8.
  const uint32_t reduction = word(Field::reduction);
  if ((reduction & 0xFF) >= static_cast<uint32_t>(kReductionCount)) return false;
  g->reduction = static_cast<Reduction>(reduction & 0xFF);
  g->keepdims = (reduction >> 8) & 1;
  g->reduce_axes = word(Field::reduce_axes);
  for (int i = 0; i < g->inputs; ++i) {
    if (!known_dtype(word(Field::input_dtypes, i))) return false;
    g->input_dtype[i] = static_cast<DType>(word(Field::input_dtypes, i));
  }
  for (int j = 0; j < g->nodes; ++j) {
    const uint32_t w = word(Field::node_words, j);
    if (!known_op(w & 0xFF)) return false;
    g->node[j] = Node{static_cast<Op>(w & 0xFF), static_cast<uint8_t>(w >> 8), static_cast<uint8_t>(w >> 16)};
  }
  for (int j = 0; j < g->literals; ++j) {
    const uint32_t halves[2] = {word(Field::literal_words, 2 * j), word(Field::literal_words, 2 * j + 1)};
    std::memcpy(g->literal[j], halves, 8);
  }
  return valid_program(*g) && word(Field::result) < static_cast<uint32_t>(kMaxValues);
}

void write_shape(const Broadcast& r, Status s) {
  word(Field::conflict) = static_cast<uint32_t>(r.conflict_axis);
  word(Field::out_rank) = 0;
  if (s != Status::ok && s != Status::too_large) return;
  word(Field::out_rank) = static_cast<uint32_t>(r.rank);
  for (int i = 0; i < r.rank; ++i) word(Field::out_dims, i) = static_cast<uint32_t>(r.out[i]);
}

}  // namespace

extern "C" {

// The hash of every fact above (bindings/facts.h): init() checks it against the facts the JS
// layer was built with (dist/wasm-interface.js), which scripts/wasm-interface.mjs read from the
// facts program (bindings/facts_main.cc) built from the same lists.
EMSCRIPTEN_KEEPALIVE uint32_t tw_abi_hash() { return kAbiHash; }

EMSCRIPTEN_KEEPALIVE uintptr_t tw_scratch() { return reinterpret_cast<uintptr_t>(g_scratch); }

// Plans the program in the scratch area for the shapes there into *plan: writes the output's
// shape (also when it is too large to compute) or the conflict back, and the plan's facts.
EMSCRIPTEN_KEEPALIVE int tw_reshape(Plan* plan) {
  word(Field::out_rank) = 0;
  word(Field::conflict) = static_cast<uint32_t>(-1);
  BroadcastSpec spec;
  InputShape shapes[kMaxInputs];
  size_t dims[kMaxInputs][kMaxRank];
  ptrdiff_t strides[kMaxInputs][kMaxRank];
  if (!read_program(&plan->program) || !read_shapes(plan->program.inputs, &spec, shapes, dims, strides))
    return static_cast<int>(Status::invalid_call);
  Broadcast r;
  const Status s = reshape(plan, spec, shapes, &r);
  write_shape(r, s);
  word(Field::workspace_bytes) = static_cast<uint32_t>(plan->workspace_bytes);
  word(Field::row) = static_cast<uint32_t>(plan->row);
  word(Field::align) = static_cast<uint32_t>(plan->align);
  word(Field::heavy) = plan->heavy ? 1 : 0;
  word(Field::rows) = plan->rows ? 1 : 0;
  return static_cast<int>(s);
}

// Output elements [begin, end) of a plan. Plain arguments: a worker calls this export of its own
// instance (bindings/stack.S gives it a stack) with its own workspace.
EMSCRIPTEN_KEEPALIVE int tw_run(const Plan* plan, const uintptr_t* bases, unsigned char* workspace, uint32_t begin,
                                uint32_t end) {
  if (begin > end || end > plan->count) return static_cast<int>(Status::invalid_call);
  run_plan(*plan, bases, workspace, begin, end);
  return static_cast<int>(Status::ok);
}

// The onZeroDivision 'error' rule over a plan's divisors: Status::division_by_zero or ok.
EMSCRIPTEN_KEEPALIVE int tw_check_divisors(const Plan* plan, const uintptr_t* bases, unsigned char* workspace) {
  return static_cast<int>(check_divisors(*plan, bases, workspace));
}

// Broadcasts the first two shapes in the scratch area under the mode there: the output's shape,
// and how the shapes align, also when they do not broadcast (broadcastShapes' explain: true).
EMSCRIPTEN_KEEPALIVE int tw_broadcast() {
  word(Field::out_rank) = 0;
  word(Field::conflict) = static_cast<uint32_t>(-1);
  BroadcastSpec spec;
  InputShape shapes[2];
  size_t dims[2][kMaxRank];
  ptrdiff_t strides[2][kMaxRank];
  if (!read_shapes(2, &spec, shapes, dims, strides)) return static_cast<int>(Status::invalid_call);
  Broadcast r;
  const Status s = broadcast_shapes(spec, shapes[0].dims, shapes[0].rank, shapes[1].dims, shapes[1].rank, &r);
  write_shape(r, s);
  word(Field::aligned_rank) = static_cast<uint32_t>(r.rank);
  word(Field::start_a) = static_cast<uint32_t>(r.start_a);
  word(Field::start_b) = static_cast<uint32_t>(r.start_b);
  word(Field::conflicts) = r.conflicts;
  for (int i = 0; i < r.rank; ++i) {
    word(Field::aligned_a, i) = static_cast<uint32_t>(r.a[i]);
    word(Field::aligned_b, i) = static_cast<uint32_t>(r.b[i]);
  }
  return static_cast<int>(s);
}

// Zeroes n bytes at p, and moves n bytes from src to dst (they may overlap): in wasm, where they
// are memory.fill and memory.copy (bulk memory), as fast on a shared memory as on another. From
// JS, V8 fills and copies a SharedArrayBuffer element by element or word by word.
EMSCRIPTEN_KEEPALIVE void tw_zero(void* p, size_t n) { memset(p, 0, n); }
EMSCRIPTEN_KEEPALIVE void tw_move(void* dst, const void* src, size_t n) { memmove(dst, src, n); }

// Bytes of wasm memory handed out by malloc and not yet freed (for the leak tests).
EMSCRIPTEN_KEEPALIVE size_t tw_memory_in_use() {
  return emmalloc_dynamic_heap_size() - emmalloc_free_dynamic_memory();
}

}  // extern "C"
