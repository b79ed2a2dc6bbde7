// Embind surface: small underscore-named functions on pointers and a shape scratch area.
// Validation, errors and the public API live in web/; this file only marshals.
//
// Scratch layout (uint32 words), written by web/engine.js before each call:
//   [0] rank of A, [1] rank of B, [2..2+kMaxRank) dims of A, then kMaxRank dims of B;
//   written back by _broadcast / _binary: [kOut] rank of the output, [kOut+1] conflict axis
//   (or -1), then kMaxRank dims of the output.
#include <emscripten/bind.h>

#include <cstdint>

#include "binary.h"
#include "broadcast.h"

namespace {

using namespace tensorwise;

constexpr int kDimsA = 2;
constexpr int kDimsB = kDimsA + kMaxRank;
constexpr int kOut = kDimsB + kMaxRank;
constexpr int kOutDims = kOut + 2;
uint32_t g_scratch[kOutDims + kMaxRank];

uintptr_t scratch() { return reinterpret_cast<uintptr_t>(g_scratch); }

// Reads the shapes from the scratch area and writes the output shape (or the conflict) back.
Status broadcast_from_scratch(int mode, bool has_axis, int axis, Broadcast* r) {
  const int rank_a = static_cast<int>(g_scratch[0]), rank_b = static_cast<int>(g_scratch[1]);
  if (rank_a > kMaxRank || rank_b > kMaxRank) return Status::rank_too_large;
  size_t a[kMaxRank], b[kMaxRank];
  for (int i = 0; i < rank_a; ++i) a[i] = g_scratch[kDimsA + i];
  for (int i = 0; i < rank_b; ++i) b[i] = g_scratch[kDimsB + i];
  const BroadcastSpec spec{static_cast<BroadcastMode>(mode), has_axis, axis};
  const Status s = broadcast_shapes(spec, a, rank_a, b, rank_b, r);
  g_scratch[kOut] = static_cast<uint32_t>(s == Status::ok ? r->rank : 0);
  g_scratch[kOut + 1] = static_cast<uint32_t>(r->conflict_axis);
  for (int i = 0; s == Status::ok && i < r->rank; ++i) g_scratch[kOutDims + i] = static_cast<uint32_t>(r->out[i]);
  return s;
}

int broadcast(int mode, bool has_axis, int axis) {
  Broadcast r;
  return static_cast<int>(broadcast_from_scratch(mode, has_axis, axis, &r));
}

int binary_op(int op, int dtype, int mode, bool has_axis, int axis, bool zero_is_error, uintptr_t a, uintptr_t b,
              uintptr_t y) {
  Broadcast r;
  const Status s = broadcast_from_scratch(mode, has_axis, axis, &r);
  if (s != Status::ok) return static_cast<int>(s);
  return static_cast<int>(binary(static_cast<Op>(op), static_cast<DType>(dtype), r, reinterpret_cast<const void*>(a),
                                 reinterpret_cast<const void*>(b), reinterpret_cast<void*>(y), zero_is_error));
}

}  // namespace

EMSCRIPTEN_BINDINGS(tensorwise) {
  emscripten::function("_scratch", &scratch);
  emscripten::function("_broadcast", &broadcast);
  emscripten::function("_binary", &binary_op);
}
