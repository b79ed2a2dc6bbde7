// The one-instruction kernels (or nearly): multiply for every dtype but the narrow floats, and
// the division of the IEEE floats, correctly rounded. Integer multiply: the low bits of a product
// do not depend on signedness, so the signed and unsigned kernels of one width are the same
// instructions.
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
inline v128_t u8_mul(v128_t a, v128_t b) { return i8_mul(a, b); }
inline v128_t i16_mul(v128_t a, v128_t b) { return wasm_i16x8_mul(a, b); }
inline v128_t u16_mul(v128_t a, v128_t b) { return wasm_i16x8_mul(a, b); }
inline v128_t i32_mul(v128_t a, v128_t b) { return wasm_i32x4_mul(a, b); }
inline v128_t u32_mul(v128_t a, v128_t b) { return wasm_i32x4_mul(a, b); }
inline v128_t i64_mul(v128_t a, v128_t b) { return wasm_i64x2_mul(a, b); }
inline v128_t u64_mul(v128_t a, v128_t b) { return wasm_i64x2_mul(a, b); }

// ---- float division

inline v128_t f32_div(v128_t a, v128_t b) { return wasm_f32x4_div(a, b); }
inline v128_t f64_div(v128_t a, v128_t b) { return wasm_f64x2_div(a, b); }

}  // namespace tensorwise::wasmsimd
