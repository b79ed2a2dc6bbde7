// Scalar reference kernels for every (op, dtype): the oracle for the SIMD kernels and the
// implementation wherever there is no SIMD kernel (kernel_list.inc).
#pragma once

#include <cstddef>

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

}  // namespace tensorwise::reference
