#include "reduce.h"

#include <cstring>

#include "cast.h"
#include "kernels/vbinary.h"
#include "kernels/vconvert.h"
#include "plan.h"
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace tensorwise {
namespace {

constexpr int kLanes = 8;
constexpr int kMaxLevels = 64;  // the binary counter's partial results: one per bit of a block count

// What an accumulator does: the reduction (mean adds, as sum) on a float64 or a 64-bit integer
// (sums and products wrap alike signed or not; max and min compare as the dtype's signedness).
enum class Kind : uint8_t { add_f, mul_f, max_f, min_f, add_i, mul_i, max_s, min_s, max_u, min_u };

Kind kind_of(Reduction r, DType wide) {
  const int op = r == Reduction::prod ? 1 : r == Reduction::max ? 2 : r == Reduction::min ? 3 : 0;
  if (wide == DType::f64) return static_cast<Kind>(op);
  if (op < 2) return static_cast<Kind>(4 + op);
  return static_cast<Kind>((wide == DType::i64 ? 6 : 8) + op - 2);
}

union Word {
  uint64_t u;
  double f;
};

// One step on 64-bit words. max and min follow maximum/minimum: NaN propagates, -0 < +0.
[[gnu::noinline]] uint64_t combine(Kind k, uint64_t a, uint64_t b) {
  Word x{a}, y{b}, r{0};
  switch (k) {
    case Kind::add_f: r.f = x.f + y.f; return r.u;
    case Kind::mul_f: r.f = x.f * y.f; return r.u;
    case Kind::add_i: return a + b;
    case Kind::mul_i: return a * b;
    case Kind::max_f:
    case Kind::min_f: {
      const bool max = k == Kind::max_f;
      if (x.f != x.f) return a;
      if (y.f != y.f) return b;
      if (x.f == y.f) return max == __builtin_signbit(x.f) ? b : a;
      return max == (x.f < y.f) ? b : a;
    }
    case Kind::max_s:
    case Kind::min_s: return (k == Kind::max_s) == (static_cast<int64_t>(a) < static_cast<int64_t>(b)) ? b : a;
    default: return (k == Kind::max_u) == (a < b) ? b : a;
  }
}

// Where no element has been: -0 for a float sum (-0 + x is x for every x, -0 too), 1, or the
// end of the order for max and min.
uint64_t identity(Kind k) {
  Word w{0};
  switch (k) {
    case Kind::add_f: w.f = -0.0; break;
    case Kind::mul_f: w.f = 1.0; break;
    case Kind::max_f: w.f = -__builtin_inf(); break;
    case Kind::min_f: w.f = __builtin_inf(); break;
    case Kind::mul_i: w.u = 1; break;
    case Kind::max_s: w.u = uint64_t{1} << 63; break;
    case Kind::min_s: w.u = ~(uint64_t{1} << 63); break;
    case Kind::min_u: w.u = ~uint64_t{0}; break;
    default: break;
  }
  return w.u;
}

// One output element's reduction in progress: the lanes of the current block and the binary
// counter of finished blocks.
struct Accumulator {
  Kind kind;
  uint64_t lane[kLanes];
  uint64_t level[kMaxLevels];
  int levels;
  size_t blocks;
  size_t seen;  // elements so far

  void start() {
    for (uint64_t& l : lane) l = identity(kind);
    levels = 0;
    blocks = 0;
    seen = 0;
  }

  uint64_t block_value() const {
    const Kind k = kind;
    return combine(k, combine(k, combine(k, lane[0], lane[1]), combine(k, lane[2], lane[3])),
                   combine(k, combine(k, lane[4], lane[5]), combine(k, lane[6], lane[7])));
  }

  // Elements [0, k) of the sequence at x, k not crossing a block's end: accumulator words, or
  // float32 elements (f32: a float32 run read in place, widened as it is added).
  void add(const void* x, size_t k, bool f32) {
    const auto word = [x, f32](size_t i) {
      Word w;
      if (f32) w.f = static_cast<const float*>(x)[i];
      else std::memcpy(&w, static_cast<const unsigned char*>(x) + 8 * i, 8);
      return w.u;
    };
    size_t i = 0;
    for (; i < k && ((seen + i) & (kLanes - 1)) != 0; ++i) lane[(seen + i) & (kLanes - 1)] = combine(kind, lane[(seen + i) & (kLanes - 1)], word(i));
#ifdef __wasm_simd128__
    // Whole groups of 8 in SIMD where the step is one lane-wise instruction: float sums, maxima
    // and minima (WebAssembly's f64x2.max and min are maximum's and minimum's: NaN propagates,
    // -0 < +0), integer sums. (A loop per instruction: a choice inside the loop cost 4 x.)
    switch (kind) {
      case Kind::add_f: i = groups<0>(x, i, k, f32); break;
      case Kind::max_f: i = groups<1>(x, i, k, f32); break;
      case Kind::min_f: i = groups<2>(x, i, k, f32); break;
      case Kind::add_i: i = groups<3>(x, i, k, false); break;
      default: break;
    }
#endif
    for (; i < k; ++i) lane[(seen + i) & (kLanes - 1)] = combine(kind, lane[(seen + i) & (kLanes - 1)], word(i));
    seen += k;
    if (seen % kReduceBlock == 0) close_block();
  }

  // A block's end: its value to the binary counter, the lanes empty again.
  void close_block() {
    level[levels++] = block_value();
    for (uint64_t& l : lane) l = identity(kind);
    // Two partial results of 2^j blocks each become one as the count passes a multiple of 2^(j+1).
    for (size_t m = ++blocks; (m & 1) == 0; m >>= 1, --levels) level[levels - 2] = combine(kind, level[levels - 2], level[levels - 1]);
  }

#ifdef __wasm_simd128__
  template <int kOp>
  static v128_t step(v128_t a, v128_t b) {
    if constexpr (kOp == 0) return wasm_f64x2_add(a, b);
    else if constexpr (kOp == 1) return wasm_f64x2_max(a, b);
    else if constexpr (kOp == 2) return wasm_f64x2_min(a, b);
    else return wasm_i64x2_add(a, b);
  }
  // Elements [i, k) of x in whole groups of 8 (i at a group's start): where they end.
  template <int kOp>
  size_t groups(const void* x, size_t i, size_t k, bool f32) {
    v128_t v[4];
    for (int j = 0; j < 4; ++j) v[j] = wasm_v128_load(lane + 2 * j);
    if (f32) {
      const float* p = static_cast<const float*>(x);
      for (; i + kLanes <= k; i += kLanes) {
        const v128_t lo = wasm_v128_load(p + i), hi = wasm_v128_load(p + i + 4);
        v[0] = step<kOp>(v[0], wasm_f64x2_promote_low_f32x4(lo));
        v[1] = step<kOp>(v[1], wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(lo, lo, 2, 3, 0, 1)));
        v[2] = step<kOp>(v[2], wasm_f64x2_promote_low_f32x4(hi));
        v[3] = step<kOp>(v[3], wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(hi, hi, 2, 3, 0, 1)));
      }
    } else {
      const unsigned char* p = static_cast<const unsigned char*>(x);
      for (; i + kLanes <= k; i += kLanes)
        for (int j = 0; j < 4; ++j) v[j] = step<kOp>(v[j], wasm_v128_load(p + 8 * i + 16 * j));
    }
    for (int j = 0; j < 4; ++j) wasm_v128_store(lane + 2 * j, v[j]);
    return i;
  }
#endif

  uint64_t finish() const {
    const bool partial = seen % kReduceBlock != 0;
    uint64_t s = partial ? block_value() : identity(kind);
    bool any = partial;
    for (int j = levels - 1; j >= 0; --j) {
      s = any ? combine(kind, level[j], s) : level[j];
      any = true;
    }
    return s;
  }
};

