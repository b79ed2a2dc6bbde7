// Scalar reference kernels for every (op, dtype): the oracle for the SIMD kernels and the
// implementation wherever wasm SIMD has no route (64-bit integer division).
#pragma once

#include <cstddef>

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

}  // namespace tensorwise::reference
