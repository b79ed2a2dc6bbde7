// The facts program: prints what bindings/facts.h says the core is, as JSON, for
// scripts/wasm-interface.mjs (built as wasm, so that sizes such as a Plan's are the module's):
//   {"hash": kAbiHash, "names": kNames, "dtype": [[fact, ...] per dtype], "op": [[fact, ...] per op],
//    "limit": [value per limit], "scratch": [word offset per field]}
// each row in its list's order. Not part of the package.
#include <cstdio>

#include "facts.h"

using namespace tensorwise::abi;

namespace {

template <class Row>
void rows(const char* key, const Row* table, int count, unsigned facts) {
  std::printf(",\"%s\":[", key);
  for (int i = 0; i < count; ++i) {
    std::printf("%s[", i == 0 ? "" : ",");
    for (unsigned f = 0; f < facts; ++f) std::printf("%s%u", f == 0 ? "" : ",", static_cast<unsigned>(table[i].of[f]));
    std::printf("]");
  }
  std::printf("]");
}

}  // namespace

int main() {
  std::printf("{\"hash\":%u,\"names\":\"%s\"", static_cast<unsigned>(kAbiHash), kNames);
  rows("dtype", kDTypeFactTable, static_cast<int>(sizeof kDTypeFactTable / sizeof kDTypeFactTable[0]), kDTypeFacts);
  rows("op", kOpFactTable, static_cast<int>(sizeof kOpFactTable / sizeof kOpFactTable[0]), kOpFacts);
  std::printf(",\"limit\":[");
  for (uint32_t i = 0; i < kLimits; ++i) std::printf("%s%u", i == 0 ? "" : ",", static_cast<unsigned>(limit_value(static_cast<Limit>(i))));
  std::printf("],\"scratch\":[");
  for (int i = 0; i < static_cast<int>(Field::count_of_fields); ++i) std::printf("%s%d", i == 0 ? "" : ",", offset_of(static_cast<Field>(i)));
  std::printf("]}\n");
  return 0;
}
