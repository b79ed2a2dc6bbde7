// The executor: y = a ∘ b over a broadcast. plan_binary compresses the dims and picks the inner
// kernel once; run_binary computes any range of the output, walking the outer dims with stride
// 0 for broadcast inputs. A range is what a chunk of a streamed call (web/engine.js) or a share
// of a threaded one needs. An input may be a strided view (a transposed or sliced ndarray): its
// plan is a broadcast plan with other strides; rows whose inner stride is not 0 or 1 are
// gathered into a small buffer first, so the kernels still only ever see contiguous runs.
#pragma once

#include <cstddef>
#include <cstdint>

#include "broadcast.h"
#include "dtype.h"
#include "kernels/vbinary.h"
#include "ops.h"
#include "status.h"

namespace tensorwise {

// A compressed broadcast: 1/1 dims dropped, neighbours with the same pattern merged.
// size[0] is the innermost (contiguous) run.
struct BinaryPlan {
  int rank = 0;       // 0: the output is empty, nothing to do
  size_t count = 0;   // output elements
  size_t size[kMaxRank];
  // In elements; 0 where an input is broadcast. A view's negative stride is kept modulo 2^bits:
  // address arithmetic in run_binary is unsigned and wraps back to the right element.
  size_t stride_a[kMaxRank];
  size_t stride_b[kMaxRank];
  size_t element_size = 0;
  vbinary_ukernel kernel = nullptr;  // op, opc or ropc, chosen by the inner dim's pattern
  bool swap = false;                 // a commutative op with a scalar inner a runs as b ∘ a[0]
  // Inner strides other than 0 and 1 (strided views): such a row is gathered before the kernel.
  bool gather_a = false;
  bool gather_b = false;
  // Short rows of one input repeated along the next dim while the other input runs on through
  // it (an HWC image minus a per-channel mean: rows of 3): up to tile_rows rows at a time in one
  // kernel call, the repeated input's row laid out that many times in a buffer. 1: no tiling.
  size_t tile_rows = 1;
  bool tile_a = false;  // which input repeats
  // Other short rows (the inputs broadcast along different dims, as [8,1,6,1] with [7,1,5]):
  // whole blocks of the inner block_rank dims, `block` elements each, go through block_kernel
  // (the op kernel) at once, each input laid out for the block in a buffer, built again only
  // when the input's part changes (or read in place where it runs like the output). 0: no blocks.
  int block_rank = 0;
  size_t block = 0;
  vbinary_ukernel block_kernel = nullptr;
};

// An input's own strides in elements, one per dim of its shape (may be negative or 0), or
// nullptr for a contiguous row-major input. Only dims other than 1 read theirs.
struct InputStrides {
  const ptrdiff_t* a = nullptr;
  const ptrdiff_t* b = nullptr;
};

// Status::too_large when the output's bytes do not fit in size_t. The caller guarantees that a
// strided input's elements lie inside its buffer (web/ checks the view's span).
Status plan_binary(Op op, DType dtype, const Broadcast& shapes, BinaryPlan* plan, InputStrides strides = {});

// Output elements [begin, end) of the plan (end <= plan.count). a, b and y are the addresses of
// element 0 of each tensor. Addresses are integers so that a caller holding only a window of an
// operand laid out like the output (elements [begin, end) at address w) can pass w - begin *
// element_size, wrapping: unsigned arithmetic brings it back to w, with no pointer ever formed
// outside the window.
void run_binary(const BinaryPlan& plan, uintptr_t a, uintptr_t b, uintptr_t y, size_t begin, size_t end);

// Whether any of the n elements at p is zero.
bool any_zero(DType dtype, const void* p, size_t n);

// Whether any element of a strided view is zero: rank dims, strides in elements, element 0 at p.
bool any_zero_strided(DType dtype, uintptr_t p, const size_t* dims, const ptrdiff_t* strides, int rank);

// The onZeroDivision 'error' rule, checked after the plan and before anything is written:
// Status::division_by_zero when the plan divides integers, its output is not empty and one of
// the nb elements of b is zero; else Status::ok.
Status check_divisors(const BinaryPlan& plan, Op op, DType dtype, const void* b, size_t nb);

// The same rule for a strided b: its elements walked through its own dims and strides
// (any_zero_strided), element 0 at b.
Status check_strided_divisors(const BinaryPlan& plan, Op op, DType dtype, uintptr_t b, const size_t* dims,
                              const ptrdiff_t* strides, int rank);

// One call as the binding composes it for JS (bindings/binding.cc: plan, then the divisors when
// zero_is_error, then ranges of the output), over the whole output at once. On
// Status::division_by_zero y is untouched.
Status binary(Op op, DType dtype, const Broadcast& shapes, const void* a, const void* b, void* y,
              bool zero_is_error);

}  // namespace tensorwise