// Steps an odometer over dims [0, rank) (the last fastest): the address moves by the strides
// (elements of es bytes); false once it has gone round.
bool advance(size_t* index, const size_t* size, const size_t* stride, int rank, size_t es, uintptr_t* at) {
  for (int d = rank - 1; d >= 0; --d) {
    *at += stride[d] * es;
    if (++index[d] < size[d]) return true;
    *at -= index[d] * stride[d] * es;
    index[d] = 0;
  }
  return false;
}

// Where position k of the kept dims (row-major) starts: its coordinates into index, and the
// address of its first element (elements of es bytes from x).
uintptr_t seek(const Reducing& r, size_t k, size_t es, uintptr_t x, size_t* index) {
  for (int d = r.kept_rank - 1; d >= 0; --d) {
    index[d] = k % r.kept_size[d];
    k /= r.kept_size[d];
    x += index[d] * r.kept_stride[d] * es;
  }
  return x;
}

// The reduced elements of one output element, starting at `at` (an address), fed to acc in
// order, converted from `in` through `dtype` to the accumulator's dtype in pieces of a block
// at most (a run of float32 or of the accumulator's dtype read in place).
void feed(Accumulator& acc, const Reducing& r, DType in, DType dtype, uintptr_t at, unsigned char* ws) {
  const DType wide = accumulator_of(dtype);
  const size_t es = element_size(in);
  const int inner = r.red_rank - 1;
  const size_t run = inner >= 0 ? r.red_size[inner] : 1;
  const size_t step = inner >= 0 ? r.red_stride[inner] : 0;
  unsigned char* piece = ws;
  unsigned char* cast = ws + kReduceBlock * 8;
  size_t index[kMaxRank] = {};
  uintptr_t start = at;
  for (;;) {
    for (size_t done = 0; done < run;) {
      const size_t room = kReduceBlock - acc.seen % kReduceBlock;
      const size_t k = run - done < room ? run - done : room;
      const uintptr_t src = start + done * step * es;
      // A float32 run, or one of the accumulator's own dtype, read in place.
      const bool f32 = in == DType::f32 && dtype == DType::f32 && step == 1;
      const bool direct = f32 || (in == wide && step == 1);
      if (direct) {
      } else if (in == dtype || dtype == wide) {
        cast_run(in, wide, k, src, step, piece);
      } else {
        cast_run(in, dtype, k, src, step, cast);
        convert(dtype, wide, k, cast, piece);
      }
      acc.add(direct ? reinterpret_cast<const void*>(src) : piece, k, f32);
      done += k;
    }
    // The next run: the reduced dims outside the innermost.
    if (!advance(index, r.red_size, r.red_stride, inner, es, &start)) return;
  }
}

