// The element-wise operations, from one list: the Op enum and, per op, a functor with the
// scalar semantics of docs/contract.md (every kernel, scalar or SIMD, agrees with them bit for
// bit) and the traits the executor, the kernels and the JS layer read:
//   kCommutes        a ∘ b == b ∘ a: with a broadcast a, the op runs as b ∘ a[0] (no ropc kernel)
//   kDivision        the op is a / b: an integer zero divisor is an error under onZeroDivision
//                    'error', and a broadcast power-of-two divisor may take a multiply or shift
//   kFloorDivision   (divisions) integers round toward -Inf, not toward zero
//   kSignless        an integer result's bits do not depend on whether the integers are signed
//                    (wrapping +, -, *): unsigned dtypes run the signed kernels of their width
//   truncating       (floor divisions) the functor of the division that truncates instead: the
//                    op's floor twin is found from it (floor_twin below)
//   kArithmetic      which of the four arithmetic operations the op is on the dtype's values
//                    (sum, difference, product, quotient; none for an op that is not one): with
//                    the traits above and kZeroQuotient it says all of an op's semantics, so the
//                    JS layer builds its small-op loops from the facts (web/execution/small-ops.js)
//   kZeroQuotient    (divisions) what an integer x/0 gives
//   kArity           how many operands it takes: 2, or 1 (a unary op's node names its operand as
//                    both a and b, and its functor reads a only)
//   kDomain          the kinds of dtype it takes (a DomainSet: bit k for DTypeKind k); no kernel
//                    exists outside it, the core refuses a program that asks for one
//                    (valid_program), and the binding exports it, from which JS refuses a call,
//                    and the types, the docs' table and the tests follow
// The binding exports the enum and every trait by name (bindings/binding.cc). Beside a functor,
// where the op's vector form is a few instructions, are its wasm SIMD vector functions (the op
// 16 bytes at a time, which kernel_list.inc names): an op's semantics, scalar and vector, in one
// place. Vector forms that need a family of helpers (integer division through floats, the
// narrow floats through float32) are in kernels/wasmsimd/.
#pragma once

#include <cmath>
#include <functional>
#include <limits>
#include <type_traits>

