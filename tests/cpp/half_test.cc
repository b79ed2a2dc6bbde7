// float16/bfloat16 conversions against an independent, obviously-correct construction.
#include <doctest/doctest.h>

#include <cmath>
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
