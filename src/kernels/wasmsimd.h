// 128-bit wasm SIMD kernels. Each (op, dtype) is one vector function on 16 bytes of elements, or
// for float16 a kernel class with a fast path that may decline a vector and a full path; the
// loop templates below turn them into the op / opc / ropc kernels. Tails (fewer than 16 bytes
// left) go through the scalar semantics, so nothing is read or written past a buffer's end.
#pragma once

#include <wasm_simd128.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../dtype.h"
#include "../scalar_ops.h"

namespace tensorwise::wasmsimd {

// ---- loop templates -------------------------------------------------------------------------

using vec_fn = v128_t (*)(v128_t, v128_t);

template <class T>
inline v128_t splat(const void* p) {
  if constexpr (sizeof(T) == 1) return wasm_v128_load8_splat(p);
  else if constexpr (sizeof(T) == 2) return wasm_v128_load16_splat(p);
  else if constexpr (sizeof(T) == 4) return wasm_v128_load32_splat(p);
  else return wasm_v128_load64_splat(p);
}

// A broadcast operand is one splatted register; a streamed one is loaded per vector.
template <class T, class F, vec_fn V, size_t kUnroll, bool kSplatA, bool kSplatB>
inline void run(size_t n, const void* a_, const void* b_, void* y_) {
  constexpr size_t kLanes = 16 / sizeof(T);
  const T* a = static_cast<const T*>(a_);
  const T* b = static_cast<const T*>(b_);
  T* y = static_cast<T*>(y_);
  const v128_t sa = kSplatA ? splat<T>(a) : wasm_i32x4_splat(0);
  const v128_t sb = kSplatB ? splat<T>(b) : wasm_i32x4_splat(0);
  const size_t step_a = kSplatA ? 0 : kLanes;
  const size_t step_b = kSplatB ? 0 : kLanes;
  for (; n >= kUnroll * kLanes; n -= kUnroll * kLanes) {
    v128_t r[kUnroll];
    // Unrolled by hand (the build turns off automatic unrolling to keep the binary small).
#pragma clang loop unroll(full)
    for (size_t u = 0; u < kUnroll; ++u) {
      const v128_t va = kSplatA ? sa : wasm_v128_load(a + u * kLanes);
      const v128_t vb = kSplatB ? sb : wasm_v128_load(b + u * kLanes);
      r[u] = V(va, vb);
    }
    // All loads happen before the stores, so y may alias a or b.
#pragma clang loop unroll(full)
    for (size_t u = 0; u < kUnroll; ++u) wasm_v128_store(y + u * kLanes, r[u]);
    a += kUnroll * step_a;
    b += kUnroll * step_b;
    y += kUnroll * kLanes;
  }
  for (; n >= kLanes; n -= kLanes) {
    const v128_t va = kSplatA ? sa : wasm_v128_load(a);
    const v128_t vb = kSplatB ? sb : wasm_v128_load(b);
    wasm_v128_store(y, V(va, vb));
    a += step_a;
    b += step_b;
    y += kLanes;
  }
  for (size_t i = 0; i < n; ++i) y[i] = F::apply(kSplatA ? a[0] : a[i], kSplatB ? b[0] : b[i]);
}

}  // namespace tensorwise::wasmsimd

// Division by a broadcast power of two (it uses splat above).
#include "wasmsimd_divide_pow2.h"

