// Reductions: sum, prod, max, min and mean of one input over a set of its axes, planned as an
// element-wise program is (plan.h: reshape, then run_plan over any range of the output) so that
// one engine stages, shares and delivers both. Each output element is computed alone, over its
// reduced elements in a fixed order (below), so its bits depend on the values only: not on the
// input's strides, the range a thread runs or the thread count.
//
// The order (docs/contract.md, "Reductions"): the reduced elements v_0 ... v_{n-1} in row-major
// order of the reduced axes; in blocks of kReduceBlock, element i goes into lane i mod 8 (each
// lane combined left to right, from the op's identity); a block is ((l0 l1)(l2 l3))((l4 l5)(l6
// l7)); the blocks are combined pairwise, as a binary counter does (two partial results of the
// same number of blocks are combined as soon as both exist; at the end the ones left, right to
// left). Floats accumulate in float64, integers in 64 bits (wrapping); the result is rounded once
// to the dtype.
#pragma once

#include <cstddef>
#include <cstdint>

#include "broadcast.h"
#include "dtype.h"

namespace tensorwise {

// X(name), in this order from 0; none: an element-wise program. softmax and log_softmax are
// not reductions but normalise along one axis (axes: that one) with one: the output has the
// input's shape.
#define TW_REDUCTIONS(X) X(none) X(sum) X(prod) X(max) X(min) X(mean) X(softmax) X(log_softmax)

enum class Reduction : uint8_t {
#define TW_ENUM(name) name,
  TW_REDUCTIONS(TW_ENUM)
#undef TW_ENUM
};
#define TW_COUNT(name) +1
constexpr int kReductionCount = 0 TW_REDUCTIONS(TW_COUNT);
#undef TW_COUNT

constexpr size_t kReduceBlock = 256;

// A reduction planned for one input's layout: its kept and reduced dims (1s dropped, neighbours
// merged where the strides allow), the innermost last, and the strides in elements (modulo 2^bits:
// a view's negative strides wrap back, as plan.h's do).
struct Reducing {
  Reduction op = Reduction::none;
  int kept_rank = 0;
  size_t kept_size[kMaxRank];
  size_t kept_stride[kMaxRank];
  int red_rank = 0;
  size_t red_size[kMaxRank];
  size_t red_stride[kMaxRank];
  size_t red_count = 1;  // reduced elements per output element
  size_t inner = 1;      // softmax: the elements after its axis (the output's stride along it)
};

constexpr bool normalizes(Reduction r) { return r == Reduction::softmax || r == Reduction::log_softmax; }

// The accumulator's dtype: float64 for a float, int64 or uint64 for an integer.
constexpr DType accumulator_of(DType t) {
  return is_integer(t) ? (is_signed_integer(t) ? DType::i64 : DType::u64) : DType::f64;
}

// Plans the reduction of an input of rank `rank` (dims, and strides in elements or nullptr for a
// contiguous one) over the axes of `axes` (bit d for dim d): r, and the output's dims into
// out (reduced dims kept as 1 where keepdims, else dropped).
void plan_reduction(Reducing* r, int rank, const size_t* dims, const ptrdiff_t* strides, uint32_t axes, bool keepdims,
                    Broadcast* out);

// softmax or log_softmax over whole slices of output elements [begin, end) (each a multiple
// of the axis' length times r.inner), defined as the ops one by one: m = max, t = x - m, e =
// exp(t), s = sum(e) (the order above, rounded to the dtype), then e / s or t - log(s). ws:
// softmax_workspace(r, dtype) bytes.
size_t softmax_workspace(const Reducing& r, DType dtype);
void run_softmax(const Reducing& r, DType in, DType dtype, DType store, uintptr_t x, uintptr_t y, unsigned char* ws,
                 size_t begin, size_t end);

// The workspace run_reduction needs, per thread.
size_t reduce_workspace();

// Output elements [begin, end): input `from` (dtype `in`, element 0 at x) cast to `dtype` as it is
// loaded and reduced, each result stored as `store` (element 0 at y). ws: reduce_workspace() bytes, 16-aligned.
void run_reduction(const Reducing& r, DType in, DType dtype, DType store, uintptr_t x, uintptr_t y, unsigned char* ws,
                   size_t begin, size_t end);

}  // namespace tensorwise
