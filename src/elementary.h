// exp and log, the library's own (docs/contract.md, "exp and log"): one algorithm in double,
// written once for a scalar and once for a pair of wasm SIMD lanes doing the same operations in
// the same order, so both give the same bits.
//
// float64 results are the double algorithm's, faithfully rounded (its error, measured against
// an arbitrary-precision reference, is in docs/contract.md). A float32, float16 or bfloat16
// input is exact as a double and the double result within about 2^-52 of exp(x) or log(x), so
// rounding it once more is the correctly rounded result for all but the inputs whose exact value
// lies closer than that to a rounding boundary: an exhaustive search finds them (below, "The
// double result rounded"), and a table gives their results.
//
// The constants and the table of 2^(j/16) are printed by scripts/elementary-constants.py.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "cast.h"

#ifdef __wasm_simd128__
#include <wasm_simd128.h>

#include "kernels/wasmsimd/lanes.h"
#endif

namespace tensorwise::reference {
void convert(DType from, DType to, size_t n, const void* x, void* y);  // kernels/reference.h
}

namespace tensorwise::elementary {

inline uint64_t f64_bits(double d) { uint64_t u; std::memcpy(&u, &d, 8); return u; }
inline double f64_from_bits(uint64_t u) { double d; std::memcpy(&d, &u, 8); return d; }

// ---- exp(x) = 2^(k/16) e^r, k = round(16 x / ln 2), |r| <= ln 2 / 32.
// 2^(j/16), j = k mod 16, as the nearest double and the rest (a float: 2^(j/16) to ~2^-77).
alignas(16) inline constexpr double kExp2Hi[16] = {
    0x1.0000000000000p+0, 0x1.0b5586cf9890fp+0, 0x1.172b83c7d517bp+0,
    0x1.2387a6e756238p+0, 0x1.306fe0a31b715p+0, 0x1.3dea64c123422p+0,
    0x1.4bfdad5362a27p+0, 0x1.5ab07dd485429p+0, 0x1.6a09e667f3bcdp+0,
    0x1.7a11473eb0187p+0, 0x1.8ace5422aa0dbp+0, 0x1.9c49182a3f090p+0,
    0x1.ae89f995ad3adp+0, 0x1.c199bdd85529cp+0, 0x1.d5818dcfba487p+0,
    0x1.ea4afa2a490dap+0,
};
alignas(16) inline constexpr float kExp2Lo[16] = {
    0x0.0p+0f, 0x1.8a62e4p-54f, -0x1.19041cp-55f, 0x1.9b07ecp-54f,
    0x1.6f46aep-55f, 0x1.ada092p-55f, 0x1.d4397ap-56f, 0x1.6324c0p-54f,
    -0x1.bdd342p-54f, -0x1.41577ep-55f, 0x1.6e9f16p-54f, 0x1.c7c46cp-56f,
    0x1.7a1cd4p-54f, 0x1.110658p-55f, 0x1.2ed02ep-55f, -0x1.e9c232p-54f,
};
constexpr double kInvLn2N = 0x1.71547652b82fep+4;  // 16 / ln 2
// ln 2 / 16 in two parts, the first of 35 bits, so k times it is exact for |k| < 2^18.
constexpr double kLn2NHi = 0x1.62e42fefa0000p-5;
constexpr double kLn2NLo = 0x1.cf79abc9e3b3ap-44;
// Inputs beyond these give Inf and 0 in every dtype; clamping to them keeps k small.
constexpr double kExpMax = 710.0;
constexpr double kExpMin = -746.0;
// e^r - 1 by Taylor's series to r^7 (the rest below 2^-59 for |r| <= ln 2 / 32).
constexpr double kE2 = 1.0 / 2, kE3 = 1.0 / 6, kE4 = 1.0 / 24, kE5 = 1.0 / 120, kE6 = 1.0 / 720, kE7 = 1.0 / 5040;
// float32's faster path (wasmsimd::exp_near): inputs beyond these give Inf and 0 in float32; 1.5
// 2^52, which rounds a double below 2^51 to an integer in its low bits; how far apart (in double
// ulps: at least 2^-42 of the value) the two bounds around its result are, whose error is below
// 2^-42.6.
constexpr double kExpF32Max = 89.0;
constexpr double kExpF32Min = -104.0;
constexpr double kRoundShift = 0x1.8p52;
constexpr int64_t kExpApart = 2048;

// ---- log(x) = e ln 2 + log(m), x = 2^e m, sqrt(1/2) <= m < sqrt(2); log(m) = 2 atanh(s) with
// s = f / (2 + f), f = m - 1, written as f - f^2/2 + s (f^2/2 + R), R = 2 s^2/3 + 2 s^4/5 + ...
// (Taylor's series to s^20; the rest below 2^-59 for |s| <= 0.1716).
constexpr uint64_t kSqrtHalfBits = 0x3fe6a09e667f3bcd;
constexpr uint64_t kExponentMask = 0xfff0000000000000;
// ln 2 in two parts, the first of 41 bits, so e times it is exact for |e| < 2^12.
constexpr double kLn2Hi = 0x1.62e42fefa3800p-1;
constexpr double kLn2Lo = 0x1.ef35793c76730p-45;
constexpr double kL1 = 2.0 / 3, kL2 = 2.0 / 5, kL3 = 2.0 / 7, kL4 = 2.0 / 9, kL5 = 2.0 / 11, kL6 = 2.0 / 13,
                 kL7 = 2.0 / 15, kL8 = 2.0 / 17, kL9 = 2.0 / 19, kL10 = 2.0 / 21;

// ---- exp and log of two lanes: the float64 kernels, the float32 kernels (two pairs a vector) and,
// in the module, the scalar ones (one lane; the same instructions, so the same bits, and one copy
// of the code). The scalar form below is the reference the native build runs.
#ifdef __wasm_simd128__
namespace wasmsimd {

inline v128_t splat(double d) { return wasm_f64x2_splat(d); }

// (The vector function's signature, the second operand unread: the float64 kernels call it.)
__attribute__((noinline)) inline v128_t f64_exp(v128_t x, v128_t) {
  // pmin and pmax keep a NaN x (its lanes give NaN through the arithmetic below).
  x = wasm_f64x2_pmax(wasm_f64x2_pmin(x, splat(kExpMax)), splat(kExpMin));
  const v128_t kd = wasm_f64x2_nearest(wasm_f64x2_mul(x, splat(kInvLn2N)));
  // (opaque: LLVM 14 would turn the lanes' extraction below into scalar conversions with branches)
  const v128_t k = tensorwise::wasmsimd::opaque(wasm_i32x4_trunc_sat_f64x2_zero(kd));
  const v128_t r = wasm_f64x2_sub(wasm_f64x2_sub(x, wasm_f64x2_mul(kd, splat(kLn2NHi))), wasm_f64x2_mul(kd, splat(kLn2NLo)));
  v128_t q = wasm_f64x2_add(splat(kE6), wasm_f64x2_mul(r, splat(kE7)));
  q = wasm_f64x2_add(splat(kE5), wasm_f64x2_mul(r, q));
  q = wasm_f64x2_add(splat(kE4), wasm_f64x2_mul(r, q));
  q = wasm_f64x2_add(splat(kE3), wasm_f64x2_mul(r, q));
  q = wasm_f64x2_add(splat(kE2), wasm_f64x2_mul(r, q));
  const v128_t p = wasm_f64x2_add(r, wasm_f64x2_mul(wasm_f64x2_mul(r, r), q));
  const unsigned j0 = static_cast<unsigned>(wasm_i32x4_extract_lane(k, 0)) & 15u;
  const unsigned j1 = static_cast<unsigned>(wasm_i32x4_extract_lane(k, 1)) & 15u;
  const v128_t hi = wasm_v128_load64_lane(&kExp2Hi[j1], wasm_v128_load64_zero(&kExp2Hi[j0]), 1);
  const v128_t lo = wasm_f64x2_promote_low_f32x4(wasm_v128_load32_lane(&kExp2Lo[j1], wasm_v128_load32_zero(&kExp2Lo[j0]), 1));
  const v128_t y = wasm_f64x2_add(hi, wasm_f64x2_add(lo, wasm_f64x2_mul(hi, p)));
  // The two factors of 2^(k div 16), e1 = floor(e / 2) and e - e1, side by side as 32-bit lanes.
  const v128_t e = wasm_i32x4_shr(k, 4);
  const v128_t e1 = wasm_i32x4_shr(e, 1);
  const v128_t both = wasm_i32x4_add(wasm_i32x4_shuffle(e1, wasm_i32x4_sub(e, e1), 0, 1, 4, 5), wasm_i32x4_splat(1023));
  const v128_t s1 = wasm_i64x2_shl(wasm_i64x2_extend_low_i32x4(both), 52);
  const v128_t s2 = wasm_i64x2_shl(wasm_i64x2_extend_high_i32x4(both), 52);
  return wasm_f64x2_mul(wasm_f64x2_mul(y, s1), s2);
}

__attribute__((noinline)) inline v128_t f64_log(v128_t x, v128_t) {
  const v128_t inf = splat(__builtin_inf());
  const v128_t finite_positive = wasm_v128_and(wasm_f64x2_gt(x, splat(0.0)), wasm_f64x2_lt(x, inf));
  const v128_t subnormal = wasm_f64x2_lt(x, splat(0x1p-1022));
  // Lanes outside (0, Inf) compute log 1 and take their special value at the end.
  v128_t v = wasm_v128_bitselect(wasm_f64x2_mul(x, splat(0x1p54)), x, subnormal);
  v = wasm_v128_bitselect(v, splat(1.0), finite_positive);
  const v128_t t = wasm_i64x2_sub(v, wasm_i64x2_splat(static_cast<int64_t>(kSqrtHalfBits)));
  const v128_t m = wasm_i64x2_sub(v, wasm_v128_and(t, wasm_i64x2_splat(static_cast<int64_t>(kExponentMask))));
  const v128_t e = wasm_i64x2_shr(t, 52);  // small: its low 32 bits are the number
  const v128_t e0 = wasm_v128_and(wasm_v128_and(subnormal, finite_positive), splat(-54.0));
  const v128_t dk = wasm_f64x2_add(wasm_f64x2_convert_low_i32x4(wasm_i32x4_shuffle(e, e, 0, 2, 0, 2)), e0);
  const v128_t f = wasm_f64x2_sub(m, splat(1.0));
  const v128_t s = wasm_f64x2_div(f, wasm_f64x2_add(splat(2.0), f));
  const v128_t z = wasm_f64x2_mul(s, s);
  v128_t q = wasm_f64x2_add(splat(kL9), wasm_f64x2_mul(z, splat(kL10)));
  q = wasm_f64x2_add(splat(kL8), wasm_f64x2_mul(z, q));
  q = wasm_f64x2_add(splat(kL7), wasm_f64x2_mul(z, q));
  q = wasm_f64x2_add(splat(kL6), wasm_f64x2_mul(z, q));
  q = wasm_f64x2_add(splat(kL5), wasm_f64x2_mul(z, q));
  q = wasm_f64x2_add(splat(kL4), wasm_f64x2_mul(z, q));
  q = wasm_f64x2_add(splat(kL3), wasm_f64x2_mul(z, q));
  q = wasm_f64x2_add(splat(kL2), wasm_f64x2_mul(z, q));
  q = wasm_f64x2_add(splat(kL1), wasm_f64x2_mul(z, q));
  const v128_t R = wasm_f64x2_mul(z, q);
  const v128_t hfsq = wasm_f64x2_mul(wasm_f64x2_mul(splat(0.5), f), f);
  const v128_t inner = wasm_f64x2_add(wasm_f64x2_mul(s, wasm_f64x2_add(hfsq, R)), wasm_f64x2_mul(dk, splat(kLn2Lo)));
  const v128_t y = wasm_f64x2_sub(wasm_f64x2_mul(dk, splat(kLn2Hi)), wasm_f64x2_sub(wasm_f64x2_sub(hfsq, inner), f));
  // log 0 = -Inf, log of a negative number NaN, log Inf = Inf, log NaN = NaN (log_d's).
  const v128_t special = wasm_v128_bitselect(splat(-__builtin_inf()),
                                             wasm_v128_bitselect(splat(__builtin_nan("")), x, wasm_f64x2_lt(x, splat(0.0))),
                                             wasm_f64x2_eq(x, splat(0.0)));
  return wasm_v128_bitselect(y, special, finite_positive);
}

}  // namespace wasmsimd
#endif

// 2^n for -1022 <= n <= 1023.
inline double pow2(int n) { return f64_from_bits(static_cast<uint64_t>(n + 1023) << 52); }

#ifdef __wasm_simd128__
inline double exp_d(double x) {
  const v128_t v = wasm_f64x2_splat(x);
  return wasm_f64x2_extract_lane(wasmsimd::f64_exp(v, v), 0);
}
inline double log_d(double x) {
  const v128_t v = wasm_f64x2_splat(x);
  return wasm_f64x2_extract_lane(wasmsimd::f64_log(v, v), 0);
}
#else
inline double exp_d(double x) {
  if (x != x) return x;
  x = x > kExpMax ? kExpMax : (x < kExpMin ? kExpMin : x);
  const double kd = __builtin_rint(x * kInvLn2N);
  const int k = static_cast<int>(kd);
  const double r = (x - kd * kLn2NHi) - kd * kLn2NLo;
  const double p = r + r * r * (kE2 + r * (kE3 + r * (kE4 + r * (kE5 + r * (kE6 + r * kE7)))));
  const unsigned j = static_cast<unsigned>(k) & 15u;
  const double hi = kExp2Hi[j], lo = kExp2Lo[j];
  const double y = hi + (lo + hi * p);
  // 2^(k div 16) in two factors, each a normal double: the first product is exact, the second
  // rounds once where the result is subnormal or overflows.
  const int e = (k - static_cast<int>(j)) / 16;
  const int e1 = e >= 0 ? e / 2 : -((1 - e) / 2);  // floor(e / 2)
  return y * pow2(e1) * pow2(e - e1);
}

// log of a positive normal double x, its exponent offset by e0 (x was scaled by 2^-e0).
inline double log_normal(double x, double e0) {
  const uint64_t b = f64_bits(x);
  const uint64_t t = b - kSqrtHalfBits;
  // The exponent of x / m: t's top 12 bits as a signed number (x < sqrt(1/2) makes t negative).
  const int64_t e = static_cast<int64_t>(t >> 52) - ((t >> 63) != 0 ? 4096 : 0);
  const double m = f64_from_bits(b - (t & kExponentMask));
  const double f = m - 1.0;
  const double s = f / (2.0 + f);
  const double z = s * s;
  const double R =
      z * (kL1 + z * (kL2 + z * (kL3 + z * (kL4 + z * (kL5 + z * (kL6 + z * (kL7 + z * (kL8 + z * (kL9 + z * kL10)))))))));
  const double hfsq = 0.5 * f * f;
  const double dk = static_cast<double>(e) + e0;
  return dk * kLn2Hi - ((hfsq - (s * (hfsq + R) + dk * kLn2Lo)) - f);
}

inline double log_d(double x) {
  if (x > 0 && x < __builtin_inf()) return x < 0x1p-1022 ? log_normal(x * 0x1p54, -54.0) : log_normal(x, 0.0);
  if (x == 0) return -__builtin_inf();
  if (x < 0) return __builtin_nan("");
  return x;  // +Inf, NaN
}
#endif

// ---- The double result rounded into a float32, float16 or bfloat16: correctly rounded for every
// input but a few, which only an exhaustive search finds (their exact value lies closer to a
// rounding boundary than the double's error, about 2^-52), and which are listed below. exp has
// none in any of the three dtypes; log has five in float32, none in float16 and bfloat16. Proved
// by tests/exhaustive/math.cc with decide.py (npm run exhaustive exp log: every float32) and
// tests/js/math.test.js (every float16 and bfloat16): change anything above, run them again, and
// put here what decide.py lists.
template <class T>
inline T narrowed(double d) {
  if constexpr (is_narrow_float_v<T>) {
    // The conversions' own rounding (cast.h's rules), out of line, not a second copy of it.
    T v;
    reference::convert(DType::f64, std::is_same_v<T, float16> ? DType::f16 : DType::bf16, 1, &d, &v);
    return v;
  } else {
    return static_cast<T>(d);
  }
}

// float32 log's exceptions: {input bits, correctly rounded result bits}, sorted.
struct Exception {
  uint32_t x, y;
};
inline constexpr Exception kLogExceptions[] = {
    {0x3c413d3a, 0xc08e158f}, {0x41178feb, 0x400fe5e7}, {0x4c5d65a5, 0x418f034b},
    {0x65d890d3, 0x4254d1f9}, {0x6f31a8ec, 0x42845a89},
};
// Where y(1 - 2^-48) and y(1 + 2^-48) round alike (all but about one input in 2^23), the input
// is no exception: the table is searched only where they do not.
constexpr double kBelow = 1.0 - 0x1p-48, kAbove = 1.0 + 0x1p-48;
__attribute__((noinline)) inline float log_f32(float x) {
  const double y = log_d(x);
  const float r = static_cast<float>(y);
  if (f32_bits(static_cast<float>(y * kBelow)) == f32_bits(static_cast<float>(y * kAbove))) return r;
  const uint32_t key = f32_bits(x);
  for (const Exception& e : kLogExceptions)
    if (e.x == key) return f32_from_bits(e.y);
  return r;
}

// exp and log of any float dtype: float64 the double algorithm's (faithful), the others
// correctly rounded.
template <class T>
inline T exp_of(T a) {
  if constexpr (std::is_same_v<T, double>) return exp_d(a);
  else return narrowed<T>(exp_d(widen(a).value));
}
template <class T>
inline T log_of(T a) {
  if constexpr (std::is_same_v<T, double>) return log_d(a);
  else if constexpr (std::is_same_v<T, float>) return log_f32(a);
  else return narrowed<T>(log_d(widen(a).value));
}

#ifdef __wasm_simd128__
namespace wasmsimd {

// float32 lanes through the double algorithm, each pair promoted, computed and demoted. log's
// also twice more, y below and above by 2^-48: where the two differ (about one lane in 2^23) the
// lane goes through the scalar, which knows the exceptions.
inline v128_t demoted(v128_t lo, v128_t hi) {
  return wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(lo), wasm_f32x4_demote_f64x2_zero(hi), 0, 1, 4, 5);
}
// float32 exp needs less than the double algorithm gives: 2^(k/16) e^r with e^r - 1 to r^5 (the
// rest below 2^-42.6 for |r| <= ln 2 / 32), the table's nearest doubles alone, k from the bits of
// x 16 / ln 2 + 1.5 2^52, and k div 16 added to the exponent (the double of a float32 result is
// always normal). y is then within 2^-42.6 of e^x: where y 2048 double ulps below and above (at
// least 2^-42 of y) round to the same float32 (by the bound, all lanes but about one random lane
// in 2^17), that is the correctly rounded result; the other lanes, and NaN's, take the double
// algorithm above, whose float32 results are correctly rounded for every input: its bits.
inline v128_t exp_near(v128_t x) {
  x = wasm_f64x2_pmax(wasm_f64x2_pmin(x, splat(kExpF32Max)), splat(kExpF32Min));
  const v128_t t = wasm_f64x2_add(wasm_f64x2_mul(x, splat(kInvLn2N)), splat(kRoundShift));
  const v128_t kd = wasm_f64x2_sub(t, splat(kRoundShift));
  const v128_t r = wasm_f64x2_sub(wasm_f64x2_sub(x, wasm_f64x2_mul(kd, splat(kLn2NHi))), wasm_f64x2_mul(kd, splat(kLn2NLo)));
  const v128_t r2 = wasm_f64x2_mul(r, r);
  const v128_t q = wasm_f64x2_add(wasm_f64x2_add(splat(kE2), wasm_f64x2_mul(r, splat(kE3))),
                                  wasm_f64x2_mul(r2, wasm_f64x2_add(splat(kE4), wasm_f64x2_mul(r, splat(kE5)))));
  const v128_t p = wasm_f64x2_add(r, wasm_f64x2_mul(r2, q));
  const unsigned j0 = static_cast<unsigned>(wasm_i32x4_extract_lane(t, 0)) & 15u;
  const unsigned j1 = static_cast<unsigned>(wasm_i32x4_extract_lane(t, 2)) & 15u;
  const v128_t hi = wasm_v128_load64_lane(&kExp2Hi[j1], wasm_v128_load64_zero(&kExp2Hi[j0]), 1);
  const v128_t y = wasm_f64x2_add(hi, wasm_f64x2_mul(hi, p));
  // k (t's bits less the shift's), k div 16 (an arithmetic shift floors), into the exponent.
  return wasm_i64x2_add(y, wasm_i64x2_shl(wasm_i64x2_shr(wasm_i64x2_sub(t, splat(kRoundShift)), 4), 52));
}
__attribute__((noinline)) inline v128_t f32_exp_again(v128_t a, v128_t near, v128_t ok) {
  const v128_t l = wasm_f64x2_promote_low_f32x4(a), h = wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(a, a, 2, 3, 2, 3));
  return wasm_v128_bitselect(near, demoted(f64_exp(l, l), f64_exp(h, h)), ok);
}
__attribute__((noinline)) inline v128_t f32_exp(v128_t a, v128_t) {
  const v128_t l = exp_near(wasm_f64x2_promote_low_f32x4(a));
  const v128_t h = exp_near(wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(a, a, 2, 3, 2, 3)));
  const v128_t apart = wasm_i64x2_splat(kExpApart);
  const v128_t below = demoted(wasm_i64x2_sub(l, apart), wasm_i64x2_sub(h, apart));
  const v128_t above = demoted(wasm_i64x2_add(l, apart), wasm_i64x2_add(h, apart));
  const v128_t ok = wasm_v128_and(wasm_i32x4_eq(below, above), wasm_f32x4_eq(a, a));
  if (__builtin_expect(wasm_i32x4_all_true(ok), 1)) return below;
  return f32_exp_again(a, below, ok);
}
__attribute__((noinline)) inline v128_t f32_log_again(v128_t a, v128_t below, v128_t above) {
  alignas(16) float x[4], y[4], b[4];
  wasm_v128_store(x, a);
  wasm_v128_store(y, below);
  wasm_v128_store(b, above);
  for (int i = 0; i < 4; ++i)
    if (f32_bits(y[i]) != f32_bits(b[i])) y[i] = log_f32(x[i]);
  return wasm_v128_load(y);
}
__attribute__((noinline)) inline v128_t f32_log(v128_t a, v128_t) {
  const v128_t l = wasm_f64x2_promote_low_f32x4(a), h = wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(a, a, 2, 3, 2, 3));
  const v128_t lo = f64_log(l, l), hi = f64_log(h, h);
  const v128_t below = demoted(wasm_f64x2_mul(lo, splat(kBelow)), wasm_f64x2_mul(hi, splat(kBelow)));
  const v128_t above = demoted(wasm_f64x2_mul(lo, splat(kAbove)), wasm_f64x2_mul(hi, splat(kAbove)));
  if (__builtin_expect(wasm_i32x4_all_true(wasm_i32x4_eq(below, above)), 1)) return below;
  return f32_log_again(a, below, above);
}

}  // namespace wasmsimd
#endif

}  // namespace tensorwise::elementary

