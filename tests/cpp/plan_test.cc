// The executor (plan.h) against per-element index arithmetic, the slow obvious way: single ops
// over random shapes (every compression pattern, op, opc, ropc and swapped, every home), strided
// views, short repeated rows (box buffers read again), random programs of several nodes with
// casts and literals against a node-by-node evaluation with cast.h's rules, all computed in
// random ranges (as chunks and threads cut them) and through windows; the divisor check; the
// plan's geometry.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "cast.h"
#include "kernels/reference.h"
#include "naive_broadcast.h"
#include "ops.h"
#include "plan.h"
#include "conversion_check.h"
#include "test_values.h"

using namespace tensorwise;
using Dims = std::vector<size_t>;

namespace {

uintptr_t address(const void* p) { return reinterpret_cast<uintptr_t>(p); }

// An input: its dtype, dims, bytes, and for a view its strides and element 0's index.
struct Input {
  DType dtype = DType::f32;
  Dims dims;
  std::vector<unsigned char> bytes;
  std::vector<ptrdiff_t> strides;  // empty: contiguous
  size_t base = 0;
  const unsigned char* element(size_t index) const { return bytes.data() + index * element_size(dtype); }
};

std::vector<unsigned char> random_bytes(DType t, size_t n, std::mt19937_64& rng) {
  std::vector<unsigned char> out(n * element_size(t));
  visit_dtype(t, [&](auto zero) {
    const auto v = test::random_values<decltype(zero)>(n, rng);
    if (n > 0) std::memcpy(out.data(), v.data(), out.size());
    return 0;
  });
  return out;
}

// A random strided view of `dims` over a larger buffer (transposes, steps, reversals, numpy's
// broadcast_to: stride 0).
Input random_view(DType t, const Dims& dims, std::mt19937_64& rng) {
  Input v;
  v.dtype = t;
  v.dims = dims;
  const int rank = static_cast<int>(dims.size());
  std::vector<int> order(rank);
  for (int d = 0; d < rank; ++d) order[d] = d;
  std::shuffle(order.begin(), order.end(), rng);
  v.strides.assign(rank, 0);
  int64_t extent = 1 + static_cast<int64_t>(rng() % 3);
  int64_t base = extent - 1;
  for (int d : order) {
    if (dims[d] > 1 && rng() % 8 == 0) continue;
    const int64_t step = 1 + static_cast<int64_t>(rng() % 3);
    int64_t stride = extent * step;
    const int64_t reach = stride * static_cast<int64_t>(dims[d] == 0 ? 0 : dims[d] - 1);
    if (rng() % 4 == 0) {
      base += reach;
      stride = -stride;
    }
    v.strides[d] = stride;
    extent += reach + extent * (step - 1);
  }
  v.base = static_cast<size_t>(base);
  v.bytes = random_bytes(t, static_cast<size_t>(extent + base + 2), rng);
  return v;
}

Input contiguous(DType t, const Dims& dims, std::mt19937_64& rng) {
  Input v;
  v.dtype = t;
  v.dims = dims;
  size_t n = 1;
  for (size_t d : dims) n *= d;
  v.bytes = random_bytes(t, n, rng);
  return v;
}

// The element of input x under output coordinates `idx` (numpy alignment: x's dims right-aligned).
size_t element_index(const Input& x, const Dims& out, const Dims& idx) {
  const size_t rank = x.dims.size(), start = out.size() - rank;
  int64_t at = static_cast<int64_t>(x.base);
  size_t row_major = 0;
  for (size_t d = 0; d < rank; ++d) {
    const size_t i = x.dims[d] == 1 ? 0 : idx[start + d];
    row_major = row_major * x.dims[d] + i;
    if (!x.strides.empty()) at += static_cast<int64_t>(i) * x.strides[d];
  }
  return x.strides.empty() ? x.base + row_major : static_cast<size_t>(at);
}

// One op of a runtime (op, dtype) on one element each.
void apply(Op op, DType c, const unsigned char* a, const unsigned char* b, unsigned char* y) {
  visit_dtype(c, [&](auto zero) {
    using T = decltype(zero);
    T x, z;
    std::memcpy(&x, a, sizeof(T));
    std::memcpy(&z, b, sizeof(T));
    return with_functor(op, 0, [&](auto f) {
      if constexpr (takes_v<decltype(f), T>) {  // valid_program keeps every node in its op's domain
        const T r = decltype(f)::apply(x, z);
        std::memcpy(y, &r, sizeof(T));
      }
      return 0;
    });
  });
}

Dims broadcast_dims(const std::vector<Dims>& in) {
  size_t rank = 0;
  for (const Dims& x : in) rank = std::max(rank, x.size());
  Dims out(rank, 1);
  for (const Dims& x : in) {
    for (size_t d = 0; d < x.size(); ++d) {
      size_t& o = out[rank - x.size() + d];
      if (x[d] != 1) o = x[d];
    }
  }
  return out;
}

size_t count_of(const std::vector<Dims>& in) {
  size_t n = 1;
  for (size_t d : broadcast_dims(in)) n *= d;
  return n;
}

Dims numpy_shape(const std::vector<Input>& in) {
  std::vector<Dims> dims;
  for (const Input& x : in) dims.push_back(x.dims);
  return broadcast_dims(dims);
}

// The dtype a program's output holds: the store dtype where the result is converted as it is stored.
DType output_dtype(const Program& g) { return g.cast_store ? g.store_dtype : g.dtype; }

// The program evaluated element by element: inputs converted with the reference conversion,
// nodes with the functors, in order; the result converted to the store dtype where there is one.
std::vector<unsigned char> naive(const Program& g, const std::vector<Input>& in, const Dims& out) {
  const size_t es = element_size(output_dtype(g));
  size_t n = 1;
  for (size_t d : out) n *= d;
  std::vector<unsigned char> y(n * es);
  std::vector<unsigned char> value(kMaxValues * 8);
  Dims idx(out.size());
  for (size_t flat = 0; flat < n; ++flat) {
    size_t rem = flat;
    for (size_t d = out.size(); d-- > 0;) {
      idx[d] = rem % out[d];
      rem /= out[d];
    }
    for (int i = 0; i < g.inputs; ++i) {
      reference::convert(in[i].dtype, g.dtype, 1, in[i].element(element_index(in[i], out, idx)), &value[8 * i]);
    }
    for (int j = 0; j < g.literals; ++j) std::memcpy(&value[8 * (kLiteralBase + j)], g.literal[j], 8);
    for (int j = 0; j < g.nodes; ++j) {
      apply(g.node[j].op, g.dtype, &value[8 * g.node[j].a], &value[8 * g.node[j].b], &value[8 * (kNodeBase + j)]);
    }
    reference::convert(g.dtype, output_dtype(g), 1, &value[8 * g.result], &y[flat * es]);
  }
  return y;
}

bool same_elements(DType t, const unsigned char* x, const unsigned char* y) {
  return visit_dtype(t, [&](auto zero) {
    using T = decltype(zero);
    T a, b;
    std::memcpy(&a, x, sizeof(T));
    std::memcpy(&b, y, sizeof(T));
    return test::same(a, b);
  });
}

struct Planned {
  std::unique_ptr<Plan> plan{new Plan};
  std::vector<unsigned char> ws;
  unsigned char* workspace() {
    ws.assign(plan->workspace_bytes + 16, 0xA5);  // garbage: nothing may rely on a clean workspace
    return ws.data() + (16 - address(ws.data()) % 16) % 16;
  }
};

Status plan_for(Planned& pl, const Program& g, const std::vector<Input>& in, BroadcastSpec spec = {}) {
  pl.plan->program = g;
  REQUIRE(valid_program(g));
  std::vector<InputShape> shapes(in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    shapes[i] = InputShape{static_cast<int>(in[i].dims.size()), in[i].dims.data(), in[i].strides.empty() ? nullptr : in[i].strides.data()};
  }
  Broadcast r;
  return reshape(pl.plan.get(), spec, shapes.data(), &r);
}

// The program over its inputs, in random ranges; a contiguous input of the output's size is
// sometimes given as a window of each range only (as web/ streams it). Checked against naive().
void check_program(const Program& g, const std::vector<Input>& in, std::mt19937_64& rng) {
  Planned pl;
  REQUIRE(plan_for(pl, g, in) == Status::ok);
  const Plan& p = *pl.plan;
  const Dims out = numpy_shape(in);
  const std::vector<unsigned char> want = naive(g, in, out);
  const size_t es = element_size(output_dtype(g));
  REQUIRE(p.count * es == want.size());
  std::vector<unsigned char> got(want.size() + es, 0x5C);
  unsigned char* ws = pl.workspace();
  std::vector<uintptr_t> base(in.size() + 1);
  const bool windows = rng() % 2 == 0;
  for (size_t begin = 0; begin < p.count;) {
    const size_t end = begin + 1 + rng() % (p.count - begin);
    std::vector<std::vector<unsigned char>> window(in.size());
    for (size_t i = 0; i < in.size(); ++i) {
      const size_t s = element_size(in[i].dtype);
      base[i] = address(in[i].bytes.data()) + in[i].base * s;
      if (windows && in[i].strides.empty() && in[i].bytes.size() == p.count * s && in[i].dims.size() == out.size()) {
        window[i].assign(in[i].bytes.begin() + begin * s, in[i].bytes.begin() + end * s);
        base[i] = address(window[i].data()) - begin * s;
      }
    }
    std::vector<unsigned char> wy((end - begin) * es);
    base[in.size()] = windows ? address(wy.data()) - begin * es : address(got.data());
    run_plan(p, base.data(), ws, begin, end);
    if (windows) std::copy(wy.begin(), wy.end(), got.begin() + begin * es);
    begin = end;
  }
  for (size_t i = 0; i < p.count; ++i) {
    if (same_elements(output_dtype(g), &got[i * es], &want[i * es])) continue;
    std::string shapes;
    for (const Input& x : in) {
      shapes += " [";
      for (size_t d : x.dims) shapes += std::to_string(d) + ",";
      shapes += "]" + std::string(x.strides.empty() ? "" : "v") + "dt" + std::to_string(static_cast<int>(x.dtype));
    }
    std::string nodes;
    for (int j = 0; j < g.nodes; ++j) {
      nodes += " " + std::to_string(static_cast<int>(g.node[j].op)) + "(" + std::to_string(g.node[j].a) + "," +
               std::to_string(g.node[j].b) + ")";
    }
    FAIL("element ", i, " of ", p.count, ": dtype ", static_cast<int>(g.dtype), " inputs", shapes, " nodes", nodes,
         " result ", static_cast<int>(g.result), " k ", p.k, " m ", p.m, " rows ", p.rows, " rank ", p.rank, " windows ", windows, " got ", test::bits_of(got[i * es]), " want ", test::bits_of(want[i * es]));
  }
  CHECK(got[p.count * es] == 0x5C);  // nothing past the output
}


// Random shapes of a rank below max_rank that broadcast (every pattern of each axis: both
// advance, a broadcast, b broadcast; dims of 0 and 1 now and then), dims up to 5, or up to
// `long_dim` on one axis in four; a's leading dims may be missing.
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
  const size_t drop = rank ? rng() % (rank + 1) : 0;
  da->erase(da->begin(), da->begin() + static_cast<ptrdiff_t>(drop));
}

