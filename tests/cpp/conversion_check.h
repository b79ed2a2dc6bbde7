// What a conversion kernel must give for one element, against the scalar reference's result:
// the same bits, but where a NaN widens to float32 or float64. There the SIMD kernels keep a
// narrow float NaN's sign and payload in place (as numpy's astype(float32) does), while the
// scalar float16 routine, through a multiply, may set the quiet bit; a float32 or float64 NaN
// must come out a NaN. (A NaN into a narrow float is always its one quiet NaN: exact bits.)
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "half.h"

namespace tensorwise::test {

template <class T>
uint64_t bits_of(T v) {
  uint64_t b = 0;
  std::memcpy(&b, &v, sizeof(T));
  return b;
}

template <class From, class To>
bool same_conversion(From in, To got, To want) {
  if constexpr (std::is_floating_point_v<To>) {
    if (want != want) {
      if constexpr (is_narrow_float_v<From> && std::is_same_v<To, float>) {
        constexpr int m = From::kMantissaBits, e = From::kExponentBits;
        const uint32_t h = in.bits;
        return bits_of(got) == (((h >> (m + e)) << 31) | 0x7F800000u | ((h & ((1u << m) - 1)) << (23 - m)));
      }
      return got != got;
    }
  }
  return bits_of(got) == bits_of(want);
}

}  // namespace tensorwise::test
