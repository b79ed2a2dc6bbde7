// Every SIMD kernel against the scalar reference of the same (op, dtype), bit for bit, at every
// length from 0 to 67 and around every unroll, for op, opc and ropc, and for every aliasing the
// kernels allow (y == a, y == b, a == b == y; opc and ropc in place), as XNNPACK's INPLACE tests.
// Expanded from kernel_list.inc; the SIMD kernels exist only in the wasm build. The reference
// kernels, for every (dtype, op) of the lists, against the functors.
#include <doctest/doctest.h>

#include <climits>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "half.h"
#include "kernels/reference.h"
#include "kernels/vbinary.h"
#include "ops.h"
#include "test_values.h"
#ifdef __wasm_simd128__
#include "kernels/wasmsimd.h"
#endif

using namespace tensorwise;

namespace {

// Every length to 67, and around one, two and four unrolls (`elements` per iteration).
std::vector<size_t> lengths(size_t lanes, size_t elements) {
  std::vector<size_t> n;
  for (size_t i = 0; i <= 67; ++i) n.push_back(i);
  for (size_t k : {elements, 2 * elements, 4 * elements + lanes}) {
    for (size_t d = 0; d < lanes + 2; ++d) {
      n.push_back(k + d);
      if (k >= d) n.push_back(k - d);
    }
  }
  return n;
}

// Which buffers a kernel call shares: none, y with a, y with b, or all three (a == b == y).
enum class Alias { none, y_is_a, y_is_b, all };

template <class T>
void compare(const char* name, vbinary_ukernel fast, vbinary_ukernel ref, size_t lanes, size_t elements,
             bool scalar_a, bool scalar_b, Alias alias) {
  std::mt19937_64 rng(0x5EED ^ std::hash<std::string>{}(name));
  for (size_t n : lengths(lanes, elements)) {
    std::vector<T> a = test::random_values<T>(n + 1, rng), b = test::random_values<T>(n + 1, rng);
    if (alias == Alias::all) b = a;
    std::vector<T> want(n + 1);
    ref(n, a.data(), b.data(), want.data());
    // A guard element past the end: kernels must not write it.
    const T guard = test::random_values<T>(1, rng)[0];
    std::vector<T> got = alias == Alias::y_is_b ? b : alias == Alias::none ? std::vector<T>(n + 1) : a;
    got[n] = guard;
    switch (alias) {
      case Alias::none: fast(n, a.data(), b.data(), got.data()); break;
      case Alias::y_is_a: fast(n, got.data(), b.data(), got.data()); break;
      case Alias::y_is_b: fast(n, a.data(), got.data(), got.data()); break;
      case Alias::all: fast(n, got.data(), got.data(), got.data()); break;
    }
    for (size_t i = 0; i < n; ++i) {
      if (!test::same(got[i], want[i])) {
        FAIL(name, (scalar_a ? " ropc" : scalar_b ? " opc" : " op"), " alias ", static_cast<int>(alias), " n=", n, " i=", i);
      }
    }
    CHECK(test::same(got[n], guard));
  }
}

}  // namespace

#ifdef __wasm_simd128__
TEST_CASE("SIMD float16 conversions equal half.h's, exhaustively") {
  for (uint32_t h = 0; h <= 0xFFFF; h += 4) {
    alignas(16) uint32_t in[4] = {h, h + 1, h + 2, h + 3};
    alignas(16) float out[4];
    wasm_v128_store(out, wasmsimd::f16_to_f32(wasm_v128_load(in)));
    for (int i = 0; i < 4; ++i) {
      const float want = to_f32(float16{static_cast<uint16_t>(in[i])});
      if (want != want) REQUIRE(out[i] != out[i]);
      else REQUIRE(f32_bits(out[i]) == f32_bits(want));
    }
  }
  // float32 -> float16: every float32 whose low 12 bits are one of a few patterns (the rounding
  // boundaries live there), over all exponents and signs.
  const uint32_t lows[] = {0x000, 0x001, 0x7FF, 0x800, 0x801, 0xFFF, 0x1000, 0x1800, 0x17FF};
  for (uint32_t hi = 0; hi < (1u << 20); ++hi) {
    alignas(16) uint32_t in[4];
    for (uint32_t j = 0; j < 9; j += 4) {
      for (int i = 0; i < 4; ++i) in[i] = (hi << 12) + lows[(j + i) % 9];
      alignas(16) uint32_t out[4];
      wasm_v128_store(out, wasmsimd::f32_to_f16(wasm_v128_load(in)));
      for (int i = 0; i < 4; ++i) {
        const float f = f32_from_bits(in[i]);
        const uint16_t want = to_f16(f).bits;
        if (f != f) REQUIRE(((out[i] & 0x7C00) == 0x7C00 && (out[i] & 0x3FF) != 0));
        else if (out[i] != want) FAIL("f32_to_f16(", in[i], ") = ", out[i], ", want ", want);
      }
    }
  }
}

