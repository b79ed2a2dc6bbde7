// The conversions: cast.h's rules against cases worked out by hand (double rounding avoided);
// the reference conversion of every pair cast.h allows, through 64 bits, against cast_value of
// the pair; every SIMD kernel (kernels/conversion_list.inc) against the reference, bit for bit:
// a few million float32 patterns with every rounding position of float16 and bfloat16 at every
// exponent (ties, either side of them, even and odd), every narrow float and the midpoints
// between neighbours, NaN payloads, Inf and ±0, integers around float32's rounding; every length
// to 40 and unaligned starts for the tails, with guards past the end; the strided kernels over
// their stride. The SIMD kernels exist only in the wasm build.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "cast.h"
#include "conversion_check.h"
#include "half.h"
#include "kernels/reference.h"
#include "kernels/vconvert.h"
#include "test_values.h"
#ifdef __wasm_simd128__
#include "kernels/wasmsimd/conversions.h"
#endif

using namespace tensorwise;

namespace {

// Float32 bit patterns where rounding to a narrow float can go wrong.
std::vector<float> float32_cases() {
  std::vector<uint32_t> bits;
  std::mt19937_64 rng(0xC0117);
  // Every sign and exponent (Inf and NaN payloads among them), with mantissas around a rounding
  // position k (the first bit dropped; float16's moves from bit 12 up as its results turn
  // subnormal, bfloat16's is bit 15): the tie, one below and one above, under an even and an odd
  // kept part, and random high bits.
  for (uint32_t sign = 0; sign < 2; ++sign) {
    for (uint32_t exponent = 0; exponent < 256; ++exponent) {
      const uint32_t top = (sign << 31) | (exponent << 23);
      for (uint32_t m : {0u, 1u, 0x7FFFFFu, 0x400000u, 0x3FFFFFu, 0x400001u}) bits.push_back(top | m);
      for (int k = 0; k < 23; ++k) {
        const uint32_t tie = 1u << k;
        for (int r = 0; r < 8; ++r) {
          const uint32_t high = r < 2 ? static_cast<uint32_t>(r) : static_cast<uint32_t>(rng());
          const uint32_t kept = (high << (k + 1)) & 0x7FFFFFu;
          for (uint32_t m : {kept | tie, kept | (tie - 1), kept | tie | 1u, kept | (tie + (tie >> 1))}) bits.push_back(top | (m & 0x7FFFFFu));
        }
      }
    }
  }
  // Every bfloat16 and float16 value, and above each the float32 just below, at and just above
  // the midpoint to the next one (for the normals of each).
  for (uint32_t h = 0; h <= 0xFFFF; ++h) {
    const uint32_t b = h << 16;
    for (uint32_t d : {0u, 0x7FFFu, 0x8000u, 0x8001u}) bits.push_back(b + d);
    const uint32_t f = f32_bits(to_f32(float16{static_cast<uint16_t>(h)}));
    for (uint32_t d : {0u, 0xFFFu, 0x1000u, 0x1001u}) bits.push_back(f + d);
  }
  while (bits.size() < (3u << 20)) bits.push_back(static_cast<uint32_t>(rng()));
  std::vector<float> values(bits.size());
  std::memcpy(values.data(), bits.data(), 4 * bits.size());
  return values;
}

// Every narrow float, then random ones.
template <class T>
std::vector<T> narrow_cases() {
  using Bits = decltype(T::bits);  // the format's storage, whatever its width
  std::vector<T> values;
  for (uint32_t h = 0; h <= std::numeric_limits<Bits>::max(); ++h) values.push_back(T{static_cast<Bits>(h)});
  std::mt19937_64 rng(0x16B);
  while (values.size() < (1u << 18)) values.push_back(T{static_cast<Bits>(rng())});
  return values;
}

// Integers: specials, random bits, and values around float32's and float64's rounding (ties
// at 2^24 and up, where a conversion through another float would round twice).
template <class T>
std::vector<T> integer_cases() {
  std::vector<T> values = test::specials<T>();
  std::mt19937_64 rng(0x1A7);
  for (int p = 8; p < 64; ++p) {
    for (int q = 0; q < p; ++q) {
      const uint64_t base = (uint64_t{1} << p) + (uint64_t{1} << q);
      for (const uint64_t v : {base, base - 1, base + 1, ~base + 1, ~base, ~base + 2}) {
        T x;
        std::memcpy(&x, &v, sizeof(T));  // the low bytes: little-endian
        values.push_back(x);
      }
    }
  }
  while (values.size() < (1u << 16)) {
    const uint64_t v = rng();
    T x;
    std::memcpy(&x, &v, sizeof(T));
    values.push_back(x);
  }
  return values;
}

// Doubles: float32 cases widened, each nudged by an ulp of the double either way (the sticky
// part of a rounding), and random bits.
std::vector<double> float64_cases() {
  std::vector<double> values;
  const std::vector<float> f = float32_cases();
  for (size_t i = 0; i < f.size(); i += 3) {
    const double d = f[i];
    values.push_back(d);
    values.push_back(std::nextafter(d, 0.0));
    values.push_back(std::nextafter(d, d < 0 ? -INFINITY : INFINITY));
  }
  std::mt19937_64 rng(0xD0B);
  for (int i = 0; i < (1 << 16); ++i) {
    const uint64_t v = rng();
    double d;
    std::memcpy(&d, &v, 8);
    values.push_back(d);
  }
  for (const double d : test::specials<double>()) values.push_back(d);
  return values;
}

template <class From>
std::vector<From> cases() {
  if constexpr (std::is_same_v<From, float>) return float32_cases();
  else if constexpr (std::is_same_v<From, double>) return float64_cases();
  else if constexpr (std::is_integral_v<From>) return integer_cases<From>();
  else return narrow_cases<From>();
}

// The SIMD kernels against the reference: conversion_check.h; the reference against half.h, or
// the native build's dispatch against the reference: the same bits, or NaN for NaN.
template <class From, class To>
void check_same(const char* name, const From& in, To got, To want, bool simd, size_t i) {
  if (simd ? test::same_conversion(in, got, want) : test::same(got, want)) return;
  FAIL(std::string(name), " element ", i, ": input bits ", test::bits_of(in), " got ", test::bits_of(got), " want ",
       test::bits_of(want));
}

// `kernel` against the reference over all the cases in one run, then every length to 40 from
// unaligned starts, with guards after the end that must stay as they were.
template <class From, class To>
void check_kernel(const char* name, vconvert_ukernel kernel, bool simd) {
  const std::vector<From> in = cases<From>();
  std::vector<To> got(in.size()), want(in.size());
  reference::convert<From, To>(in.size(), in.data(), want.data());
  kernel(in.size(), in.data(), got.data());
  for (size_t i = 0; i < in.size(); ++i) check_same(name, in[i], got[i], want[i], simd, i);
  std::mt19937_64 rng(std::hash<std::string>{}(name));
  for (size_t n = 0; n <= 40; ++n) {
    for (size_t start : {0, 1, 3}) {
      const size_t at = rng() % (in.size() - 64);
      std::vector<To> y(start + n + 4);
      for (To& g : y) std::memcpy(&g, "\x5A\x5A\x5A\x5A", sizeof(To));
      const std::vector<To> guard = y;
      kernel(n, in.data() + at, y.data() + start);
      for (size_t i = 0; i < n; ++i) check_same(name, in[at + i], y[start + i], want[at + i], simd, at + i);
      for (size_t i = 0; i < y.size(); ++i) {
        if (i < start || i >= start + n) REQUIRE(std::memcmp(&y[i], &guard[i], sizeof(To)) == 0);
      }
    }
  }
}

// (Plain bools: doctest cannot print a function pointer.)
bool has_kernel(DType from, DType to) { return select_conversion(from, to) != nullptr; }
[[maybe_unused]] bool dispatches_to(DType from, DType to, vconvert_ukernel k) { return select_conversion(from, to) == k; }
[[maybe_unused]] bool strided_dispatches_to(DType from, DType to, size_t stride, vconvert_ukernel k) {
  return select_strided_conversion(from, to, stride) == k;
}

// The runtime reference of From -> To (reference::convert(DType, DType, ...), through 64 bits)
// against cast_value<From, To>, and convert() (what the executor calls) against both.
template <class From, class To>
void check_reference(DType from, DType to, const char* name) {
  const std::vector<From> in = cases<From>();
  std::vector<To> y(in.size()), z(in.size());
  reference::convert(from, to, in.size(), in.data(), y.data());
  convert(from, to, in.size(), in.data(), z.data());
  for (size_t i = 0; i < in.size(); ++i) {
    const To want = cast_value<From, To>(in[i]);
    if (!test::same(y[i], want)) FAIL(std::string(name), " reference, element ", i, ": input bits ", test::bits_of(in[i]));
    if (!test::same(z[i], want)) FAIL(std::string(name), " convert(), element ", i);
  }
}

template <class From>
void check_from(DType from, const char* name) {
  for (int t = 0; t < kDTypeCount; ++t) {
    const DType to = static_cast<DType>(t);
    if (!casts(from, to)) continue;
    visit_dtype(to, [&](auto zero) {
      check_reference<From, decltype(zero)>(from, to, name);
      return 0;
    });
  }
}

template <class T>
T from_bits(uint64_t b) {
  T x;
  std::memcpy(&x, &b, sizeof(T));
  return x;
}

}  // namespace