void check_single_ops(Op op, DType dtype, uint64_t seed, bool views) {
  std::mt19937_64 rng(seed);
  for (int iter = 0; iter < 300; ++iter) {
    Dims da, db;
    random_pair(rng, 6, views ? 700 : 2000, &da, &db);
    if (count_of({da, db}) > 40000) continue;
    std::vector<Input> in;
    for (const Dims* d : {&da, &db}) {
      in.push_back(views && rng() % 2 == 0 ? random_view(dtype, *d, rng) : contiguous(dtype, *d, rng));
    }
    check_program(single_op(op, dtype), in, rng);
  }
}

}  // namespace

TEST_CASE("single ops equal naive broadcasting, in any ranges and windows") {
  check_single_ops(Op::mul, DType::f32, 1, false);
  check_single_ops(Op::div_floor, DType::f32, 2, false);
  check_single_ops(Op::div_floor, DType::i32, 3, false);
  check_single_ops(Op::div, DType::i8, 4, false);
  check_single_ops(Op::mul, DType::u16, 5, false);
  check_single_ops(Op::div_floor, DType::i64, 6, false);
  check_single_ops(Op::div, DType::f16, 7, false);
  check_single_ops(Op::mul, DType::bf16, 8, false);
  check_single_ops(Op::sub, DType::f64, 9, false);
  check_single_ops(Op::add, DType::u8, 10, false);
}

