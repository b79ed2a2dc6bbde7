// The broadcast rules of docs/contract.md ("Broadcasting"), with the specifications' own examples.
#include <doctest/doctest.h>

#include <vector>

#include "broadcast.h"

using namespace tensorwise;
using Dims = std::vector<size_t>;

namespace {

struct Outcome {
  Status status;
  Dims out;
  int conflict;
};

Outcome run(BroadcastMode mode, Dims a, Dims b, bool has_axis = false, int64_t axis = -1) {
  Broadcast r;
  const Status s = broadcast_shapes({mode, has_axis, axis}, a.data(), static_cast<int>(a.size()), b.data(),
                                    static_cast<int>(b.size()), &r);
  return {s, s == Status::ok ? Dims(r.out, r.out + r.rank) : Dims{}, r.conflict_axis};
}

}  // namespace

TEST_CASE("numpy: the OpenVINO and ONNX examples") {
  CHECK(run(BroadcastMode::numpy, {8, 1, 6, 1}, {7, 1, 5}).out == Dims{8, 7, 6, 5});
  CHECK(run(BroadcastMode::numpy, {256, 56}, {256, 56}).out == Dims{256, 56});
  CHECK(run(BroadcastMode::numpy, {3, 4, 5}, {5}).out == Dims{3, 4, 5});
  CHECK(run(BroadcastMode::numpy, {}, {}).out == Dims{});
  CHECK(run(BroadcastMode::numpy, {1, 0}, {3, 1}).out == Dims{3, 0});
  const Outcome bad = run(BroadcastMode::numpy, {3}, {2});
  CHECK(bad.status == Status::incompatible);
  CHECK(bad.conflict == 0);
  const Outcome bad2 = run(BroadcastMode::numpy, {3, 1, 5}, {4, 4, 5});
  CHECK(bad2.status == Status::incompatible);
  CHECK(bad2.conflict == 0);
  CHECK(run(BroadcastMode::numpy, {2, 3}, {4, 3}).conflict == 0);
  CHECK(run(BroadcastMode::numpy, {5, 2, 3}, {4, 3}).conflict == 1);
}

TEST_CASE("none: identical shapes only") {
  CHECK(run(BroadcastMode::none, {2, 3}, {2, 3}).out == Dims{2, 3});
  CHECK(run(BroadcastMode::none, {2, 3}, {2, 1}).conflict == 1);
  CHECK(run(BroadcastMode::none, {2, 3}, {3}).status == Status::shapes_differ);
}

TEST_CASE("pdpd: B onto A from axis") {
  CHECK(run(BroadcastMode::pdpd, {2, 3, 4, 5}, {3, 4}, true, 1).out == Dims{2, 3, 4, 5});
  CHECK(run(BroadcastMode::pdpd, {2, 3, 4, 5}, {3, 1}, true, 1).out == Dims{2, 3, 4, 5});
  CHECK(run(BroadcastMode::pdpd, {2, 3, 4, 5}, {4, 5}).out == Dims{2, 3, 4, 5});
  CHECK(run(BroadcastMode::pdpd, {2, 3, 4, 5}, {4, 5}, true, 2).out == Dims{2, 3, 4, 5});
  CHECK(run(BroadcastMode::pdpd, {2, 3, 4, 5}, {1, 3}, true, 0).out == Dims{2, 3, 4, 5});
  CHECK(run(BroadcastMode::pdpd, {2, 3, 4, 5}, {}).out == Dims{2, 3, 4, 5});
  CHECK(run(BroadcastMode::pdpd, {2, 3, 4, 5}, {5}, true, 3).out == Dims{2, 3, 4, 5});
  // Default axis uses B's rank before trimming: (3,1) lands at axis 2 and 3 != 4.
  CHECK(run(BroadcastMode::pdpd, {2, 3, 4, 5}, {3, 1}).conflict == 2);
  CHECK(run(BroadcastMode::pdpd, {2, 3, 4, 5}, {3, 4}, true, -2).status == Status::bad_axis);
  CHECK(run(BroadcastMode::pdpd, {2, 3, 4, 5}, {4, 5}, true, 3).status == Status::b_does_not_fit);
  CHECK(run(BroadcastMode::pdpd, {2, 3}, {1, 2, 3}).status == Status::b_does_not_fit);
  CHECK(run(BroadcastMode::pdpd, {2, 1}, {2, 3}).status == Status::incompatible);  // only B is broadcast
}

TEST_CASE("onnx legacy: the Mul-1/6 examples") {
  const Dims a{2, 3, 4, 5};
  CHECK(run(BroadcastMode::onnx_legacy, a, {}).out == a);
  CHECK(run(BroadcastMode::onnx_legacy, a, {1, 1}).out == a);
  CHECK(run(BroadcastMode::onnx_legacy, a, {5}).out == a);
  CHECK(run(BroadcastMode::onnx_legacy, a, {4, 5}).out == a);
  CHECK(run(BroadcastMode::onnx_legacy, a, {3, 4}, true, 1).out == a);
  CHECK(run(BroadcastMode::onnx_legacy, a, {2}, true, 0).out == a);
  CHECK(run(BroadcastMode::onnx_legacy, a, {3, 4}, true, -3).out == a);
  CHECK(run(BroadcastMode::onnx_legacy, a, {1, 5}).conflict == 2);  // 1 does not stretch
  CHECK(run(BroadcastMode::onnx_legacy, a, {3, 4}).conflict == 2);
  CHECK(run(BroadcastMode::onnx_legacy, {5}, {1, 5}).status == Status::b_does_not_fit);
  CHECK(run(BroadcastMode::onnx_legacy, a, {4, 5}, true, 3).status == Status::b_does_not_fit);
  CHECK(run(BroadcastMode::onnx_legacy, a, {5}, true, 4).status == Status::bad_axis);
}

TEST_CASE("shape limits") {
  Dims ones(kMaxRank, 1), twos = ones;
  twos[0] = twos[kMaxRank - 1] = 2;
  CHECK(run(BroadcastMode::numpy, ones, twos).out == twos);
  CHECK(run(BroadcastMode::numpy, Dims(kMaxRank + 1, 1), {}).status == Status::rank_too_large);
  const size_t big = size_t{1} << (sizeof(size_t) * 4);
  // The rules compare dims and never multiply them: huge shapes get their answer (whether the
  // output fits in memory is the plan's question, binary_test.cc).
  CHECK(run(BroadcastMode::numpy, {big, 1}, {1, big}).out == Dims{big, big});
  CHECK(run(BroadcastMode::numpy, {big, 0}, {1, 1}).out == Dims{big, 0});
  // Legacy "B of total size 1" means all of B's dims are 1, not a product that wraps to 1.
  const size_t inverse_of_3 = SIZE_MAX / 3 * 2 + 1;
  REQUIRE(size_t{3} * inverse_of_3 == 1);  // unsigned: wraps
  CHECK(run(BroadcastMode::onnx_legacy, {2, 3, 5}, {3, inverse_of_3}).status != Status::ok);
  CHECK(run(BroadcastMode::onnx_legacy, {2, 3}, {1, 1}).out == Dims{2, 3});
}