TEST_CASE("cast rules: rounded once from the exact value, integers wrap") {
  // 2^60 + 2^36 + 1: a float32 keeps 24 bits (ulp 2^37), so it is above the midpoint and rounds up;
  // through a double it would first lose the 1 and then tie to even, down to 2^60.
  const int64_t big = (int64_t{1} << 60) + (int64_t{1} << 36) + 1;
  CHECK(cast_value<int64_t, float>(big) == 0x1.000002p60f);
  CHECK(cast_value<uint64_t, float>(static_cast<uint64_t>(big)) == 0x1.000002p60f);
  CHECK(cast_value<int64_t, float>(-big) == -0x1.000002p60f);
  // 1 + 2^-11 + 2^-30 to float16 (ulp 2^-10): above the midpoint, 1 + 2^-10; through a float32 it
  // would first become the midpoint 1 + 2^-11 and tie to even, down to 1.
  CHECK(cast_value<double, float16>(1 + 0x1p-11 + 0x1p-30).bits == 0x3C01);
  CHECK(cast_value<double, bfloat16>(1 + 0x1p-8 + 0x1p-40).bits == 0x3F81);
  CHECK(cast_value<double, bfloat16>(1 + 0x1p-8).bits == 0x3F80);  // a true tie: to even
  // int32 -> bfloat16: 2^24 + 2^16 + 1 is above bfloat16's midpoint (ulp 2^17).
  CHECK(cast_value<int32_t, bfloat16>((1 << 24) + (1 << 16) + 1).bits == 0x4B81);
  CHECK(cast_value<int64_t, float16>(65519).bits == 0x7BFF);  // below the overflow midpoint
  CHECK(cast_value<int64_t, float16>(65520).bits == 0x7C00);  // Inf
  CHECK(cast_value<uint64_t, float16>(~uint64_t{0}).bits == 0x7C00);
  CHECK(cast_value<double, float16>(NAN).bits == 0x7E00);
  CHECK(cast_value<double, bfloat16>(-NAN).bits == 0x7FC0);
  CHECK(cast_value<double, float16>(1e-30).bits == 0);
  CHECK(cast_value<double, float16>(-1e-30).bits == 0x8000);
  CHECK(cast_value<double, float>(1e300) == INFINITY);
  CHECK(cast_value<int64_t, int8_t>(-129) == 127);
  CHECK(cast_value<uint8_t, int8_t>(200) == -56);
  CHECK(cast_value<int8_t, uint64_t>(-1) == ~uint64_t{0});
  CHECK(cast_value<uint32_t, double>(0xFFFFFFFFu) == 4294967295.0);
  CHECK(cast_value<float16, double>(float16{0x0001}) == 0x1p-24);
  CHECK(casts(DType::i8, DType::f16));
  CHECK(casts(DType::u64, DType::i8));
  CHECK_FALSE(casts(DType::f32, DType::i32));
  CHECK_FALSE(casts(DType::bf16, DType::u8));
}