TEST_CASE("strided inputs equal their contiguous copies") {
  check_single_ops(Op::mul, DType::f32, 11, true);
  check_single_ops(Op::div_floor, DType::i32, 12, true);
  check_single_ops(Op::div, DType::u8, 13, true);
  check_single_ops(Op::sub, DType::i16, 14, true);
  check_single_ops(Op::div, DType::f64, 15, true);
  check_single_ops(Op::mul, DType::f16, 16, true);
  check_single_ops(Op::add, DType::i64, 17, true);
}

// Short rows repeated along the next dim (an HWC image and a per-channel [3]), either input the
// repeated one, more rows than one block holds: the repeated row's buffer is filled once and read
// again by every block.
TEST_CASE("short repeated rows: box buffers read again, the same results in any ranges") {
  std::mt19937_64 rng(21);
  for (const DType t : {DType::f32, DType::i32, DType::u8, DType::f64, DType::f16}) {
    for (const Dims& image : {Dims{300, 3}, Dims{7, 50, 3}, Dims{2, 1000, 1}, Dims{40, 32}, Dims{5, 2, 9}, Dims{3000, 3}}) {
      const Dims row{image.back()};
      for (const bool a_repeats : {false, true}) {
        std::vector<Input> in{contiguous(t, a_repeats ? row : image, rng), contiguous(t, a_repeats ? image : row, rng)};
        check_program(single_op(Op::sub, t), in, rng);
        check_program(single_op(Op::div_floor, t), in, rng);
      }
    }
  }
}

