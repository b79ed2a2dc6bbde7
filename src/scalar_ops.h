// The arithmetic of SPEC §2 for one pair of elements. These are the semantics; every kernel,
// scalar or SIMD, must agree with them bit for bit.
#pragma once

#include <limits>
#include <type_traits>

#include "dtype.h"
#include "half.h"

namespace tensorwise {

// Integer multiply wraps modulo 2^bits. Done in unsigned (promoted past int for the narrow
// types) so C++ has no signed-overflow UB.
template <class T>
inline T mul(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    using Wide = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, U>;
    return static_cast<T>(static_cast<U>(static_cast<Wide>(static_cast<U>(a)) * static_cast<Wide>(static_cast<U>(b))));
  } else {
    return a * b;
  }
}
inline float16 mul(float16 a, float16 b) { return to_f16(to_f32(a) * to_f32(b)); }
inline bfloat16 mul(bfloat16 a, bfloat16 b) { return to_bf16(to_f32(a) * to_f32(b)); }

// Integer division never traps: x/0 is 0, and MIN/-1 wraps to MIN (like numpy).
template <class T>
inline T div_trunc(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    if (b == 0) return 0;
    if constexpr (std::is_signed_v<T>) {
      using U = std::make_unsigned_t<T>;
      if (b == -1) return static_cast<T>(U{0} - static_cast<U>(a));  // wrapping negation
    }
    return static_cast<T>(a / b);
  } else {
    return a / b;
  }
}

template <class T>
inline T div_floor(T a, T b) {
  if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    const T q = div_trunc(a, b);
    if (b == 0 || b == -1) return q;
    // Truncation rounded up when the signs differ and something was left over.
    return (a % b != 0 && ((a < 0) != (b < 0))) ? static_cast<T>(q - 1) : q;
  } else {
    return div_trunc(a, b);
  }
}

inline float16 div_trunc(float16 a, float16 b) { return to_f16(to_f32(a) / to_f32(b)); }
inline bfloat16 div_trunc(bfloat16 a, bfloat16 b) { return to_bf16(to_f32(a) / to_f32(b)); }
inline float16 div_floor(float16 a, float16 b) { return div_trunc(a, b); }
inline bfloat16 div_floor(bfloat16 a, bfloat16 b) { return div_trunc(a, b); }

}  // namespace tensorwise

namespace tensorwise {

// The three operations as types, so kernels can be instantiated per (operation, dtype).
struct op_mul { template <class T> static T apply(T a, T b) { return mul(a, b); } };
struct op_div_trunc { template <class T> static T apply(T a, T b) { return div_trunc(a, b); } };
struct op_div_floor { template <class T> static T apply(T a, T b) { return div_floor(a, b); } };

}  // namespace tensorwise