#include "dtype.h"
#include "elementary.h"
#include "half.h"

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace tensorwise {

// X(enum name, functor)
#define TW_OPS(X)            \
  X(mul, op_mul)             \
  X(div, op_div)             \
  X(div_floor, op_div_floor) \
  X(add, op_add)             \
  X(sub, op_sub)             \
  X(max, op_max)             \
  X(min, op_min)             \
  X(mod, op_mod)             \
  X(fmod, op_fmod)           \
  X(sqdiff, op_sqdiff)         \
  X(bit_and, op_bit_and)       \
  X(bit_or, op_bit_or)         \
  X(bit_xor, op_bit_xor)       \
  X(bit_not, op_bit_not)       \
  X(abs, op_abs)               \
  X(neg, op_neg)               \
  X(sqrt, op_sqrt)             \
  X(exp, op_exp)               \
  X(log, op_log)

enum class Op : uint8_t {
#define TW_ENUM(name, functor) name,
  TW_OPS(TW_ENUM)
#undef TW_ENUM
};

// Which arithmetic operation an op is (kArithmetic above); the binding exports the names.
#define TW_ARITHMETICS(X) X(none) X(sum) X(difference) X(product) X(quotient)
enum class Arithmetic : uint8_t {
#define TW_ENUM(name) name,
  TW_ARITHMETICS(TW_ENUM)
#undef TW_ENUM
};

// A set of dtype kinds (an op's domain): bit k for DTypeKind k.
using DomainSet = uint8_t;
constexpr DomainSet kind_bit(DTypeKind k) { return static_cast<DomainSet>(1u << static_cast<unsigned>(k)); }
constexpr DomainSet kIntegers = kind_bit(DTypeKind::signed_integer) | kind_bit(DTypeKind::unsigned_integer);
constexpr DomainSet kFloats = kind_bit(DTypeKind::floating) | kind_bit(DTypeKind::narrow_float);
constexpr DomainSet kNumeric = kIntegers | kFloats;

// An op's traits (above), written once: each functor derives from its facts. kZeroQuotient is 0
// for every op, as numpy's integer x / 0 and x % 0 are.
template <bool Commutes, bool Divides, bool Signless, Arithmetic A, bool Floors = false, DomainSet Domain = kNumeric,
          int Arity = 2>
struct facts {
  static constexpr bool kCommutes = Commutes;
  static constexpr bool kDivision = Divides;
  static constexpr bool kFloorDivision = Floors;
  static constexpr bool kSignless = Signless;
  static constexpr Arithmetic kArithmetic = A;
  static constexpr int kZeroQuotient = 0;
  static constexpr DomainSet kDomain = Domain;
  static constexpr int kArity = Arity;
};

// Whether an op's functor takes elements of C type T (its domain holds T's kind).
template <class F, class T>
inline constexpr bool takes_v = (F::kDomain & kind_bit(kind_of_ctype<T>)) != 0;

// The ring operations (+, -, *) of every dtype from one C++ operator `fn`: IEEE for floats;
// narrow floats through float32, rounded once, which is the correctly rounded result
// (docs/contract.md, "Arithmetic"); integers wrap modulo 2^bits, computed in unsigned (promoted
// past int for the narrow types, which would otherwise promote to int) so C++ has no
// signed-overflow UB.
template <class T, class Fn>
T ring_op(T a, T b, Fn fn) {
  if constexpr (is_narrow_float_v<T>) {
    return narrow<T>(fn(to_f32(a), to_f32(b)));
  } else if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    using Wide = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, U>;
    return static_cast<T>(static_cast<U>(fn(static_cast<Wide>(static_cast<U>(a)), static_cast<Wide>(static_cast<U>(b)))));
  } else {
    return fn(a, b);
  }
}

// The ring ops (*, +, -): the same traits but for commuting, and one rounding or wrap each.
template <class Fn, bool Commutes, Arithmetic A>
struct ring : facts<Commutes, false, true, A> {
  template <class T>
  static T apply(T a, T b) { return ring_op(a, b, Fn{}); }
};
struct op_mul : ring<std::multiplies<>, true, Arithmetic::product> {};
struct op_add : ring<std::plus<>, true, Arithmetic::sum> {};
struct op_sub : ring<std::minus<>, false, Arithmetic::difference> {};

// The ring ops 16 bytes at a time (kernel_list.inc names these vector functions; every lane
// gives what the functor gives: tests/cpp/kernels_test.cc). Integer add and multiply: the low bits
// of a sum or a product do not depend on signedness, so unsigned integers run the signed kernels
// (canonical_dtype below). The narrow floats' are kernel families of their own
// (kernels/wasmsimd/narrow_floats.h).
#ifdef __wasm_simd128__
namespace wasmsimd {

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

}  // namespace wasmsimd
#endif

// Division: IEEE for floats; integers truncate toward zero (C, ONNX Div). Integer division never
// traps: x/0 is 0, and MIN/-1 wraps to MIN (like numpy).
struct op_div : facts<false, true, false, Arithmetic::quotient> {
  template <class T>
  static T apply(T a, T b) {
    if constexpr (is_narrow_float_v<T>) {
      return narrow<T>(to_f32(a) / to_f32(b));
    } else if constexpr (std::is_integral_v<T>) {
      if (b == 0) return static_cast<T>(kZeroQuotient);
      if constexpr (std::is_signed_v<T>) {
        using U = std::make_unsigned_t<T>;
        if (b == -1) return static_cast<T>(U{0} - static_cast<U>(a));  // wrapping negation
      }
      return static_cast<T>(a / b);
    } else {
      return a / b;
    }
  }
};