TEST_CASE("both operands broadcast along the rows (numpy's broadcast_to views, a literal): one element spread") {
  std::mt19937_64 rng(71);
  for (const DType t : {DType::u32, DType::f32, DType::i8}) {
    Input a = contiguous(t, {1, 1}, rng), b = random_view(t, {300, 1}, rng);
    b.strides = {0, 2};  // every row the same element
    check_program(single_op(Op::add, t), {a, b}, rng);
    Input c = random_view(t, {300, 40}, rng);
    c.strides = {0, 0};
    check_program(single_op(Op::mul, t), {a, c}, rng);
    check_program(single_op(Op::sub, t), {c, c}, rng);
  }
}

TEST_CASE("plan: compression merges same-pattern neighbours and drops 1/1 dims; rows when nothing is buffered") {
  std::mt19937_64 rng(31);
  Planned pl;
  std::vector<Input> in{contiguous(DType::f32, {64, 512, 512}, rng), contiguous(DType::f32, {64, 1, 1}, rng)};
  in[0].bytes.clear();  // shapes only
  in[1].bytes.clear();
  REQUIRE(plan_for(pl, single_op(Op::mul, DType::f32), in) == Status::ok);
  const Plan& p = *pl.plan;
  CHECK(p.rank == 2);
  CHECK(p.size[0] == 512 * 512);
  CHECK(p.stride[1][0] == 0);
  CHECK(p.count == 64 * 512 * 512);
  CHECK(p.rows);  // b is one element per row: a kernel call per row
  CHECK(p.block == 512 * 512);
  CHECK(p.home[1] == Home::scalar);
  in = {contiguous(DType::f32, {512, 1}, rng), contiguous(DType::f32, {1, 512}, rng)};
  REQUIRE(plan_for(pl, single_op(Op::mul, DType::f32), in) == Status::ok);
  CHECK(p.rank == 2);
  CHECK(p.stride[0][0] == 0);
  CHECK(p.swap[0]);  // mul commutes: b ∘ a[0] through opc
  REQUIRE(plan_for(pl, single_op(Op::div, DType::f32), in) == Status::ok);
  CHECK_FALSE(p.swap[0]);  // division has its own ropc
  in = {contiguous(DType::f32, {1, 4, 1, 5}, rng), contiguous(DType::f32, {1, 4, 1, 5}, rng)};
  REQUIRE(plan_for(pl, single_op(Op::mul, DType::f32), in) == Status::ok);
  CHECK(p.rank == 1);
  CHECK(p.size[0] == 20);
  // A short row repeated: blocks of many rows, the row laid out in a box buffer.
  in = {contiguous(DType::f32, {1000, 3}, rng), contiguous(DType::f32, {3}, rng)};
  REQUIRE(plan_for(pl, single_op(Op::mul, DType::f32), in) == Status::ok);
  CHECK_FALSE(p.rows);
  CHECK(p.k == 1);
  CHECK(p.m == 341);  // 1,024 float32 per buffer
  CHECK(p.home[0] == Home::in_place);
  CHECK(p.home[1] == Home::box);
  CHECK(p.align == p.block);
  // A transposed view is gathered; a reversed one too; unit-stride rows stay in place.
  const Dims d34{3, 4};
  Input t = contiguous(DType::f32, d34, rng);
  t.strides = {1, 3};
  in = {t, contiguous(DType::f32, d34, rng)};
  REQUIRE(plan_for(pl, single_op(Op::mul, DType::f32), in) == Status::ok);
  CHECK(p.home[0] == Home::box);
  CHECK(p.home[1] == Home::in_place);
  in[0].strides = {6, 1};  // rows of 4 in rows of 6: short rows, gathered into a block
  REQUIRE(plan_for(pl, single_op(Op::mul, DType::f32), in) == Status::ok);
  CHECK(p.rank == 2);
  CHECK_FALSE(p.rows);
  CHECK(p.home[0] == Home::box);
  CHECK(p.stride[0][1] == 6);
  const Dims d2{1000, 400};  // long rows of 400 in rows of 512: each row read in place
  in = {contiguous(DType::f32, d2, rng), contiguous(DType::f32, d2, rng)};
  in[0].strides = {512, 1};
  REQUIRE(plan_for(pl, single_op(Op::mul, DType::f32), in) == Status::ok);
  CHECK(p.rows);
  CHECK(p.home[0] == Home::in_place);
}

