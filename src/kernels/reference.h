// Scalar reference kernels for every (op, dtype) and every conversion: the oracle for the SIMD
// kernels and the implementation wherever there is no SIMD kernel (kernel_list.inc,
// conversion_list.inc).
#pragma once

#include <cstddef>
#include <type_traits>

#include "../cast.h"
#include "../half.h"
#include "vbinary.h"

namespace tensorwise::reference {

// One loop per (T, F), its operands stepping by 1 or by 0 (the broadcast one): the op's
// arithmetic is compiled once, and op, opc and ropc below are calls into it.
template <class T, class F>
__attribute__((noinline)) void vstrided(size_t n, const T* a, size_t step_a, const T* b, size_t step_b, T* y) {
  for (size_t i = 0; i < n; ++i) y[i] = F::apply(a[i * step_a], b[i * step_b]);
}

template <class T, class F>
void vop(size_t n, const void* a, const void* b, void* y) {
  vstrided<T, F>(n, static_cast<const T*>(a), 1, static_cast<const T*>(b), 1, static_cast<T*>(y));
}

template <class T, class F>
void vopc(size_t n, const void* a, const void* b, void* y) {
  vstrided<T, F>(n, static_cast<const T*>(a), 1, static_cast<const T*>(b), 0, static_cast<T*>(y));
}

template <class T, class F>
void vropc(size_t n, const void* a, const void* b, void* y) {
  vstrided<T, F>(n, static_cast<const T*>(a), 0, static_cast<const T*>(b), 1, static_cast<T*>(y));
}

// The three kernels of (T, F); a commutative op has no ropc.
template <class T, class F>
VBinaryKernels kernels() {
  if constexpr (F::kArity == 1) return {&vop<T, F>, nullptr, nullptr};  // (loops.h says why)
  else if constexpr (F::kCommutes) return {&vop<T, F>, &vopc<T, F>, nullptr};
  else return {&vop<T, F>, &vopc<T, F>, &vropc<T, F>};
}

// y[i] = x[i] converted by cast.h's rules, one pair of dtypes: the oracle of the SIMD kernel of a
// pair (tests/cpp/conversions_test.cc) and of the conversion below.
template <class From, class To>
void convert(size_t n, const void* x, void* y) {
  const From* px = static_cast<const From*>(x);
  To* py = static_cast<To*>(y);
  for (size_t i = 0; i < n; ++i) py[i] = cast_value<From, To>(px[i]);
}

// Any conversion casts(from, to) allows, with the same rules: in pieces widened to 64 bits, then
// narrowed (a loop per dtype each way, not one per pair of dtypes).
void convert(DType from, DType to, size_t n, const void* x, void* y);

}  // namespace tensorwise::reference