namespace tensorwise::wasmsimd {

template <class T, class F, vec_fn V, size_t U>
void vop(size_t n, const void* a, const void* b, void* y) { run<T, F, V, U, false, false>(n, a, b, y); }
template <class T, class F, vec_fn V, size_t U>
void vopc(size_t n, const void* a, const void* b, void* y) {
  // Division by a broadcast power of two takes a multiply or a shift (wasmsimd_divide_pow2.h).
  if constexpr (!std::is_same_v<F, op_mul>) {
    if (divide_by_power_of_two<T, F>(n, a, b, y)) return;
  }
  run<T, F, V, U, false, true>(n, a, b, y);
}
template <class T, class F, vec_fn V, size_t U>
void vropc(size_t n, const void* a, const void* b, void* y) { run<T, F, V, U, true, false>(n, a, b, y); }

// Kernels with a fast path that may decline a vector (a class K with Constants, fast(), which
// returns a mask that is nonzero where it declines, and full()). The fast loop is a function of
// its own with no call inside, so V8 keeps its values in registers; it returns how many elements
// it did, stopping at the first vector fast() declines, which the caller then does through full().
template <class T, class K, size_t kUnroll, bool kSplatA, bool kSplatB>
__attribute__((noinline)) size_t run_fast(size_t n, const T* a, const T* b, T* y) {
  constexpr size_t kLanes = 16 / sizeof(T);
  static_assert(sizeof(T) >= 2, "the opaque zero below needs n < 2^31");
  // Elements of 2 bytes or more in a 32-bit address space: n < 2^31, so this is 0, but LLVM
  // cannot know it and keeps the constants made from it in locals.
  const typename K::Constants c(static_cast<uint32_t>(n >> 31));
  const v128_t sa = kSplatA ? splat<T>(a) : wasm_i32x4_splat(0);
  const v128_t sb = kSplatB ? splat<T>(b) : wasm_i32x4_splat(0);
  size_t i = 0;
  for (; i + kUnroll * kLanes <= n; i += kUnroll * kLanes) {
    v128_t r[kUnroll];
    v128_t declined = wasm_i32x4_splat(0);
#pragma clang loop unroll(full)
    for (size_t u = 0; u < kUnroll; ++u) {
      const v128_t va = kSplatA ? sa : wasm_v128_load(a + i + u * kLanes);
      const v128_t vb = kSplatB ? sb : wasm_v128_load(b + i + u * kLanes);
      declined = wasm_v128_or(declined, K::fast(c, va, vb, &r[u]));
    }
    if (wasm_v128_any_true(declined)) break;  // one test for the whole group
#pragma clang loop unroll(full)
    for (size_t u = 0; u < kUnroll; ++u) wasm_v128_store(y + i + u * kLanes, r[u]);
  }
  for (; i + kLanes <= n; i += kLanes) {
    v128_t r;
    if (wasm_v128_any_true(K::fast(c, kSplatA ? sa : wasm_v128_load(a + i), kSplatB ? sb : wasm_v128_load(b + i), &r))) {
      break;
    }
    wasm_v128_store(y + i, r);
  }
  return i;
}

template <class T, class F, class K, size_t kUnroll, bool kSplatA, bool kSplatB>
void run_checked(size_t n, const void* a_, const void* b_, void* y_) {
  constexpr size_t kLanes = 16 / sizeof(T);
  const T* a = static_cast<const T*>(a_);
  const T* b = static_cast<const T*>(b_);
  T* y = static_cast<T*>(y_);
  // After a declined vector the full path does a burst of vectors: one while the fast path makes
  // progress in between, twice as many each time it declines at once (data full of NaNs or of
  // float16 subnormal results would otherwise pay a call, and float32 subnormal arithmetic in
  // the fast path, for every vector).
  size_t burst = 1;
  for (;;) {
    const size_t done = run_fast<T, K, kUnroll, kSplatA, kSplatB>(n, a, b, y);
    n -= done;
    if (!kSplatA) a += done;
    if (!kSplatB) b += done;
    y += done;
    if (n < kLanes) break;
    burst = done == 0 ? (burst < 256 ? 2 * burst : burst) : 1;
    for (size_t k = 0; k < burst && n >= kLanes; ++k) {
      const v128_t va = kSplatA ? splat<T>(a) : wasm_v128_load(a);
      const v128_t vb = kSplatB ? splat<T>(b) : wasm_v128_load(b);
      wasm_v128_store(y, K::full(va, vb));  // loads before the store: y may alias a or b
      n -= kLanes;
      if (!kSplatA) a += kLanes;
      if (!kSplatB) b += kLanes;
      y += kLanes;
    }
  }
  for (size_t i = 0; i < n; ++i) y[i] = F::apply(kSplatA ? a[0] : a[i], kSplatB ? b[0] : b[i]);
}

// The same names for both kinds: a vector function (vec_fn) or a kernel class.
template <class T, class F, class K, size_t U>
void vop(size_t n, const void* a, const void* b, void* y) { run_checked<T, F, K, U, false, false>(n, a, b, y); }
template <class T, class F, class K, size_t U>
void vopc(size_t n, const void* a, const void* b, void* y) { run_checked<T, F, K, U, false, true>(n, a, b, y); }
template <class T, class F, class K, size_t U>
void vropc(size_t n, const void* a, const void* b, void* y) { run_checked<T, F, K, U, true, false>(n, a, b, y); }

// ---- multiply -------------------------------------------------------------------------------

inline v128_t f32_mul(v128_t a, v128_t b) { return wasm_f32x4_mul(a, b); }
inline v128_t f64_mul(v128_t a, v128_t b) { return wasm_f64x2_mul(a, b); }
// The low bits of a product do not depend on signedness, so one kernel serves both.
inline v128_t x16_mul(v128_t a, v128_t b) { return wasm_i16x8_mul(a, b); }
inline v128_t x32_mul(v128_t a, v128_t b) { return wasm_i32x4_mul(a, b); }
inline v128_t x64_mul(v128_t a, v128_t b) { return wasm_i64x2_mul(a, b); }
// No i8x16.mul: multiply 16-bit lanes twice. The low byte of a 16-bit product is the product of
// the even bytes; the odd bytes, shifted down in a and kept in place in b, give their product in
// the high byte. Six cheap instructions per 16 bytes, no widening.
inline v128_t x8_mul(v128_t a, v128_t b) {
  const v128_t even = wasm_i16x8_mul(a, b);
  const v128_t odd = wasm_i16x8_mul(wasm_u16x8_shr(a, 8), wasm_v128_and(b, wasm_i16x8_splat(static_cast<int16_t>(0xFF00))));
  return wasm_v128_or(wasm_v128_and(even, wasm_i16x8_splat(0x00FF)), odd);
}

// ---- float division ------------------------------------------------------------------------

inline v128_t f32_div(v128_t a, v128_t b) { return wasm_f32x4_div(a, b); }
inline v128_t f64_div(v128_t a, v128_t b) { return wasm_f64x2_div(a, b); }

// ---- float16: a fast path that stops at what it cannot do --------------------------------------
// Shifted 13 bits up, the magnitude bits of a float16 read as a float32 are its value times
// 2^-112, for normals and subnormals alike. So |a| * 2^112 * (|b| * 2^-112), or
// (|a| * 2^-112) / (|b| * 2^112), is the result times 2^-112, whose float32 exponent field is
// float16's. Rounding back is then integer rounding of the bits at bit 13, and overflow to Inf a
// min; float32 subnormals even land on float16 subnormals. The product of two float16 is exact in
// float32, and a float32 quotient rounded again to float16 is still correctly rounded (24 >= 2 *
// 11 + 2), so the results are the reference's, bit for bit (all 2^32 pairs: npm run exhaustive;
// every a against a few hundred b in tests/cpp/kernels_test.cc). What the fast path leaves
// out takes the full conversions below: Inf/NaN inputs, a zero divisor, and results from nonzero
// inputs that round to at most the smallest normal (below it, float32 may already have rounded
// once, at the wrong place).
//
// The fast loop lives in its own function without calls: a call inside a loop makes V8 spill
// every register around it, which cost more than the arithmetic (run_fast / run_checked above).

// The constants, made from a value LLVM cannot see, so that it keeps them in locals (registers)
// instead of rematerialising them inside the loop, which V8 does with three instructions each.
struct F16Constants {
  v128_t zero, sign, magnitude, max_finite, max_subnormal, scale, one, round, inf;
  explicit F16Constants(uint32_t zero_) {
    zero = wasm_i32x4_splat(static_cast<int32_t>(zero_));
    sign = wasm_i16x8_splat(static_cast<int16_t>(0x8000 + zero_));
    magnitude = wasm_i16x8_splat(static_cast<int16_t>(0x7FFF + zero_));
    max_finite = wasm_i16x8_splat(static_cast<int16_t>(0x7BFF + zero_));
    max_subnormal = wasm_i16x8_splat(static_cast<int16_t>(0x0401 + zero_));
    scale = wasm_i32x4_splat(static_cast<int32_t>(0x77800000u + zero_));  // 2^112
    one = wasm_i32x4_splat(static_cast<int32_t>(1 + zero_));
    round = wasm_i32x4_splat(static_cast<int32_t>(0xFFF + zero_));
    inf = wasm_i16x8_splat(static_cast<int16_t>(0x7C00 + zero_));
  }
};

// Float32 bits of a result times 2^-112 -> float16 magnitude bits, rounded to nearest even.
inline v128_t f16_round_scaled(const F16Constants& c, v128_t bits) {
  const v128_t odd = wasm_v128_and(wasm_u32x4_shr(bits, 13), c.one);
  return wasm_u32x4_shr(wasm_i32x4_add(wasm_i32x4_add(bits, c.round), odd), 13);
}

// Float16 magnitudes (below 2^15) in the high halves of 32-bit lanes, shifted down 3: the
// magnitude shifted up 13, as float32 bits. An interleave with zero is one instruction where
// extending the high half takes two.
inline v128_t f16_low_as_f32(const F16Constants& c, v128_t m) {
  return wasm_u32x4_shr(wasm_i16x8_shuffle(c.zero, m, 0, 8, 1, 9, 2, 10, 3, 11), 3);
}
inline v128_t f16_high_as_f32(const F16Constants& c, v128_t m) {
  return wasm_u32x4_shr(wasm_i16x8_shuffle(c.zero, m, 4, 12, 5, 13, 6, 14, 7, 15), 3);
}

// Writes a ∘ b to *y; returns a mask that is nonzero where a lane needs the full path: Inf or
// NaN in, a zero divisor, or a result that may come from a float32 subnormal (rounded once
// already, at the wrong place). Those round to at most 0x400; zero inputs (exact) are left out.
// Values are made in the order they die, which keeps V8 from spilling registers.
template <bool kDivide>
inline v128_t f16_fast(const F16Constants& c, v128_t a, v128_t b, v128_t* y) {
  const v128_t sign = wasm_v128_and(wasm_v128_xor(a, b), c.sign);
  const v128_t ma = wasm_v128_and(a, c.magnitude), mb = wasm_v128_and(b, c.magnitude);
  v128_t declined = wasm_i16x8_gt(wasm_i16x8_max(ma, mb), c.max_finite);
  if (kDivide) declined = wasm_v128_or(declined, wasm_i16x8_eq(mb, c.zero));
  // Magnitudes are below 2^15, so a signed compare with zero says nonzero.
  const v128_t nonzero = wasm_i16x8_gt(kDivide ? ma : wasm_i16x8_min(ma, mb), c.zero);
  const v128_t a_lo = f16_low_as_f32(c, ma), a_hi = f16_high_as_f32(c, ma);
  const v128_t b_lo = f16_low_as_f32(c, mb), b_hi = f16_high_as_f32(c, mb);
  v128_t lo, hi;
  if (kDivide) {
    lo = wasm_f32x4_div(a_lo, wasm_f32x4_mul(b_lo, c.scale));
    hi = wasm_f32x4_div(a_hi, wasm_f32x4_mul(b_hi, c.scale));
  } else {
    lo = wasm_f32x4_mul(wasm_f32x4_mul(a_lo, c.scale), b_lo);
    hi = wasm_f32x4_mul(wasm_f32x4_mul(a_hi, c.scale), b_hi);
  }
  // Results up to 2^32 read as at most 0xBC00 after the shift; the saturating narrow and the min
  // make everything from 65520 up Inf.
  const v128_t magnitude =
      wasm_u16x8_min(wasm_u16x8_narrow_i32x4(f16_round_scaled(c, lo), f16_round_scaled(c, hi)), c.inf);
  *y = wasm_v128_or(magnitude, sign);
  return wasm_v128_or(declined, wasm_v128_and(wasm_i16x8_gt(c.max_subnormal, magnitude), nonzero));
}

// ---- float16 / bfloat16 through float32 -----------------------------------------------------

// Lanes hold zero-extended float16 bits. Shifting the exponent and mantissa into float32 place
// and scaling by 2^112 is exact for normals and subnormals alike; exponent 31 (Inf/NaN) then
// gets float32's all-ones exponent. Checked against half.h for all 65536 inputs in the tests.
inline v128_t f16_to_f32(v128_t h) {
  const v128_t magnitude = wasm_v128_and(h, wasm_i32x4_splat(0x7FFF));
  const v128_t sign = wasm_i32x4_shl(wasm_v128_and(h, wasm_i32x4_splat(0x8000)), 16);
  const v128_t value = wasm_f32x4_mul(wasm_i32x4_shl(magnitude, 13), wasm_f32x4_splat(0x1.0p+112f));
  const v128_t inf_or_nan = wasm_i32x4_gt(magnitude, wasm_i32x4_splat(0x7BFF));
  return wasm_v128_or(wasm_v128_or(value, sign), wasm_v128_and(inf_or_nan, wasm_i32x4_splat(0x7F800000)));
}

// Round to nearest even, lanes come back holding the float16 bits zero-extended (F. Giesen's
// float_to_half_fast3_rtne, branch-free). Normal results: add the rebias and 0xFFF plus the
// lowest kept bit, then shift; subnormal results: let the float adder round at 2^-24 by adding
// 0.5; |f| >= 65536 is Inf, NaN stays NaN. Checked against half.h's to_f16 in the tests.
inline v128_t f32_to_f16(v128_t f) {
  const v128_t magnitude = wasm_v128_and(f, wasm_i32x4_splat(0x7FFFFFFF));
  const v128_t sign = wasm_u32x4_shr(wasm_v128_xor(f, magnitude), 16);
  const v128_t odd = wasm_v128_and(wasm_u32x4_shr(magnitude, 13), wasm_i32x4_splat(1));
  const v128_t normal = wasm_u32x4_shr(
      wasm_i32x4_add(wasm_i32x4_add(magnitude, wasm_i32x4_splat(static_cast<int32_t>(0xC8000FFFu))), odd), 13);
  const v128_t subnormal =
      wasm_i32x4_sub(wasm_f32x4_add(magnitude, wasm_f32x4_splat(0.5f)), wasm_i32x4_splat(0x3F000000));
  v128_t bits = wasm_v128_bitselect(subnormal, normal, wasm_i32x4_lt(magnitude, wasm_i32x4_splat(113 << 23)));
  const v128_t inf_or_nan = wasm_v128_bitselect(wasm_i32x4_splat(0x7E00), wasm_i32x4_splat(0x7C00),
                                                wasm_i32x4_gt(magnitude, wasm_i32x4_splat(0x7F800000)));
  bits = wasm_v128_bitselect(inf_or_nan, bits, wasm_i32x4_gt(magnitude, wasm_i32x4_splat(0x477FFFFF)));
  return wasm_v128_or(bits, sign);
}

// Lanes hold zero-extended bits of normal float16 numbers (exponent 1..30): shift the exponent
// and mantissa into place, rebias the exponent by 112, keep the sign.
inline v128_t f16_normal_to_f32(v128_t h) {
  const v128_t magnitude = wasm_i32x4_shl(wasm_v128_and(h, wasm_i32x4_splat(0x7FFF)), 13);
  const v128_t sign = wasm_i32x4_shl(wasm_v128_and(h, wasm_i32x4_splat(0x8000)), 16);
  return wasm_v128_or(wasm_i32x4_add(magnitude, wasm_i32x4_splat(112 << 23)), sign);
}

inline v128_t bf16_to_f32(v128_t h) { return wasm_i32x4_shl(h, 16); }

// Round to nearest even by adding 0x7FFF plus the lowest kept bit; NaN keeps its sign and
// payload top and becomes quiet. Same as to_bf16(float) in half.h.
inline v128_t f32_to_bf16(v128_t f) {
  const v128_t lsb = wasm_v128_and(wasm_u32x4_shr(f, 16), wasm_u32x4_splat(1));
  const v128_t rounded = wasm_u32x4_shr(wasm_i32x4_add(f, wasm_i32x4_add(lsb, wasm_u32x4_splat(0x7FFF))), 16);
  const v128_t quiet_nan = wasm_v128_or(wasm_u32x4_shr(f, 16), wasm_u32x4_splat(0x40));
  return wasm_v128_bitselect(quiet_nan, rounded, wasm_f32x4_ne(f, f));
}

template <v128_t (*ToF32)(v128_t), v128_t (*FromF32)(v128_t), vec_fn F32Op>
inline v128_t half_op(v128_t a, v128_t b) {
  const v128_t lo = F32Op(ToF32(wasm_u32x4_extend_low_u16x8(a)), ToF32(wasm_u32x4_extend_low_u16x8(b)));
  const v128_t hi = F32Op(ToF32(wasm_u32x4_extend_high_u16x8(a)), ToF32(wasm_u32x4_extend_high_u16x8(b)));
  // Bits are at most 0xFFFF, so the saturating narrow is exact.
  return wasm_u16x8_narrow_i32x4(FromF32(lo), FromF32(hi));
}

// The float16 kernels as a class, for the checked loop below: fast() may decline a vector, full()
// never does.
template <bool kDivide>
struct F16Kernel {
  using Constants = F16Constants;
  static v128_t fast(const Constants& c, v128_t a, v128_t b, v128_t* y) { return f16_fast<kDivide>(c, a, b, y); }
  static v128_t full(v128_t a, v128_t b) {
    // All-normal inputs (exponent 1..30) convert in with a shift and a rebias; the rounding
    // back always takes the full conversion (these vectors may have subnormal or Inf results).
    if (all_normal(a) && all_normal(b)) {
      return half_op<f16_normal_to_f32, f32_to_f16, kDivide ? f32_div : f32_mul>(a, b);
    }
    return half_op<f16_to_f32, f32_to_f16, kDivide ? f32_div : f32_mul>(a, b);
  }
  static bool all_normal(v128_t h) {
    const v128_t exponent = wasm_v128_and(h, wasm_i16x8_splat(0x7C00));
    return !wasm_v128_any_true(wasm_v128_or(wasm_i16x8_eq(exponent, wasm_i16x8_splat(0)),
                                            wasm_i16x8_eq(exponent, wasm_i16x8_splat(0x7C00))));
  }
};
using F16Mul = F16Kernel<false>;
using F16Div = F16Kernel<true>;

inline v128_t bf16_mul(v128_t a, v128_t b) { return half_op<bf16_to_f32, f32_to_bf16, f32_mul>(a, b); }
inline v128_t bf16_div(v128_t a, v128_t b) { return half_op<bf16_to_f32, f32_to_bf16, f32_div>(a, b); }

// ---- integer division through floating point ------------------------------------------------
// 8- and 16-bit operands divide exactly in float32, 32-bit ones in float64: the rounded quotient
// never crosses an integer (its error is below 1/|b|, the smallest distance from a/b to one).
// x/0 comes out of the float path as ±Inf or NaN and is then masked to 0; MIN/-1 comes out as
// -MIN, which the wrapping narrow (8/16-bit) or the explicit negation (32-bit) turns into MIN.

template <bool kFloor>
inline v128_t div_i32_lanes_f32(v128_t a, v128_t b) {
  v128_t q = wasm_f32x4_div(wasm_f32x4_convert_i32x4(a), wasm_f32x4_convert_i32x4(b));
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
// stays below 1/(4|b|)); otherwise the two lanes go through the scalar semantics.
template <bool kSigned>
inline bool below_2_51(v128_t v) {
  // Signed: n + 2^51 in [0, 2^52) exactly when |n| < 2^51 (MIN wraps far away); unsigned: n < 2^51.
  const v128_t shifted = kSigned ? wasm_i64x2_add(v, wasm_i64x2_splat(int64_t{1} << 51)) : v;
  return !wasm_v128_any_true(wasm_u64x2_shr(shifted, kSigned ? 52 : 51));
}

template <bool kSigned, bool kFloor>
inline v128_t x64_div(v128_t a, v128_t b) {
  using T = std::conditional_t<kSigned, int64_t, uint64_t>;
  if (below_2_51<kSigned>(a) && below_2_51<kSigned>(b)) {
    const v128_t magic = wasm_f64x2_splat(6755399441055744.0);  // 1.5 * 2^52
    const v128_t af = wasm_f64x2_sub(wasm_i64x2_add(a, magic), magic);
    const v128_t bf = wasm_f64x2_sub(wasm_i64x2_add(b, magic), magic);
    v128_t q = wasm_f64x2_div(af, bf);
    q = kFloor ? wasm_f64x2_floor(q) : wasm_f64x2_trunc(q);
    q = wasm_i64x2_sub(wasm_f64x2_add(q, magic), magic);
    if (kSigned) q = wasm_v128_bitselect(wasm_i64x2_neg(a), q, wasm_i64x2_eq(b, wasm_i64x2_splat(-1)));
    return wasm_v128_andnot(q, wasm_i64x2_eq(b, wasm_i64x2_splat(0)));
  }
  alignas(16) T x[2], y[2];
  wasm_v128_store(x, a);
  wasm_v128_store(y, b);
  for (int i = 0; i < 2; ++i) x[i] = kFloor ? div_floor(x[i], y[i]) : div_trunc(x[i], y[i]);
  return wasm_v128_load(x);
}

inline v128_t i64_div_trunc(v128_t a, v128_t b) { return x64_div<true, false>(a, b); }
inline v128_t i64_div_floor(v128_t a, v128_t b) { return x64_div<true, true>(a, b); }
inline v128_t u64_div(v128_t a, v128_t b) { return x64_div<false, false>(a, b); }

inline v128_t i8_div_trunc(v128_t a, v128_t b) { return x8_div<true, false>(a, b); }
inline v128_t i8_div_floor(v128_t a, v128_t b) { return x8_div<true, true>(a, b); }
inline v128_t u8_div(v128_t a, v128_t b) { return x8_div<false, false>(a, b); }
inline v128_t i16_div_trunc(v128_t a, v128_t b) { return x16_div<true, false>(a, b); }
inline v128_t i16_div_floor(v128_t a, v128_t b) { return x16_div<true, true>(a, b); }
inline v128_t u16_div(v128_t a, v128_t b) { return x16_div<false, false>(a, b); }
inline v128_t i32_div_trunc(v128_t a, v128_t b) { return x32_div<true, false>(a, b); }
inline v128_t i32_div_floor(v128_t a, v128_t b) { return x32_div<true, true>(a, b); }
inline v128_t u32_div(v128_t a, v128_t b) { return x32_div<false, false>(a, b); }

}  // namespace tensorwise::wasmsimd