// The division of the IEEE floats 16 bytes at a time, correctly rounded (the integer divisions
// and the narrow floats' are kernel families of their own: kernels/wasmsimd/).
#ifdef __wasm_simd128__
namespace wasmsimd {

// ---- float division

inline v128_t f32_div(v128_t a, v128_t b) { return wasm_f32x4_div(a, b); }
inline v128_t f64_div(v128_t a, v128_t b) { return wasm_f64x2_div(a, b); }

}  // namespace wasmsimd
#endif

// Floor division (Python //, OpenVINO pythondiv): signed integers round toward -Inf; for every
// other type it is op_div (canonical_op maps it there).
struct op_div_floor : facts<false, true, false, Arithmetic::quotient, true> {
  using truncating = op_div;
  template <class T>
  static T apply(T a, T b) {
    const T q = op_div::apply(a, b);
    if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
      if (b == 0 || b == -1) return q;
      // Truncation rounded up when the signs differ and something was left over.
      return (a % b != 0 && ((a < 0) != (b < 0))) ? static_cast<T>(q - 1) : q;
    } else {
      return q;
    }
  }
};

// IEEE 754-2019 maximum and minimum (WebAssembly's f32.max, f32.min): NaN if either operand is
// NaN, and -0 < +0; exact for every dtype. A narrow float's result is one of its operands or its
// one quiet NaN, found on the bits: sign and magnitude made two's-complement ordered (a
// negative's magnitude bits flipped; -0 is -1, +0 is 0), as the SIMD kernels do.
template <bool kMax>
struct extremum : facts<true, false, false, Arithmetic::none> {
  template <class T>
  static T apply(T a, T b) {
    if constexpr (is_narrow_float_v<T>) {
      // The format's fields from its widths (dtype.h), whatever its storage.
      using Bits = decltype(T::bits);
      constexpr unsigned kInf = ((1u << exponent_bits<T>()) - 1) << mantissa_bits<T>();
      constexpr unsigned kSign = 1u << (exponent_bits<T>() + mantissa_bits<T>()), kMagnitude = kSign - 1;
      constexpr Bits kQuietNaN = static_cast<Bits>(kInf | (1u << (mantissa_bits<T>() - 1)));
      if ((a.bits & kMagnitude) > kInf || (b.bits & kMagnitude) > kInf) return T{kQuietNaN};
      const auto key = [](unsigned h) { return (h & kSign) ? -1 - static_cast<int>(h & kMagnitude) : static_cast<int>(h); };
      return (key(a.bits) > key(b.bits)) == kMax ? a : b;
    } else if constexpr (std::is_floating_point_v<T>) {
      // A NaN result is the one quiet NaN (its bits then do not depend on the path: the vector functions below).
      if (a != a || b != b) return std::numeric_limits<T>::quiet_NaN();
      // Equal operands differ only as zeros: the one whose sign bit is clear is +0.
      if (a == b) return std::signbit(a) == kMax ? b : a;
      return (a > b) == kMax ? a : b;
    } else {
      return (a > b) == kMax ? a : b;
    }
  }
};
struct op_max : extremum<true> {};
struct op_min : extremum<false> {};

