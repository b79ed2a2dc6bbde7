// The executor against naive per-element index arithmetic (naive_broadcast.h) over random shapes: every
// compression pattern, every inner-kernel choice (op, opc, ropc, swapped), empty outputs.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "binary.h"
#include "naive_broadcast.h"
#include "ops.h"
#include "test_values.h"

using namespace tensorwise;
using Dims = std::vector<size_t>;

namespace {

uintptr_t address(const void* p) { return reinterpret_cast<uintptr_t>(p); }

// The output computed as random consecutive ranges [begin, end) (as chunks and thread shares
// are), one of them through windows: a and y given only as copies of elements [begin, end),
// which only operands laid out like the output allow.
template <class T>
void check_ranges(Op op, DType dtype, const Broadcast& s, const std::vector<T>& a, const std::vector<T>& b,
                  const std::vector<T>& want, std::mt19937_64& rng) {
  BinaryPlan p;
  REQUIRE(plan_binary(op, dtype, s, &p) == Status::ok);
  REQUIRE(p.count == want.size());
  std::vector<T> got(want.size() + 1);
  const T guard = test::specials<T>().back();
  got.back() = guard;
  for (size_t begin = 0; begin < p.count;) {
    const size_t end = begin + 1 + rng() % (p.count - begin);
    if (a.size() == p.count) {
      std::vector<T> wa(a.begin() + begin, a.begin() + end), wy(end - begin);
      run_binary(p, address(wa.data()) - begin * sizeof(T), address(b.data()), address(wy.data()) - begin * sizeof(T),
                 begin, end);
      std::copy(wy.begin(), wy.end(), got.begin() + begin);
    } else {
      run_binary(p, address(a.data()), address(b.data()), address(got.data()), begin, end);
    }
    begin = end;
  }
  for (size_t i = 0; i < want.size(); ++i) REQUIRE(test::same(got[i], want[i]));
  REQUIRE(test::same(got.back(), guard));
}

// Random shapes of a rank below max_rank that broadcast (every pattern of each axis: both
// advance, a broadcast, b broadcast; dims of 0 and 1 now and then), dims up to 5, or up to
// `long_dim` on one axis in four.
void random_pair(std::mt19937_64& rng, int max_rank, size_t long_dim, Dims* da, Dims* db) {
  const int rank = static_cast<int>(rng() % max_rank);
  da->assign(rank, 0);
  db->assign(rank, 0);
  for (int d = 0; d < rank; ++d) {
    const size_t n = rng() % 8 == 0 ? (rng() % 10 == 0 ? 0 : 1) : 1 + rng() % (rng() % 4 == 0 ? long_dim : 5);
    const uint64_t pattern = rng() % 3;
    (*da)[d] = pattern == 1 ? 1 : n;
    (*db)[d] = pattern == 2 ? 1 : n;
  }
}

template <class T, class F>
void check_random_shapes(Op op, DType dtype, uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (int iter = 0; iter < 400; ++iter) {
    Dims da, db;
    random_pair(rng, 6, 5, &da, &db);
    const int rank = static_cast<int>(da.size());
    const int drop_a = rank ? static_cast<int>(rng() % (rank + 1)) : 0;  // leading dims of a may be missing
    Dims sa;
    for (int d = drop_a; d < rank; ++d) sa.push_back(da[d]);
    Broadcast s;
    REQUIRE(broadcast_shapes({BroadcastMode::numpy, false, -1}, sa.data(), static_cast<int>(sa.size()), db.data(), rank,
                             &s) == Status::ok);
    const auto a = test::random_values<T>(element_count(sa.data(), static_cast<int>(sa.size())), rng);
    const auto b = test::random_values<T>(element_count(db.data(), rank), rng);
    const std::vector<T> want = test::naive_broadcast<T, F>(s, a, b);
    std::vector<T> got(want.size());
    REQUIRE(binary(op, dtype, s, a.data(), b.data(), got.data(), false) == Status::ok);
    for (size_t i = 0; i < want.size(); ++i) REQUIRE(test::same(got[i], want[i]));
    check_ranges<T>(op, dtype, s, a, b, want, rng);
  }
}

// A random strided view of the given dims over a larger parent buffer, as transposes, slices with
// steps, reversals and numpy's broadcast_to (stride 0) make them: element idx of the view is
// parent[base + sum idx[d] * strides[d]]. `copy` is the view read out contiguously.
template <class T>
struct View {
  std::vector<T> parent, copy;
  size_t base = 0;
  std::vector<ptrdiff_t> strides;
};

template <class T>
View<T> random_view(const Dims& dims, std::mt19937_64& rng) {
  View<T> v;
  const int rank = static_cast<int>(dims.size());
  std::vector<int> order(rank);
  for (int d = 0; d < rank; ++d) order[d] = d;
  std::shuffle(order.begin(), order.end(), rng);
  v.strides.assign(rank, 0);
  int64_t extent = 1 + static_cast<int64_t>(rng() % 3);  // a sliced-off start
  int64_t base = extent - 1;
  for (int d : order) {
    if (dims[d] > 1 && rng() % 8 == 0) continue;  // stride 0: one element repeated
    const int64_t step = 1 + static_cast<int64_t>(rng() % 3);
    int64_t stride = extent * step;
    const int64_t reach = stride * static_cast<int64_t>(dims[d] == 0 ? 0 : dims[d] - 1);
    if (rng() % 4 == 0) {  // reversed
      base += reach;
      stride = -stride;
    }
    v.strides[d] = stride;
    extent += reach + extent * (step - 1);
  }
  v.base = static_cast<size_t>(base);
  v.parent = test::random_values<T>(static_cast<size_t>(extent + base + 2), rng);
  const size_t n = element_count(dims.data(), rank);
  std::vector<size_t> index(rank, 0);
  for (size_t i = 0; i < n; ++i) {
    int64_t at = base;
    for (int d = 0; d < rank; ++d) at += static_cast<int64_t>(index[d]) * v.strides[d];
    v.copy.push_back(v.parent.at(static_cast<size_t>(at)));
    for (int d = rank - 1; d >= 0 && ++index[d] == dims[d]; --d) index[d] = 0;
  }
  return v;
}

// Strided inputs (either, both, under any broadcast pattern) give what their contiguous copies
// give, computed in random ranges; a strided b's divisors are found through its strides.
template <class T, class F>
void check_strided(Op op, DType dtype, uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (int iter = 0; iter < 400; ++iter) {
    Dims da, db;
    random_pair(rng, 5, 700, &da, &db);
    const int rank = static_cast<int>(da.size());
    Broadcast s;
    REQUIRE(broadcast_shapes({}, da.data(), rank, db.data(), rank, &s) == Status::ok);
    if (element_count(s.out, rank) > 20000) continue;
    const View<T> va = random_view<T>(da, rng), vb = random_view<T>(db, rng);
    const bool strided_a = rng() % 4 != 0, strided_b = !strided_a || rng() % 2 == 0;
    const std::vector<T> want = test::naive_broadcast<T, F>(s, va.copy, vb.copy);
    BinaryPlan p;
    const InputStrides strides{strided_a ? va.strides.data() : nullptr, strided_b ? vb.strides.data() : nullptr};
    REQUIRE(plan_binary(op, dtype, s, &p, strides) == Status::ok);
    REQUIRE(p.count == want.size());
    const uintptr_t a = strided_a ? address(va.parent.data() + va.base) : address(va.copy.data());
    const uintptr_t b = strided_b ? address(vb.parent.data() + vb.base) : address(vb.copy.data());
    std::vector<T> got(want.size());
    for (size_t begin = 0; begin < p.count;) {
      const size_t end = begin + 1 + rng() % (p.count - begin);
      run_binary(p, a, b, address(got.data()), begin, end);
      begin = end;
    }
    for (size_t i = 0; i < want.size(); ++i) REQUIRE(test::same(got[i], want[i]));
    REQUIRE(any_zero_strided(dtype, address(vb.parent.data() + vb.base), db.data(), vb.strides.data(), rank) ==
            any_zero(dtype, vb.copy.data(), vb.copy.size()));
  }
}

}  // namespace

