// Conversion kernels. Between float32 and the narrow floats, over whole runs: the lane functions
// of narrow_floats.h (the one home of each conversion, which the arithmetic kernels use too)
// applied 8 elements at a time (one vector of narrow floats, two of float32; a larger unroll
// made the binary larger). The tail (fewer than 8 elements left) goes through the same code on a
// zeroed local group: its elements are copied in, converted and copied out, so nothing is read
// or written past either buffer and every element takes the same lane function.
#pragma once

#include <wasm_simd128.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "../../cast.h"
#include "narrow_floats.h"

namespace tensorwise::wasmsimd {

using lane_fn = v128_t (*)(v128_t);

// 8 float32 -> 8 narrow floats' bits. The lane function leaves the bits (at most 0xFFFF)
// zero-extended in 32-bit lanes, so the saturating narrow is exact.
template <lane_fn FromF32>
inline void narrow8(const float* x, uint16_t* y) {
  const v128_t lo = wasm_v128_load(x), hi = wasm_v128_load(x + 4);
  wasm_v128_store(y, wasm_u16x8_narrow_i32x4(FromF32(lo), FromF32(hi)));
}

// 8 narrow floats' bits -> 8 float32; the lane function takes the bits zero-extended into
// 32-bit lanes.
template <lane_fn ToF32>
inline void widen8(const uint16_t* x, float* y) {
  const v128_t bits = wasm_v128_load(x);
  wasm_v128_store(y, ToF32(wasm_u32x4_extend_low_u16x8(bits)));
  wasm_v128_store(y + 4, ToF32(wasm_u32x4_extend_high_u16x8(bits)));
}

// `groups` whole groups of 8 elements from x into y.
using groups_fn = void (*)(size_t groups, const void* x, void* y);
template <class In, class Out, void (*Group)(const In*, Out*)>
void convert_groups(size_t groups, const void* x_, void* y_) {
  const In* x = static_cast<const In*>(x_);
  Out* y = static_cast<Out*>(y_);
  for (; groups > 0; --groups, x += 8, y += 8) Group(x, y);
}

// A run of n elements of in_bytes each into elements of out_bytes (4 at most): its whole groups,
// then the tail as one more group in local memory. One copy for every kernel: not inlined.
__attribute__((noinline)) inline void convert_run(size_t n, const void* x, void* y, groups_fn groups, size_t in_bytes,
                                                  size_t out_bytes) {
  const size_t whole = n - n % 8;
  groups(n / 8, x, y);
  if (whole == n) return;
  alignas(16) unsigned char in[8 * 4] = {};
  alignas(16) unsigned char out[8 * 4];
  std::memcpy(in, static_cast<const unsigned char*>(x) + whole * in_bytes, (n - whole) * in_bytes);
  groups(1, in, out);
  std::memcpy(static_cast<unsigned char*>(y) + whole * out_bytes, out, (n - whole) * out_bytes);
}

// The kernels conversion_list.inc names (vconvert.h's signature).
inline void f32_to_f16_wasmsimd_u8(size_t n, const void* x, void* y) {
  convert_run(n, x, y, &convert_groups<float, uint16_t, narrow8<f32_to_f16>>, 4, 2);
}
inline void f16_to_f32_wasmsimd_u8(size_t n, const void* x, void* y) {
  convert_run(n, x, y, &convert_groups<uint16_t, float, widen8<f16_to_f32>>, 2, 4);
}
inline void f32_to_bf16_wasmsimd_u8(size_t n, const void* x, void* y) {
  convert_run(n, x, y, &convert_groups<float, uint16_t, narrow8<f32_to_bf16>>, 4, 2);
}
inline void bf16_to_f32_wasmsimd_u8(size_t n, const void* x, void* y) {
  convert_run(n, x, y, &convert_groups<uint16_t, float, widen8<bf16_to_f32>>, 2, 4);
}

// ---- integers to float32, float32 <-> float64: whole vectors, then the tail element by element
// through cast.h (nothing read or written past either buffer). Integers up to 16 bits widen
// exactly to int32 lanes (opaque() keeps the conversion after it in SIMD: lanes.h); int32 and
// uint32 lanes convert rounding to nearest even (wasm's
// convert instructions, correctly rounded like numpy's astype); float32 widens exactly to
// float64 and float64 narrows rounding to nearest even.

// y[0, n) from x through `Vector`, which converts `kIn` elements to `kIn` outputs per call.
template <class In, class Out, size_t kIn, void (*Vector)(const In*, Out*)>
inline void convert_vectors(size_t n, const void* x_, void* y_) {
  const In* x = static_cast<const In*>(x_);
  Out* y = static_cast<Out*>(y_);
  size_t i = 0;
  for (; i + kIn <= n; i += kIn) Vector(x + i, y + i);
  for (; i < n; ++i) y[i] = cast_value<In, Out>(x[i]);
}

template <bool kSigned>
inline void bytes16_to_f32(const uint8_t* x, float* y) {
  const v128_t v = wasm_v128_load(x);
  const v128_t lo = kSigned ? wasm_i16x8_extend_low_i8x16(v) : wasm_u16x8_extend_low_u8x16(v);
  const v128_t hi = kSigned ? wasm_i16x8_extend_high_i8x16(v) : wasm_u16x8_extend_high_u8x16(v);
  const v128_t q[4] = {kSigned ? wasm_i32x4_extend_low_i16x8(lo) : wasm_u32x4_extend_low_u16x8(lo),
                       kSigned ? wasm_i32x4_extend_high_i16x8(lo) : wasm_u32x4_extend_high_u16x8(lo),
                       kSigned ? wasm_i32x4_extend_low_i16x8(hi) : wasm_u32x4_extend_low_u16x8(hi),
                       kSigned ? wasm_i32x4_extend_high_i16x8(hi) : wasm_u32x4_extend_high_u16x8(hi)};
  for (int k = 0; k < 4; ++k) wasm_v128_store(y + 4 * k, wasm_f32x4_convert_i32x4(opaque(q[k])));
}
inline void u8x16_to_f32(const uint8_t* x, float* y) { bytes16_to_f32<false>(x, y); }
inline void i8x16_to_f32(const int8_t* x, float* y) { bytes16_to_f32<true>(reinterpret_cast<const uint8_t*>(x), y); }

template <bool kSigned>
inline void halves8_to_f32(const uint16_t* x, float* y) {
  const v128_t v = wasm_v128_load(x);
  wasm_v128_store(y, wasm_f32x4_convert_i32x4(opaque(kSigned ? wasm_i32x4_extend_low_i16x8(v) : wasm_u32x4_extend_low_u16x8(v))));
  wasm_v128_store(y + 4, wasm_f32x4_convert_i32x4(opaque(kSigned ? wasm_i32x4_extend_high_i16x8(v) : wasm_u32x4_extend_high_u16x8(v))));
}
inline void u16x8_to_f32(const uint16_t* x, float* y) { halves8_to_f32<false>(x, y); }
inline void i16x8_to_f32(const int16_t* x, float* y) { halves8_to_f32<true>(reinterpret_cast<const uint16_t*>(x), y); }
inline void i32x4_to_f32(const int32_t* x, float* y) { wasm_v128_store(y, wasm_f32x4_convert_i32x4(wasm_v128_load(x))); }
inline void u32x4_to_f32(const uint32_t* x, float* y) { wasm_v128_store(y, wasm_f32x4_convert_u32x4(wasm_v128_load(x))); }
inline void f32x4_to_f64(const float* x, double* y) {
  const v128_t v = wasm_v128_load(x);
  wasm_v128_store(y, wasm_f64x2_promote_low_f32x4(v));
  wasm_v128_store(y + 2, wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(v, v, 2, 3, 2, 3)));
}
inline void f64x4_to_f32(const double* x, float* y) {
  const v128_t lo = wasm_f32x4_demote_f64x2_zero(wasm_v128_load(x));
  const v128_t hi = wasm_f32x4_demote_f64x2_zero(wasm_v128_load(x + 2));
  wasm_v128_store(y, wasm_i32x4_shuffle(lo, hi, 0, 1, 4, 5));
}

