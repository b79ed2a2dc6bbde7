// The element types, from one list: the DType enum, element sizes, kinds, formats, C types and
// the names JS knows them by all expand from TW_DTYPES (which ONNX versions take a dtype is the
// operators' fact: web/api/onnx-operators.js). The binding exports every one of these facts by
// name (bindings/binding.cc): JS copies none.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>

namespace tensorwise {

// Narrow float storage types: the bits only; arithmetic goes through float (half.h). Their
// format, IEEE-style (a sign, a biased exponent field, subnormals, Inf and NaN): the stored
// mantissa bits and the exponent bits.
struct float16 {
  uint16_t bits;
  static constexpr int kMantissaBits = 10, kExponentBits = 5;
};
struct bfloat16 {
  uint16_t bits;
  static constexpr int kMantissaBits = 7, kExponentBits = 8;
};

// X(name): in this order, from 0.
#define TW_DTYPE_KINDS(X) X(floating) X(narrow_float) X(signed_integer) X(unsigned_integer)
enum class DTypeKind : uint8_t {
#define TW_ENUM(name) name,
  TW_DTYPE_KINDS(TW_ENUM)
#undef TW_ENUM
};

// X(enum name, C type, kind, JS name). (Which ONNX operator versions take a dtype is a fact of
// the operators, in web/api/onnx-operators.js.)
#define TW_DTYPES(X)                          \
  X(f32, float, floating, float32)            \
  X(f64, double, floating, float64)           \
  X(f16, float16, narrow_float, float16)      \
  X(bf16, bfloat16, narrow_float, bfloat16)   \
  X(i8, int8_t, signed_integer, int8)         \
  X(i16, int16_t, signed_integer, int16)      \
  X(i32, int32_t, signed_integer, int32)      \
  X(i64, int64_t, signed_integer, int64)      \
  X(u8, uint8_t, unsigned_integer, uint8)     \
  X(u16, uint16_t, unsigned_integer, uint16)  \
  X(u32, uint32_t, unsigned_integer, uint32)  \
  X(u64, uint64_t, unsigned_integer, uint64)

enum class DType : uint8_t {
#define TW_ENUM(name, ctype, kind, js) name,
  TW_DTYPES(TW_ENUM)
#undef TW_ENUM
};

#define TW_COUNT(name, ctype, kind, js) +1
constexpr int kDTypeCount = 0 TW_DTYPES(TW_COUNT);
#undef TW_COUNT

// The C type and kind of a dtype known at compile time: ctype_of<DType::f32> is float.
template <DType> struct dtype_traits;
#define TW_TRAITS(name, ctype, k, js)                    \
  template <> struct dtype_traits<DType::name> {               \
    using type = ctype;                                        \
    static constexpr DTypeKind kind = DTypeKind::k;            \
  };
TW_DTYPES(TW_TRAITS)
#undef TW_TRAITS
template <DType D> using ctype_of = typename dtype_traits<D>::type;

// The kind of a C type of the list: kind_of_ctype<float16> is narrow_float.
template <class T> struct ctype_traits;
#define TW_CTYPE(name, ctype, k, js) \
  template <> struct ctype_traits<ctype> { static constexpr DTypeKind kind = DTypeKind::k; };
TW_DTYPES(TW_CTYPE)
#undef TW_CTYPE
template <class T> inline constexpr DTypeKind kind_of_ctype = ctype_traits<T>::kind;
template <class T> inline constexpr bool is_narrow_float_v = kind_of_ctype<T> == DTypeKind::narrow_float;

// A float type's stored mantissa bits and exponent bits (0 for integers).
template <class T>
constexpr int mantissa_bits() {
  if constexpr (kind_of_ctype<T> == DTypeKind::narrow_float) return T::kMantissaBits;
  else if constexpr (kind_of_ctype<T> == DTypeKind::floating) return std::numeric_limits<T>::digits - 1;
  else return 0;
}
template <class T>
constexpr int exponent_bits() {
  if constexpr (kind_of_ctype<T> == DTypeKind::narrow_float) return T::kExponentBits;
  else if constexpr (kind_of_ctype<T> == DTypeKind::floating) return static_cast<int>(sizeof(T) * 8) - 1 - mantissa_bits<T>();
  else return 0;
}

constexpr DTypeKind kind_of(DType t) {
  switch (t) {
#define TW_KIND(name, ctype, k, js) case DType::name: return DTypeKind::k;
    TW_DTYPES(TW_KIND)
#undef TW_KIND
  }
  return DTypeKind::floating;
}

constexpr size_t element_size(DType t) {
  switch (t) {
#define TW_SIZE(name, ctype, k, js) case DType::name: return sizeof(ctype);
    TW_DTYPES(TW_SIZE)
#undef TW_SIZE
  }
  return 0;
}

constexpr bool is_integer(DType t) {
  return kind_of(t) == DTypeKind::signed_integer || kind_of(t) == DTypeKind::unsigned_integer;
}
constexpr bool is_signed_integer(DType t) { return kind_of(t) == DTypeKind::signed_integer; }

// Calls f with a value of the dtype's C type (for the rare code that switches on a dtype known
// only at run time: f is a generic lambda that takes `auto` and uses its type).
template <class F>
decltype(auto) visit_dtype(DType t, F&& f) {
  switch (t) {
#define TW_VISIT(name, ctype, k, js) case DType::name: return f(ctype{});
    TW_DTYPES(TW_VISIT)
#undef TW_VISIT
  }
  __builtin_unreachable();
}

}  // namespace tensorwise
