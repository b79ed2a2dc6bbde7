// Micro-kernels: each walks one contiguous run of n elements and knows nothing of shapes.
#pragma once

#include <cstddef>

#include "../dtype.h"

namespace tensorwise {

using vbinary_ukernel = void (*)(size_t n, const void* a, const void* b, void* y);

// The three kernels of one (op, dtype), as in XNNPACK's f32-vbinary:
//   op:   y[i] = a[i] ∘ b[i]
//   opc:  y[i] = a[i] ∘ b[0]   (b broadcast over the run)
//   ropc: y[i] = a[0] ∘ b[i]   (a broadcast over the run); null when ∘ commutes, and the caller
//         swaps the operands and uses opc instead.
struct VBinaryKernels {
  vbinary_ukernel op;
  vbinary_ukernel opc;
  vbinary_ukernel ropc;
};

// The kernels the executor uses: SIMD where the build has them, else the scalar reference.
VBinaryKernels select_kernels(Op op, DType dtype);

// Floats and unsigned integers have a single division: floor and trunc agree there.
constexpr Op canonical_op(Op op, DType t) {
  const bool signed_int = t == DType::i8 || t == DType::i16 || t == DType::i32 || t == DType::i64;
  return (op == Op::div_floor && !signed_int) ? Op::div_trunc : op;
}

}  // namespace tensorwise