// maximum and minimum 16 bytes at a time, for every dtype but the 64-bit integers.
#ifdef __wasm_simd128__
namespace wasmsimd {

// ---- float maximum and minimum

// f32x4.max and min are IEEE 754-2019's maximum and minimum, but a NaN result's bits are the
// engine's: made the one quiet NaN, as the functor gives it, so that an element's bits do not
// depend on which kernel computes it.
template <v128_t (*Op)(v128_t, v128_t), v128_t (*Ne)(v128_t, v128_t), v128_t (*Quiet)()>
inline v128_t float_extremum(v128_t a, v128_t b) {
  return wasm_v128_bitselect(Quiet(), Op(a, b), wasm_v128_or(Ne(a, a), Ne(b, b)));
}
inline v128_t f32_quiet_nan() { return wasm_i32x4_splat(0x7FC00000); }
inline v128_t f64_quiet_nan() { return wasm_i64x2_splat(0x7FF8000000000000); }
inline v128_t f32_max(v128_t a, v128_t b) { return float_extremum<wasm_f32x4_max, wasm_f32x4_ne, f32_quiet_nan>(a, b); }
inline v128_t f32_min(v128_t a, v128_t b) { return float_extremum<wasm_f32x4_min, wasm_f32x4_ne, f32_quiet_nan>(a, b); }
inline v128_t f64_max(v128_t a, v128_t b) { return float_extremum<wasm_f64x2_max, wasm_f64x2_ne, f64_quiet_nan>(a, b); }
inline v128_t f64_min(v128_t a, v128_t b) { return float_extremum<wasm_f64x2_min, wasm_f64x2_ne, f64_quiet_nan>(a, b); }

// ---- integer maximum and minimum (no 64-bit ones in wasm SIMD: the scalar reference runs those)

inline v128_t i8_max(v128_t a, v128_t b) { return wasm_i8x16_max(a, b); }
inline v128_t u8_max(v128_t a, v128_t b) { return wasm_u8x16_max(a, b); }
inline v128_t i16_max(v128_t a, v128_t b) { return wasm_i16x8_max(a, b); }
inline v128_t u16_max(v128_t a, v128_t b) { return wasm_u16x8_max(a, b); }
inline v128_t i32_max(v128_t a, v128_t b) { return wasm_i32x4_max(a, b); }
inline v128_t u32_max(v128_t a, v128_t b) { return wasm_u32x4_max(a, b); }
inline v128_t i8_min(v128_t a, v128_t b) { return wasm_i8x16_min(a, b); }
inline v128_t u8_min(v128_t a, v128_t b) { return wasm_u8x16_min(a, b); }
inline v128_t i16_min(v128_t a, v128_t b) { return wasm_i16x8_min(a, b); }
inline v128_t u16_min(v128_t a, v128_t b) { return wasm_u16x8_min(a, b); }
inline v128_t i32_min(v128_t a, v128_t b) { return wasm_i32x4_min(a, b); }
inline v128_t u32_min(v128_t a, v128_t b) { return wasm_u32x4_min(a, b); }

}  // namespace wasmsimd
#endif

// C's fmod is exact (the remainder is representable in the operands' format), so float32's is
// double's, converted exactly: one libm function in the module, not two. Out of line, as LLVM
// would otherwise turn fmod of two widened floats back into fmodf.
__attribute__((noinline)) inline double fmod_exact(double a, double b) { return std::fmod(a, b); }

// Remainders. op_fmod is C's fmod (the dividend's sign, exact for floats); op_mod numpy's mod
// (Python's %: the divisor's sign): r = fmod(a, b), then r + b where r is non-zero and its sign
// differs from b's; a zero r takes b's sign. Narrow floats compute in float32 and round once.
// Integers never trap: x % 0 is kZeroQuotient (0), MIN % -1 is 0.
template <bool kFloor>
struct remainder : facts<false, true, false, Arithmetic::none> {
  template <class T>
  static T apply(T a, T b) {
    if constexpr (is_narrow_float_v<T>) {
      return narrow<T>(apply(to_f32(a), to_f32(b)));
    } else if constexpr (std::is_floating_point_v<T>) {
      T r = static_cast<T>(fmod_exact(a, b));
      if constexpr (kFloor) {
        if (r == 0) r = std::copysign(T(0), b);
        else if (std::signbit(r) != std::signbit(b)) r += b;
      }
      return r;
    } else {
      if (b == 0) return static_cast<T>(kZeroQuotient);
      if constexpr (std::is_signed_v<T>) {
        if (b == -1) return T(0);  // MIN % -1 would overflow
      }
      const T r = static_cast<T>(a % b);
      if constexpr (kFloor && std::is_signed_v<T>) {
        if (r != 0 && ((r < 0) != (b < 0))) return static_cast<T>(r + b);
      }
      return r;
    }
  }
};
struct op_fmod : remainder<false> {};
struct op_mod : remainder<true> {};

