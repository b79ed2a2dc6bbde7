// What web/ needs of the core, and nothing else: validation, errors and the public API live in
// web/; this file only marshals.
//
// The ABI, exported by name through Embind at load (web/abi.js reads it at init(), so JS never
// copies a code): the dtype, op, status and broadcast-mode enums, expanded from their lists in
// src/; the scratch layout; kMaxRank; each dtype's element size (ELEMENT_SIZE_<name>).
//
// The calls (tw_*) take no arguments: web/engine.js writes them into the scratch area first.
// They are plain wasm exports (EMSCRIPTEN_KEEPALIVE), not Embind functions, whose eval-free
// invoker costs several times more per call (README, "Performance"); tiny ops make two calls.
//
// Scratch layout (32-bit words):
//   [0] rank of A, [1] rank of B, [kDimsA..) kMaxRank dims of A, [kDimsB..) kMaxRank dims of B;
//   written back by tw_plan: [kOut] rank of the output, [kOut+1] conflict axis (or -1),
//   [kOut+2] the plan's row length, [kOut+3] 1 when its arithmetic is heavy (ops.h), then
//   [kOutDims..) kMaxRank dims of the output;
//   [kArgs + Arg] the arguments: op, dtype, mode, has_axis, axis (tw_plan); a, b, y
//   (tw_run_range, which takes begin and end as arguments); dtype, b, count (tw_any_zero);
//   [kProbe], [kProbe+1] two words web/memory.js writes and reads back through a buffer to tell
//   whether that buffer is this memory.
#include <emscripten/bind.h>
#include <emscripten/emmalloc.h>
#include <emscripten/emscripten.h>

#include <cstdint>
#include <cstring>

#include "binary.h"
#include "broadcast.h"
#include "dtype.h"
#include "ops.h"
#include "status.h"

namespace {

using namespace tensorwise;

constexpr int kDimsA = 2;
constexpr int kDimsB = kDimsA + kMaxRank;
constexpr int kOut = kDimsB + kMaxRank;
constexpr int kOutDims = kOut + 4;
constexpr int kArgs = kOutDims + kMaxRank;
// The arguments' words after kArgs, in this order.
#define TW_SCRATCH_ARGS(X) X(op) X(dtype) X(mode) X(has_axis) X(axis) X(a) X(b) X(y) X(count)
enum class Arg : int {
#define TW_ENUM(name) name,
  TW_SCRATCH_ARGS(TW_ENUM)
#undef TW_ENUM
  count_of_args
};
constexpr int kProbe = kArgs + static_cast<int>(Arg::count_of_args);
uint32_t g_scratch[kProbe + 2];

// The plan of the last tw_plan, run by tw_run_range: one broadcast per call, however many
// ranges, on however many threads (workers of the threaded build read it, and the pointers in
// the scratch area, from the shared memory; the calling thread changes neither while they run).
BinaryPlan g_plan;

uint32_t arg(Arg i) { return g_scratch[kArgs + static_cast<int>(i)]; }

bool known_dtype(uint32_t code) { return code < static_cast<uint32_t>(kDTypeCount); }

bool known_mode(uint32_t code) {
#define TW_CASE(name) if (code == static_cast<uint32_t>(BroadcastMode::name)) return true;
  TW_BROADCAST_MODES(TW_CASE)
#undef TW_CASE
  return false;
}


}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE uintptr_t tw_scratch() { return reinterpret_cast<uintptr_t>(g_scratch); }