inline void u8_to_f32_wasmsimd_u16(size_t n, const void* x, void* y) { convert_vectors<uint8_t, float, 16, u8x16_to_f32>(n, x, y); }
inline void i8_to_f32_wasmsimd_u16(size_t n, const void* x, void* y) { convert_vectors<int8_t, float, 16, i8x16_to_f32>(n, x, y); }
inline void u16_to_f32_wasmsimd_u8(size_t n, const void* x, void* y) { convert_vectors<uint16_t, float, 8, u16x8_to_f32>(n, x, y); }
inline void i16_to_f32_wasmsimd_u8(size_t n, const void* x, void* y) { convert_vectors<int16_t, float, 8, i16x8_to_f32>(n, x, y); }
inline void i32_to_f32_wasmsimd_u4(size_t n, const void* x, void* y) { convert_vectors<int32_t, float, 4, i32x4_to_f32>(n, x, y); }
inline void u32_to_f32_wasmsimd_u4(size_t n, const void* x, void* y) { convert_vectors<uint32_t, float, 4, u32x4_to_f32>(n, x, y); }
inline void f32_to_f64_wasmsimd_u4(size_t n, const void* x, void* y) { convert_vectors<float, double, 4, f32x4_to_f64>(n, x, y); }
inline void f64_to_f32_wasmsimd_u4(size_t n, const void* x, void* y) { convert_vectors<double, float, 4, f64x4_to_f32>(n, x, y); }

