// The loops that turn a vector function (or a kernel class) into the three kernels of an
// (op, dtype): op, opc and ropc (vbinary.h). A broadcast operand is one splatted register; a
// streamed one is loaded per vector. Tails (fewer than 16 bytes left) go through the scalar
// semantics, so nothing is read or written past a buffer's end. kElements is the unroll, in
// elements per iteration (as XNNPACK's u16): a multiple of the lanes in a vector.
#pragma once

#include <wasm_simd128.h>

#include <cstddef>
#include <cstdint>

#include "../vbinary.h"
#include "lanes.h"
#include "power_of_two.h"

namespace tensorwise::wasmsimd {

template <class T, class F, vec_fn V, size_t kElements, bool kSplatA, bool kSplatB>
inline void run(size_t n, const void* a_, const void* b_, void* y_) {
  constexpr size_t kLanes = 16 / sizeof(T);
  static_assert(kElements % kLanes == 0, "the unroll is whole vectors");
  constexpr size_t kUnroll = kElements / kLanes;
  const T* a = static_cast<const T*>(a_);
  const T* b = static_cast<const T*>(b_);
  T* y = static_cast<T*>(y_);
  const v128_t sa = kSplatA ? splat<T>(a) : wasm_i32x4_splat(0);
  const v128_t sb = kSplatB ? splat<T>(b) : wasm_i32x4_splat(0);
  const size_t step_a = kSplatA ? 0 : kLanes;
  const size_t step_b = kSplatB ? 0 : kLanes;
  for (; n >= kElements; n -= kElements) {
    v128_t r[kUnroll];
    // Unrolled by hand (the build turns off automatic unrolling to keep the binary small).
#pragma clang loop unroll(full)
    for (size_t u = 0; u < kUnroll; ++u) {
      const v128_t va = kSplatA ? sa : wasm_v128_load(a + u * kLanes);
      const v128_t vb = kSplatB ? sb : wasm_v128_load(b + u * kLanes);
      r[u] = V(va, vb);
    }
    // All loads happen before the stores, so y may alias a or b.
#pragma clang loop unroll(full)
    for (size_t u = 0; u < kUnroll; ++u) wasm_v128_store(y + u * kLanes, r[u]);
    a += kUnroll * step_a;
    b += kUnroll * step_b;
    y += kElements;
  }
  for (; n >= kLanes; n -= kLanes) {
    const v128_t va = kSplatA ? sa : wasm_v128_load(a);
    const v128_t vb = kSplatB ? sb : wasm_v128_load(b);
    wasm_v128_store(y, V(va, vb));
    a += step_a;
    b += step_b;
    y += kLanes;
  }
  for (size_t i = 0; i < n; ++i) y[i] = F::apply(kSplatA ? a[0] : a[i], kSplatB ? b[0] : b[i]);
}

template <class T, class F, vec_fn V, size_t U>
void vop(size_t n, const void* a, const void* b, void* y) { run<T, F, V, U, false, false>(n, a, b, y); }
template <class T, class F, vec_fn V, size_t U>
void vopc(size_t n, const void* a, const void* b, void* y) {
  if constexpr (F::kDivision) {
    if (divide_by_power_of_two<T, F>(n, a, b, y)) return;
  }
  run<T, F, V, U, false, true>(n, a, b, y);
}
template <class T, class F, vec_fn V, size_t U>
void vropc(size_t n, const void* a, const void* b, void* y) { run<T, F, V, U, true, false>(n, a, b, y); }

// Kernels with a fast path that may decline a vector: a class K with Constants, fast(), which
// returns a mask that is nonzero where it declines, and full(). The fast loop is a function of
// its own with no call inside, so V8 keeps its values in registers (a call inside a loop made it
// spill every register around the call); it returns how many elements it did, stopping at the
// first vector fast() declines, which the caller then does through full().
template <class T, class K, size_t kElements, bool kSplatA, bool kSplatB>
__attribute__((noinline)) size_t run_fast(size_t n, const T* a, const T* b, T* y) {
  constexpr size_t kLanes = 16 / sizeof(T);
  static_assert(kElements % kLanes == 0, "the unroll is whole vectors");
  constexpr size_t kUnroll = kElements / kLanes;
  static_assert(sizeof(T) >= 2, "the opaque zero below needs n < 2^31");
  // Elements of 2 bytes or more in a 32-bit address space: n < 2^31, so this is 0, but LLVM
  // cannot know it and keeps the constants made from it in locals.
  const typename K::Constants c(static_cast<uint32_t>(n >> 31));
  const v128_t sa = kSplatA ? splat<T>(a) : wasm_i32x4_splat(0);
  const v128_t sb = kSplatB ? splat<T>(b) : wasm_i32x4_splat(0);
  size_t i = 0;
  for (; i + kElements <= n; i += kElements) {
    v128_t r[kUnroll];
    v128_t declined = wasm_i32x4_splat(0);
#pragma clang loop unroll(full)
    for (size_t u = 0; u < kUnroll; ++u) {
      const v128_t va = kSplatA ? sa : wasm_v128_load(a + i + u * kLanes);
      const v128_t vb = kSplatB ? sb : wasm_v128_load(b + i + u * kLanes);
      declined = wasm_v128_or(declined, K::fast(c, va, vb, &r[u]));
    }
    if (wasm_v128_any_true(declined)) break;  // one test for the whole group
#pragma clang loop unroll(full)
    for (size_t u = 0; u < kUnroll; ++u) wasm_v128_store(y + i + u * kLanes, r[u]);
  }
  for (; i + kLanes <= n; i += kLanes) {
    v128_t r;
    if (wasm_v128_any_true(K::fast(c, kSplatA ? sa : wasm_v128_load(a + i), kSplatB ? sb : wasm_v128_load(b + i), &r))) {
      break;
    }
    wasm_v128_store(y + i, r);
  }
  return i;
}

template <class T, class F, class K, size_t kElements, bool kSplatA, bool kSplatB>
void run_checked(size_t n, const void* a_, const void* b_, void* y_) {
  constexpr size_t kLanes = 16 / sizeof(T);
  const T* a = static_cast<const T*>(a_);
  const T* b = static_cast<const T*>(b_);
  T* y = static_cast<T*>(y_);
  // After a declined vector the full path does a burst of vectors: one while the fast path makes
  // progress in between, twice as many each time it declines at once (data full of NaNs or of
  // float16 subnormal results would otherwise pay a call, and float32 subnormal arithmetic in
  // the fast path, for every vector).
  size_t burst = 1;
  for (;;) {
    const size_t done = run_fast<T, K, kElements, kSplatA, kSplatB>(n, a, b, y);
    n -= done;
    if (!kSplatA) a += done;
    if (!kSplatB) b += done;
    y += done;
    if (n < kLanes) break;
    burst = done == 0 ? (burst < 256 ? 2 * burst : burst) : 1;
    for (size_t k = 0; k < burst && n >= kLanes; ++k) {
      const v128_t va = kSplatA ? splat<T>(a) : wasm_v128_load(a);
      const v128_t vb = kSplatB ? splat<T>(b) : wasm_v128_load(b);
      wasm_v128_store(y, K::full(va, vb));  // loads before the store: y may alias a or b
      n -= kLanes;
      if (!kSplatA) a += kLanes;
      if (!kSplatB) b += kLanes;
      y += kLanes;
    }
  }
  for (size_t i = 0; i < n; ++i) y[i] = F::apply(kSplatA ? a[0] : a[i], kSplatB ? b[0] : b[i]);
}

// The same names for both kinds: a vector function (vec_fn) or a kernel class.
template <class T, class F, class K, size_t U>
void vop(size_t n, const void* a, const void* b, void* y) { run_checked<T, F, K, U, false, false>(n, a, b, y); }
template <class T, class F, class K, size_t U>
void vopc(size_t n, const void* a, const void* b, void* y) { run_checked<T, F, K, U, false, true>(n, a, b, y); }
template <class T, class F, class K, size_t U>
void vropc(size_t n, const void* a, const void* b, void* y) { run_checked<T, F, K, U, true, false>(n, a, b, y); }

// The three kernels of (T, F) from a vector function or a kernel class; a commutative op has no
// ropc (the executor runs it as b ∘ a[0] through opc).
template <class T, class F, vec_fn V, size_t U>
VBinaryKernels kernels() {
  if constexpr (F::kCommutes) return {&vop<T, F, V, U>, &vopc<T, F, V, U>, nullptr};
  else return {&vop<T, F, V, U>, &vopc<T, F, V, U>, &vropc<T, F, V, U>};
}
template <class T, class F, class K, size_t U>
VBinaryKernels kernels() {
  if constexpr (F::kCommutes) return {&vop<T, F, K, U>, &vopc<T, F, K, U>, nullptr};
  else return {&vop<T, F, K, U>, &vopc<T, F, K, U>, &vropc<T, F, K, U>};
}

}  // namespace tensorwise::wasmsimd
