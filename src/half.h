// float16 and bfloat16 <-> float32, round to nearest even, subnormals kept, NaN stays NaN.
// The float16 routines are the branch-free ones of the FP16 library (Marat Dukhan, MIT); the SIMD
// kernels use the same steps lane-wise, so scalar and SIMD results agree bit for bit.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "dtype.h"

namespace tensorwise {

inline uint32_t f32_bits(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
inline float f32_from_bits(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }

inline float to_f32(float16 h) {
  const uint32_t w = uint32_t{h.bits} << 16;
  const uint32_t sign = w & 0x80000000u;
  const uint32_t two_w = w + w;
  // Normal numbers, Inf and NaN: rebias the exponent by 224 through the bits, then scale by
  // 2^-112 (exact) so that exponent 31 lands on 255.
  const float normalized = f32_from_bits((two_w >> 4) + 0x70000000u) * 0x1.0p-112f;
  // Subnormals: place the mantissa under 0.5's exponent and subtract 0.5 (exact).
  const float denormalized = f32_from_bits((two_w >> 17) | 0x3F000000u) - 0.5f;
  const uint32_t result = sign | (two_w < (1u << 27) ? f32_bits(denormalized) : f32_bits(normalized));
  return f32_from_bits(result);
}

inline float16 to_f16(float f) {
  // Scaling up then down lets the float adder do the rounding to nearest even at the right place.
  float base = (__builtin_fabsf(f) * 0x1.0p+112f) * 0x1.0p-110f;
  const uint32_t w = f32_bits(f);
  const uint32_t shl1_w = w + w;
  const uint32_t sign = w & 0x80000000u;
  uint32_t bias = shl1_w & 0xFF000000u;
  if (bias < 0x71000000u) bias = 0x71000000u;
  base = f32_from_bits((bias >> 1) + 0x07800000u) + base;
  const uint32_t bits = f32_bits(base);
  const uint32_t exp_bits = (bits >> 13) & 0x00007C00u;
  const uint32_t mantissa_bits = bits & 0x00000FFFu;
  const uint32_t nonsign = exp_bits + mantissa_bits;
  // NaN in, the one quiet NaN out (whatever its sign and payload: see below).
  return float16{static_cast<uint16_t>(shl1_w > 0xFF000000u ? 0x7E00u : (sign >> 16) | nonsign)};
}

inline float to_f32(bfloat16 h) { return f32_from_bits(uint32_t{h.bits} << 16); }

inline bfloat16 to_bf16(float f) {
  const uint32_t w = f32_bits(f);
  if (f != f) return bfloat16{0x7FC0};  // the one quiet NaN (see below)
  return bfloat16{static_cast<uint16_t>((w + 0x7FFFu + ((w >> 16) & 1u)) >> 16)};
}

// A narrow float's NaN result is always its one positive quiet NaN (float16 0x7E00, bfloat16
// 0x7FC0), in every kernel, scalar or SIMD. Which NaN wasm arithmetic gives for NaN inputs is
// left open by the wasm spec and differed here between SIMD lanes, scalar tails and V8's tiers;
// a fixed NaN makes results the same bits whatever path, thread or tier computed them.
//
// The narrow floats compute through float32: to_f32 in, narrow<T> out, rounded once to nearest
// even, which is the correctly rounded result for +, -, * and / (float32 has at least 2p + 2
// bits of precision for a narrow float of p bits; docs/contract.md).
//
// Any narrow float of dtype.h's kind (kMantissaBits, kExponentBits: IEEE-style, with
// subnormals, Inf and NaN) converts through the two templates below; float16 and bfloat16 have
// the faster routines above, which the tests check against them.

// The float32 value of a narrow float's bits: exact (its values are all float32 values).
template <int M, int E>
float widen_to_f32(uint32_t bits) {
  constexpr uint32_t top = (1u << E) - 1;
  constexpr int bias = (1 << (E - 1)) - 1;
  const uint32_t sign = (bits >> (M + E)) & 1u, field = (bits >> M) & top, mantissa = bits & ((1u << M) - 1);
  uint32_t out;
  if (field == top) {
    out = 0x7F800000u | (mantissa << (23 - M)) | (mantissa != 0 ? 0x400000u : 0);  // Inf, or a quiet NaN
  } else if (field != 0) {
    out = ((field - bias + 127) << 23) | (mantissa << (23 - M));
  } else {
    // mantissa * 2^(1 - bias - M), exact: the scale is a float32 (a subnormal below 2^-126, as
    // for bfloat16) and the product, of at most M bits, a multiple of 2^-149.
    constexpr int k = 1 - bias - M;
    const float scale = f32_from_bits(k >= -126 ? static_cast<uint32_t>(k + 127) << 23 : 1u << (k + 149));
    out = f32_bits(static_cast<float>(mantissa) * scale);
  }
  return f32_from_bits(out | (sign << 31));
}

// A float32 rounded once to nearest even into a narrow float's bits; overflow gives Inf, NaN
// the one quiet NaN. Exact integer arithmetic on the float32's significand.
template <int M, int E>
uint32_t narrow_from_f32(float f) {
  constexpr uint32_t top = (1u << E) - 1;
  constexpr int bias = (1 << (E - 1)) - 1;
  constexpr uint32_t inf = top << M;
  const uint32_t u = f32_bits(f);
  const uint32_t sign = (u >> 31) << (M + E);
  const uint32_t magnitude = u & 0x7FFFFFFFu;
  if (magnitude > 0x7F800000u) return inf | (1u << (M - 1));
  if (magnitude == 0x7F800000u) return sign | inf;
  if (magnitude == 0) return sign;
  const uint32_t exponent = magnitude >> 23;
  const uint64_t significand = exponent != 0 ? (magnitude & 0x7FFFFFu) | 0x800000u : magnitude;
  const int lsb = (exponent != 0 ? static_cast<int>(exponent) : 1) - 127 - 23;  // the value is significand * 2^lsb
  const int leading = 31 - __builtin_clz(static_cast<uint32_t>(significand)) + lsb;  // floor(log2(value))
  // The quantum of the result: M bits below the leading one, but never below the subnormals'.
  const int smallest = 1 - bias - M;
  const int quantum = leading - M > smallest ? leading - M : smallest;
  const int shift = quantum - lsb < 63 ? quantum - lsb : 63;  // >= 0: float32 is the finer grid
  uint64_t n = significand >> shift;
  if (shift > 0) {
    const uint64_t rest = significand - (n << shift), half = uint64_t{1} << (shift - 1);
    if (rest > half || (rest == half && (n & 1) != 0)) ++n;
  }
  // n quanta of 2^quantum; from the subnormals' quantum up, each binade adds 1 << M, which is
  // also how a carry out of the mantissa lands in the next exponent.
  const uint64_t bits = (static_cast<uint64_t>(quantum - smallest) << M) + n;
  return sign | (bits >= inf ? inf : static_cast<uint32_t>(bits));
}

// The float32 value of a narrow float, and a float32 rounded into one (round to nearest even).
template <class T, std::enable_if_t<is_narrow_float_v<T>, int> = 0>
float to_f32(T h) {
  return widen_to_f32<T::kMantissaBits, T::kExponentBits>(h.bits);
}
template <class T>
T narrow(float f) {
  return T{static_cast<decltype(T::bits)>(narrow_from_f32<T::kMantissaBits, T::kExponentBits>(f))};
}
template <>
inline float16 narrow<float16>(float f) { return to_f16(f); }
template <>
inline bfloat16 narrow<bfloat16>(float f) { return to_bf16(f); }

}  // namespace tensorwise