TEST_CASE("strided inputs equal their contiguous copies") {
  check_strided<float, op_mul>(Op::mul, DType::f32, 11);
  check_strided<int32_t, op_div_floor>(Op::div_floor, DType::i32, 12);
  check_strided<uint8_t, op_div>(Op::div, DType::u8, 13);
  check_strided<int16_t, op_sub>(Op::sub, DType::i16, 14);
  check_strided<double, op_div>(Op::div, DType::f64, 15);
  check_strided<float16, op_mul>(Op::mul, DType::f16, 16);
  check_strided<int64_t, op_add>(Op::add, DType::i64, 17);
}

TEST_CASE("plan: a transposed view is gathered, a reversed one too; unit-stride rows stay direct") {
  Broadcast s;
  const Dims a{3, 4};
  REQUIRE(broadcast_shapes({}, a.data(), 2, a.data(), 2, &s) == Status::ok);
  BinaryPlan p;
  const ptrdiff_t transposed[] = {1, 3}, reversed[] = {-4, -1}, padded[] = {6, 1};
  REQUIRE(plan_binary(Op::mul, DType::f32, s, &p, {transposed, nullptr}) == Status::ok);
  CHECK(p.rank == 2);
  CHECK(p.gather_a);
  CHECK_FALSE(p.gather_b);
  REQUIRE(plan_binary(Op::mul, DType::f32, s, &p, {nullptr, reversed}) == Status::ok);
  CHECK(p.rank == 1);  // -4 = -1 x 4: one run, stepping back
  CHECK(p.gather_b);
  REQUIRE(plan_binary(Op::mul, DType::f32, s, &p, {padded, nullptr}) == Status::ok);
  CHECK(p.rank == 2);  // rows of 4 in rows of 6: two dims, each row direct
  CHECK_FALSE(p.gather_a);
  CHECK(p.stride_a[1] == 6);
}

