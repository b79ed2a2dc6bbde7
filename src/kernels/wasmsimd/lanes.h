// Lane helpers for 128-bit wasm SIMD: the one place that maps an element type to its lane
// instructions (splat, shift, add) for the loop and kernel templates.
#pragma once

#include <wasm_simd128.h>

#include <cstdint>
#include <type_traits>

namespace tensorwise::wasmsimd {

// A vector function: 16 bytes of a's elements ∘ 16 bytes of b's.
using vec_fn = v128_t (*)(v128_t, v128_t);

// v itself, hidden from LLVM's combines: LLVM 14 merges an integer widening into the conversion
// to float after it (sitofp of a sext), which its wasm backend then lowers lane by lane (an
// extract, a scalar convert and a replace per lane: several times slower). An empty asm between
// the two keeps them the SIMD instructions they are.
inline v128_t opaque(v128_t v) {
  __asm__("" : "+r"(v));
  return v;
}

template <class T>
inline v128_t splat(const void* p) {
  if constexpr (sizeof(T) == 1) return wasm_v128_load8_splat(p);
  else if constexpr (sizeof(T) == 2) return wasm_v128_load16_splat(p);
  else if constexpr (sizeof(T) == 4) return wasm_v128_load32_splat(p);
  else return wasm_v128_load64_splat(p);
}

template <class T>
inline v128_t shift_right(v128_t v, uint32_t k) {
  if constexpr (std::is_same_v<T, int8_t>) return wasm_i8x16_shr(v, k);
  else if constexpr (std::is_same_v<T, uint8_t>) return wasm_u8x16_shr(v, k);
  else if constexpr (std::is_same_v<T, int16_t>) return wasm_i16x8_shr(v, k);
  else if constexpr (std::is_same_v<T, uint16_t>) return wasm_u16x8_shr(v, k);
  else if constexpr (std::is_same_v<T, int32_t>) return wasm_i32x4_shr(v, k);
  else if constexpr (std::is_same_v<T, uint32_t>) return wasm_u32x4_shr(v, k);
  else if constexpr (std::is_same_v<T, int64_t>) return wasm_i64x2_shr(v, k);
  else return wasm_u64x2_shr(v, k);
}

template <class T>
inline v128_t add_lanes(v128_t a, v128_t b) {
  if constexpr (sizeof(T) == 1) return wasm_i8x16_add(a, b);
  else if constexpr (sizeof(T) == 2) return wasm_i16x8_add(a, b);
  else if constexpr (sizeof(T) == 4) return wasm_i32x4_add(a, b);
  else return wasm_i64x2_add(a, b);
}

}  // namespace tensorwise::wasmsimd