// (a - b) * (a - b), each step rounded to the dtype (narrow floats: the difference rounded to
// the narrow float, then the product), integers wrapping.
struct op_sqdiff : facts<true, false, true, Arithmetic::none> {
  template <class T>
  static T apply(T a, T b) {
    const T d = op_sub::apply(a, b);
    return op_mul::apply(d, d);
  }
};

// squaredDifference 16 bytes at a time, for the IEEE floats: the ring ops' vector functions, the
// difference and then its square (the other dtypes run the scalar reference: their vector
// functions went to make room, docs/performance.md, "The engine at the limit").
#ifdef __wasm_simd128__
namespace wasmsimd {

template <v128_t (*Sub)(v128_t, v128_t), v128_t (*Mul)(v128_t, v128_t)>
inline v128_t squared_difference(v128_t a, v128_t b) {
  const v128_t d = Sub(a, b);
  return Mul(d, d);
}
inline v128_t f32_sqdiff(v128_t a, v128_t b) { return squared_difference<f32_sub, f32_mul>(a, b); }
inline v128_t f64_sqdiff(v128_t a, v128_t b) { return squared_difference<f64_sub, f64_mul>(a, b); }

}  // namespace wasmsimd
#endif

// Bitwise and, or, xor of integers (ONNX BitwiseAnd/Or/Xor-18, OpenVINO BitwiseAnd/Or/Xor-13,
// numpy's bitwise_and/or/xor): on the two's complement bits, computed in unsigned; and not (~x,
// unary). Integers only (their domain): a float has no bitwise op in ONNX, OpenVINO or numpy.
template <class Fn, int Arity = 2>
struct bitwise : facts<Arity == 2, false, true, Arithmetic::none, false, kIntegers, Arity> {
  static constexpr bool kWidthless = true;  // one SIMD instruction for every width: one loop (loops.h)
  template <class T>
  static T apply(T a, T b) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(Fn{}(static_cast<U>(a), static_cast<U>(b)));
  }
};
struct op_bit_and : bitwise<std::bit_and<>> {};
struct op_bit_or : bitwise<std::bit_or<>> {};
struct op_bit_xor : bitwise<std::bit_xor<>> {};
struct not_first {
  template <class U>
  U operator()(U a, U) const { return static_cast<U>(~a); }
};
struct op_bit_not : bitwise<not_first, 1> {};

// The bitwise ops 16 bytes at a time: one instruction for every width.
#ifdef __wasm_simd128__
namespace wasmsimd {

inline v128_t bit_and(v128_t a, v128_t b) { return wasm_v128_and(a, b); }
inline v128_t bit_or(v128_t a, v128_t b) { return wasm_v128_or(a, b); }
inline v128_t bit_xor(v128_t a, v128_t b) { return wasm_v128_xor(a, b); }
inline v128_t bit_not(v128_t a, v128_t) { return wasm_v128_not(a); }

}  // namespace wasmsimd
#endif

// Absolute value, negation and square root, of one operand (numpy's absolute, negative and sqrt;
// ONNX Abs, Neg, Sqrt; OpenVINO Abs-1, Negative-1, Sqrt-1). abs and negative take every dtype:
// a float's magnitude or its sign flipped (IEEE's abs and negate, exact; a narrow float through
// float32, so a NaN is the one quiet NaN, as for every op), an integer's wrapped in its width
// (abs(MIN) and -MIN are MIN, as numpy; an unsigned integer's negation is 2^bits - x). sqrt takes
// the floats: IEEE's, correctly rounded; a narrow float through float32 and one rounding, which is
// correctly rounded too (24 >= 2 * 11 + 2 bits: a double rounding of a square root is innocuous).
template <class T>
T wrapping_negation(T a) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(U{0} - static_cast<U>(a)));
}
struct op_abs : facts<false, false, false, Arithmetic::none, false, kNumeric, 1> {
  template <class T>
  static T apply(T a, T) {
    if constexpr (is_narrow_float_v<T>) return narrow<T>(std::fabs(to_f32(a)));
    else if constexpr (std::is_floating_point_v<T>) return std::fabs(a);
    else if constexpr (std::is_signed_v<T>) return a < 0 ? wrapping_negation(a) : a;
    else return a;
  }
};
struct op_neg : facts<false, false, true, Arithmetic::none, false, kNumeric, 1> {
  template <class T>
  static T apply(T a, T) {
    if constexpr (is_narrow_float_v<T>) return narrow<T>(-to_f32(a));
    else if constexpr (std::is_floating_point_v<T>) return -a;
    else return wrapping_negation(a);
  }
};
struct op_sqrt : facts<false, false, false, Arithmetic::none, false, kFloats, 1> {
  template <class T>
  static T apply(T a, T) {
    if constexpr (is_narrow_float_v<T>) return narrow<T>(std::sqrt(to_f32(a)));
    else return std::sqrt(a);
  }
};

