// The integer semantics of docs/contract.md ("Arithmetic"), checked exhaustively for 8-bit types against wide math.
#include <doctest/doctest.h>

#include <cstdint>
#include <cmath>
#include <limits>

#include "ops.h"

using namespace tensorwise;

namespace {

int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

template <class T>
T wrap(int64_t v) {
  return static_cast<T>(static_cast<std::make_unsigned_t<T>>(static_cast<uint64_t>(v)));
}

}  // namespace

TEST_CASE("int8 mul and both divisions, every pair") {
  for (int a = -128; a < 128; ++a) {
    for (int b = -128; b < 128; ++b) {
      const int8_t x = static_cast<int8_t>(a), y = static_cast<int8_t>(b);
      CHECK(op_mul::apply(x, y) == wrap<int8_t>(int64_t{a} * b));
      CHECK(op_div::apply(x, y) == (b == 0 ? 0 : wrap<int8_t>(a / b)));
      CHECK(op_div_floor::apply(x, y) == (b == 0 ? 0 : wrap<int8_t>(floor_div(a, b))));
    }
  }
}

TEST_CASE("uint8 mul and division, every pair") {
  for (int a = 0; a < 256; ++a) {
    for (int b = 0; b < 256; ++b) {
      const uint8_t x = static_cast<uint8_t>(a), y = static_cast<uint8_t>(b);
      CHECK(op_mul::apply(x, y) == static_cast<uint8_t>(a * b));
      CHECK(op_div::apply(x, y) == (b == 0 ? 0 : a / b));
      CHECK(op_div_floor::apply(x, y) == (b == 0 ? 0 : a / b));
    }
  }
}

TEST_CASE_TEMPLATE("signed MIN / -1 wraps to MIN, x / 0 is 0", T, int16_t, int32_t, int64_t) {
  const T min = std::numeric_limits<T>::min(), max = std::numeric_limits<T>::max();
  CHECK(op_div::apply<T>(min, -1) == min);
  CHECK(op_div_floor::apply<T>(min, -1) == min);
  CHECK(op_div::apply<T>(max, 0) == 0);
  CHECK(op_div_floor::apply<T>(min, 0) == 0);
  CHECK(op_div::apply<T>(-7, 2) == -3);
  CHECK(op_div_floor::apply<T>(-7, 2) == -4);
  CHECK(op_div_floor::apply<T>(7, -2) == -4);
  CHECK(op_div_floor::apply<T>(-8, 2) == -4);
  CHECK(op_mul::apply<T>(max, 2) == static_cast<T>(-2));
  CHECK(op_mul::apply<T>(min, -1) == min);
}

// Each op's kArithmetic (which chooses a division's power-of-two route) and kZeroQuotient must say
// what its functor does, on floats and on integers.
namespace {

template <class T>
T arithmetic_of(Arithmetic a, T x, T y) {
  switch (a) {
    case Arithmetic::sum: return x + y;
    case Arithmetic::difference: return x - y;
    case Arithmetic::product: return x * y;
    case Arithmetic::quotient: return x / y;
    case Arithmetic::none: break;
  }
  return T{};
}

template <class F>
void check_arithmetic();

template <class F>
void check_arithmetic_trait() {
  if constexpr (F::kDivision) CHECK(F::apply(int32_t{7}, int32_t{0}) == F::kZeroQuotient);
  if constexpr (F::kArithmetic != Arithmetic::none) check_arithmetic<F>();  // the others have none to check
}

template <class F>
void check_arithmetic() {
  const double xs[] = {7.5, -3.25, 1e300, 0.1};
  for (double x : xs) {
    for (double y : xs) CHECK(F::apply(x, y) == arithmetic_of(F::kArithmetic, x, y));
  }
  const int32_t is[] = {7, -7, 100, 3, -2, 46341};
  for (int32_t x : is) {
    for (int32_t y : is) {
      const int64_t exact = arithmetic_of<int64_t>(F::kArithmetic, x, y);
      const int64_t rounded = F::kFloorDivision ? floor_div(x, y) : exact;
      CHECK(F::apply(x, y) == wrap<int32_t>(rounded));
    }
    if (F::kDivision) CHECK(F::apply(x, int32_t{0}) == F::kZeroQuotient);
  }
}

}  // namespace

