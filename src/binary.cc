#include "binary.h"

#include <cstdint>
#include <cstring>

namespace tensorwise {
namespace {

template <class T>
bool any_zero_of(const void* p, size_t n) {
  const T* v = static_cast<const T*>(p);
  for (size_t i = 0; i < n; ++i)
    if (v[i] == 0) return true;
  return false;
}

// Each output axis's stride in one input (0 where the input is broadcast or has no dim): its own
// strides, or a row-major input's (the product of its dims after the axis). Unsigned and
// wrapping: a negative stride is kept modulo 2^bits, and for any input that fits in memory
// every product below is exact modulo 2^bits, so equal strides compare equal and no others do.
[[gnu::noinline]] void aligned_strides(const size_t* aligned, int rank, int start, const ptrdiff_t* own, size_t* out) {
  size_t extent = 1;
  for (int i = rank - 1; i >= 0; --i) {
    const bool advances = aligned[i] != 1;
    out[i] = !advances ? 0 : own != nullptr ? static_cast<size_t>(own[i - start]) : extent;
    if (advances && own == nullptr) extent *= aligned[i];
  }
}

// Compresses the broadcast into p's dims and strides (count and kernel are set by the caller):
// 1/1 dims dropped, and an axis merged into its inner neighbour where both inputs step across it
// as one longer run would (stride = inner stride x inner size; broadcast: 0 = 0 x size).
void compress(const Broadcast& s, const size_t* sa, const size_t* sb, BinaryPlan* p) {
  p->rank = 0;
  size_t last_a = 0, last_b = 0;  // the strides that would continue the current compressed dim
  for (int i = s.rank - 1; i >= 0; --i) {
    const size_t n = s.out[i];
    if (n == 0) {
      p->rank = 0;
      return;
    }
    if (n == 1) continue;  // 1/1 dims carry nothing
    if (p->rank > 0 && sa[i] == last_a && sb[i] == last_b) {
      p->size[p->rank - 1] *= n;  // one longer dim
    } else {
      p->size[p->rank] = n;
      p->stride_a[p->rank] = sa[i];
      p->stride_b[p->rank] = sb[i];
      ++p->rank;
    }
    last_a = sa[i] * n;
    last_b = sb[i] * n;
  }
  if (p->rank == 0) {  // every dim is 1: a single element
    p->rank = 1;
    p->size[0] = 1;
    p->stride_a[0] = p->stride_b[0] = 1;
  }
}

// Copies k elements of es bytes, src_stride bytes apart (unsigned: may step backwards), to dst.
template <class T>
void gather_of(void* dst, uintptr_t src, size_t src_stride, size_t k) {
  T* d = static_cast<T*>(dst);
  for (size_t i = 0; i < k; ++i, src += src_stride) std::memcpy(d + i, reinterpret_cast<const void*>(src), sizeof(T));
}

[[gnu::noinline]] void gather(size_t es, void* dst, uintptr_t src, size_t src_stride, size_t k) {
  switch (es) {
    case 1: return gather_of<uint8_t>(dst, src, src_stride, k);
    case 2: return gather_of<uint16_t>(dst, src, src_stride, k);
    case 4: return gather_of<uint32_t>(dst, src, src_stride, k);
    default: return gather_of<uint64_t>(dst, src, src_stride, k);
  }
}

// A row of len elements whose a or b steps by other than 0 or 1: in pieces that fit a stack
// buffer, the strided input(s) gathered, then the plan's kernel on contiguous runs.
constexpr size_t kGatherBytes = 2048;

[[gnu::noinline]] void run_gathered_row(const BinaryPlan& p, size_t len, uintptr_t pa, uintptr_t pb, uintptr_t py) {
  alignas(16) unsigned char buf_a[kGatherBytes];
  alignas(16) unsigned char buf_b[kGatherBytes];
  const size_t es = p.element_size;
  const size_t piece = kGatherBytes / es;
  const size_t step_a = p.stride_a[0] * es, step_b = p.stride_b[0] * es;
  for (size_t done = 0; done < len; done += piece) {
    const size_t k = len - done < piece ? len - done : piece;
    const void* xa = reinterpret_cast<const void*>(pa);
    const void* xb = reinterpret_cast<const void*>(pb);
    if (p.gather_a) {
      gather(es, buf_a, pa, step_a, k);
      xa = buf_a;
    }
    if (p.gather_b) {
      gather(es, buf_b, pb, step_b, k);
      xb = buf_b;
    }
    if (p.swap) p.kernel(k, xb, xa, reinterpret_cast<void*>(py));
    else p.kernel(k, xa, xb, reinterpret_cast<void*>(py));
    pa += k * step_a;
    pb += k * step_b;
    py += k * es;
  }
}

// The buffer rows are tiled in, and the longest rows worth tiling: a call per row of a few
// elements costs more than the arithmetic.
constexpr size_t kTileBytes = 1024;
constexpr size_t kShortRowBytes = 128;

// rows copies of the row_bytes at row, one after the other (doubling: a few copies in all).
[[gnu::noinline]] void fill_tile(unsigned char* tile, uintptr_t row, size_t row_bytes, size_t rows) {
  std::memcpy(tile, reinterpret_cast<const void*>(row), row_bytes);
  const size_t total = row_bytes * rows;
  for (size_t filled = row_bytes; filled < total;) {
    const size_t n = filled < total - filled ? filled : total - filled;
    std::memcpy(tile + filled, tile, n);
    filled += n;
  }
}

}  // namespace

bool any_zero(DType t, const void* p, size_t n) {
  switch (element_size(t)) {
    case 1: return any_zero_of<uint8_t>(p, n);
    case 2: return any_zero_of<uint16_t>(p, n);
    case 4: return any_zero_of<uint32_t>(p, n);
    default: return any_zero_of<uint64_t>(p, n);
  }
}

bool any_zero_strided(DType t, uintptr_t p, const size_t* dims, const ptrdiff_t* strides, int rank) {
  size_t count;
  if (!checked_element_count(dims, rank, &count) || count == 0) return false;
  const size_t es = element_size(t);
  size_t index[kMaxRank] = {0};
  alignas(8) unsigned char zero[8] = {0};
  for (;;) {
    if (std::memcmp(reinterpret_cast<const void*>(p), zero, es) == 0) return true;
    int d = rank - 1;
    for (; d >= 0; --d) {  // odometer, the last dim fastest
      p += static_cast<size_t>(strides[d]) * es;
      if (++index[d] < dims[d]) break;
      p -= static_cast<size_t>(strides[d]) * dims[d] * es;
      index[d] = 0;
    }
    if (d < 0) return false;
  }
}

Status plan_binary(Op op, DType dtype, const Broadcast& s, BinaryPlan* p, InputStrides strides) {
  *p = BinaryPlan{};
  p->element_size = element_size(dtype);
  size_t bytes;
  if (!checked_element_count(s.out, s.rank, &p->count) ||
      __builtin_mul_overflow(p->count, p->element_size, &bytes))
    return Status::too_large;
  // Extents of a and b multiply to at most count, so nothing below overflows.
  size_t sa[kMaxRank], sb[kMaxRank];
  aligned_strides(s.a, s.rank, s.start_a, strides.a, sa);
  aligned_strides(s.b, s.rank, s.start_b, strides.b, sb);
  compress(s, sa, sb, p);
  if (p->rank == 0) return Status::ok;
  // Unsigned: a negative stride is large. A view can also step by 0 in both inputs (numpy's
  // broadcast_to views): a's run is then gathered, its one element repeated.
  p->gather_a = p->stride_a[0] > 1 || (p->stride_a[0] == 0 && p->stride_b[0] == 0);
  p->gather_b = p->stride_b[0] > 1;
  const VBinaryKernels k = select_kernels(op, dtype);
  p->kernel = k.op;
  if (p->stride_b[0] == 0) {
    p->kernel = k.opc;
  } else if (p->stride_a[0] == 0 && !p->gather_a) {
    p->kernel = k.ropc ? k.ropc : k.opc;
    p->swap = !k.ropc;
  }
  // Short contiguous rows, one input's repeated along dim 1, the other's running on through it.
  const size_t row_bytes = p->size[0] * p->element_size;
  if (p->rank >= 2 && p->stride_a[0] == 1 && p->stride_b[0] == 1 && !p->gather_a && !p->gather_b &&
      row_bytes <= kShortRowBytes) {
    const bool a_repeats = p->stride_a[1] == 0 && p->stride_b[1] == p->size[0];
    const bool b_repeats = p->stride_b[1] == 0 && p->stride_a[1] == p->size[0];
    if (a_repeats || b_repeats) {
      p->tile_rows = kTileBytes / row_bytes;
      p->tile_a = a_repeats;
    }
  }
  return Status::ok;
}

namespace {

// Where output element `begin` is: its column in the inner run (returned), its row's coordinates
// in the outer dims (index), and the addresses of column 0 of that row in a and b.
size_t locate(const BinaryPlan& p, size_t begin, size_t* index, uintptr_t* ra, uintptr_t* rb) {
  const size_t es = p.element_size;
  size_t row = begin / p.size[0];
  for (int d = 1; d < p.rank; ++d) {
    index[d] = row % p.size[d];
    row /= p.size[d];
    *ra += index[d] * p.stride_a[d] * es;
    *rb += index[d] * p.stride_b[d] * es;
  }
  return begin % p.size[0];
}

// run_binary for a plan with tile_rows > 1: whole rows of dim 1 go tile_rows at a time through
// one kernel call, the repeated input's row read from the tile; a partial row (at the ends of
// the range) alone.
void run_tiled(const BinaryPlan& p, uintptr_t ra, uintptr_t rb, uintptr_t y, size_t begin, size_t end) {
  const size_t es = p.element_size;
  const size_t inner = p.size[0];
  size_t index[kMaxRank] = {0};
  size_t col = locate(p, begin, index, &ra, &rb);
  alignas(16) unsigned char tile[kTileBytes];
  const size_t tile_rows = p.size[1] < p.tile_rows ? p.size[1] : p.tile_rows;  // no more than a run of dim 1
  bool tile_filled = false;
  uintptr_t tiled = 0;  // the row the tile holds copies of
  uintptr_t py = y + begin * es;
  size_t left = end - begin;
  for (;;) {
    size_t rows = 0;  // whole rows this step, or 0 for part of one
    if (col == 0) {
      rows = p.size[1] - index[1];
      if (rows > tile_rows) rows = tile_rows;
      if (rows > left / inner) rows = left / inner;
    }
    const size_t len = rows > 0 ? rows * inner : (inner - col < left ? inner - col : left);
    const uintptr_t repeated = p.tile_a ? ra : rb;
    if (rows > 0 && (!tile_filled || repeated != tiled)) {
      fill_tile(tile, repeated, inner * es, tile_rows);
      tiled = repeated;
      tile_filled = true;
    }
    const bool from_tile = rows > 0;
    const void* pa = from_tile && p.tile_a ? static_cast<const void*>(tile) : reinterpret_cast<const void*>(ra + col * es);
    const void* pb = from_tile && !p.tile_a ? static_cast<const void*>(tile) : reinterpret_cast<const void*>(rb + col * es);
    p.kernel(len, pa, pb, reinterpret_cast<void*>(py));
    left -= len;
    if (left == 0) return;
    py += len * es;
    col += len;
    if (col < inner * (rows > 0 ? rows : 1)) continue;  // the range began inside a row: its rest next
    col = 0;
    // Odometer: dim 1 by the rows just done (at most to its end), then as run_binary's.
    size_t step = rows > 0 ? rows : 1;
    for (int d = 1; d < p.rank; ++d, step = 1) {
      ra += step * p.stride_a[d] * es;
      rb += step * p.stride_b[d] * es;
      index[d] += step;
      if (index[d] < p.size[d]) break;
      ra -= p.stride_a[d] * p.size[d] * es;
      rb -= p.stride_b[d] * p.size[d] * es;
      index[d] = 0;
    }
  }
}

}  // namespace

void run_binary(const BinaryPlan& p, uintptr_t a, uintptr_t b, uintptr_t y, size_t begin, size_t end) {
  if (p.rank == 0 || begin >= end) return;
  if (p.tile_rows > 1) return run_tiled(p, a, b, y, begin, end);
  const size_t es = p.element_size;
  const size_t inner = p.size[0];
  size_t index[kMaxRank] = {0};
  uintptr_t ra = a, rb = b;
  size_t col = locate(p, begin, index, &ra, &rb);
  uintptr_t py = y + begin * es;
  size_t left = end - begin;
  for (;;) {
    const size_t len = inner - col < left ? inner - col : left;
    const uintptr_t xa = ra + col * p.stride_a[0] * es;
    const uintptr_t xb = rb + col * p.stride_b[0] * es;
    if (p.gather_a || p.gather_b) {
      run_gathered_row(p, len, xa, xb, py);
    } else {
      const auto pa = reinterpret_cast<const void*>(xa);
      const auto pb = reinterpret_cast<const void*>(xb);
      if (p.swap) p.kernel(len, pb, pa, reinterpret_cast<void*>(py));
      else p.kernel(len, pa, pb, reinterpret_cast<void*>(py));
    }
    left -= len;
    if (left == 0) return;
    py += len * es;
    col = 0;
    // Odometer over the outer dims: a broadcast input has stride 0 and stays put. Unsigned
    // arithmetic: stepping back past a window's start wraps and comes back.
    for (int d = 1; d < p.rank; ++d) {
      ra += p.stride_a[d] * es;
      rb += p.stride_b[d] * es;
      if (++index[d] < p.size[d]) break;
      ra -= p.stride_a[d] * p.size[d] * es;
      rb -= p.stride_b[d] * p.size[d] * es;
      index[d] = 0;
    }
  }
}

// Whether the onZeroDivision 'error' rule looks at the divisors: an integer division with an output.
static bool checks_divisors(const BinaryPlan& plan, Op op, DType dtype) {
  return plan.count != 0 && divides(op) && is_integer(dtype);
}

Status check_divisors(const BinaryPlan& plan, Op op, DType dtype, const void* b, size_t nb) {
  if (!checks_divisors(plan, op, dtype)) return Status::ok;
  return any_zero(dtype, b, nb) ? Status::division_by_zero : Status::ok;
}

Status check_strided_divisors(const BinaryPlan& plan, Op op, DType dtype, uintptr_t b, const size_t* dims,
                              const ptrdiff_t* strides, int rank) {
  if (!checks_divisors(plan, op, dtype)) return Status::ok;
  return any_zero_strided(dtype, b, dims, strides, rank) ? Status::division_by_zero : Status::ok;
}

Status binary(Op op, DType dtype, const Broadcast& shapes, const void* a, const void* b, void* y,
              bool zero_is_error) {
  BinaryPlan p;
  Status s = plan_binary(op, dtype, shapes, &p);
  if (s == Status::ok && zero_is_error) s = check_divisors(p, op, dtype, b, element_count(shapes.b, shapes.rank));
  if (s != Status::ok) return s;
  run_binary(p, reinterpret_cast<uintptr_t>(a), reinterpret_cast<uintptr_t>(b), reinterpret_cast<uintptr_t>(y), 0,
             p.count);
  return Status::ok;
}

}  // namespace tensorwise
