// The executor: y = a ∘ b over a broadcast. Compresses the dims, picks the inner kernel once,
// then walks the outer dims with stride 0 for broadcast inputs.
#pragma once

#include <cstddef>

#include "broadcast.h"
#include "dtype.h"
#include "status.h"

namespace tensorwise {

// A compressed broadcast: 1/1 dims dropped, neighbours with the same pattern merged.
// dims[0] is the innermost (contiguous) run.
struct BinaryPlan {
  int rank = 0;  // 0: the output is empty, nothing to do
  size_t size[kMaxRank];
  size_t stride_a[kMaxRank];  // in elements; 0 where a is broadcast
  size_t stride_b[kMaxRank];
  bool inner_a_scalar = false;  // a is constant along dims[0]
  bool inner_b_scalar = false;
};

BinaryPlan plan_binary(const Broadcast& shapes);

// When zero_is_error is set and the op divides integers, the whole of b is checked first:
// any zero returns Status::division_by_zero with y untouched. An empty output never fails.
Status binary(Op op, DType dtype, const Broadcast& shapes, const void* a, const void* b, void* y,
              bool zero_is_error);

}  // namespace tensorwise