// n elements of es bytes from src to dst, dst_stride bytes apart there.
template <class T>
void scatter_of(unsigned char* dst, size_t dst_stride, const unsigned char* src, size_t n) {
  for (size_t i = 0; i < n; ++i, dst += dst_stride) std::memcpy(dst, src + i * sizeof(T), sizeof(T));
}
void scatter(size_t es, unsigned char* dst, size_t dst_stride, const unsigned char* src, size_t n) {
  switch (es) {
    case 2: return scatter_of<uint16_t>(dst, dst_stride, src, n);
    case 4: return scatter_of<uint32_t>(dst, dst_stride, src, n);
    default: return scatter_of<uint64_t>(dst, dst_stride, src, n);
  }
}

// The reduction of n contiguous elements of `dtype` at x (kind k): an accumulator word.
uint64_t reduce_row(Kind k, DType dtype, const unsigned char* x, size_t n, unsigned char* piece) {
  Accumulator acc;
  acc.kind = k;
  acc.start();
  const size_t es = element_size(dtype);
  for (size_t done = 0; done < n;) {
    const size_t k_ = n - done < kReduceBlock ? n - done : kReduceBlock;
    const bool f32 = dtype == DType::f32;
    if (!f32) cast_run(dtype, DType::f64, k_, reinterpret_cast<uintptr_t>(x + done * es), 1, piece);
    acc.add(f32 ? static_cast<const void*>(x + done * es) : piece, k_, f32);
    done += k_;
  }
  return acc.finish();
}

// Dims of one kind (kept or reduced), 1s dropped, a dim merged into the one before it where
// stepping the outer one is stepping the inner one all the way.
void push_dim(size_t* size, size_t* stride, int* rank, size_t n, size_t s) {
  if (n == 1) return;
  if (*rank > 0 && stride[*rank - 1] == n * s) {
    size[*rank - 1] *= n;
    stride[*rank - 1] = s;
    return;
  }
  size[*rank] = n;
  stride[*rank] = s;
  ++*rank;
}

}  // namespace

void plan_reduction(Reducing* r, int rank, const size_t* dims, const ptrdiff_t* strides, uint32_t axes, bool keepdims,
                    Broadcast* out) {
  r->kept_rank = r->red_rank = 0;
  r->red_count = 1;
  out->rank = 0;
  size_t contiguous = 1;
  size_t own[kMaxRank];
  for (int d = rank - 1; d >= 0; --d) {
    own[d] = strides != nullptr ? static_cast<size_t>(strides[d]) : contiguous;
    contiguous *= dims[d];
  }
  for (int d = 0; d < rank; ++d) {
    const bool reduced = (axes >> d) & 1;
    if (reduced) {
      r->red_count *= dims[d];
      push_dim(r->red_size, r->red_stride, &r->red_rank, dims[d], own[d]);
    } else {
      push_dim(r->kept_size, r->kept_stride, &r->kept_rank, dims[d], own[d]);
    }
    if (!reduced || keepdims) out->out[out->rank++] = reduced ? 1 : dims[d];
  }
  // An empty reduction (a reduced dim of 0) has no elements to visit.
  if (r->red_count == 0) r->red_rank = 0;
  r->inner = 1;
  for (int d = rank - 1; d >= 0 && !((axes >> d) & 1); --d) r->inner *= dims[d];
}

size_t softmax_workspace(const Reducing& r, DType dtype) {
  return (2 * r.red_count + 2 * kReduceBlock) * element_size(dtype) + kReduceBlock * 8 + 64;
}

