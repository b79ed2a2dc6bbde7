// The one-instruction kernels (or nearly): add, subtract and multiply for every dtype but the narrow
// floats (narrow_floats.h wraps the float32 ones), and the division of the IEEE floats, correctly
// rounded. Integer add and multiply: the low bits of a sum or a product do not depend on
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

}  // namespace tensorwise::wasmsimd