// exp and log of the floats (numpy's exp and log; ONNX Exp, Log; OpenVINO Exp-1, Log-1), the
// library's own (elementary.h): float32, float16 and bfloat16 correctly rounded, float64
// faithfully; exp(-Inf) = 0, log(0) = -Inf, log of a negative number NaN.
struct op_exp : facts<false, false, false, Arithmetic::none, false, kFloats, 1> {
  template <class T>
  static T apply(T a, T) { return elementary::exp_of(a); }
};
struct op_log : facts<false, false, false, Arithmetic::none, false, kFloats, 1> {
  template <class T>
  static T apply(T a, T) { return elementary::log_of(a); }
};

// abs, negative and sqrt 16 bytes at a time: one instruction each (the narrow floats and
// unsigned abs run the scalar reference).
#ifdef __wasm_simd128__
namespace wasmsimd {

inline v128_t f32_abs(v128_t a, v128_t) { return wasm_f32x4_abs(a); }
inline v128_t f64_abs(v128_t a, v128_t) { return wasm_f64x2_abs(a); }
inline v128_t i8_abs(v128_t a, v128_t) { return wasm_i8x16_abs(a); }
inline v128_t i16_abs(v128_t a, v128_t) { return wasm_i16x8_abs(a); }
inline v128_t i32_abs(v128_t a, v128_t) { return wasm_i32x4_abs(a); }
inline v128_t i64_abs(v128_t a, v128_t) { return wasm_i64x2_abs(a); }
inline v128_t f32_neg(v128_t a, v128_t) { return wasm_f32x4_neg(a); }
inline v128_t f64_neg(v128_t a, v128_t) { return wasm_f64x2_neg(a); }
inline v128_t i8_neg(v128_t a, v128_t) { return wasm_i8x16_neg(a); }
inline v128_t i16_neg(v128_t a, v128_t) { return wasm_i16x8_neg(a); }
inline v128_t i32_neg(v128_t a, v128_t) { return wasm_i32x4_neg(a); }
inline v128_t i64_neg(v128_t a, v128_t) { return wasm_i64x2_neg(a); }
inline v128_t f32_sqrt(v128_t a, v128_t) { return wasm_f32x4_sqrt(a); }
inline v128_t f64_sqrt(v128_t a, v128_t) { return wasm_f64x2_sqrt(a); }
using elementary::wasmsimd::f32_exp;  // exp and log: elementary.h
using elementary::wasmsimd::f32_log;
using elementary::wasmsimd::f64_exp;
using elementary::wasmsimd::f64_log;

}  // namespace wasmsimd
#endif

// The functor of an op known at compile time: functor_of<Op::mul> is op_mul.
template <Op> struct op_traits;
#define TW_TRAITS(name, functor) \
  template <> struct op_traits<Op::name> { using type = functor; };
TW_OPS(TW_TRAITS)
#undef TW_TRAITS
template <Op O> using functor_of = typename op_traits<O>::type;

// f applied to a value of the functor of a runtime op (functors are empty structs), or
// `otherwise` for a code outside the list: the one switch over TW_OPS from which every trait
// accessor below reads its constant.
template <class R, class F>
constexpr R with_functor(Op op, R otherwise, F f) {
  switch (op) {
#define TW_CASE(name, functor) case Op::name: return f(functor{});
    TW_OPS(TW_CASE)
#undef TW_CASE
  }
  return otherwise;
}

