// Embind surface: small underscore-named functions on pointers and a scratch area. Validation,
// errors and the public API live in web/; this file only marshals.
//
// The calls take no arguments: web/engine.js writes them into the scratch area first. Embind's
// invoker (built without eval, for strict Content-Security-Policies) costs about 15 ns per
// argument, which a [64] x [64] op felt; a store into HEAP32 costs about nothing.
//
// Scratch layout (32-bit words):
//   [0] rank of A, [1] rank of B, [2..2+kMaxRank) dims of A, then kMaxRank dims of B;
//   written back by _broadcast / _binary: [kOut] rank of the output, [kOut+1] conflict axis
//   (or -1), then kMaxRank dims of the output;
//   [kArgs..kArgs+9) the call's arguments: op, dtype, mode, has_axis, axis, zero_is_error, and
//   the byte addresses of a, b and y (the last three used by _binary only).
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
constexpr int kArgs = kOutDims + kMaxRank;
enum Arg { kOp, kDType, kMode, kHasAxis, kAxis, kZeroIsError, kA, kB, kY, kArgCount };
uint32_t g_scratch[kArgs + kArgCount];

uintptr_t scratch() { return reinterpret_cast<uintptr_t>(g_scratch); }

uint32_t arg(Arg i) { return g_scratch[kArgs + i]; }

// Reads the shapes and the mode from the scratch area and writes the output shape (or the
// conflict) back.
Status broadcast_from_scratch(Broadcast* r) {
  const int rank_a = static_cast<int>(g_scratch[0]), rank_b = static_cast<int>(g_scratch[1]);
  if (rank_a > kMaxRank || rank_b > kMaxRank) return Status::rank_too_large;
  size_t a[kMaxRank], b[kMaxRank];
  for (int i = 0; i < rank_a; ++i) a[i] = g_scratch[kDimsA + i];
  for (int i = 0; i < rank_b; ++i) b[i] = g_scratch[kDimsB + i];
  const BroadcastSpec spec{static_cast<BroadcastMode>(arg(kMode)), arg(kHasAxis) != 0,
                           static_cast<int>(static_cast<int32_t>(arg(kAxis)))};
  const Status s = broadcast_shapes(spec, a, rank_a, b, rank_b, r);
  g_scratch[kOut] = static_cast<uint32_t>(s == Status::ok ? r->rank : 0);
  g_scratch[kOut + 1] = static_cast<uint32_t>(r->conflict_axis);
  for (int i = 0; s == Status::ok && i < r->rank; ++i) g_scratch[kOutDims + i] = static_cast<uint32_t>(r->out[i]);
  return s;
}

int broadcast() {
  Broadcast r;
  return static_cast<int>(broadcast_from_scratch(&r));
}

int binary_op() {
  Broadcast r;
  const Status s = broadcast_from_scratch(&r);
  if (s != Status::ok) return static_cast<int>(s);
  const auto address = [](Arg i) { return reinterpret_cast<void*>(static_cast<uintptr_t>(arg(i))); };
  return static_cast<int>(binary(static_cast<Op>(arg(kOp)), static_cast<DType>(arg(kDType)), r, address(kA),
                                 address(kB), address(kY), arg(kZeroIsError) != 0));
}

}  // namespace

EMSCRIPTEN_BINDINGS(tensorwise) {
  emscripten::function("_scratch", &scratch);
  emscripten::function("_broadcast", &broadcast);
  emscripten::function("_binary", &binary_op);
}
