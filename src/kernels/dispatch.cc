// (op, dtype) -> kernels: the SIMD kernels kernel_list.inc lists, where the build has them, and
// the scalar reference for every other pair of the dtype and op lists. Raw function pointers keep
// the binary small (no std::function).
#include "../ops.h"
#include "reference.h"
#include "vbinary.h"
#include "vchain.h"
#ifdef __wasm_simd128__
#include "wasmsimd.h"
#endif

namespace tensorwise {
namespace {

// simd<D, O>::kernels() for the pairs kernel_list.inc lists.
template <DType D, Op O>
struct simd {
  static constexpr bool kHas = false;
};
#ifdef __wasm_simd128__
#define TW_WASMSIMD(dt, o, fn, elements)                                                       \
  static_assert(kTileAlignBytes % (elements * sizeof(ctype_of<DType::dt>)) == 0,                \
                "a tile boundary must fall between two of " #dt " " #o "'s unrolled bodies");  \
  static_assert(canonical_dtype(Op::o, DType::dt) == DType::dt && canonical_op(Op::o, DType::dt) == Op::o, \
                #dt " " #o " runs another pair's kernels (ops.h): its line would never be used");  \
  template <>                                                                                  \
  struct simd<DType::dt, Op::o> {                                                              \
    static constexpr bool kHas = true;                                                         \
    static VBinaryKernels kernels() {                                                          \
      return wasmsimd::kernels<ctype_of<DType::dt>, functor_of<Op::o>, wasmsimd::fn, elements>(); \
    }                                                                                          \
  };
#include "kernel_list.inc"
#endif

#ifdef __wasm_simd128__
}  // namespace
}  // namespace tensorwise
// Each pair's vector function where the list names one (a kernel class gives none), for the
// chain kernels (wasmsimd/chain.h).
namespace tensorwise::wasmsimd {
#define TW_WASMSIMD(dt, o, fn, elements)             \
  template <>                                        \
  struct vec_of<DType::dt, Op::o> {                  \
    static constexpr vec_fn value = vector_fn<fn>(); \
  };
#include "kernel_list.inc"
}  // namespace tensorwise::wasmsimd
namespace tensorwise {
namespace {
#endif

template <DType D, Op O>
VBinaryKernels kernels_for() {
  if constexpr (!takes(O, D)) {
    return {nullptr, nullptr, nullptr};  // outside the op's domain: no program asks (valid_program)
  } else if constexpr (canonical_dtype(O, D) != D) {
    return kernels_for<canonical_dtype(O, D), O>();
  } else if constexpr (canonical_op(O, D) != O) {
    return kernels_for<D, canonical_op(O, D)>();
  } else if constexpr (simd<D, O>::kHas) {
    return simd<D, O>::kernels();
  } else {
    return reference::kernels<ctype_of<D>, functor_of<O>>();
  }
}

template <DType D>
VBinaryKernels kernels_for(Op op) {
  switch (op) {
#define TW_CASE(name, functor) case Op::name: return kernels_for<D, Op::name>();
    TW_OPS(TW_CASE)
#undef TW_CASE
  }
  return {nullptr, nullptr, nullptr};
}

}  // namespace

// The dtypes with a chain kernel: float32, whose pipelines (normalising, dequantising into
// floats, softmax's steps) are chains of its vector ops; the kernel is one switch over them.
vchain_ukernel select_chain(DType dtype) {
#ifdef __wasm_simd128__
  if (dtype == DType::f32) return &wasmsimd::run_chain<DType::f32>;
#endif
  (void)dtype;
  return nullptr;
}

bool chains(Op op, DType dtype) {
#ifdef __wasm_simd128__
  if (dtype == DType::f32) return wasmsimd::chain_runs<DType::f32>(op);
#endif
  (void)op;
  (void)dtype;
  return false;
}

VBinaryKernels select_kernels(Op op, DType dtype) {
  switch (dtype) {
#define TW_CASE(name, ctype, kind, js) case DType::name: return kernels_for<DType::name>(op);
    TW_DTYPES(TW_CASE)
#undef TW_CASE
  }
  return {nullptr, nullptr, nullptr};
}

}  // namespace tensorwise