// Broadcasts the shapes in the scratch area and plans the op: writes the output shape (also when
// it is too large to compute, for broadcastShapes) or the conflict back.
EMSCRIPTEN_KEEPALIVE int tw_plan() {
  g_plan = BinaryPlan{};
  g_scratch[kOut] = 0;
  g_scratch[kOut + 1] = static_cast<uint32_t>(-1);
  const int rank_a = static_cast<int>(g_scratch[0]), rank_b = static_cast<int>(g_scratch[1]);
  if (rank_a > kMaxRank || rank_b > kMaxRank) return static_cast<int>(Status::rank_too_large);
  if (!known_op(arg(Arg::op)) || !known_dtype(arg(Arg::dtype)) || !known_mode(arg(Arg::mode)))
    return static_cast<int>(Status::invalid_call);
  size_t a[kMaxRank], b[kMaxRank];
  for (int i = 0; i < rank_a; ++i) a[i] = g_scratch[kDimsA + i];
  for (int i = 0; i < rank_b; ++i) b[i] = g_scratch[kDimsB + i];
  const BroadcastSpec spec{static_cast<BroadcastMode>(arg(Arg::mode)), arg(Arg::has_axis) != 0,
                           static_cast<int32_t>(arg(Arg::axis))};
  Broadcast r;
  Status s = broadcast_shapes(spec, a, rank_a, b, rank_b, &r);
  g_scratch[kOut + 1] = static_cast<uint32_t>(r.conflict_axis);
  if (s != Status::ok) return static_cast<int>(s);
  g_scratch[kOut] = static_cast<uint32_t>(r.rank);
  for (int i = 0; i < r.rank; ++i) g_scratch[kOutDims + i] = static_cast<uint32_t>(r.out[i]);
  s = plan_binary(static_cast<Op>(arg(Arg::op)), static_cast<DType>(arg(Arg::dtype)), r, &g_plan);
  // The plan's rows (its innermost compressed run): a split between threads cuts whole rows, or
  // rows at multiples of 64 bytes, so that every element takes the path it takes on one thread.
  g_scratch[kOut + 2] = g_plan.rank > 0 ? static_cast<uint32_t>(g_plan.size[0]) : 1;
  g_scratch[kOut + 3] = heavy_arithmetic(static_cast<Op>(arg(Arg::op)), static_cast<DType>(arg(Arg::dtype))) ? 1 : 0;
  return static_cast<int>(s);
}

// Output elements [begin, end) of the last plan, with the a, b and y of the scratch area. Plain
// arguments: a worker calls this export of its own instance (bindings/stack.S gives it a stack).
EMSCRIPTEN_KEEPALIVE int tw_run_range(uint32_t begin, uint32_t end) {
  if (begin > end || end > g_plan.count) return static_cast<int>(Status::invalid_call);
  run_binary(g_plan, arg(Arg::a), arg(Arg::b), arg(Arg::y), begin, end);
  return static_cast<int>(Status::ok);
}

// 1 when one of the count elements at b is zero.
EMSCRIPTEN_KEEPALIVE int tw_any_zero() {
  if (!known_dtype(arg(Arg::dtype))) return static_cast<int>(Status::invalid_call);
  return any_zero(static_cast<DType>(arg(Arg::dtype)), reinterpret_cast<const void*>(arg(Arg::b)), arg(Arg::count)) ? 1 : 0;
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

EMSCRIPTEN_BINDINGS(tensorwise_abi) {
  using emscripten::constant;
  using emscripten::enum_;
  enum_<DType> dtypes("DType");
#define TW_VALUE(name, ctype, kind, js) dtypes.value(#js, DType::name);
  TW_DTYPES(TW_VALUE)
#undef TW_VALUE
  enum_<Op> ops("Op");
#define TW_VALUE(name, functor) ops.value(#name, Op::name);
  TW_OPS(TW_VALUE)
#undef TW_VALUE
  enum_<Status> statuses("Status");
#define TW_VALUE(name) statuses.value(#name, Status::name);
  TW_STATUSES(TW_VALUE)
#undef TW_VALUE
  enum_<BroadcastMode> modes("BroadcastMode");
#define TW_VALUE(name) modes.value(#name, BroadcastMode::name);
  TW_BROADCAST_MODES(TW_VALUE)
#undef TW_VALUE
  enum_<Arg> args("ScratchArg");
#define TW_VALUE(name) args.value(#name, Arg::name);
  TW_SCRATCH_ARGS(TW_VALUE)
#undef TW_VALUE
  constant("MAX_RANK", kMaxRank);
  constant("SCRATCH_DIMS_A", kDimsA);
  constant("SCRATCH_DIMS_B", kDimsB);
  constant("SCRATCH_OUT", kOut);
  constant("SCRATCH_ROW", kOut + 2);
  constant("SCRATCH_HEAVY", kOut + 3);
  constant("SCRATCH_PROBE", kProbe);
  constant("SCRATCH_OUT_DIMS", kOutDims);
  constant("SCRATCH_ARGS", kArgs);
  // Element sizes as constants: an Embind function would bring its whole invoker into the glue.
#define TW_SIZE(name, ctype, kind, js) constant("ELEMENT_SIZE_" #js, static_cast<int>(sizeof(ctype)));
  TW_DTYPES(TW_SIZE)
#undef TW_SIZE
}