// Short rows repeated along the next dim (an HWC image and a per-channel [3]), either input the
// repeated one, more rows than one tile holds, computed in random ranges and through windows.
template <class T, class F>
void check_tiled(Op op, DType dtype, uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (const Dims& image : {Dims{300, 3}, Dims{7, 50, 3}, Dims{2, 1000, 1}, Dims{40, 32}, Dims{5, 2, 9}}) {
    const Dims row{image.back()};
    for (const bool a_repeats : {false, true}) {
      const Dims& da = a_repeats ? row : image;
      const Dims& db = a_repeats ? image : row;
      Broadcast s;
      REQUIRE(broadcast_shapes({}, da.data(), static_cast<int>(da.size()), db.data(), static_cast<int>(db.size()), &s) == Status::ok);
      BinaryPlan p;
      REQUIRE(plan_binary(op, dtype, s, &p) == Status::ok);
      CHECK(p.tile_rows == (image.back() > 1 && image.back() * sizeof(T) <= 128 ? 1024 / (image.back() * sizeof(T)) : 1));
      const auto a = test::random_values<T>(element_count(da.data(), static_cast<int>(da.size())), rng);
      const auto b = test::random_values<T>(element_count(db.data(), static_cast<int>(db.size())), rng);
      check_ranges<T>(op, dtype, s, a, b, test::naive_broadcast<T, F>(s, a, b), rng);
    }
  }
}

TEST_CASE("short repeated rows are tiled: the same results in any ranges") {
  check_tiled<float, op_sub>(Op::sub, DType::f32, 21);
  check_tiled<int32_t, op_div_floor>(Op::div_floor, DType::i32, 22);
  check_tiled<uint8_t, op_mul>(Op::mul, DType::u8, 23);
  check_tiled<double, op_div>(Op::div, DType::f64, 24);
  check_tiled<float16, op_sub>(Op::sub, DType::f16, 25);
}

TEST_CASE("executor equals naive broadcasting") {
  check_random_shapes<float, op_mul>(Op::mul, DType::f32, 1);
  check_random_shapes<float, op_div>(Op::div_floor, DType::f32, 2);
  check_random_shapes<int32_t, op_div_floor>(Op::div_floor, DType::i32, 3);
  check_random_shapes<int8_t, op_div>(Op::div, DType::i8, 4);
  check_random_shapes<uint16_t, op_mul>(Op::mul, DType::u16, 5);
  check_random_shapes<int64_t, op_div_floor>(Op::div_floor, DType::i64, 6);
  check_random_shapes<float16, op_div>(Op::div, DType::f16, 7);
  check_random_shapes<bfloat16, op_mul>(Op::mul, DType::bf16, 8);
  check_random_shapes<double, op_div>(Op::div, DType::f64, 9);
}

