// One element of any dtype as another, as numpy's astype does under its 'same_kind' rule: any
// integer to any integer (wrapping modulo 2^bits), any integer or float to any float (rounded
// once to nearest even from the exact value); a float to an integer is no cast (casts() says so).
// The one home of these rules: the reference conversion (kernels/reference.h), the SIMD
// kernels' tails and the tests use them.
//
// A value goes through a Wide on its way: an integer's 64 bits (sign- or zero-extended), a
// float's value as a double (every float16, bfloat16 and float32 is one exactly). To a narrow
// float (float16, bfloat16) it is rounded to float32 "to odd" first: kept bits truncated and the
// lowest one set where anything was dropped. 24 bits keep the information rounding to 11 or 8
// bits needs, so the one rounding after it (half.h's narrow) is the only one that shows: the
// value is rounded once, never through a double or a float32 rounded to nearest.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "dtype.h"
#include "half.h"

namespace tensorwise {

// numpy's same_kind: every pair but a float to an integer.
constexpr bool casts(DType from, DType to) { return is_integer(to) ? is_integer(from) : true; }

union Wide {
  uint64_t bits;
  double value;
};

// What a Wide holds: an integer of a signed or an unsigned dtype, or a float's value.
enum class WideKind : uint8_t { signed_integer, unsigned_integer, floating };

template <class T>
constexpr WideKind wide_kind() {
  if constexpr (std::is_integral_v<T>) return std::is_signed_v<T> ? WideKind::signed_integer : WideKind::unsigned_integer;
  else return WideKind::floating;
}

template <class T>
inline Wide widen(T x) {
  Wide w;
  if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) w.bits = static_cast<uint64_t>(static_cast<int64_t>(x));
  else if constexpr (std::is_integral_v<T>) w.bits = static_cast<uint64_t>(x);
  else if constexpr (is_narrow_float_v<T>) w.value = to_f32(x);
  else w.value = static_cast<double>(x);
  return w;
}

// A magnitude below 2^64 (negative: -m) rounded to odd at 24 bits, as a float32 (exact).
inline float odd_f32(uint64_t m, bool negative) {
  float f;
  if (m < (uint64_t{1} << 24)) {
    f = static_cast<float>(static_cast<uint32_t>(m));
  } else {
    const int drop = 64 - __builtin_clzll(m) - 24;
    const uint64_t kept = (m >> drop) | ((m & ((uint64_t{1} << drop) - 1)) != 0 ? 1 : 0);
    f = static_cast<float>(static_cast<uint32_t>(kept)) * f32_from_bits(static_cast<uint32_t>(127 + drop) << 23);
  }
  return negative ? -f : f;
}

// A double rounded to odd at float32's precision (Inf and NaN as they are).
inline float odd_f32(double d) {
  const float f = static_cast<float>(d);
  if (static_cast<double>(f) == d || d != d) return f;
  uint32_t bits = f32_bits(f);
  if (__builtin_fabs(static_cast<double>(f)) > __builtin_fabs(d)) --bits;  // truncate: one step toward zero
  return f32_from_bits(bits | 1u);
}

template <class To>
inline To narrow_wide(Wide w, WideKind kind) {
  if constexpr (std::is_integral_v<To>) {
    // From an integer only (casts()): its low bits, wrapping.
    return static_cast<To>(static_cast<std::make_unsigned_t<To>>(w.bits));
  } else if constexpr (is_narrow_float_v<To>) {
    if (kind == WideKind::floating) return narrow<To>(odd_f32(w.value));
    const bool negative = kind == WideKind::signed_integer && static_cast<int64_t>(w.bits) < 0;
    return narrow<To>(odd_f32(negative ? uint64_t{0} - w.bits : w.bits, negative));
  } else {
    // float and double from a 64-bit integer or a double: one correctly rounded conversion.
    if (kind == WideKind::floating) return static_cast<To>(w.value);
    if (kind == WideKind::signed_integer) return static_cast<To>(static_cast<int64_t>(w.bits));
    return static_cast<To>(w.bits);
  }
}

// x as a To (casts(from, to) holds).
template <class From, class To>
inline To cast_value(From x) {
  return narrow_wide<To>(widen(x), wide_kind<From>());
}

}  // namespace tensorwise
