// float16 and bfloat16 kernels. Every op goes through float32 lane-wise (convert, compute with
// the float32 vector function, round once to nearest even): f16_full and bf16_via_f32<F32Op>,
// which kernel_list.inc names with the float32 function of the op.
// float16 Add and Subtract have a fast path (F16Linear, below), and so do Multiply and Divide,
// one that stops at what it cannot do:
//
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
// The loop around it is loops.h's run_fast / run_checked (a call-free fast loop).
#pragma once

#include <wasm_simd128.h>

#include <cstdint>

#include "../../ops.h"
#include "lanes.h"

namespace tensorwise::wasmsimd {

// The constants, made from a value LLVM cannot see, so that it keeps them in locals (registers)
// instead of rematerialising them inside the loop, which V8 does with three instructions each.
// (Add and Subtract's fast path uses keep, magnitude32 and inf32 too; a kernel's unused ones
// are dropped by the compiler.)
struct F16Constants {
  v128_t zero, sign, magnitude, max_finite, max_subnormal, scale, one, round, inf, keep, magnitude32, inf32;
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
    keep = wasm_i32x4_splat(static_cast<int32_t>(0x8FFFFFFFu + zero_));  // a sign and a magnitude shifted up 13
    magnitude32 = wasm_i32x4_splat(static_cast<int32_t>(0x7FFFFFFF + zero_));
    inf32 = wasm_i32x4_splat(static_cast<int32_t>(0x7C00 + zero_));
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

// ---- the full path: float16 / bfloat16 through float32 ----------------------------------------

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
// 0.5; |f| >= 65536 is Inf, NaN becomes the one quiet NaN 0x7E00 (half.h). Checked against
// half.h's to_f16 in the tests.
inline v128_t f32_to_f16(v128_t f) {
  const v128_t magnitude = wasm_v128_and(f, wasm_i32x4_splat(0x7FFFFFFF));
  const v128_t nan = wasm_i32x4_gt(magnitude, wasm_i32x4_splat(0x7F800000));
  const v128_t sign = wasm_v128_andnot(wasm_u32x4_shr(wasm_v128_xor(f, magnitude), 16), nan);
  const v128_t odd = wasm_v128_and(wasm_u32x4_shr(magnitude, 13), wasm_i32x4_splat(1));
  const v128_t normal = wasm_u32x4_shr(
      wasm_i32x4_add(wasm_i32x4_add(magnitude, wasm_i32x4_splat(static_cast<int32_t>(0xC8000FFFu))), odd), 13);
  const v128_t subnormal =
      wasm_i32x4_sub(wasm_f32x4_add(magnitude, wasm_f32x4_splat(0.5f)), wasm_i32x4_splat(0x3F000000));
  v128_t bits = wasm_v128_bitselect(subnormal, normal, wasm_i32x4_lt(magnitude, wasm_i32x4_splat(113 << 23)));
  const v128_t inf_or_nan = wasm_v128_bitselect(wasm_i32x4_splat(0x7E00), wasm_i32x4_splat(0x7C00), nan);
  bits = wasm_v128_bitselect(inf_or_nan, bits, wasm_i32x4_gt(magnitude, wasm_i32x4_splat(0x477FFFFF)));
  return wasm_v128_or(bits, sign);
}

inline v128_t bf16_to_f32(v128_t h) { return wasm_i32x4_shl(h, 16); }

// Round to nearest even by adding 0x7FFF plus the lowest kept bit; NaN becomes the one quiet
// NaN 0x7FC0. Same as to_bf16(float) in half.h.
inline v128_t f32_to_bf16(v128_t f) {
  const v128_t lsb = wasm_v128_and(wasm_u32x4_shr(f, 16), wasm_u32x4_splat(1));
  const v128_t rounded = wasm_u32x4_shr(wasm_i32x4_add(f, wasm_i32x4_add(lsb, wasm_u32x4_splat(0x7FFF))), 16);
  return wasm_v128_bitselect(wasm_u32x4_splat(0x7FC0), rounded, wasm_f32x4_ne(f, f));
}

template <v128_t (*ToF32)(v128_t), v128_t (*FromF32)(v128_t), vec_fn F32Op>
inline v128_t half_op(v128_t a, v128_t b) {
  const v128_t lo = F32Op(ToF32(wasm_u32x4_extend_low_u16x8(a)), ToF32(wasm_u32x4_extend_low_u16x8(b)));
  const v128_t hi = F32Op(ToF32(wasm_u32x4_extend_high_u16x8(a)), ToF32(wasm_u32x4_extend_high_u16x8(b)));
  // Bits are at most 0xFFFF, so the saturating narrow is exact.
  return wasm_u16x8_narrow_i32x4(FromF32(lo), FromF32(hi));
}

// The full path of float16's kernels below: `vectors` vectors of a ∘ b (each operand stepping
// its own bytes a vector, 0 where it is broadcast) through float32, the ones the fast path
// declines (Inf or NaN in, a zero divisor, subnormal results). One loop for the four ops, the op
// a switch in it (a call there made V8 spill its registers); the general conversion is exact for
// every input, normal or not.
enum class F32Arith : uint8_t { add, sub, mul, div };

inline v128_t f32_arith(F32Arith op, v128_t a, v128_t b) {
  switch (op) {
    case F32Arith::add: return wasm_f32x4_add(a, b);
    case F32Arith::sub: return wasm_f32x4_sub(a, b);
    case F32Arith::mul: return wasm_f32x4_mul(a, b);
    default: return wasm_f32x4_div(a, b);
  }
}

__attribute__((noinline)) inline void f16_full(size_t vectors, const unsigned char* a, size_t step_a,
                                               const unsigned char* b, size_t step_b, unsigned char* y, F32Arith op) {
  for (; vectors != 0; --vectors, a += step_a, b += step_b, y += 16) {
    const v128_t va = wasm_v128_load(a), vb = wasm_v128_load(b);  // loads before the store: y may be a or b
    const v128_t lo = f32_arith(op, f16_to_f32(wasm_u32x4_extend_low_u16x8(va)), f16_to_f32(wasm_u32x4_extend_low_u16x8(vb)));
    const v128_t hi = f32_arith(op, f16_to_f32(wasm_u32x4_extend_high_u16x8(va)), f16_to_f32(wasm_u32x4_extend_high_u16x8(vb)));
    wasm_v128_store(y, wasm_u16x8_narrow_i32x4(f32_to_f16(lo), f32_to_f16(hi)));  // bits at most 0xFFFF: exact
  }
}

template <vec_fn F32Op>
inline v128_t bf16_via_f32(v128_t a, v128_t b) { return half_op<bf16_to_f32, f32_to_bf16, F32Op>(a, b); }

// ---- float16 Add and Subtract: the fast path ---------------------------------------------------
//
// Scaling by 2^-112 commutes with + and -: with each float16 read as float32 bits (sign in place,
// magnitude shifted up 13: its value times 2^-112), the float32 sum is the float16 sum times
// 2^-112, whose bits round back at bit 13 as Multiply's do. Rounding twice (float32, then bit 13)
// is still correct rounding for + and - (24 >= 2 * 11 + 2); a result among float32's subnormals
// is exact, as both inputs lie on the float16 grid scaled, a multiple of 2^-136 (float32's
// subnormal grid is 2^-149), so float16 subnormals need no care. Only Inf and NaN inputs are
// declined; sums from 65520 up become Inf. All 2^32 pairs: npm run exhaustive.

// Four float16 (zero-extended into the high halves of 32-bit lanes by a shuffle with zero) as
// float32 bits of their value times 2^-112: an arithmetic shift by 3 keeps the sign at bit 31
// and copies it into bits 30..28, which `keep` clears.
inline v128_t f16_low_scaled(const F16Constants& c, v128_t h) {
  return wasm_v128_and(wasm_i32x4_shr(wasm_i16x8_shuffle(c.zero, h, 0, 8, 1, 9, 2, 10, 3, 11), 3), c.keep);
}
inline v128_t f16_high_scaled(const F16Constants& c, v128_t h) {
  return wasm_v128_and(wasm_i32x4_shr(wasm_i16x8_shuffle(c.zero, h, 4, 12, 5, 13, 6, 14, 7, 15), 3), c.keep);
}

// Float32 bits of a finite result times 2^-112 -> float16 bits zero-extended in 32-bit lanes.
inline v128_t f16_from_scaled(const F16Constants& c, v128_t r) {
  const v128_t magnitude = wasm_v128_and(r, c.magnitude32);
  const v128_t odd = wasm_v128_and(wasm_u32x4_shr(magnitude, 13), c.one);
  const v128_t rounded = wasm_u32x4_shr(wasm_i32x4_add(wasm_i32x4_add(magnitude, c.round), odd), 13);
  // c.sign is 0x8000 in each 16-bit half; r >> 16 has nothing in the high ones.
  return wasm_v128_or(wasm_u32x4_min(rounded, c.inf32), wasm_v128_and(wasm_u32x4_shr(r, 16), c.sign));
}

// float16 a ∘ b for a linear float32 op (f32_add, f32_sub), as a kernel class for loops.h's
// checked loop: fast() declines a vector with an Inf or NaN in it, full() never declines.
template <F32Arith kOp>
struct F16Linear {
  using Constants = F16Constants;
  static v128_t fast(const Constants& c, v128_t a, v128_t b, v128_t* y) {
    const v128_t declined =
        wasm_i16x8_gt(wasm_i16x8_max(wasm_v128_and(a, c.magnitude), wasm_v128_and(b, c.magnitude)), c.max_finite);
    const v128_t lo = f32_arith(kOp, f16_low_scaled(c, a), f16_low_scaled(c, b));
    const v128_t hi = f32_arith(kOp, f16_high_scaled(c, a), f16_high_scaled(c, b));
    *y = wasm_u16x8_narrow_i32x4(f16_from_scaled(c, lo), f16_from_scaled(c, hi));
    return declined;
  }
  static void full(size_t vectors, const unsigned char* a, size_t step_a, const unsigned char* b, size_t step_b, unsigned char* y) {
    f16_full(vectors, a, step_a, b, step_b, y, kOp);
  }
};

// The float16 Multiply and Divide kernels as a class, for loops.h's checked loop: fast() may
// decline a vector, full() never does.
template <bool kDivide>
struct F16Kernel {
  using Constants = F16Constants;
  static v128_t fast(const Constants& c, v128_t a, v128_t b, v128_t* y) { return f16_fast<kDivide>(c, a, b, y); }
  static void full(size_t vectors, const unsigned char* a, size_t step_a, const unsigned char* b, size_t step_b, unsigned char* y) {
    f16_full(vectors, a, step_a, b, step_b, y, kDivide ? F32Arith::div : F32Arith::mul);
  }
};
using f16_add = F16Linear<F32Arith::add>;
using f16_sub = F16Linear<F32Arith::sub>;
using f16_mul = F16Kernel<false>;
using f16_div = F16Kernel<true>;

}  // namespace tensorwise::wasmsimd