TEST_CASE("every op's arithmetic trait and zero quotient say what its functor does") {
#define TW_CASE(name, functor) check_arithmetic_trait<functor>();
  TW_OPS(TW_CASE)
#undef TW_CASE
}

// The family's functors on the values where the rules differ between libraries (numpy's loops,
// C's fmod, JS's %): signed zeros and NaN for maximum and minimum, the signs of remainders, the
// integer edge cases. (Golden vectors from numpy check every dtype: tests/golden.)
TEST_CASE("maximum and minimum follow IEEE 754-2019; remainders follow numpy's mod and C's fmod") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK(std::signbit(op_max::apply(-0.0, 0.0)) == false);
  CHECK(std::signbit(op_max::apply(0.0, -0.0)) == false);
  CHECK(std::signbit(op_min::apply(-0.0, 0.0)) == true);
  CHECK(std::signbit(op_min::apply(0.0, -0.0)) == true);
  CHECK(std::isnan(op_max::apply(nan, 1.0)));
  CHECK(std::isnan(op_max::apply(1.0, nan)));
  CHECK(std::isnan(op_min::apply(nan, -double(INFINITY))));
  CHECK(op_max::apply(-double(INFINITY), -1e308) == -1e308);
  CHECK(op_min::apply(int8_t{-128}, int8_t{127}) == -128);
  CHECK(op_max::apply(uint64_t{~0ull}, uint64_t{1}) == ~0ull);
  CHECK(op_max::apply(float16{0x8000}, float16{0x0000}).bits == 0x0000);
  CHECK(op_min::apply(float16{0x7C01}, float16{0x3C00}).bits == 0x7E00);

  CHECK(op_mod::apply(-7, 3) == 2);
  CHECK(op_mod::apply(7, -3) == -2);
  CHECK(op_fmod::apply(-7, 3) == -1);
  CHECK(op_fmod::apply(7, -3) == 1);
  CHECK(op_mod::apply(INT32_MIN, -1) == 0);
  CHECK(op_fmod::apply(int64_t{INT64_MIN}, int64_t{-1}) == 0);
  CHECK(op_mod::apply(int8_t{-128}, int8_t{0}) == 0);
  CHECK(op_mod::apply(uint8_t{200}, uint8_t{7}) == 200 % 7);
  CHECK(op_mod::apply(-7.5, 2.0) == 0.5);
  CHECK(op_fmod::apply(-7.5, 2.0) == -1.5);
  CHECK(std::signbit(op_mod::apply(-4.0, 2.0)) == false);  // a zero remainder takes the divisor's sign
  CHECK(std::signbit(op_mod::apply(4.0, -2.0)) == true);
  CHECK(std::signbit(op_fmod::apply(-4.0, 2.0)) == true);  // the dividend's
  CHECK(op_mod::apply(-1e-300, 1.0) == 1.0);  // r + b rounds to b, as numpy's does
  CHECK(std::isnan(op_mod::apply(1.0, 0.0)));
  CHECK(std::isnan(op_fmod::apply(double(INFINITY), 2.0)));
  CHECK(op_mod::apply(3.0, double(INFINITY)) == 3.0);
  CHECK(op_mod::apply(-3.0, double(INFINITY)) == INFINITY);  // numpy 2 gives inf here too (fmod, then + b)

  CHECK(op_sqdiff::apply(int8_t{-128}, int8_t{127}) == 1);  // (-255)^2 = 65025, wrapped to 8 bits
  CHECK(op_sqdiff::apply(uint8_t{0}, uint8_t{255}) == 1);
  CHECK(op_sqdiff::apply(1e200, -1e200) == INFINITY);
}
