// The calls web/ makes into the core: plain wasm exports on pointers and a scratch area.
// Validation, errors and the public API live in web/; this file only marshals.
//
// The calls take no arguments: web/engine.js writes them into the scratch area first. They are
// exported directly (EMSCRIPTEN_KEEPALIVE) rather than through Embind, whose eval-free invoker
// cost ~100-130 ns a call here against ~12 ns for an export: tiny ops make several calls.
//
// Scratch layout (32-bit words):
//   [0] rank of A, [1] rank of B, [2..2+kMaxRank) dims of A, then kMaxRank dims of B;
//   written back by tw_plan: [kOut] rank of the output, [kOut+1] conflict axis (or -1), then
//   kMaxRank dims of the output;
//   [kArgs..) the arguments: op, dtype, mode, has_axis, axis (tw_plan); a, b, y, begin, end
//   (tw_run); dtype, b, count (tw_any_zero).
#include <emscripten/emmalloc.h>
#include <emscripten/emscripten.h>

#include <cstdint>

#include "binary.h"
#include "broadcast.h"

namespace {

using namespace tensorwise;

constexpr int kDimsA = 2;
constexpr int kDimsB = kDimsA + kMaxRank;
constexpr int kOut = kDimsB + kMaxRank;
constexpr int kOutDims = kOut + 2;
constexpr int kArgs = kOutDims + kMaxRank;
enum Arg { kOp, kDType, kMode, kHasAxis, kAxis, kA, kB, kY, kBegin, kEnd, kCount, kArgCount };
uint32_t g_scratch[kArgs + kArgCount];

// The plan of the last tw_plan, run by tw_run: one broadcast per call, however many ranges.
BinaryPlan g_plan;

uint32_t arg(Arg i) { return g_scratch[kArgs + i]; }

bool known_dtype(uint32_t code) { return code < kDTypeCount; }

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
  if (arg(kOp) > static_cast<uint32_t>(Op::div_floor) || !known_dtype(arg(kDType)) ||
      arg(kMode) > static_cast<uint32_t>(BroadcastMode::onnx_legacy))
    return static_cast<int>(Status::invalid_call);
  size_t a[kMaxRank], b[kMaxRank];
  for (int i = 0; i < rank_a; ++i) a[i] = g_scratch[kDimsA + i];
  for (int i = 0; i < rank_b; ++i) b[i] = g_scratch[kDimsB + i];
  const BroadcastSpec spec{static_cast<BroadcastMode>(arg(kMode)), arg(kHasAxis) != 0,
                           static_cast<int32_t>(arg(kAxis))};
  Broadcast r;
  Status s = broadcast_shapes(spec, a, rank_a, b, rank_b, &r);
  g_scratch[kOut + 1] = static_cast<uint32_t>(r.conflict_axis);
  if (s != Status::ok) return static_cast<int>(s);
  g_scratch[kOut] = static_cast<uint32_t>(r.rank);
  for (int i = 0; i < r.rank; ++i) g_scratch[kOutDims + i] = static_cast<uint32_t>(r.out[i]);
  return static_cast<int>(plan_binary(static_cast<Op>(arg(kOp)), static_cast<DType>(arg(kDType)), r, &g_plan));
}

// Output elements [begin, end) of the last plan.
EMSCRIPTEN_KEEPALIVE int tw_run() {
  const size_t begin = arg(kBegin), end = arg(kEnd);
  if (begin > end || end > g_plan.count) return static_cast<int>(Status::invalid_call);
  run_binary(g_plan, arg(kA), arg(kB), arg(kY), begin, end);
  return static_cast<int>(Status::ok);
}

// 1 when one of the count elements at b is zero.
EMSCRIPTEN_KEEPALIVE int tw_any_zero() {
  if (!known_dtype(arg(kDType))) return static_cast<int>(Status::invalid_call);
  return any_zero(static_cast<DType>(arg(kDType)), reinterpret_cast<const void*>(arg(kB)), arg(kCount)) ? 1 : 0;
}

// Bytes of wasm memory handed out by malloc and not yet freed (for the leak tests).
EMSCRIPTEN_KEEPALIVE size_t tw_memory_in_use() {
  return emmalloc_dynamic_heap_size() - emmalloc_free_dynamic_memory();
}

}  // extern "C"