TEST_CASE("float16 kernels: every float16 a against a few hundred b, every path") {
  // Mul and Div's fast path scales by 2^-112 and rounds the bits; their full path, and every
  // other op, converts. Every a with b among the specials, every subnormal and normal boundary,
  // and random values, through opc (b broadcast), ropc and op (b mixed across lanes), equal to
  // the scalar reference bit for bit, for every float16 kernel kernel_list.inc lists.
  std::vector<uint16_t> bs = {0x0000, 0x8000, 0x0001, 0x0002, 0x0003, 0x01FF, 0x0200, 0x03FF, 0x0400, 0x0401,
                              0x07FF, 0x0800, 0x3BFF, 0x3C00, 0x3C01, 0x3E00, 0x4000, 0x4200, 0x57FF, 0x5800,
                              0x7BFE, 0x7BFF, 0x7C00, 0xFC00, 0x7C01, 0x7E00, 0xFFFF, 0x8001, 0xBC00, 0xC500};
  std::mt19937_64 rng(0xF16);
  for (int i = 0; i < 226; ++i) bs.push_back(static_cast<uint16_t>(rng()));
  std::vector<float16> a(65536), b(65536), y(65536);
  for (uint32_t i = 0; i < 65536; ++i) a[i] = float16{static_cast<uint16_t>(i)};
  for (uint32_t i = 0; i < 65536; ++i) b[i] = float16{bs[(i * 7 + i / 8) % bs.size()]};
  const auto check = [&](const std::string& what, auto&& want) {
    for (uint32_t i = 0; i < 65536; ++i) {
      if (!test::same(y[i], want(i))) FAIL(what, ": a=", a[i].bits, " got ", y[i].bits, " want ", want(i).bits);
    }
  };
  const auto check_kernels = [&](const char* name, VBinaryKernels k, auto apply) {
    for (uint16_t bits : bs) {
      const float16 bv{bits};
      k.opc(65536, a.data(), &bv, y.data());
      check(std::string(name) + " opc", [&](uint32_t i) { return apply(a[i], bv); });
      if (k.ropc == nullptr) continue;
      k.ropc(65536, &bv, a.data(), y.data());
      check(std::string(name) + " ropc", [&](uint32_t i) { return apply(bv, a[i]); });
    }
    k.op(65536, a.data(), b.data(), y.data());
    check(std::string(name) + " op", [&](uint32_t i) { return apply(a[i], b[i]); });
  };
  // Each line's kernels made only where its dtype is float16 (a discarded branch of a template).
  const auto line = [&](auto dtype, auto make, auto apply, const char* name) {
    if constexpr (decltype(dtype)::value == DType::f16) check_kernels(name, make(dtype), apply);
  };
#define TW_WASMSIMD(dt, o, fn, elements)                                                                   \
  line(std::integral_constant<DType, DType::dt>{},                                                         \
       [](auto d) { return wasmsimd::kernels<ctype_of<decltype(d)::value>, functor_of<Op::o>, wasmsimd::fn, elements>(); }, \
       [](auto x, auto z) { return functor_of<Op::o>::apply(x, z); }, #o);
#include "kernels/kernel_list.inc"
}

// Divisors for the division-by-a-broadcast-power-of-two test: powers of two (the fast route) and
// their neighbours that do not take it (the reciprocal not normal, 2^k - 1, negative powers, 0).
template <class T>
std::vector<T> power_of_two_divisors() {
  if constexpr (std::is_same_v<T, float>) {
    return {1, -1, 2, 0.5f, -0.25f, 1024, 0x1p-126f, 0x1p-127f, 0x1p126f, 0x1p127f, 3, 0, -0.0f,
            std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN()};
  } else if constexpr (std::is_same_v<T, double>) {
    return {1, -1, 2, 0.5, -0.125, 0x1p-1022, 0x1p-1023, 0x1p1022, 0x1p1023, 3, 0, -0.0,
            std::numeric_limits<double>::infinity()};
  } else if constexpr (std::is_integral_v<T>) {
    std::vector<T> d = {0, 1, 2, 3, 4, 7, 8, static_cast<T>(-1), static_cast<T>(-2), static_cast<T>(-8),
                        std::numeric_limits<T>::max(), std::numeric_limits<T>::min()};
    for (int k = 0; k < 8 * static_cast<int>(sizeof(T)) - (std::is_signed_v<T> ? 1 : 0); ++k) {
      d.push_back(static_cast<T>(static_cast<std::make_unsigned_t<T>>(1) << k));
    }
    return d;
  } else {
    return {};  // float16 and bfloat16 have no such route
  }
}

template <class T>
void check_division_by_powers_of_two(const char* name, vbinary_ukernel fast, vbinary_ukernel ref) {
  std::mt19937_64 rng(0xD1F ^ std::hash<std::string>{}(name));
  const std::vector<T> divisors = power_of_two_divisors<T>();
  for (size_t j = 0; j < divisors.size(); ++j) {
    const T d = divisors[j];
    for (size_t n : {0, 1, 15, 16, 17, 64, 67, 131}) {
      const std::vector<T> a = test::random_values<T>(n + 1, rng);
      std::vector<T> want(n + 1), got(n + 1);
      ref(n, a.data(), &d, want.data());
      got[n] = a[n];
      fast(n, a.data(), &d, got.data());
      for (size_t i = 0; i < n; ++i) {
        if (!test::same(got[i], want[i])) FAIL(std::string(name), " n=", n, " i=", i, " divisor #", j);
      }
      CHECK(test::same(got[n], a[n]));  // nothing written past the end
    }
    // In place, as the executor may run it.
    std::vector<T> a = test::random_values<T>(67, rng), want(67);
    ref(67, a.data(), &d, want.data());
    fast(67, a.data(), &d, a.data());
    for (size_t i = 0; i < 67; ++i) {
      if (!test::same(a[i], want[i])) FAIL(std::string(name), " in place i=", i, " divisor #", j);
    }
  }
}

TEST_CASE("division by a broadcast power of two (multiply or shift) equals the reference") {
#define TW_WASMSIMD(dt, o, fn, elements)                                                              \
  if constexpr (functor_of<Op::o>::kDivision) {                                                       \
    using T = ctype_of<DType::dt>;                                                                    \
    using F = functor_of<Op::o>;                                                                      \
    check_division_by_powers_of_two<T>(#dt "_v" #o "c", &wasmsimd::vopc<T, F, wasmsimd::fn, elements>, \
                                       &reference::vopc<T, F>);                                       \
  }
#include "kernels/kernel_list.inc"
}

TEST_CASE("32-bit division through float32 (dividends below 2^22) and float64 at their edges") {
  // Every lane small forces the float32 route (the larger ones the float64 route); the divisors
  // cover exact, rounded and huge ones.
  const int32_t as[] = {0, 1, -1, 7, -7, (1 << 22) - 1, -((1 << 22) - 1), (1 << 22) - 2, 4194303 / 3, -2796202, 2097152,
                        (1 << 23) - 1, -((1 << 23) - 1), 4194304};
  const int32_t bs[] = {1, -1, 2, -2, 3, -3, 7, 0, (1 << 23) - 1, 1 << 23, (1 << 24) + 1, INT32_MAX, INT32_MIN, -16777217, 65536};
  for (int32_t a0 : as) {
    for (int32_t b : bs) {
      alignas(16) int32_t a[4] = {a0, -a0, a0 / 2, a0 - 1}, bv[4] = {b, b, b, b}, got[4];
      wasm_v128_store(got, wasmsimd::i32_div_floor(wasm_v128_load(a), wasm_v128_load(bv)));
      for (int i = 0; i < 4; ++i) REQUIRE(got[i] == op_div_floor::apply(a[i], b));
      wasm_v128_store(got, wasmsimd::i32_div(wasm_v128_load(a), wasm_v128_load(bv)));
      for (int i = 0; i < 4; ++i) REQUIRE(got[i] == op_div::apply(a[i], b));
      alignas(16) uint32_t ua[4], ub[4], ugot[4];
      for (int i = 0; i < 4; ++i) { ua[i] = static_cast<uint32_t>(a[i]) & 0x3FFFFF; ub[i] = static_cast<uint32_t>(b); }
      wasm_v128_store(ugot, wasmsimd::u32_div(wasm_v128_load(ua), wasm_v128_load(ub)));
      for (int i = 0; i < 4; ++i) REQUIRE(ugot[i] == op_div::apply(ua[i], ub[i]));
    }
  }
  // MIN's magnitude is not small (abs(MIN) wraps to MIN): this vector must take the float64 route.
  for (int32_t b : bs) {
    alignas(16) int32_t a[4] = {INT32_MIN, 1, 2, 3}, bv[4] = {b, b, b, b}, got[4];
    wasm_v128_store(got, wasmsimd::i32_div(wasm_v128_load(a), wasm_v128_load(bv)));
    for (int i = 0; i < 4; ++i) REQUIRE(got[i] == op_div::apply(a[i], b));
  }
}

TEST_CASE("64-bit division through float64 (both below 2^51) and the scalar path at their edges") {
  const int64_t lim = int64_t{1} << 51;
  const int64_t vals[] = {0, 1, -1, 2, -2, 7, -7, lim - 1, -(lim - 1), lim, -lim, lim / 3, -(lim / 7) - 1,
                          INT64_MAX, INT64_MIN, int64_t{1} << 52, 4503599627370495, 1000000007};
  for (int64_t x : vals) {
    for (int64_t y : vals) {
      for (int64_t x2 : {int64_t{5}, x}) {
        // Through the kernels (op: both operands whole), so that a vector the fast path declines
        // takes the full one.
        alignas(16) int64_t a[2] = {x, x2}, b[2] = {y, -3}, got[2];
        wasmsimd::vop<int64_t, op_div_floor, wasmsimd::i64_div_floor, 4>(2, a, b, got);
        for (int i = 0; i < 2; ++i) REQUIRE(got[i] == op_div_floor::apply(a[i], b[i]));
        wasmsimd::vop<int64_t, op_div, wasmsimd::i64_div, 4>(2, a, b, got);
        for (int i = 0; i < 2; ++i) REQUIRE(got[i] == op_div::apply(a[i], b[i]));
        alignas(16) uint64_t ua[2] = {static_cast<uint64_t>(x), static_cast<uint64_t>(x2)}, ub[2] = {static_cast<uint64_t>(y), 3};
        alignas(16) uint64_t ugot[2];
        wasmsimd::vop<uint64_t, op_div, wasmsimd::u64_div, 4>(2, ua, ub, ugot);
        for (int i = 0; i < 2; ++i) REQUIRE(ugot[i] == op_div::apply(ua[i], ub[i]));
      }
    }
  }
}

TEST_CASE("wasm SIMD kernels equal the scalar reference, with every aliasing they allow") {
#define TW_WASMSIMD(dt, o, fn, elements)                                                               \
  {                                                                                                    \
    using T = ctype_of<DType::dt>;                                                                     \
    using F = functor_of<Op::o>;                                                                       \
    const char* name = #dt "_v" #o "__wasmsimd_u" #elements;                                           \
    constexpr size_t lanes = 16 / sizeof(T);                                                           \
    const vbinary_ukernel op = &wasmsimd::vop<T, F, wasmsimd::fn, elements>;                           \
    const vbinary_ukernel opc = &wasmsimd::vopc<T, F, wasmsimd::fn, elements>;                         \
    const vbinary_ukernel ropc = &wasmsimd::vropc<T, F, wasmsimd::fn, elements>;                       \
    for (Alias alias : {Alias::none, Alias::y_is_a, Alias::y_is_b, Alias::all})                        \
      compare<T>(name, op, &reference::vop<T, F>, lanes, elements, false, false, alias);               \
    for (Alias alias : {Alias::none, Alias::y_is_a})                                                   \
      compare<T>(name, opc, &reference::vopc<T, F>, lanes, elements, false, true, alias);              \
    for (Alias alias : {Alias::none, Alias::y_is_b})                                                   \
      compare<T>(name, ropc, &reference::vropc<T, F>, lanes, elements, true, false, alias);            \
  }
#include "kernels/kernel_list.inc"
}
#endif

// Every kernel of a narrow float T: the scalar reference of every op, and in the wasm build the
// SIMD ones kernel_list.inc lists. (Outside the wasm-only part: a reference kernel that broke the
// rule would otherwise pass the native, sanitized run.)
template <class T>
std::vector<VBinaryKernels> narrow_float_kernels() {
  std::vector<VBinaryKernels> all;
#ifdef __wasm_simd128__
#define TW_WASMSIMD(dt, o, fn, elements)                                                           \
  if constexpr (std::is_same_v<ctype_of<DType::dt>, T>)                                            \
    all.push_back(wasmsimd::kernels<T, functor_of<Op::o>, wasmsimd::fn, elements>());
#include "kernels/kernel_list.inc"
#endif
#define TW_CASE(name, functor) \
  if constexpr (takes_v<functor, T>) all.push_back(reference::kernels<T, functor>());
  TW_OPS(TW_CASE)
#undef TW_CASE
  return all;
}

// NaN inputs of both signs and several payloads, every lane position, SIMD body and tail, all
// three kernel shapes of every op of a narrow float T: every NaN out is the one narrow<T>(NaN)
// gives (half.h).
template <class T>
void check_one_quiet_nan() {
  constexpr uint32_t m = T::kMantissaBits, e = T::kExponentBits;
  const uint32_t sign = 1u << (m + e), inf = ((1u << e) - 1) << m, one = ((1u << (e - 1)) - 1) << m;
  const uint32_t canonical = narrow<T>(std::numeric_limits<float>::quiet_NaN()).bits;
  const std::vector<uint32_t> nans = {canonical, sign | canonical, inf | 1, sign | inf | 5, sign - 1, one, inf, 0};
  std::vector<T> a, b;
  for (int i = 0; i < 37; ++i) {
    a.push_back(T{static_cast<decltype(T::bits)>(nans[i % nans.size()])});
    b.push_back(T{static_cast<decltype(T::bits)>(nans[(i * 7 + 3) % nans.size()])});
  }
  std::vector<T> y(37);
  for (const VBinaryKernels& k : narrow_float_kernels<T>()) {
    for (vbinary_ukernel kernel : {k.op, k.opc, k.ropc}) {
      if (kernel == nullptr) continue;
      kernel(37, a.data(), b.data(), y.data());
      for (const T& v : y) {
        if ((v.bits & (sign - 1)) > inf) REQUIRE(v.bits == canonical);
      }
    }
  }
}

TEST_CASE("narrow floats give the one quiet NaN, whatever the op, the path, the lane and the NaNs in") {
  const auto each = [](auto value) {
    if constexpr (is_narrow_float_v<decltype(value)>) check_one_quiet_nan<decltype(value)>();
  };
#define TW_CASE(name, ctype, kind, js) each(ctype{});
  TW_DTYPES(TW_CASE)
#undef TW_CASE
}

namespace {

template <class T, class F>
void check_reference(std::mt19937_64& rng) {
  const auto a = test::random_values<T>(37, rng), b = test::random_values<T>(37, rng);
  std::vector<T> y(37);
  reference::vop<T, F>(37, a.data(), b.data(), y.data());
  for (size_t i = 0; i < 37; ++i) CHECK(test::same(y[i], F::apply(a[i], b[i])));
  reference::vopc<T, F>(37, a.data(), b.data(), y.data());
  for (size_t i = 0; i < 37; ++i) CHECK(test::same(y[i], F::apply(a[i], b[0])));
  reference::vropc<T, F>(37, a.data(), b.data(), y.data());
  for (size_t i = 0; i < 37; ++i) CHECK(test::same(y[i], F::apply(a[0], b[i])));
  if constexpr (F::kCommutes) {  // the trait the executor relies on to run b ∘ a[0] through opc
    for (size_t i = 0; i < 37; ++i) CHECK(test::same(F::apply(a[i], b[i]), F::apply(b[i], a[i])));
  }
}

}  // namespace

TEST_CASE("reference kernels apply the scalar semantics in all three shapes, for every dtype and op") {
  std::mt19937_64 rng(7);
#define TW_DTYPE(d, ctype, kind, js)                  \
  {                                                   \
    using T = ctype;                                  \
    TW_OPS(TW_OP)                                     \
  }
#define TW_OP(o, functor) \
  if constexpr (takes_v<functor, T>) check_reference<T, functor>(rng);
  TW_DTYPES(TW_DTYPE)
#undef TW_OP
#undef TW_DTYPE
}
