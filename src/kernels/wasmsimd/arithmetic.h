// The one-instruction kernels (or nearly): add, subtract and multiply for every dtype but the narrow
// floats (narrow_floats.h wraps the float32 ones), the division of the IEEE floats, correctly
// rounded, and maximum and minimum for every dtype but the 64-bit integers. Integer add and multiply: the low bits of a sum or a product do not depend on
// signedness, so unsigned integers run the signed kernels (ops.h, canonical_dtype).
#pragma once

#include <wasm_simd128.h>

#include <cstdint>

namespace tensorwise::wasmsimd {

// ---- multiply

inline v128_t f32_mul(v128_t a, v128_t b) { return wasm_f32x4_mul(a, b); }
inline v128_t f64_mul(v128_t a, v128_t b) { return wasm_f64x2_mul(a, b); }

// No i8x16.mul: multiply 16-bit lanes twice. The low byte of a 16-bit product is the product of
// the even bytes; the odd bytes, shifted down in a and kept in place in b, give their product in
// the high byte. Six cheap instructions per 16 bytes, no widening.
inline v128_t i8_mul(v128_t a, v128_t b) {
  const v128_t even = wasm_i16x8_mul(a, b);
  const v128_t odd = wasm_i16x8_mul(wasm_u16x8_shr(a, 8), wasm_v128_and(b, wasm_i16x8_splat(static_cast<int16_t>(0xFF00))));
  return wasm_v128_or(wasm_v128_and(even, wasm_i16x8_splat(0x00FF)), odd);
}
inline v128_t i16_mul(v128_t a, v128_t b) { return wasm_i16x8_mul(a, b); }
inline v128_t i32_mul(v128_t a, v128_t b) { return wasm_i32x4_mul(a, b); }
inline v128_t i64_mul(v128_t a, v128_t b) { return wasm_i64x2_mul(a, b); }

// ---- add

inline v128_t f32_add(v128_t a, v128_t b) { return wasm_f32x4_add(a, b); }
inline v128_t f64_add(v128_t a, v128_t b) { return wasm_f64x2_add(a, b); }
inline v128_t i8_add(v128_t a, v128_t b) { return wasm_i8x16_add(a, b); }
inline v128_t i16_add(v128_t a, v128_t b) { return wasm_i16x8_add(a, b); }
inline v128_t i32_add(v128_t a, v128_t b) { return wasm_i32x4_add(a, b); }
inline v128_t i64_add(v128_t a, v128_t b) { return wasm_i64x2_add(a, b); }

// ---- subtract

inline v128_t f32_sub(v128_t a, v128_t b) { return wasm_f32x4_sub(a, b); }
inline v128_t f64_sub(v128_t a, v128_t b) { return wasm_f64x2_sub(a, b); }
inline v128_t i8_sub(v128_t a, v128_t b) { return wasm_i8x16_sub(a, b); }
inline v128_t i16_sub(v128_t a, v128_t b) { return wasm_i16x8_sub(a, b); }
inline v128_t i32_sub(v128_t a, v128_t b) { return wasm_i32x4_sub(a, b); }
inline v128_t i64_sub(v128_t a, v128_t b) { return wasm_i64x2_sub(a, b); }

// ---- float division

inline v128_t f32_div(v128_t a, v128_t b) { return wasm_f32x4_div(a, b); }
inline v128_t f64_div(v128_t a, v128_t b) { return wasm_f64x2_div(a, b); }

// ---- float maximum and minimum

// f32x4.max and min are IEEE 754-2019's maximum and minimum, but a NaN result's bits are the
// engine's: made the one quiet NaN, as the scalar functor gives it, so that an element's bits do
// not depend on whether a lane or the scalar tail computes it.
template <v128_t (*Op)(v128_t, v128_t), v128_t (*Ne)(v128_t, v128_t), v128_t (*Quiet)()>
inline v128_t float_extremum(v128_t a, v128_t b) {
  return wasm_v128_bitselect(Quiet(), Op(a, b), wasm_v128_or(Ne(a, a), Ne(b, b)));
}
inline v128_t f32_quiet_nan() { return wasm_i32x4_splat(0x7FC00000); }
inline v128_t f64_quiet_nan() { return wasm_i64x2_splat(0x7FF8000000000000); }
inline v128_t f32_max(v128_t a, v128_t b) { return float_extremum<wasm_f32x4_max, wasm_f32x4_ne, f32_quiet_nan>(a, b); }
inline v128_t f32_min(v128_t a, v128_t b) { return float_extremum<wasm_f32x4_min, wasm_f32x4_ne, f32_quiet_nan>(a, b); }
inline v128_t f64_max(v128_t a, v128_t b) { return float_extremum<wasm_f64x2_max, wasm_f64x2_ne, f64_quiet_nan>(a, b); }
inline v128_t f64_min(v128_t a, v128_t b) { return float_extremum<wasm_f64x2_min, wasm_f64x2_ne, f64_quiet_nan>(a, b); }

// ---- narrow-float maximum and minimum, on the bits
//
// IEEE 754-2019 maximum/minimum of a narrow float is one of its operands, or the one quiet NaN:
// no conversion is needed. The sign-magnitude bits made two's-complement ordered (a negative's
// magnitude bits flipped) compare as int16, -0 (-1) below +0 (0); a lane where either operand
// is a NaN (magnitude above Inf's) gets the quiet NaN.
template <bool kMax, uint16_t kInf, uint16_t kQuietNaN>
inline v128_t narrow_extremum(v128_t a, v128_t b) {
  const v128_t ka = wasm_v128_xor(a, wasm_u16x8_shr(wasm_i16x8_shr(a, 15), 1));
  const v128_t kb = wasm_v128_xor(b, wasm_u16x8_shr(wasm_i16x8_shr(b, 15), 1));
  const v128_t r = wasm_v128_bitselect(a, b, kMax ? wasm_i16x8_gt(ka, kb) : wasm_i16x8_lt(ka, kb));
  const v128_t magnitude = wasm_i16x8_splat(0x7FFF), inf = wasm_i16x8_splat(static_cast<int16_t>(kInf));
  const v128_t nan = wasm_v128_or(wasm_i16x8_gt(wasm_v128_and(a, magnitude), inf), wasm_i16x8_gt(wasm_v128_and(b, magnitude), inf));
  return wasm_v128_bitselect(wasm_i16x8_splat(static_cast<int16_t>(kQuietNaN)), r, nan);
}
inline v128_t f16_max(v128_t a, v128_t b) { return narrow_extremum<true, 0x7C00, 0x7E00>(a, b); }
inline v128_t f16_min(v128_t a, v128_t b) { return narrow_extremum<false, 0x7C00, 0x7E00>(a, b); }
inline v128_t bf16_max(v128_t a, v128_t b) { return narrow_extremum<true, 0x7F80, 0x7FC0>(a, b); }
inline v128_t bf16_min(v128_t a, v128_t b) { return narrow_extremum<false, 0x7F80, 0x7FC0>(a, b); }

// ---- integer maximum and minimum (no 64-bit ones in wasm SIMD: the scalar reference runs those)

inline v128_t i8_max(v128_t a, v128_t b) { return wasm_i8x16_max(a, b); }
inline v128_t u8_max(v128_t a, v128_t b) { return wasm_u8x16_max(a, b); }
inline v128_t i16_max(v128_t a, v128_t b) { return wasm_i16x8_max(a, b); }
inline v128_t u16_max(v128_t a, v128_t b) { return wasm_u16x8_max(a, b); }
inline v128_t i32_max(v128_t a, v128_t b) { return wasm_i32x4_max(a, b); }
inline v128_t u32_max(v128_t a, v128_t b) { return wasm_u32x4_max(a, b); }
inline v128_t i8_min(v128_t a, v128_t b) { return wasm_i8x16_min(a, b); }
inline v128_t u8_min(v128_t a, v128_t b) { return wasm_u8x16_min(a, b); }
inline v128_t i16_min(v128_t a, v128_t b) { return wasm_i16x8_min(a, b); }
inline v128_t u16_min(v128_t a, v128_t b) { return wasm_u16x8_min(a, b); }
inline v128_t i32_min(v128_t a, v128_t b) { return wasm_i32x4_min(a, b); }
inline v128_t u32_min(v128_t a, v128_t b) { return wasm_u32x4_min(a, b); }

}  // namespace tensorwise::wasmsimd