void run_softmax(const Reducing& r, DType in, DType dtype, DType store, uintptr_t x, uintptr_t y, unsigned char* ws,
                 size_t begin, size_t end) {
  const size_t n = r.red_count, es = element_size(in), ds = element_size(dtype), ys = element_size(store);
  if (n == 0) return;
  const size_t step = r.red_rank > 0 ? r.red_stride[0] : 0;
  unsigned char* t = ws;                           // the row where it cannot be read in place, then x - m
  unsigned char* e = t + (n * ds + 15) / 16 * 16;  // the result where it cannot be written in place
  unsigned char* piece = e + (n * ds + 15) / 16 * 16;
  alignas(8) unsigned char m[8], sum[8];
  const VBinaryKernels sub = select_kernels(Op::sub, dtype);
  const bool soft = r.op == Reduction::softmax;
  // A row of the output, contiguous and of the dtype, is written in place.
  const bool direct = r.inner == 1 && store == dtype;
  // The rows of the range: kept positions begin / n to end / n, in order.
  size_t index[kMaxRank];
  uintptr_t at = seek(r, begin / n, es, x, index);
  for (size_t q = begin / n; q < end / n; ++q) {
    // Element k of row q is output element (q / inner * n + k) * inner + q % inner.
    unsigned char* row = reinterpret_cast<unsigned char*>(y) + ((q / r.inner * n) * r.inner + q % r.inner) * ys;
    unsigned char* out = direct ? row : e;
    const unsigned char* src = reinterpret_cast<const unsigned char*>(at);
    if (in != dtype || step != 1) {
      cast_run(in, dtype, n, at, step, t);
      src = t;
    }
    const auto reduced = [&](Kind k, const unsigned char* v, unsigned char* into) {
      const Word w{reduce_row(k, dtype, v, n, piece)};
      convert(DType::f64, dtype, 1, &w, into);  // max exact, the sum rounded once to the dtype
    };
    reduced(Kind::max_f, src, m);
    unsigned char* shifted = soft ? out : t;  // x - m (log_softmax keeps it for the end)
    sub.opc(n, src, m, shifted);
    select_kernels(Op::exp, dtype).op(n, shifted, shifted, out);
    reduced(Kind::add_f, out, sum);
    if (soft) {
      select_kernels(Op::div, dtype).opc(n, out, sum, out);
    } else {
      select_kernels(Op::log, dtype).op(1, sum, sum, sum);
      sub.opc(n, t, sum, out);
    }
    if (!direct) {
      for (size_t k = 0; k < n; k += kReduceBlock) {
        const size_t c = n - k < kReduceBlock ? n - k : kReduceBlock;
        const unsigned char* from = e + k * ds;
        if (store != dtype) {
          convert(dtype, store, c, from, piece);
          from = piece;
        }
        scatter(ys, row + k * r.inner * ys, r.inner * ys, from, c);
      }
    }
    advance(index, r.kept_size, r.kept_stride, r.kept_rank, es, &at);
  }
}

size_t reduce_workspace() { return 2 * kReduceBlock * 8 + sizeof(Accumulator); }

void run_reduction(const Reducing& r, DType in, DType dtype, DType store, uintptr_t x, uintptr_t y, unsigned char* ws,
                   size_t begin, size_t end) {
  const DType wide = accumulator_of(dtype);
  const Kind kind = kind_of(r.op, wide);
  Accumulator& acc = *reinterpret_cast<Accumulator*>(ws + 2 * kReduceBlock * 8);
  acc.kind = kind;
  const size_t es = element_size(in), ys = element_size(store);
  // The first output element's coordinates among the kept dims, and its address.
  size_t index[kMaxRank];
  uintptr_t at = seek(r, begin, es, x, index);
  alignas(8) unsigned char value[8], cast[8];
  for (size_t k = begin; k < end; ++k) {
    acc.start();
    if (r.red_count > 0) feed(acc, r, in, dtype, at, ws);
    Word result{acc.finish()};
    if (wide == DType::f64) {
      if (r.red_count == 0 && r.op == Reduction::sum) result.f = 0.0;
      if (r.op == Reduction::mean) result.f /= static_cast<double>(r.red_count);
      if (result.f != result.f) result.f = __builtin_nan("");  // one NaN, whatever the arithmetic made
    }
    // Rounded once to the dtype (exact for max and min), then to out's dtype where it differs.
    std::memcpy(value, &result, 8);
    if (wide != dtype) {
      convert(wide, dtype, 1, value, cast);
      std::memcpy(value, cast, 8);
    }
    if (store != dtype) {
      convert(dtype, store, 1, value, cast);
      std::memcpy(value, cast, 8);
    }
    std::memcpy(reinterpret_cast<void*>(y + k * ys), value, ys);
    advance(index, r.kept_size, r.kept_stride, r.kept_rank, es, &at);  // the next output element
  }
}

}  // namespace tensorwise
