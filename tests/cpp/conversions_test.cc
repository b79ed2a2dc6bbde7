// The conversion kernels (kernels/conversion_list.inc) against their scalar reference
// (reference::convert, half.h's conversions), bit for bit: a few million float32 patterns with
// every rounding position of float16 and bfloat16 at every exponent (ties, either side of them,
// even and odd), every narrow float and the midpoints between neighbours, NaN payloads, Inf and
// ±0; every narrow float the other way; every length to 40 and unaligned starts for the tails,
// with guards past the end. The SIMD kernels exist only in the wasm build; natively, dispatch
// gives the reference, checked here against half.h.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

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
  std::vector<T> values;
  for (uint32_t h = 0; h <= 0xFFFF; ++h) values.push_back(T{static_cast<uint16_t>(h)});
  std::mt19937_64 rng(0x16B);
  while (values.size() < (1u << 18)) values.push_back(T{static_cast<uint16_t>(rng())});
  return values;
}

template <class From>
std::vector<From> cases() {
  if constexpr (std::is_same_v<From, float>) return float32_cases();
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

// The reference of From -> To against half.h's conversions, one element at a time.
template <class From, class To>
void check_reference(const char* name) {
  const std::vector<From> in = cases<From>();
  std::vector<To> y(in.size());
  reference::convert<From, To>(in.size(), in.data(), y.data());
  for (size_t i = 0; i < in.size(); ++i) {
    To want;
    if constexpr (std::is_same_v<To, float>) want = to_f32(in[i]);
    else want = narrow<To>(in[i]);
    if (!test::same(y[i], want)) FAIL(std::string(name), " element ", i);
  }
}

}  // namespace

TEST_CASE("the reference conversions are half.h's, and every listed pair dispatches to a kernel") {
#define TW_CONVERSION(f, t, kernel)      \
  REQUIRE(has_kernel(DType::f, DType::t)); \
  check_reference<ctype_of<DType::f>, ctype_of<DType::t>>(#f " -> " #t);
#include "kernels/conversion_list.inc"
  // Pairs the list does not name have no kernel.
  CHECK_FALSE(has_kernel(DType::f32, DType::f32));
  CHECK_FALSE(has_kernel(DType::f16, DType::bf16));
  CHECK_FALSE(has_kernel(DType::f64, DType::f16));
  CHECK_FALSE(has_kernel(DType::u16, DType::f32));
}

#ifdef __wasm_simd128__
TEST_CASE("SIMD conversion kernels equal the scalar reference, bit for bit, tails included") {
#define TW_CONVERSION(f, t, kernel)                                                        \
  REQUIRE(dispatches_to(DType::f, DType::t, &wasmsimd::kernel));                           \
  check_kernel<ctype_of<DType::f>, ctype_of<DType::t>>(#kernel, &wasmsimd::kernel, true);
#include "kernels/conversion_list.inc"
}
#else
TEST_CASE("the native build's conversions are the reference, tails included") {
#define TW_CONVERSION(f, t, kernel) \
  check_kernel<ctype_of<DType::f>, ctype_of<DType::t>>(#f " -> " #t, select_conversion(DType::f, DType::t), false);
#include "kernels/conversion_list.inc"
}
#endif
