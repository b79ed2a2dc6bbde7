// The broadcast rules (docs/contract.md, "Broadcasting"): from two shapes and a mode to the
// output shape and both input shapes aligned to it (padded with 1s), or a Status naming what is
// wrong and where.
#pragma once

#include <cstddef>
#include <cstdint>

#include "status.h"

namespace tensorwise {

constexpr int kMaxRank = 32;  // Broadcast::conflicts holds a bit per axis

// X(name), in this order from 0; the values are part of the binding ABI, exported by name.
#define TW_BROADCAST_MODES(X)                                                             \
  X(none)         /* identical shapes only */                                             \
  X(numpy)        /* multidirectional (ONNX >= 7, OpenVINO numpy) */                      \
  X(pdpd)         /* B onto A from axis, B's dims equal or 1, trailing 1s of B trimmed */ \
  X(onnx_legacy)  /* ONNX Mul/Div 1 and 6 with broadcast=1: size-1 B or an exact run of A */

enum class BroadcastMode : uint8_t {
#define TW_ENUM(name) name,
  TW_BROADCAST_MODES(TW_ENUM)
#undef TW_ENUM
};

struct BroadcastSpec {
  BroadcastMode mode = BroadcastMode::numpy;
  bool has_axis = false;  // pdpd treats "no axis" as -1; legacy as suffix matching
  int64_t axis = -1;
};

struct Broadcast {
  // The output's rank (A's in the pdpd and legacy modes), also when the shapes conflict (in
  // 'none' with different ranks, the larger rank: nothing is aligned then).
  int rank = 0;
  // Output dims and each input's dims aligned to them (1 where an input has none there); a and b
  // are filled also where they conflict, out only when the shapes broadcast.
  size_t out[kMaxRank];
  size_t a[kMaxRank];
  size_t b[kMaxRank];
  // Where each input's first dim stands among the output's axes (B's may be outside them, where
  // a B placed at `axis` does not fit).
  int start_a = 0;
  int start_b = 0;
  int conflict_axis = -1;  // for errors: the first conflicting axis of the output (A's in pdpd and legacy)
  uint32_t conflicts = 0;  // every conflicting axis, bit i for axis i
};

// Only the rules: dims are compared, never multiplied, so any dims up to SIZE_MAX are answered
// (broadcastShapes of huge shapes needs no memory). Whether the output fits is reshape's (plan.h).
Status broadcast_shapes(const BroadcastSpec& spec, const size_t* a, int rank_a, const size_t* b, int rank_b,
                        Broadcast* result);

// Product of dims, for dims known to fit (a plan's, a tensor's that exists).
size_t element_count(const size_t* dims, int rank);

// Product of dims into *count; false when it overflows size_t (0 when any dim is 0).
bool checked_element_count(const size_t* dims, int rank, size_t* count);

}  // namespace tensorwise