TEST_CASE("plan: an output whose bytes overflow the address space is too large; empty outputs plan") {
  Planned pl;
  const size_t big = SIZE_MAX / 2 + 1;
  const Dims a{big, 1}, b{1, 4};
  std::vector<Input> in(2);
  in[0].dims = a;
  in[1].dims = b;
  in[0].dtype = in[1].dtype = DType::u8;
  CHECK(plan_for(pl, single_op(Op::mul, DType::u8), in) == Status::too_large);
  in[0].dims = {SIZE_MAX / 4};
  in[1].dims = {1};
  CHECK(plan_for(pl, single_op(Op::mul, DType::u8), in) == Status::ok);  // count fits, bytes fit
  in[0].dtype = in[1].dtype = DType::f64;
  CHECK(plan_for(pl, single_op(Op::mul, DType::f64), in) == Status::too_large);  // bytes do not
  in[0].dims = {big, 0};
  CHECK(plan_for(pl, single_op(Op::mul, DType::f64), in) == Status::ok);  // empty
  CHECK(pl.plan->count == 0);
  CHECK(pl.plan->rank == 0);
}

TEST_CASE("broadcasting across several inputs: numpy's rule over all of them, or none") {
  Planned pl;
  Program g;
  g.dtype = DType::f32;
  g.inputs = 3;
  g.input_dtype[0] = g.input_dtype[1] = g.input_dtype[2] = DType::f32;
  g.nodes = 2;
  g.node[0] = Node{Op::add, 0, 1};
  g.node[1] = Node{Op::mul, kNodeBase, 2};
  g.result = kNodeBase + 1;
  std::vector<Input> in(3);
  in[0].dims = {8, 1, 6, 1};
  in[1].dims = {7, 1, 5};
  in[2].dims = {1};
  CHECK(plan_for(pl, g, in) == Status::ok);
  CHECK(pl.plan->count == 8 * 7 * 6 * 5);
  in[2].dims = {4};
  Broadcast r;
  pl.plan->program = g;
  const InputShape shapes[3] = {{4, in[0].dims.data(), nullptr}, {3, in[1].dims.data(), nullptr}, {1, in[2].dims.data(), nullptr}};
  CHECK(reshape(pl.plan.get(), {}, shapes, &r) == Status::incompatible);
  CHECK(r.conflict_axis == 3);
  CHECK(reshape(pl.plan.get(), {BroadcastMode::none, false, -1}, shapes, &r) == Status::shapes_differ);
  const InputShape same[3] = {{3, in[1].dims.data(), nullptr}, {3, in[1].dims.data(), nullptr}, {3, in[1].dims.data(), nullptr}};
  CHECK(reshape(pl.plan.get(), {BroadcastMode::none, false, -1}, same, &r) == Status::ok);
  CHECK(reshape(pl.plan.get(), {BroadcastMode::pdpd, false, -1}, same, &r) == Status::invalid_call);  // two inputs only
}

