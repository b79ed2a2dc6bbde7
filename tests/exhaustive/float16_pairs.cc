// Every pair of float16 values (2^32 of them) through every float16 kernel kernel_list.inc lists,
// against the scalar reference: the fast paths' claims (kernels/wasmsimd/narrow_floats.h)
// checked by exhaustion, not by argument. About a minute per op under Node; run by
// `npm run exhaustive` (main.cc), not by `npm test`.
#include <cstdio>
#include <cstdint>
#include <vector>

#include "../cpp/test_values.h"
#include "checks.h"
#include "kernels/wasmsimd.h"
#include "ops.h"

using namespace tensorwise;

namespace {

// b is broadcast (vopc) for each of its 65536 values, with every a as the vector.
template <class F>
unsigned long check_all_pairs(const char* name, vbinary_ukernel opc) {
  std::vector<float16> a(65536), y(65536);
  for (uint32_t i = 0; i < 65536; ++i) a[i] = float16{static_cast<uint16_t>(i)};
  unsigned long mismatches = 0;
  for (uint32_t bits = 0; bits < 65536; ++bits) {
    const float16 b{static_cast<uint16_t>(bits)};
    opc(65536, a.data(), &b, y.data());
    for (uint32_t i = 0; i < 65536; ++i) {
      const float16 want = F::apply(a[i], b);
      if (test::same(y[i], want)) continue;
      if (mismatches++ < 10) std::printf("%s: a=%04x b=%04x got %04x want %04x\n", name, a[i].bits, bits, y[i].bits, want.bits);
    }
  }
  std::printf("float16 %s: %lu mismatches in 2^32 pairs\n", name, mismatches);
  return mismatches;
}

// A line's kernel checked only where its dtype is float16 (a discarded branch of a template).
template <DType D, class F, class Make>
unsigned long check_line(const char* name, Make make) {
  if constexpr (D == DType::f16) return check_all_pairs<F>(name, make(std::integral_constant<DType, D>{}));
  else return 0;
}

}  // namespace

unsigned long check_float16_pairs() {
  unsigned long bad = 0;
#define TW_WASMSIMD(dt, o, fn, elements)                                                                            \
  bad += check_line<DType::dt, functor_of<Op::o>>(#o, [](auto d) -> vbinary_ukernel {                               \
    return &wasmsimd::vopc<ctype_of<decltype(d)::value>, functor_of<Op::o>, wasmsimd::fn, elements>;                \
  });
#include "kernels/kernel_list.inc"
  return bad;
}
