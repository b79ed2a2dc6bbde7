// Integer division, through floating point where that is exact: 8- and 16-bit operands divide
// exactly in float32, 32-bit ones in float64 (float32 when the dividends are small), 64-bit ones
// in float64 when both are below 2^51: the rounded quotient never crosses an integer (its error
// is below 1/|b|, the smallest distance from a/b to one).
// x/0 comes out of the float path as ±Inf or NaN and is then masked to 0; MIN/-1 comes out as
// -MIN, which the wrapping narrow (8/16-bit) or the explicit negation (32-bit) turns into MIN.
#pragma once

#include <wasm_simd128.h>

#include <cstdint>
#include <type_traits>

#include "../../ops.h"
#include "lanes.h"

namespace tensorwise::wasmsimd {

template <bool kFloor>
inline v128_t div_i32_lanes_f32(v128_t a, v128_t b) {
  // a and b are 8- or 16-bit lanes widened: opaque() keeps the conversions in SIMD (lanes.h).
  v128_t q = wasm_f32x4_div(wasm_f32x4_convert_i32x4(opaque(a)), wasm_f32x4_convert_i32x4(opaque(b)));
  if (kFloor) q = wasm_f32x4_floor(q);
  return wasm_i32x4_trunc_sat_f32x4(q);
}

template <bool kSigned, bool kFloor>
inline v128_t x16_div(v128_t a, v128_t b) {
  const v128_t a_lo = kSigned ? wasm_i32x4_extend_low_i16x8(a) : wasm_u32x4_extend_low_u16x8(a);
  const v128_t a_hi = kSigned ? wasm_i32x4_extend_high_i16x8(a) : wasm_u32x4_extend_high_u16x8(a);
  const v128_t b_lo = kSigned ? wasm_i32x4_extend_low_i16x8(b) : wasm_u32x4_extend_low_u16x8(b);
  const v128_t b_hi = kSigned ? wasm_i32x4_extend_high_i16x8(b) : wasm_u32x4_extend_high_u16x8(b);
  const v128_t low16 = wasm_i32x4_splat(0xFFFF);
  const v128_t q = wasm_u16x8_narrow_i32x4(wasm_v128_and(div_i32_lanes_f32<kFloor>(a_lo, b_lo), low16),
                                           wasm_v128_and(div_i32_lanes_f32<kFloor>(a_hi, b_hi), low16));
  return wasm_v128_andnot(q, wasm_i16x8_eq(b, wasm_i16x8_splat(0)));
}

template <bool kSigned, bool kFloor>
inline v128_t x8_div(v128_t a, v128_t b) {
  const v128_t a_lo = kSigned ? wasm_i16x8_extend_low_i8x16(a) : wasm_u16x8_extend_low_u8x16(a);
  const v128_t a_hi = kSigned ? wasm_i16x8_extend_high_i8x16(a) : wasm_u16x8_extend_high_u8x16(a);
  const v128_t b_lo = kSigned ? wasm_i16x8_extend_low_i8x16(b) : wasm_u16x8_extend_low_u8x16(b);
  const v128_t b_hi = kSigned ? wasm_i16x8_extend_high_i8x16(b) : wasm_u16x8_extend_high_u8x16(b);
  // x16_div masks /0 lanes already; keep the low byte so the saturating narrow is exact.
  const v128_t low8 = wasm_i16x8_splat(0xFF);
  return wasm_u8x16_narrow_i16x8(wasm_v128_and(x16_div<kSigned, kFloor>(a_lo, b_lo), low8),
                                 wasm_v128_and(x16_div<kSigned, kFloor>(a_hi, b_hi), low8));
}

template <bool kSigned, bool kFloor>
inline v128_t div_two_lanes_f64(v128_t a, v128_t b) {
  const v128_t af = kSigned ? wasm_f64x2_convert_low_i32x4(a) : wasm_f64x2_convert_low_u32x4(a);
  const v128_t bf = kSigned ? wasm_f64x2_convert_low_i32x4(b) : wasm_f64x2_convert_low_u32x4(b);
  v128_t q = wasm_f64x2_div(af, bf);
  if (kFloor) q = wasm_f64x2_floor(q);
  return kSigned ? wasm_i32x4_trunc_sat_f64x2_zero(q) : wasm_u32x4_trunc_sat_f64x2_zero(q);
}

// When every |a| < 2^22, float32 is exact too (the quotient's error stays below 1/(2|b|); a
// divisor too large for float32 only meets quotients in (-1, 1), whose floor and trunc survive its
// rounding), and it divides four lanes at once instead of two. The integral quotient, below 2^22
// in magnitude, then turns into an integer by adding 1.5 * 2^23 and taking the low mantissa bits,
// which is cheaper on x86 than a saturating conversion. ±Inf/NaN lanes (x/0) are masked later.
template <bool kSigned>
inline bool small_dividends(v128_t a) {
  const v128_t magnitude = kSigned ? wasm_i32x4_abs(a) : a;  // abs(MIN) stays 2^31: not small
  return wasm_i32x4_all_true(wasm_u32x4_lt(magnitude, wasm_u32x4_splat(1u << 22)));
}

template <bool kSigned, bool kFloor>
inline v128_t x32_div(v128_t a, v128_t b) {
  v128_t q;
  if (small_dividends<kSigned>(a)) {
    const v128_t bf = kSigned ? wasm_f32x4_convert_i32x4(b) : wasm_f32x4_convert_u32x4(b);
    v128_t qf = wasm_f32x4_div(wasm_f32x4_convert_i32x4(a), bf);  // a < 2^22: signed convert is exact
    qf = kFloor ? wasm_f32x4_floor(qf) : wasm_f32x4_trunc(qf);
    const v128_t magic = wasm_f32x4_splat(12582912.0f);  // 1.5 * 2^23
    q = wasm_i32x4_sub(wasm_f32x4_add(qf, magic), magic);
  } else {
    const v128_t lo = div_two_lanes_f64<kSigned, kFloor>(a, b);
    const v128_t hi = div_two_lanes_f64<kSigned, kFloor>(wasm_i32x4_shuffle(a, a, 2, 3, 2, 3),
                                                         wasm_i32x4_shuffle(b, b, 2, 3, 2, 3));
    q = wasm_i32x4_shuffle(lo, hi, 0, 1, 4, 5);
  }
  if (kSigned) q = wasm_v128_bitselect(wasm_i32x4_neg(a), q, wasm_i32x4_eq(b, wasm_i32x4_splat(-1)));
  return wasm_v128_andnot(q, wasm_i32x4_eq(b, wasm_i32x4_splat(0)));
}

// 64-bit division: wasm SIMD has no i64x2 <-> f64x2 conversion, but below 2^51 in magnitude one
// is an add and a subtract: 1.5 * 2^52 + n is a double whose low mantissa bits are n. When both
// lanes of a and b are that small, float64 division is exact (as for 32-bit above, the error
// stays below 1/(4|b|)); a vector with a lane of 2^51 or more goes through the scalar semantics.
// As a kernel class for loops.h's checked loop (as float16's): fast() divides every vector
// through float64 and declines one with such a lane, full() takes those through the scalar
// semantics, a burst of vectors a call (inlined in the vector loop, the scalar path was most of
// each loop's code; called from it per vector, it made V8 spill the loop's registers).
template <bool kSigned>
inline v128_t not_below_2_51(v128_t v) {
  // Signed: n + 2^51 in [0, 2^52) exactly when |n| < 2^51 (MIN wraps far away); unsigned: n < 2^51.
  const v128_t shifted = kSigned ? wasm_i64x2_add(v, wasm_i64x2_splat(int64_t{1} << 51)) : v;
  return wasm_u64x2_shr(shifted, kSigned ? 52 : 51);
}

template <bool kSigned, bool kFloor>
struct X64Division {
  using T = std::conditional_t<kSigned, int64_t, uint64_t>;
  struct Constants {
    explicit Constants(uint32_t) {}
  };
  static v128_t fast(const Constants&, v128_t a, v128_t b, v128_t* y) {
    const v128_t magic = wasm_f64x2_splat(6755399441055744.0);  // 1.5 * 2^52
    const v128_t af = wasm_f64x2_sub(wasm_i64x2_add(a, magic), magic);
    const v128_t bf = wasm_f64x2_sub(wasm_i64x2_add(b, magic), magic);
    v128_t q = wasm_f64x2_div(af, bf);
    q = kFloor ? wasm_f64x2_floor(q) : wasm_f64x2_trunc(q);
    q = wasm_i64x2_sub(wasm_f64x2_add(q, magic), magic);
    if (kSigned) q = wasm_v128_bitselect(wasm_i64x2_neg(a), q, wasm_i64x2_eq(b, wasm_i64x2_splat(-1)));
    *y = wasm_v128_andnot(q, wasm_i64x2_eq(b, wasm_i64x2_splat(0)));
    return wasm_v128_or(not_below_2_51<kSigned>(a), not_below_2_51<kSigned>(b));
  }
  static void full(size_t vectors, const unsigned char* a, size_t step_a, const unsigned char* b, size_t step_b, unsigned char* y) {
    for (; vectors != 0; --vectors, a += step_a, b += step_b, y += 16) {
      alignas(16) T x[2], d[2];
      wasm_v128_store(x, wasm_v128_load(a));  // both read before y is written: y may be a or b
      wasm_v128_store(d, wasm_v128_load(b));
      for (int i = 0; i < 2; ++i) x[i] = kFloor ? op_div_floor::apply(x[i], d[i]) : op_div::apply(x[i], d[i]);
      wasm_v128_store(y, wasm_v128_load(x));
    }
  }
};

inline v128_t i8_div(v128_t a, v128_t b) { return x8_div<true, false>(a, b); }
inline v128_t i8_div_floor(v128_t a, v128_t b) { return x8_div<true, true>(a, b); }
inline v128_t u8_div(v128_t a, v128_t b) { return x8_div<false, false>(a, b); }
inline v128_t i16_div(v128_t a, v128_t b) { return x16_div<true, false>(a, b); }
inline v128_t i16_div_floor(v128_t a, v128_t b) { return x16_div<true, true>(a, b); }
inline v128_t u16_div(v128_t a, v128_t b) { return x16_div<false, false>(a, b); }
inline v128_t i32_div(v128_t a, v128_t b) { return x32_div<true, false>(a, b); }
inline v128_t i32_div_floor(v128_t a, v128_t b) { return x32_div<true, true>(a, b); }
inline v128_t u32_div(v128_t a, v128_t b) { return x32_div<false, false>(a, b); }
using i64_div = X64Division<true, false>;
using i64_div_floor = X64Division<true, true>;
using u64_div = X64Division<false, false>;

}  // namespace tensorwise::wasmsimd
