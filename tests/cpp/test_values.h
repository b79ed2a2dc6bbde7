// Test inputs: random bit patterns mixed with each dtype's special values.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "dtype.h"

namespace tensorwise::test {

// A narrow float's bits from its format (dtype.h): sign, exponent field and mantissa field.
template <class T>
T narrow_bits(uint32_t sign, uint32_t exponent, uint32_t mantissa) {
  using Bits = decltype(T::bits);
  constexpr int m = T::kMantissaBits, e = T::kExponentBits;
  return T{static_cast<Bits>((sign << (m + e)) | (exponent << m) | mantissa)};
}

template <class T>
std::vector<T> specials() {
  if constexpr (is_narrow_float_v<T>) {
    constexpr uint32_t top = (1u << T::kExponentBits) - 1;  // Inf and NaN's exponent field
    constexpr uint32_t bias = top >> 1;
    constexpr uint32_t mantissa_max = (1u << T::kMantissaBits) - 1;
    constexpr uint32_t half = 1u << (T::kMantissaBits - 1);
    // 0, -0, 1, -1, Inf, -Inf, NaN, smallest subnormal, max finite, 3.
    return {narrow_bits<T>(0, 0, 0), narrow_bits<T>(1, 0, 0), narrow_bits<T>(0, bias, 0), narrow_bits<T>(1, bias, 0),
            narrow_bits<T>(0, top, 0), narrow_bits<T>(1, top, 0), narrow_bits<T>(0, top, half),
            narrow_bits<T>(0, 0, 1), narrow_bits<T>(0, top - 1, mantissa_max), narrow_bits<T>(0, bias + 1, half)};
  } else if constexpr (std::is_floating_point_v<T>) {
    using L = std::numeric_limits<T>;
    return {0, -T(0), 1, -1, L::infinity(), -L::infinity(), L::quiet_NaN(), L::denorm_min(), L::max(), L::min(), 3, -7};
  } else {
    using L = std::numeric_limits<T>;
    return {0, 1, T(-1), L::min(), L::max(), 2, 7, T(L::min() + 1), T(-7), T(-2)};
  }
}

template <class T>
std::vector<T> random_values(size_t n, std::mt19937_64& rng) {
  const std::vector<T> sp = specials<T>();
  std::vector<T> v(n);
  for (size_t i = 0; i < n; ++i) {
    const uint64_t r = rng();
    if (r % 4 == 0) {
      v[i] = sp[(r >> 8) % sp.size()];
    } else if (r % 4 == 1 && std::is_integral_v<T>) {
      const int64_t small = static_cast<int64_t>((r >> 8) % 41) - 20;  // divisions that leave remainders
      std::memcpy(&v[i], &small, sizeof(T));  // little-endian: the low bytes of small
    } else {
      const uint64_t bits = rng();
      std::memcpy(&v[i], &bits, sizeof(T));
    }
  }
  return v;
}

// Equal bits, or both NaN (NaN payloads are unspecified).
template <class T>
bool same(T x, T y) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(x) && std::isnan(y)) return true;
  } else if constexpr (is_narrow_float_v<T>) {
    constexpr uint32_t magnitude = (1u << (T::kMantissaBits + T::kExponentBits)) - 1;
    constexpr uint32_t inf = ((1u << T::kExponentBits) - 1) << T::kMantissaBits;
    if ((x.bits & magnitude) > inf && (y.bits & magnitude) > inf) return true;
  }
  return std::memcmp(&x, &y, sizeof(T)) == 0;
}

}  // namespace tensorwise::test
