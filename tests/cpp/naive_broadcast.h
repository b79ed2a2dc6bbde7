// The oracle for the executor: y = a ∘ b by per-element index arithmetic over the aligned
// shapes, the slow obvious way. Used by binary_test.cc and the fuzzer.
#pragma once

#include <vector>

#include "broadcast.h"

namespace tensorwise::test {

template <class T, class F>
std::vector<T> naive_broadcast(const Broadcast& s, const std::vector<T>& a, const std::vector<T>& b) {
  const size_t n = element_count(s.out, s.rank);
  std::vector<T> y(n);
  std::vector<size_t> idx(s.rank, 0);
  for (size_t flat = 0; flat < n; ++flat) {
    size_t rem = flat;
    for (int d = s.rank - 1; d >= 0; --d) {
      idx[d] = rem % s.out[d];
      rem /= s.out[d];
    }
    size_t ia = 0, ib = 0;
    for (int d = 0; d < s.rank; ++d) {
      ia = ia * s.a[d] + (s.a[d] == 1 ? 0 : idx[d]);
      ib = ib * s.b[d] + (s.b[d] == 1 ? 0 : idx[d]);
    }
    y[flat] = F::apply(a[ia], b[ib]);
  }
  return y;
}

}  // namespace tensorwise::test