namespace {

// A random program: a tree of depth <= 4 of random ops over `inputs` inputs (each used) and
// literals, in dtype c; with `ops`, of those ops, and a node made before read again now and then
// (a DAG, as a repeated sub-expression compiles to).
struct Builder {
  Program g;
  std::mt19937_64& rng;
  int used = 0;
  std::vector<Op> ops = {Op::mul, Op::div, Op::div_floor, Op::add, Op::sub};
  bool reuse = false;
  uint8_t leaf() {
    if (used < g.inputs) return static_cast<uint8_t>(used++);
    if (reuse && g.nodes > 0 && rng() % 4 == 0) return static_cast<uint8_t>(kNodeBase + rng() % g.nodes);
    if (rng() % 3 == 0 && g.literals < kMaxLiterals) {
      const auto bytes = random_bytes(g.dtype, 1, rng);
      std::memset(g.literal[g.literals], 0, 8);
      std::memcpy(g.literal[g.literals], bytes.data(), bytes.size());
      return static_cast<uint8_t>(kLiteralBase + g.literals++);
    }
    return static_cast<uint8_t>(rng() % g.inputs);
  }
  uint8_t tree(int depth) {
    if (depth == 0 || g.nodes + 1 >= kMaxNodes || (depth < 4 && rng() % 3 == 0)) return leaf();
    const Op op = ops[rng() % ops.size()];
    const uint8_t a = tree(depth - 1), b = arity(op) == 1 || rng() % 8 == 0 ? a : tree(depth - 1);  // a unary node names a twice
    g.node[g.nodes] = Node{op, a, b};
    return static_cast<uint8_t>(kNodeBase + g.nodes++);
  }
};

DType random_dtype(std::mt19937_64& rng) { return static_cast<DType>(rng() % kDTypeCount); }

}  // namespace

TEST_CASE("programs: random expressions with casts and literals equal their node-by-node evaluation") {
  std::mt19937_64 rng(41);
  for (int iter = 0; iter < 1500; ++iter) {
    const DType c = random_dtype(rng);
    Builder b{Program{}, rng};
    b.g.dtype = c;
    if (is_integer(c)) b.ops.insert(b.ops.end(), {Op::bit_and, Op::bit_or, Op::bit_xor, Op::bit_not});  // the integers' own ops
    b.g.inputs = 1 + static_cast<int>(rng() % 4);
    for (int i = 0; i < b.g.inputs; ++i) {
      DType t;
      do t = random_dtype(rng); while (!casts(t, c));
      b.g.input_dtype[i] = rng() % 3 == 0 ? c : t;
    }
    b.g.result = b.tree(1 + static_cast<int>(rng() % 4));
    while (b.used < b.g.inputs) {  // every input in the program
      b.g.node[b.g.nodes] = Node{Op::add, b.g.result, static_cast<uint8_t>(b.used++)};
      b.g.result = static_cast<uint8_t>(kNodeBase + b.g.nodes++);
    }
    if (rng() % 3 == 0) {  // a result converted as it is stored
      DType t;
      do t = random_dtype(rng); while (!casts(c, t));
      b.g.cast_store = true;
      b.g.store_dtype = t;
    }
    Dims first, second;
    random_pair(rng, 5, 1500, &first, &second);
    if (count_of({first, second}) > 30000) continue;
    std::vector<Input> in;
    for (int i = 0; i < b.g.inputs; ++i) {
      Dims d = i % 2 == 0 ? first : second;
      if (i >= 2) {  // more inputs: the shape of one of the first two with dims set to 1
        for (size_t& x : d) x = rng() % 2 == 0 ? 1 : x;
      }
      in.push_back(rng() % 4 == 0 ? random_view(b.g.input_dtype[i], d, rng) : contiguous(b.g.input_dtype[i], d, rng));
    }
    check_program(b.g, in, rng);
  }
}

