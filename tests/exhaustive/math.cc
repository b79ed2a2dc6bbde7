// exp and log of every float32 (2^32 inputs each) through the kernel the module runs
// (select_kernels), against a reference of higher precision: the C library's double exp and log
// (musl's here, within one unit in the last place of a double, 2^-52 relative), rounded to
// float32. Where every double within 2^-50 of the reference rounds alike, that float32 is the
// correctly rounded result and the kernel's must equal it; elsewhere the input is printed as
// "decide <fn> <x bits> <result bits>" for tests/exhaustive/decide.py, which decides it exactly
// (Python's decimal), which also says which inputs the kernel got wrong: the table of
// exceptions in src/elementary.h is that list. Inputs within 2^-46 of a rounding boundary,
// where a double result is too close to call, are printed as "hard ..." for the same script,
// which keeps them, with the undecided ones, in tests/golden/math-hard.json for npm test.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "checks.h"
#include "kernels/vbinary.h"

using namespace tensorwise;

namespace {

float f32(uint32_t b) { float f; std::memcpy(&f, &b, 4); return f; }
uint32_t bits(float f) { uint32_t b; std::memcpy(&b, &f, 4); return b; }

unsigned long check_function(const char* name, Op op, double (*reference)(double)) {
  const vbinary_ukernel kernel = select_kernels(op, DType::f32).op;
  constexpr uint32_t kChunk = 1u << 20;
  std::vector<float> x(kChunk), y(kChunk);
  unsigned long mismatches = 0, decide = 0, hard = 0;
  for (uint64_t start = 0; start < (uint64_t{1} << 32); start += kChunk) {
    for (uint32_t i = 0; i < kChunk; ++i) x[i] = f32(static_cast<uint32_t>(start + i));
    kernel(kChunk, x.data(), x.data(), y.data());
    for (uint32_t i = 0; i < kChunk; ++i) {
      const float got = y[i];
      const double r = reference(x[i]);
      if (r != r) {  // NaN in, or log of a negative number
        if (got == got && mismatches++ < 10) std::printf("%s(%a): got %a, want NaN\n", name, x[i], got);
        continue;
      }
      const float below = static_cast<float>(r * (1 - 0x1p-50)), above = static_cast<float>(r * (1 + 0x1p-50));
      if (bits(below) != bits(above)) {
        std::printf("decide %s %08x %08x\n", name, bits(x[i]), bits(got));
        ++decide;
        continue;
      }
      if (bits(got) != bits(below)) {
        if (mismatches++ < 10) std::printf("%s(%a): got %a, want %a\n", name, x[i], got, below);
        continue;
      }
      if (bits(static_cast<float>(r * (1 - 0x1p-46))) != bits(static_cast<float>(r * (1 + 0x1p-46)))) {
        std::printf("hard %s %08x %08x\n", name, bits(x[i]), bits(got));
        ++hard;
      }
    }
  }
  std::printf("float32 %s: 2^32 inputs, %lu mismatches, %lu left to decide.py, %lu near a boundary\n", name, mismatches,
              decide, hard);
  return mismatches;
}

double exp_reference(double x) { return std::exp(x); }
double log_reference(double x) { return std::log(x); }

}  // namespace

unsigned long check_exp() { return check_function("exp", Op::exp, exp_reference); }
unsigned long check_log() { return check_function("log", Op::log, log_reference); }
