// float16/bfloat16 conversions against an independent, obviously-correct construction.
#include <doctest/doctest.h>

#include <cmath>
#include <initializer_list>
#include <cstdint>

#include "half.h"

using namespace tensorwise;

namespace {

// Value of float16 bits computed from the definition, in double.
double f16_value(uint16_t h) {
  const int sign = h >> 15, exp = (h >> 10) & 0x1F, man = h & 0x3FF;
  double v;
  if (exp == 0) v = std::ldexp(man, -24);
  else if (exp == 31) v = man ? NAN : INFINITY;
  else v = std::ldexp(1024 + man, exp - 25);
  return sign ? -v : v;
}

}  // namespace

TEST_CASE("float16 -> float32 is exact for every bit pattern") {
  for (uint32_t h = 0; h <= 0xFFFF; ++h) {
    const float f = to_f32(float16{static_cast<uint16_t>(h)});
    const double want = f16_value(static_cast<uint16_t>(h));
    if (std::isnan(want)) {
      CHECK(std::isnan(f));
    } else {
      CHECK(static_cast<double>(f) == want);
      CHECK(std::signbit(f) == std::signbit(want));
    }
  }
}

TEST_CASE("float32 -> float16 rounds to nearest even at every boundary") {
  // For every pair of neighbouring float16 values, the midpoint goes to the even one and
  // anything strictly on one side goes to that side.
  for (uint32_t h = 0; h < 0x7BFF; ++h) {  // the last pair (max, Inf) is checked below
    const uint16_t lo = static_cast<uint16_t>(h), hi = static_cast<uint16_t>(h + 1);
    const float flo = to_f32(float16{lo}), fhi = to_f32(float16{hi});
    CHECK(to_f16(flo).bits == lo);
    CHECK(to_f16(-flo).bits == (lo | 0x8000));
    const double mid = (static_cast<double>(flo) + fhi) / 2;  // exact in float32 for float16 neighbours
    const float fmid = static_cast<float>(mid);
    REQUIRE(static_cast<double>(fmid) == mid);
    CHECK(to_f16(fmid).bits == ((lo & 1) ? hi : lo));
    CHECK(to_f16(std::nextafter(fmid, 0.f)).bits == lo);
    CHECK(to_f16(std::nextafter(fmid, INFINITY)).bits == hi);
  }
  CHECK(to_f16(65520.f).bits == 0x7C00);                        // halfway past the max: to Inf
  CHECK(to_f16(std::nextafter(65520.f, 0.f)).bits == 0x7BFF);
  CHECK(to_f16(INFINITY).bits == 0x7C00);
  CHECK(to_f16(-INFINITY).bits == 0xFC00);
  CHECK((to_f16(NAN).bits & 0x7FFF) > 0x7C00);
  CHECK(to_f16(1e-30f).bits == 0);                              // underflow to +0
  CHECK(to_f16(-1e-30f).bits == 0x8000);
}

TEST_CASE("bfloat16 conversions") {
  for (uint32_t h = 0; h <= 0xFFFF; ++h) {
    const float f = to_f32(bfloat16{static_cast<uint16_t>(h)});
    if (std::isnan(f)) CHECK(std::isnan(to_f32(to_bf16(f))));
    else CHECK(to_bf16(f).bits == h);
  }
  CHECK(to_bf16(f32_from_bits(0x3F808000u)).bits == 0x3F80);  // tie, even stays
  CHECK(to_bf16(f32_from_bits(0x3F818000u)).bits == 0x3F82);  // tie, odd rounds up
  CHECK(to_bf16(f32_from_bits(0x3F808001u)).bits == 0x3F81);
  CHECK(to_bf16(f32_from_bits(0x7F7FFFFFu)).bits == 0x7F80);  // max float rounds to Inf
  CHECK(to_bf16(f32_from_bits(0x00008000u)).bits == 0x0000);  // subnormal tie to even (0)
  CHECK(to_bf16(f32_from_bits(0x00018000u)).bits == 0x0002);
  const uint16_t nan = to_bf16(f32_from_bits(0x7F800001u)).bits;  // signalling NaN stays NaN
  CHECK((nan & 0x7F80) == 0x7F80);
  CHECK((nan & 0x7F) != 0);
}

// The format-generic conversions (any narrow float of dtype.h's kind converts through them)
// against the float16 and bfloat16 routines, which the tests above check by construction.
template <class T>
void check_generic_conversions(T (*to_narrow)(float)) {
  constexpr int m = T::kMantissaBits, e = T::kExponentBits;
  for (uint32_t h = 0; h <= 0xFFFF; ++h) {
    const float want = to_f32(T{static_cast<uint16_t>(h)});
    const float got = widen_to_f32<m, e>(h);
    if (std::isnan(want)) REQUIRE(std::isnan(got));
    else REQUIRE(f32_bits(got) == f32_bits(want));
  }
  // Every float32 whose low 16 bits are one of a few patterns (ties, just above and below them,
  // and others), over every sign, exponent and high mantissa bits: 2^16 x 12 floats.
  for (uint32_t high = 0; high <= 0xFFFF; ++high) {
    for (uint32_t low : {0x0000u, 0x0001u, 0x0FFFu, 0x1000u, 0x1001u, 0x2000u, 0x3000u, 0x7FFFu, 0x8000u, 0x8001u, 0xC000u, 0xFFFFu}) {
      const float f = f32_from_bits((high << 16) | low);
      const uint32_t want = to_narrow(f).bits, got = narrow_from_f32<m, e>(f);
      if (got != want) FAIL("float32 bits ", (high << 16) | low, ": got ", got, " want ", want);
    }
  }
}

TEST_CASE("generic narrow-float conversions equal float16's and bfloat16's") {
  check_generic_conversions<float16>(&to_f16);
  check_generic_conversions<bfloat16>(&to_bf16);
}
