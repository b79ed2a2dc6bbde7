// Micro-kernels: each walks one contiguous run of n elements and knows nothing of shapes.
#pragma once

#include <cstddef>

#include "../dtype.h"
#include "../ops.h"

namespace tensorwise {

using vbinary_ukernel = void (*)(size_t n, const void* a, const void* b, void* y);

// A range of a plan may start anywhere in a row at a multiple of this many bytes from the row's
// start (the threads' tiles do, web/threads/pool-protocol.js): every kernel's unrolled body covers a
// divisor of it (checked where the kernels are listed, dispatch.cc), so each element takes the
// path it takes when one call runs the whole row, and gives the same bits.
constexpr size_t kTileAlignBytes = 64;

// The three kernels of one (op, dtype), as in XNNPACK's f32-vbinary:
//   op:   y[i] = a[i] ∘ b[i]
//   opc:  y[i] = a[i] ∘ b[0]   (b broadcast over the run)
//   ropc: y[i] = a[0] ∘ b[i]   (a broadcast over the run); null when ∘ commutes, and the caller
//         swaps the operands and uses opc instead.
// Every kernel allows y == a, y == b and a == b == y (the executor runs ops in place).
struct VBinaryKernels {
  vbinary_ukernel op;
  vbinary_ukernel opc;
  vbinary_ukernel ropc;
};

// The kernels the executor uses: SIMD where the build has them, else the scalar reference.
VBinaryKernels select_kernels(Op op, DType dtype);

}  // namespace tensorwise
