// What a conversion kernel must give for one element, against the scalar reference's result:
// the same bits, but where a narrow float NaN widens to float32. There the SIMD kernels keep the
// NaN's sign and payload in place (as numpy's astype(float32) does), while the scalar float16
// routine, through a multiply, may set the quiet bit: both are NaN, and the kernel's bits are
// checked as numpy's.
#pragma once

#include <cstdint>
#include <type_traits>

#include "half.h"

namespace tensorwise::test {

template <class T>
uint32_t bits_of(T v) {
  if constexpr (std::is_same_v<T, float>) return f32_bits(v);
  else return v.bits;
}

template <class From, class To>
bool same_conversion(From in, To got, To want) {
  if constexpr (std::is_same_v<To, float>) {
    if (want != want) {
      constexpr int m = From::kMantissaBits, e = From::kExponentBits;
      const uint32_t h = in.bits;
      return bits_of(got) == (((h >> (m + e)) << 31) | 0x7F800000u | ((h & ((1u << m) - 1)) << (23 - m)));
    }
  }
  return bits_of(got) == bits_of(want);
}

}  // namespace tensorwise::test