TEST_CASE("plan: compression merges same-pattern neighbours and drops 1/1 dims") {
  Broadcast s;
  const Dims a{64, 512, 512}, b{64, 1, 1};
  REQUIRE(broadcast_shapes({}, a.data(), 3, b.data(), 3, &s) == Status::ok);
  BinaryPlan p;
  REQUIRE(plan_binary(Op::mul, DType::f32, s, &p) == Status::ok);
  CHECK(p.rank == 2);
  CHECK(p.size[0] == 512 * 512);
  CHECK(p.stride_b[0] == 0);
  CHECK(p.count == 64 * 512 * 512);
  const Dims c{512, 1}, d{1, 512};
  REQUIRE(broadcast_shapes({}, c.data(), 2, d.data(), 2, &s) == Status::ok);
  REQUIRE(plan_binary(Op::mul, DType::f32, s, &p) == Status::ok);
  CHECK(p.rank == 2);
  CHECK(p.stride_a[0] == 0);
  CHECK(p.swap);  // mul commutes: b ∘ a[0] through opc
  REQUIRE(plan_binary(Op::div, DType::f32, s, &p) == Status::ok);
  CHECK_FALSE(p.swap);  // division has its own ropc
  const Dims e{1, 4, 1, 5}, f{1, 4, 1, 5};
  REQUIRE(broadcast_shapes({}, e.data(), 4, f.data(), 4, &s) == Status::ok);
  REQUIRE(plan_binary(Op::mul, DType::f32, s, &p) == Status::ok);
  CHECK(p.rank == 1);
  CHECK(p.size[0] == 20);
}

TEST_CASE("plan: an output whose bytes overflow the address space is too large; the rules alone answer") {
  Broadcast s;
  const size_t big = SIZE_MAX / 2 + 1;
  const Dims a{big, 1}, b{1, 4};
  REQUIRE(broadcast_shapes({}, a.data(), 2, b.data(), 2, &s) == Status::ok);
  CHECK(s.out[0] == big);
  CHECK(s.out[1] == 4);
  BinaryPlan p;
  CHECK(plan_binary(Op::mul, DType::u8, s, &p) == Status::too_large);
  const Dims c{SIZE_MAX / 4}, d{1};
  REQUIRE(broadcast_shapes({}, c.data(), 1, d.data(), 1, &s) == Status::ok);
  CHECK(plan_binary(Op::mul, DType::u8, s, &p) == Status::ok);        // count fits, bytes fit
  CHECK(plan_binary(Op::mul, DType::f64, s, &p) == Status::too_large);  // bytes do not
  const Dims e{big, 0}, f{1};
  REQUIRE(broadcast_shapes({}, e.data(), 2, f.data(), 1, &s) == Status::ok);
  CHECK(plan_binary(Op::mul, DType::f64, s, &p) == Status::ok);  // empty
  CHECK(p.count == 0);
}

TEST_CASE("integer division by zero: 0 by default, an error with nothing written on request") {
  const Dims a{4}, b{4};
  Broadcast s;
  REQUIRE(broadcast_shapes({}, a.data(), 1, b.data(), 1, &s) == Status::ok);
  const int32_t x[4] = {7, -7, 1, 5}, y[4] = {2, 0, -1, 3};
  int32_t out[4] = {9, 9, 9, 9};
  CHECK(binary(Op::div_floor, DType::i32, s, x, y, out, true) == Status::division_by_zero);
  CHECK(out[0] == 9);
  CHECK(binary(Op::div_floor, DType::i32, s, x, y, out, false) == Status::ok);
  CHECK(out[0] == 3);
  CHECK(out[1] == 0);
  CHECK(out[2] == -1);
  const float fx[4] = {1, 2, 3, 4}, fy[4] = {0, 0, 0, 0};
  float fout[4];
  CHECK(binary(Op::div, DType::f32, s, fx, fy, fout, true) == Status::ok);  // floats are never an error
  const Dims empty{0};
  REQUIRE(broadcast_shapes({}, empty.data(), 1, b.data(), 0, &s) == Status::ok);
  CHECK(binary(Op::div, DType::i32, s, x, y + 1, out, true) == Status::ok);  // empty output never fails
}

TEST_CASE("in place: y may be a") {
  const Dims a{3, 17}, b{17};
  Broadcast s;
  REQUIRE(broadcast_shapes({}, a.data(), 2, b.data(), 1, &s) == Status::ok);
  std::vector<int16_t> x(51), y(17);
  for (int i = 0; i < 51; ++i) x[i] = static_cast<int16_t>(i - 25);
  for (int i = 0; i < 17; ++i) y[i] = static_cast<int16_t>(i % 5 - 2);
  const std::vector<int16_t> want = test::naive_broadcast<int16_t, op_div_floor>(s, x, y);
  REQUIRE(binary(Op::div_floor, DType::i16, s, x.data(), y.data(), x.data(), false) == Status::ok);
  CHECK(x == want);
}