// The float programs the chain kernel runs (float32: every vector op, nodes read again, inputs of
// other dtypes, strided views, broadcasts, any range): equal to their node-by-node evaluation,
// whether a chain runs them (the wasm build) or the blocks do (a build without SIMD, float64, an
// op without a vector function).
TEST_CASE("chains: float programs of every op equal their node-by-node evaluation") {
  std::mt19937_64 rng(61);
  int chained = 0;
  for (int iter = 0; iter < 1200; ++iter) {
    const DType c = rng() % 2 == 0 ? DType::f32 : DType::f64;
    Builder b{Program{}, rng};
    b.ops = {Op::mul, Op::div, Op::add, Op::sub, Op::max, Op::min, Op::sqdiff};
    if (rng() % 8 == 0) b.ops.push_back(Op::mod);  // no vector function: the blocks run it
    b.reuse = true;
    b.g.dtype = c;
    b.g.inputs = 1 + static_cast<int>(rng() % 4);
    for (int i = 0; i < b.g.inputs; ++i) {
      DType t;
      do t = random_dtype(rng); while (!casts(t, c));
      b.g.input_dtype[i] = rng() % 2 == 0 ? c : t;
    }
    b.g.result = b.tree(1 + static_cast<int>(rng() % 4));
    while (b.used < b.g.inputs) {
      b.g.node[b.g.nodes] = Node{Op::add, b.g.result, static_cast<uint8_t>(b.used++)};
      b.g.result = static_cast<uint8_t>(kNodeBase + b.g.nodes++);
    }
    if (rng() % 4 == 0) {  // a result converted as it is stored (float16, bfloat16, the other IEEE float)
      static const DType floats[] = {DType::f16, DType::bf16, DType::f32, DType::f64};
      b.g.cast_store = true;
      b.g.store_dtype = floats[rng() % 4];
    }
    Dims first, second;
    random_pair(rng, 5, 3000, &first, &second);
    if (count_of({first, second}) > 40000) continue;
    std::vector<Input> in;
    for (int i = 0; i < b.g.inputs; ++i) {
      Dims d = i % 2 == 0 ? first : second;
      if (i >= 2) {
        for (size_t& x : d) x = rng() % 2 == 0 ? 1 : x;
      }
      in.push_back(rng() % 4 == 0 ? random_view(b.g.input_dtype[i], d, rng) : contiguous(b.g.input_dtype[i], d, rng));
    }
    Planned pl;
    if (plan_for(pl, b.g, in) == Status::ok && pl.plan->chain != nullptr) ++chained;
    check_program(b.g, in, rng);
  }
#ifdef __wasm_simd128__
  CHECK(chained > 300);  // the chain kernels ran most of them
#endif
}

TEST_CASE("chains: in place (y is an input), and runs of every length around the groups") {
  std::mt19937_64 rng(62);
  for (const DType c : {DType::f32, DType::f64}) {
    const size_t es = element_size(c);
    for (size_t n = 1; n <= 3 * 128 / es + 3; ++n) {
      // (x - y) * x + 1.5, then / x: a load, a save, slot and literal operands, x ∘ acc.
      Program g;
      g.dtype = c;
      g.inputs = 2;
      g.input_dtype[0] = g.input_dtype[1] = c;
      g.literals = 1;
      std::memset(g.literal[0], 0, 8);
      if (c == DType::f32) {
        const float v = 1.5f;
        std::memcpy(g.literal[0], &v, 4);
      } else {
        const double v = 1.5;
        std::memcpy(g.literal[0], &v, 8);
      }
      g.node[0] = Node{Op::sub, 0, 1};
      g.node[1] = Node{Op::mul, kNodeBase, 0};
      g.node[2] = Node{Op::add, kNodeBase + 1, kLiteralBase};
      g.node[3] = Node{Op::div, 0, kNodeBase + 2};
      g.node[4] = Node{Op::max, kNodeBase + 3, kNodeBase};
      g.nodes = 5;
      g.result = kNodeBase + 4;
      const std::vector<Input> in = {contiguous(c, {n}, rng), contiguous(c, {n}, rng)};
      Planned pl;
      REQUIRE(plan_for(pl, g, in) == Status::ok);
#ifdef __wasm_simd128__
      CHECK((pl.plan->chain != nullptr) == (c == DType::f32));  // float32 has a chain kernel
#endif
      const std::vector<unsigned char> want = naive(g, in, {n});
      std::vector<unsigned char> x = in[0].bytes;  // y is x itself
      const uintptr_t base[3] = {address(x.data()), address(in[1].bytes.data()), address(x.data())};
      run_plan(*pl.plan, base, pl.workspace(), 0, n);
      for (size_t i = 0; i < n; ++i) CHECK(same_elements(c, &x[i * es], &want[i * es]));
    }
  }
}

TEST_CASE("programs: every node in its op's domain, a unary node naming its operand twice") {
  for (int t = 0; t < kDTypeCount; ++t) {
    const DType c = static_cast<DType>(t);
    for (int o = 0; known_op(static_cast<uint32_t>(o)); ++o) {
      const Op op = static_cast<Op>(o);
      Program g = single_op(op, c);
      CHECK(valid_program(g) == takes(op, c));
      if (arity(op) == 1) {
        g.node[0].b = 1;  // a second operand a unary op does not read
        CHECK_FALSE(valid_program(g));
      }
    }
  }
  CHECK(takes(Op::bit_and, DType::u64));
  CHECK_FALSE(takes(Op::bit_not, DType::f16));
  CHECK(takes(Op::mul, DType::bf16));
}