constexpr bool commutes(Op op) { return with_functor(op, false, [](auto f) { return decltype(f)::kCommutes; }); }
constexpr bool divides(Op op) { return with_functor(op, false, [](auto f) { return decltype(f)::kDivision; }); }
constexpr bool floors(Op op) { return with_functor(op, false, [](auto f) { return decltype(f)::kFloorDivision; }); }
constexpr bool signless(Op op) { return with_functor(op, false, [](auto f) { return decltype(f)::kSignless; }); }
constexpr int arity(Op op) { return with_functor(op, 0, [](auto f) { return decltype(f)::kArity; }); }
constexpr DomainSet domain(Op op) { return with_functor(op, DomainSet{0}, [](auto f) { return decltype(f)::kDomain; }); }
// Whether an op takes a dtype (its domain holds the dtype's kind).
constexpr bool takes(Op op, DType t) { return (domain(op) & kind_bit(kind_of(t))) != 0; }

// The functor a floor division truncates as (void for every other op).
template <class F, class = void> struct truncating_of { using type = void; };
template <class F> struct truncating_of<F, std::void_t<typename F::truncating>> { using type = typename F::truncating; };

// The op that rounds integers toward -Inf where `O` truncates them (what pythondiv picks), or O
// itself when there is none.
template <Op O>
constexpr Op floor_twin() {
  Op twin = O;
#define TW_CASE(name, functor) \
  if constexpr (std::is_same_v<typename truncating_of<functor>::type, functor_of<O>>) twin = Op::name;
  TW_OPS(TW_CASE)
#undef TW_CASE
  return twin;
}

constexpr bool known_op(uint32_t code) {
#define TW_CASE(name, functor) if (code == static_cast<uint32_t>(Op::name)) return true;
  TW_OPS(TW_CASE)
#undef TW_CASE
  return false;
}

// Whether an op's kernels for a dtype are bound by arithmetic rather than by memory: divisions
// (the integer ones go through float conversions or scalar code, the float ones through the
// divider) and every narrow float (widened, computed and rounded back on each element). Those
// gain from more cores even on data in cache; the others only from more memory bandwidth.
constexpr bool heavy_arithmetic(Op op, DType t) {
  return divides(op) || kind_of(t) == DTypeKind::narrow_float;
}

// The op of a functor of the list: op_of<op_div>() is Op::div.
template <class F>
constexpr Op op_of() {
  Op op{};
#define TW_CASE(name, functor) \
  if constexpr (std::is_same_v<F, functor>) op = Op::name;
  TW_OPS(TW_CASE)
#undef TW_CASE
  return op;
}

// The op a floor division truncates as (the op itself for every other op).
constexpr Op truncating_op(Op op) {
  return with_functor(op, op, [op](auto f) {
    using T = typename truncating_of<decltype(f)>::type;
    if constexpr (std::is_void_v<T>) return op;
    else return op_of<T>();
  });
}

// The signed dtype of an unsigned one's width (t itself for every other dtype).
constexpr DType signed_twin(DType t) {
  if (kind_of(t) != DTypeKind::unsigned_integer) return t;
#define TW_CASE(name, ctype, kind, js) \
  if (DTypeKind::kind == DTypeKind::signed_integer && sizeof(ctype) == element_size(t)) return DType::name;
  TW_DTYPES(TW_CASE)
#undef TW_CASE
  return t;
}

// The dtype whose kernels run an op: a signless op on unsigned integers runs the signed ones of
// the same width (the same bits), so they exist once.
constexpr DType canonical_dtype(Op op, DType t) { return signless(op) ? signed_twin(t) : t; }

// Floor and truncation agree but for signed integers: every other dtype runs a floor division
// as the division that truncates, and has kernels for that one only.
constexpr Op canonical_op(Op op, DType t) {
  return floors(op) && !is_signed_integer(t) ? truncating_op(op) : op;
}

}  // namespace tensorwise
