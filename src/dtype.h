// Element types and operations known to the core. The numeric values are part of the binding
// ABI: web/dtypes.js uses the same order.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tensorwise {

enum class DType : uint8_t { f32, f64, f16, bf16, i8, i16, i32, i64, u8, u16, u32, u64 };
constexpr int kDTypeCount = 12;

// Integer division comes in two roundings; floats have one division.
enum class Op : uint8_t { mul, div_trunc, div_floor };
constexpr int kOpCount = 3;

constexpr size_t element_size(DType t) {
  switch (t) {
    case DType::f64: case DType::i64: case DType::u64: return 8;
    case DType::f32: case DType::i32: case DType::u32: return 4;
    case DType::f16: case DType::bf16: case DType::i16: case DType::u16: return 2;
    default: return 1;
  }
}

constexpr bool is_integer(DType t) { return t >= DType::i8; }

// 16-bit float storage types: the bits only; arithmetic goes through float (see half.h).
struct float16 { uint16_t bits; };
struct bfloat16 { uint16_t bits; };

}  // namespace tensorwise