TEST_CASE("programs: a lone input is its cast; literals alone fill the output") {
  std::mt19937_64 rng(51);
  Program g;
  g.dtype = DType::f16;
  g.inputs = 1;
  g.input_dtype[0] = DType::i64;
  g.result = 0;
  check_program(g, {contiguous(DType::i64, {3000}, rng)}, rng);
  check_program(g, {random_view(DType::i64, {40, 30}, rng)}, rng);
  g.inputs = 0;
  g.literals = 2;
  const float x = 2.5f, y = -4.0f;
  g.dtype = DType::f32;
  std::memcpy(g.literal[0], &x, 4);
  std::memcpy(g.literal[1], &y, 4);
  g.nodes = 1;
  g.node[0] = Node{Op::mul, kLiteralBase, kLiteralBase + 1};
  g.result = kNodeBase;
  Planned pl;
  REQUIRE(plan_for(pl, g, {}) == Status::ok);
  CHECK(pl.plan->count == 1);
  float out = 0;
  const uintptr_t base[1] = {address(&out)};
  run_plan(*pl.plan, base, pl.workspace(), 0, 1);
  CHECK(out == -10.0f);
}

TEST_CASE("integer division by zero: 0 by default, an error with nothing written on request") {
  Broadcast s;
  const Dims a{4}, b{4};
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
  CHECK(binary(Op::div, DType::i32, s, x, y + 1, out, true) == Status::ok);  // an empty output never fails
}

TEST_CASE("the divisor check: a cast divisor that wraps to zero, a literal, a computed divisor, a broadcast one") {
  std::mt19937_64 rng(61);
  Program g;
  g.dtype = DType::u8;
  g.inputs = 2;
  g.input_dtype[0] = DType::u8;
  g.input_dtype[1] = DType::i16;
  g.nodes = 1;
  g.node[0] = Node{Op::div, 0, 1};
  g.result = kNodeBase;
  Input x = contiguous(DType::u8, {5, 4}, rng), d = contiguous(DType::i16, {4}, rng);
  const int16_t divisors[4] = {3, -1, 7, 256};  // 256 is 0 as a uint8
  std::memcpy(d.bytes.data(), divisors, 8);
  Planned pl;
  REQUIRE(plan_for(pl, g, {x, d}) == Status::ok);
  std::vector<uint8_t> y(20, 0);
  uintptr_t base[3] = {address(x.bytes.data()), address(d.bytes.data()), address(y.data())};
  CHECK(check_divisors(*pl.plan, base, pl.workspace()) == Status::division_by_zero);
  const int16_t fine[4] = {3, -1, 7, 257};
  std::memcpy(d.bytes.data(), fine, 8);
  CHECK(check_divisors(*pl.plan, base, pl.workspace()) == Status::ok);
  // x / (d - d): computed, zero everywhere; x / (d - 3): zero at one element only.
  g.literals = 1;
  std::memset(g.literal[0], 0, 8);
  g.literal[0][0] = 3;
  g.nodes = 2;
  g.node[0] = Node{Op::sub, 1, 1};
  g.node[1] = Node{Op::div, 0, kNodeBase};
  g.result = kNodeBase + 1;
  REQUIRE(plan_for(pl, g, {x, d}) == Status::ok);
  CHECK(check_divisors(*pl.plan, base, pl.workspace()) == Status::division_by_zero);
  g.node[0] = Node{Op::sub, 1, kLiteralBase};
  REQUIRE(plan_for(pl, g, {x, d}) == Status::ok);
  CHECK(check_divisors(*pl.plan, base, pl.workspace()) == Status::division_by_zero);
  const int16_t far[4] = {4, 5, 6, 7};
  std::memcpy(d.bytes.data(), far, 8);
  CHECK(check_divisors(*pl.plan, base, pl.workspace()) == Status::ok);
  CHECK(y == std::vector<uint8_t>(20, 0));  // the check writes nothing
  // A literal zero divisor.
  g.nodes = 1;
  g.node[0] = Node{Op::div, 0, kLiteralBase};
  g.result = kNodeBase;
  g.literal[0][0] = 0;
  REQUIRE(plan_for(pl, g, {x, d}) == Status::ok);
  CHECK(check_divisors(*pl.plan, base, pl.workspace()) == Status::division_by_zero);
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
