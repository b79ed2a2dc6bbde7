// (op, dtype) -> kernels, expanded from kernel_list.inc. Raw function pointers keep the binary
// small (no std::function).
#include <cstdint>

#include "../scalar_ops.h"
#include "reference.h"
#include "vbinary.h"
#ifdef __wasm_simd128__
#include "wasmsimd.h"
#endif

namespace tensorwise {

VBinaryKernels select_kernels(Op op, DType dtype) {
  op = canonical_op(op, dtype);
  VBinaryKernels k{nullptr, nullptr, nullptr};
#define TW_REFERENCE(dt, ctype, o, commutes)                                         \
  if (op == Op::o && dtype == DType::dt)                                             \
    k = {&reference::vop<ctype, op_##o>, &reference::vopc<ctype, op_##o>,           \
         commutes ? nullptr : &reference::vropc<ctype, op_##o>};
#ifdef __wasm_simd128__
#define TW_WASMSIMD(dt, ctype, o, vec, unroll)                                        \
  if (op == Op::o && dtype == DType::dt)                                              \
    k = {&wasmsimd::vop<ctype, op_##o, wasmsimd::vec, unroll>,                        \
         &wasmsimd::vopc<ctype, op_##o, wasmsimd::vec, unroll>,                       \
         k.ropc ? &wasmsimd::vropc<ctype, op_##o, wasmsimd::vec, unroll> : nullptr};
#endif
#include "kernel_list.inc"
  return k;
}

}  // namespace tensorwise
