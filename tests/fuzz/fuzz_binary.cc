// libFuzzer target: shapes, modes, dtypes, ops and values from the fuzzer's bytes, through
// broadcast_shapes and the executor, checked against per-element index arithmetic with the
// scalar semantics. Built with -fsanitize=fuzzer,address,undefined (CMake TENSORWISE_FUZZ).
#include <cstdint>
#include <cstring>
#include <vector>

#include "plan.h"
#include "kernels/vbinary.h"
#include "broadcast.h"
#include "ops.h"
#include "../cpp/naive_broadcast.h"
#include "../cpp/test_values.h"

using namespace tensorwise;

namespace {

struct Reader {
  const uint8_t* p;
  size_t n;
  uint8_t byte() { return n ? (--n, *p++) : 0; }
};

template <class T, class F>
bool check(const Broadcast& s, Op op, DType dt, Reader& r, bool zero_is_error) {
  const size_t na = element_count(s.a, s.rank), nb = element_count(s.b, s.rank), ny = element_count(s.out, s.rank);
  std::vector<T> a(na), b(nb), y(ny), want(ny);
  // Values: the remaining bytes, cycled; half of the elements from the specials list.
  const std::vector<T> sp = test::specials<T>();
  auto fill = [&](std::vector<T>& v) {
    for (auto& x : v) {
      const uint8_t k = r.byte();
      if (k & 1) {
        x = sp[(k >> 1) % sp.size()];
      } else {
        uint8_t bytes[sizeof(T)];
        for (auto& c : bytes) c = r.byte();
        std::memcpy(&x, bytes, sizeof(T));
      }
    }
  };
  fill(a);
  fill(b);
  want = test::naive_broadcast<T, F>(s, a, b);
  const std::vector<T> before = y;
  const Status st = binary(op, dt, s, a.data(), b.data(), y.data(), zero_is_error);
  bool b_has_zero = false;
  for (const T& x : b) {
    T zero{};
    b_has_zero |= std::memcmp(&x, &zero, sizeof(T)) == 0;
  }
  if (zero_is_error && divides(op) && is_integer(dt) && ny > 0 && b_has_zero) {
    if (st != Status::division_by_zero) __builtin_trap();
    if (std::memcmp(y.data(), before.data(), ny * sizeof(T)) != 0) __builtin_trap();  // nothing written
    return true;
  }
  if (st != Status::ok) __builtin_trap();
  for (size_t i = 0; i < ny; ++i)
    if (!test::same(y[i], want[i])) __builtin_trap();
  return true;
}

template <class T>
void run_op(const Broadcast& s, Op op, DType dt, Reader& r, bool zero_is_error) {
  switch (canonical_op(op, dt)) {
#define TW_CASE(name, functor)                                              \
  case Op::name:                                                            \
    if constexpr (takes_v<functor, T>) check<T, functor>(s, op, dt, r, zero_is_error); \
    break;
    TW_OPS(TW_CASE)
#undef TW_CASE
  }
}

constexpr Op kOps[] = {
#define TW_ITEM(name, functor) Op::name,
    TW_OPS(TW_ITEM)
#undef TW_ITEM
};
constexpr BroadcastMode kModes[] = {
#define TW_ITEM(name) BroadcastMode::name,
    TW_BROADCAST_MODES(TW_ITEM)
#undef TW_ITEM
};
constexpr uint8_t kOpCount = sizeof kOps / sizeof kOps[0];
constexpr uint8_t kModeCount = sizeof kModes / sizeof kModes[0];

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Reader r{data, size};
  const auto mode = kModes[r.byte() % kModeCount];
  const auto op = kOps[r.byte() % kOpCount];
  const auto dt = static_cast<DType>(r.byte() % kDTypeCount);
  if (!takes(op, dt)) return 0;  // outside the op's domain: no program may ask for it
  const int rank_a = r.byte() % 7, rank_b = r.byte() % 7;
  const uint8_t flags = r.byte();
  const BroadcastSpec spec{mode, (flags & 1) != 0, static_cast<int8_t>(r.byte()) % 8};
  size_t a[kMaxRank], b[kMaxRank];
  // Dims 0..4, with 1 twice as likely (it is what broadcasting is about).
  static constexpr size_t kDims[8] = {1, 1, 2, 3, 4, 0, 5, 1};
  for (int i = 0; i < rank_a; ++i) a[i] = kDims[r.byte() % 8];
  for (int i = 0; i < rank_b; ++i) b[i] = kDims[r.byte() % 8];
  Broadcast s;
  if (broadcast_shapes(spec, a, rank_a, b, rank_b, &s) != Status::ok) return 0;
  if (element_count(s.out, s.rank) > 4096) return 0;
  const bool zero_is_error = (flags & 2) != 0;
  visit_dtype(dt, [&](auto element) { run_op<decltype(element)>(s, op, dt, r, zero_is_error); });
  return 0;
}
