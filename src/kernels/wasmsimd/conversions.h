// Conversion kernels between float32 and the narrow floats, over whole runs: the lane functions
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

}  // namespace tensorwise::wasmsimd
