// Scalar reference kernels for every (op, dtype) and every conversion: the oracle for the SIMD
// kernels and the implementation wherever there is no SIMD kernel (kernel_list.inc,
// conversion_list.inc).
#pragma once

#include <cstddef>
#include <type_traits>

#include "../half.h"
#include "vbinary.h"

namespace tensorwise::reference {

template <class T, class F>
void vop(size_t n, const void* a, const void* b, void* y) {
  const T* pa = static_cast<const T*>(a);
  const T* pb = static_cast<const T*>(b);
  T* py = static_cast<T*>(y);
  for (size_t i = 0; i < n; ++i) py[i] = F::apply(pa[i], pb[i]);
}

template <class T, class F>
void vopc(size_t n, const void* a, const void* b, void* y) {
  const T* pa = static_cast<const T*>(a);
  const T vb = *static_cast<const T*>(b);
  T* py = static_cast<T*>(y);
  for (size_t i = 0; i < n; ++i) py[i] = F::apply(pa[i], vb);
}

template <class T, class F>
void vropc(size_t n, const void* a, const void* b, void* y) {
  const T va = *static_cast<const T*>(a);
  const T* pb = static_cast<const T*>(b);
  T* py = static_cast<T*>(y);
  for (size_t i = 0; i < n; ++i) py[i] = F::apply(va, pb[i]);
}

// The three kernels of (T, F); a commutative op has no ropc.
template <class T, class F>
VBinaryKernels kernels() {
  if constexpr (F::kCommutes) return {&vop<T, F>, &vopc<T, F>, nullptr};
  else return {&vop<T, F>, &vopc<T, F>, &vropc<T, F>};
}

// y[i] = x[i] converted through half.h's scalar conversions: to float32 exactly, to a narrow
// float rounded to nearest even.
template <class From, class To>
void convert(size_t n, const void* x, void* y) {
  const From* px = static_cast<const From*>(x);
  To* py = static_cast<To*>(y);
  for (size_t i = 0; i < n; ++i) {
    if constexpr (std::is_same_v<To, float>) py[i] = to_f32(px[i]);
    else py[i] = narrow<To>(px[i]);
  }
}

}  // namespace tensorwise::reference
