// The roofline for the benchmark: the plainest wasm SIMD loops over data already in wasm
// memory. c[i] = a[i] * b[i] for float32, a plain f32x4.div loop (what division costs when the
// data is in cache), and a scalar i32.div_s loop as the baseline for integer division (guarded
// so it never traps).
#include <wasm_simd128.h>

#include <cstddef>
#include <cstdint>

extern "C" {

void mul_f32(const float* a, const float* b, float* c, size_t n) {
  size_t i = 0;
  for (; i + 4 <= n; i += 4) wasm_v128_store(c + i, wasm_f32x4_mul(wasm_v128_load(a + i), wasm_v128_load(b + i)));
  for (; i < n; ++i) c[i] = a[i] * b[i];
}

// The division roofline for in-cache cases: as many f32x4.div as the case has quotients.
void div_f32(const float* a, const float* b, float* c, size_t n) {
  size_t i = 0;
  for (; i + 4 <= n; i += 4) wasm_v128_store(c + i, wasm_f32x4_div(wasm_v128_load(a + i), wasm_v128_load(b + i)));
  for (; i < n; ++i) c[i] = a[i] / b[i];
}

void div_s32_scalar(const int32_t* a, const int32_t* b, int32_t* c, size_t n) {
#pragma clang loop vectorize(disable)
  for (size_t i = 0; i < n; ++i) {
    const int32_t x = a[i], y = b[i];
    c[i] = (y == 0 || (y == -1 && x == INT32_MIN)) ? 0 : x / y;
  }
}

}
