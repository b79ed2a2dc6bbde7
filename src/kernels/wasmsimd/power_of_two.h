// Division by a broadcast power of two, the vector∘scalar case where a cheaper exact route
// exists: a multiply for floats (d = ±2^k whose reciprocal is a normal number: x / d and x * (1/d)
// are then the same real number, rounded the same way, Inf, NaN and signed zeros included), a
// shift for integers (d = 2^k > 0: floor is an arithmetic shift, truncation adds d - 1 to negative
// dividends first, unsigned is a logical shift). A division instruction costs several times a
// multiply or a shift, and integer division goes through float conversions; the gain shows when
// the data is in cache (docs/performance.md, "Division by a broadcast scalar"). The loops are not unrolled:
// unrolling bought nothing measurable and made the wasm bigger. Checked against the scalar
// reference in tests/cpp/kernels_test.cc.
#pragma once

#include <wasm_simd128.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "lanes.h"

namespace tensorwise::wasmsimd {

// y[i] = a[i] / 2^k, k = log2(d), rounded as the division F says.
template <class T, class F>
void shift_divide(size_t n, const T* a, T d, T* y) {
  constexpr size_t kLanes = 16 / sizeof(T);
  constexpr uint32_t kSignShift = 8 * sizeof(T) - 1;
  const uint32_t k = static_cast<uint32_t>(__builtin_ctzll(static_cast<uint64_t>(d)));
  // Truncation toward zero: negative dividends get d - 1 added first (the sign mask selects it).
  constexpr bool kTrunc = std::is_signed_v<T> && !F::kFloorDivision;
  const T bias_value = static_cast<T>(d - 1);
  const v128_t bias = splat<T>(&bias_value);
  size_t i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    v128_t v = wasm_v128_load(a + i);
    if (kTrunc) v = add_lanes<T>(v, wasm_v128_and(shift_right<T>(v, kSignShift), bias));
    // The count must reach the shift as a scalar in this block: LLVM 14 hoists a splat of it out
    // of the loop, then no longer sees that it is uniform and shifts lane by lane (16 extracts
    // and inserts for i8x16). The empty asm makes the count opaque, so it stays a scalar here.
    uint32_t count = k;
    __asm__ volatile("" : "+r"(count));
    wasm_v128_store(y + i, shift_right<T>(v, count));
  }
  for (; i < n; ++i) y[i] = F::apply(a[i], d);
}

// y[i] = a[i] * r, r = 1/d exactly.
template <class T>
void multiply_by(size_t n, const T* a, T r, T* y) {
  constexpr size_t kLanes = 16 / sizeof(T);
  const v128_t vr = splat<T>(&r);
  size_t i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    const v128_t v = wasm_v128_load(a + i);
    wasm_v128_store(y + i, std::is_same_v<T, float> ? wasm_f32x4_mul(v, vr) : wasm_f64x2_mul(v, vr));
  }
  for (; i < n; ++i) y[i] = a[i] * r;
}

// True when d = ±2^k and 1/d is a normal number of the same type (exponent field in
// [1, max - 1] of the all-ones-but-one range, mantissa zero).
template <class T>
inline bool has_normal_reciprocal_power_of_two(T d) {
  if constexpr (std::is_same_v<T, float>) {
    uint32_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    const uint32_t exponent = (bits >> 23) & 0xFF;
    return (bits & 0x7FFFFF) == 0 && exponent >= 1 && exponent <= 253;
  } else {
    uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    const uint64_t exponent = (bits >> 52) & 0x7FF;
    return (bits & 0xFFFFFFFFFFFFFull) == 0 && exponent >= 1 && exponent <= 2045;
  }
}

// For a division F: runs y = a / b[0] and returns true when b[0] is such a power of two;
// otherwise does nothing. Any other op (and the narrow floats, which keep their own kernels):
// false, known at compile time, so every opc kernel may ask.
template <class T, class F>
bool divide_by_power_of_two(size_t n, const void* a_, const void* b_, void* y_) {
  if constexpr (F::kArithmetic != Arithmetic::quotient) {
    return false;
  } else {
    const T* a = static_cast<const T*>(a_);
    T* y = static_cast<T*>(y_);
    const T d = *static_cast<const T*>(b_);
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      if (!has_normal_reciprocal_power_of_two(d)) return false;
      multiply_by<T>(n, a, T{1} / d, y);
      return true;
    } else if constexpr (std::is_integral_v<T>) {
      if (d <= 0 || (d & (d - 1)) != 0) return false;
      shift_divide<T, F>(n, a, d, y);
      return true;
    } else {
      return false;
    }
  }
}

}  // namespace tensorwise::wasmsimd
