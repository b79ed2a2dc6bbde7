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
// even (the correctly rounded result for +, -, * and /: float32 has at least 2p + 2 bits of
// precision for a narrow float of p; docs/contract.md). A new narrow float is its storage type
// and its line in dtype.h, its two conversions here and its narrow<> line below.
template <class T>
T narrow(float f);
template <>
inline float16 narrow<float16>(float f) { return to_f16(f); }
template <>
inline bfloat16 narrow<bfloat16>(float f) { return to_bf16(f); }

}  // namespace tensorwise
