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

template <class T>
std::vector<T> specials() {
  if constexpr (std::is_same_v<T, float16> || std::is_same_v<T, bfloat16>) {
    // 0, -0, 1, -1, Inf, -Inf, NaN, smallest subnormal, max finite, 3 (as float16 bits).
    const bool f16 = std::is_same_v<T, float16>;
    std::vector<uint16_t> bits = f16 ? std::vector<uint16_t>{0, 0x8000, 0x3C00, 0xBC00, 0x7C00, 0xFC00, 0x7E00, 1, 0x7BFF, 0x4200}
                                     : std::vector<uint16_t>{0, 0x8000, 0x3F80, 0xBF80, 0x7F80, 0xFF80, 0x7FC0, 1, 0x7F7F, 0x4040};
    std::vector<T> v;
    for (uint16_t b : bits) v.push_back(T{b});
    return v;
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
    } else if (r % 4 == 1 && !std::is_floating_point_v<T> && !std::is_same_v<T, float16> &&
               !std::is_same_v<T, bfloat16>) {
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
  } else if constexpr (std::is_same_v<T, float16>) {
    if ((x.bits & 0x7FFF) > 0x7C00 && (y.bits & 0x7FFF) > 0x7C00) return true;
  } else if constexpr (std::is_same_v<T, bfloat16>) {
    if ((x.bits & 0x7FFF) > 0x7F80 && (y.bits & 0x7FFF) > 0x7F80) return true;
  }
  return std::memcmp(&x, &y, sizeof(T)) == 0;
}

}  // namespace tensorwise::test
