// Every input of every conversion conversion_list.inc lists, through the kernel dispatch gives
// (the SIMD one in this build), against the scalar reference (cast.h): all 2^32 bit patterns of
// 4-byte inputs (float32 into float16 and bfloat16, int32 and uint32 into float32), all 2^16 of
// 2-byte and 1-byte ones, and for float64 every pattern of its high 32 bits (sign, exponent and
// the mantissa's top 20 bits; the low ones zero). Run by `npm run exhaustive` (main.cc), not by
// `npm test`.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>

#include "../cpp/conversion_check.h"
#include "checks.h"
#include "kernels/reference.h"
#include "kernels/vconvert.h"

using namespace tensorwise;

namespace {

// Inputs in blocks of 2^16 bit patterns: the block `high` holds high << 16 | low for every low.
template <class From, class To>
unsigned long check_all_inputs(const char* name, vconvert_ukernel kernel) {
  constexpr uint32_t kBlocks = sizeof(From) >= 4 ? 65536 : 1;
  constexpr int kShift = sizeof(From) == 8 ? 32 : 0;  // float64: the high half
  std::vector<uint64_t> bits(65536);
  std::vector<From> in(65536);
  std::vector<To> got(65536), want(65536);
  unsigned long mismatches = 0;
  for (uint32_t high = 0; high < kBlocks; ++high) {
    for (uint32_t low = 0; low < 65536; ++low) bits[low] = uint64_t{high << 16 | low} << kShift;
    for (uint32_t i = 0; i < 65536; ++i) std::memcpy(&in[i], &bits[i], sizeof(From));  // the low bytes: little-endian
    kernel(65536, in.data(), got.data());
    reference::convert<From, To>(65536, in.data(), want.data());
    for (uint32_t i = 0; i < 65536; ++i) {
      if (test::same_conversion(in[i], got[i], want[i])) continue;
      if (mismatches++ < 10) {
        std::printf("%s: input %016llx got %016llx want %016llx\n", name, static_cast<unsigned long long>(bits[i]),
                    static_cast<unsigned long long>(test::bits_of(got[i])), static_cast<unsigned long long>(test::bits_of(want[i])));
      }
    }
  }
  std::printf("%s: %lu mismatches in 2^%d inputs\n", name, mismatches, sizeof(From) >= 4 ? 32 : 16);
  return mismatches;
}

}  // namespace

unsigned long check_conversions() {
  unsigned long bad = 0;
#define TW_CONVERSION(f, t, kernel) \
  bad += check_all_inputs<ctype_of<DType::f>, ctype_of<DType::t>>(#kernel, select_conversion(DType::f, DType::t));
#include "kernels/conversion_list.inc"
  return bad;
}