TEST_CASE("the reference conversion of every pair equals cast_value, and convert() uses it or a kernel") {
#define TW_FROM(f, fc, fk, fjs) check_from<fc>(DType::f, #f);
  TW_DTYPES(TW_FROM)
#undef TW_FROM
}

#ifdef __wasm_simd128__
TEST_CASE("SIMD conversion kernels equal the scalar reference, bit for bit, tails included") {
#define TW_CONVERSION(f, t, kernel)                                                        \
  REQUIRE(dispatches_to(DType::f, DType::t, &wasmsimd::kernel));                           \
  check_kernel<ctype_of<DType::f>, ctype_of<DType::t>>(#kernel, &wasmsimd::kernel, true);
#include "kernels/conversion_list.inc"
  CHECK_FALSE(has_kernel(DType::f32, DType::f32));
  CHECK_FALSE(has_kernel(DType::f64, DType::f16));
}

// A strided kernel over every stride-th element, against the reference of the same elements, at
// every length to 70 from several starts, reading only the elements asked for (the buffer ends
// right after the last one).
template <class From, class To>
void check_strided(const char* name, vconvert_ukernel kernel, size_t stride) {
  const std::vector<From> all = cases<From>();
  std::mt19937_64 rng(std::hash<std::string>{}(name));
  for (size_t n = 0; n <= 70; ++n) {
    const size_t at = rng() % (all.size() - 80 * stride);
    const size_t span = n == 0 ? 0 : (n - 1) * stride + 1;
    std::vector<From> x(all.begin() + at, all.begin() + at + span);  // exactly the span: ASan-like ends
    std::vector<From> packed(n);
    for (size_t i = 0; i < n; ++i) packed[i] = x[i * stride];
    std::vector<To> got(n + 2), want(n);
    reference::convert<From, To>(n, packed.data(), want.data());
    const To guard = from_bits<To>(0x5A5A5A5A);
    got[n] = got[n + 1] = guard;
    kernel(n, x.data(), got.data());
    for (size_t i = 0; i < n; ++i) check_same(name, packed[i], got[i], want[i], true, i);
    REQUIRE(test::bits_of(got[n]) == test::bits_of(guard));
  }
}

TEST_CASE("strided SIMD conversions equal the reference over their stride") {
#define TW_STRIDED_CONVERSION(f, t, s, kernel)                                             \
  REQUIRE(strided_dispatches_to(DType::f, DType::t, s, &wasmsimd::kernel));                  \
  check_strided<ctype_of<DType::f>, ctype_of<DType::t>>(#kernel, &wasmsimd::kernel, s);
#include "kernels/conversion_list.inc"
  CHECK(strided_dispatches_to(DType::u8, DType::f32, 5, nullptr));  // no kernel for stride 5
}
#else
TEST_CASE("the native build has no SIMD conversion kernels: convert() is the reference") {
#define TW_CONVERSION(f, t, kernel) CHECK_FALSE(has_kernel(DType::f, DType::t));
#include "kernels/conversion_list.inc"
}
#endif
