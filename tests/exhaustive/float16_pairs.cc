// Every pair of float16 values (2^32 of them) through the float16 Mul and Div kernels, against
// the scalar reference: the fast path's claims (kernels/wasmsimd/narrow_floats.h) checked by exhaustion, not by
// argument. About a minute per op under Node; run by `npm run exhaustive`, not by `npm test`.
#include <cstdio>
#include <cstdint>
#include <vector>

#include "../cpp/test_values.h"
#include "kernels/wasmsimd.h"
#include "ops.h"

using namespace tensorwise;

namespace {

// b is broadcast (vopc) for each of its 65536 values, with every a as the vector.
template <class F, class K>
unsigned long check_all_pairs(const char* name) {
  std::vector<float16> a(65536), y(65536);
  for (uint32_t i = 0; i < 65536; ++i) a[i] = float16{static_cast<uint16_t>(i)};
  unsigned long mismatches = 0;
  for (uint32_t bits = 0; bits < 65536; ++bits) {
    const float16 b{static_cast<uint16_t>(bits)};
    wasmsimd::vopc<float16, F, K, 16>(65536, a.data(), &b, y.data());
    for (uint32_t i = 0; i < 65536; ++i) {
      const float16 want = F::apply(a[i], b);
      if (test::same(y[i], want)) continue;
      if (mismatches++ < 10) std::printf("%s: a=%04x b=%04x got %04x want %04x\n", name, a[i].bits, bits, y[i].bits, want.bits);
    }
  }
  std::printf("%s: %lu mismatches in 2^32 pairs\n", name, mismatches);
  return mismatches;
}

}  // namespace

int main() {
  const unsigned long bad = check_all_pairs<op_mul, wasmsimd::f16_mul>("float16 Mul") +
                            check_all_pairs<op_div, wasmsimd::f16_div>("float16 Div");
  return bad == 0 ? 0 : 1;
}