// ---- bytes `kStride` apart (a channel of an interleaved image) to float32: one 16-byte load
// holds four of them, a shuffle puts each in the low (unsigned) or high (signed, then shifted
// down with its sign) byte of a 32-bit lane. A load stays inside the elements asked for: the
// last vectors, whose load would reach past the last element, go element by element.
template <size_t kStride, bool kSigned>
inline void strided_bytes_to_f32(size_t n, const void* x_, void* y_) {
  constexpr int s = static_cast<int>(kStride);
  const uint8_t* x = static_cast<const uint8_t*>(x_);
  float* y = static_cast<float*>(y_);
  const v128_t zero = wasm_i32x4_splat(0);
  // Vector j loads bytes [4 j s, 4 j s + 16): inside the n elements while 4 j s + 16 <= (n - 1) s + 1.
  const size_t last_byte = n == 0 ? 0 : (n - 1) * kStride + 1;
  size_t i = 0;
  for (; i + 4 <= n && i * kStride + 16 <= last_byte; i += 4) {
    const v128_t v = wasm_v128_load(x + i * kStride);
    v128_t lanes;
    if (kSigned) {
      lanes = wasm_i32x4_shr(wasm_i8x16_shuffle(zero, v, 0, 1, 2, 16, 0, 1, 2, 16 + s, 0, 1, 2, 16 + 2 * s, 0, 1, 2, 16 + 3 * s), 24);
    } else {
      lanes = wasm_i8x16_shuffle(v, zero, 0, 16, 16, 16, s, 16, 16, 16, 2 * s, 16, 16, 16, 3 * s, 16, 16, 16);
    }
    wasm_v128_store(y + i, wasm_f32x4_convert_i32x4(lanes));
  }
  for (; i < n; ++i) {
    y[i] = kSigned ? cast_value<int8_t, float>(static_cast<int8_t>(x[i * kStride])) : cast_value<uint8_t, float>(x[i * kStride]);
  }
}

inline void u8_stride2_to_f32_wasmsimd_u4(size_t n, const void* x, void* y) { strided_bytes_to_f32<2, false>(n, x, y); }
inline void u8_stride3_to_f32_wasmsimd_u4(size_t n, const void* x, void* y) { strided_bytes_to_f32<3, false>(n, x, y); }
inline void u8_stride4_to_f32_wasmsimd_u4(size_t n, const void* x, void* y) { strided_bytes_to_f32<4, false>(n, x, y); }
inline void i8_stride2_to_f32_wasmsimd_u4(size_t n, const void* x, void* y) { strided_bytes_to_f32<2, true>(n, x, y); }
inline void i8_stride3_to_f32_wasmsimd_u4(size_t n, const void* x, void* y) { strided_bytes_to_f32<3, true>(n, x, y); }
inline void i8_stride4_to_f32_wasmsimd_u4(size_t n, const void* x, void* y) { strided_bytes_to_f32<4, true>(n, x, y); }

}  // namespace tensorwise::wasmsimd
