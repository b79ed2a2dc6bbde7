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

// The buffer a block's input is laid out in (one per input), and the most rows worth a block:
// a block's buffers are built again only when an input's part of it changes.
constexpr size_t kBlockBytes = 1024;

// Copies of a few bytes as plain loads and stores: memcpy of a size not known at compile time
// is wasm's memory.copy, which costs more than such a copy (no_builtin keeps the loops from
// being turned back into memcpy).
#if defined(__clang__)
#define TW_NO_MEMCPY __attribute__((no_builtin("memcpy")))
#else
#define TW_NO_MEMCPY
#endif

template <class T>
TW_NO_MEMCPY void copy_elements(void* dst, uintptr_t src, size_t n, bool repeat) {
  T* d = static_cast<T*>(dst);
  const T* x = reinterpret_cast<const T*>(src);
  if (repeat) {
    const T v = x[0];
    for (size_t i = 0; i < n; ++i) d[i] = v;
  } else {
    for (size_t i = 0; i < n; ++i) d[i] = x[i];
  }
}

void copy_row(void* dst, uintptr_t src, size_t n, size_t es, bool repeat) {
  switch (es) {
    case 1: return copy_elements<uint8_t>(dst, src, n, repeat);
    case 2: return copy_elements<uint16_t>(dst, src, n, repeat);
    case 4: return copy_elements<uint32_t>(dst, src, n, repeat);
    default: return copy_elements<uint64_t>(dst, src, n, repeat);
  }
}

// Lays out an input's elements over the inner d + 1 dims of a block, row-major, at dst: dim 0
// has stride 0 (one element repeated) or 1 (a contiguous row); a dim of stride 0 above it
// repeats what is below it.
[[gnu::noinline]] void fill_block(unsigned char* dst, uintptr_t src, const size_t* size, const size_t* stride, int d, size_t es) {
  if (d == 0) return copy_row(dst, src, size[0], es, stride[0] == 0);
  size_t sub = es;
  for (int i = 0; i < d; ++i) sub *= size[i];
  if (stride[d] == 0) {
    fill_block(dst, src, size, stride, d - 1, es);
    // Whole sub-blocks as 8-byte words when they are (elements of 1 or 2 bytes may leave a tail).
    const bool words = sub % 8 == 0;
    for (size_t i = 1; i < size[d]; ++i) {
      copy_row(dst + i * sub, reinterpret_cast<uintptr_t>(dst), words ? sub / 8 : sub / es, words ? 8 : es, false);
    }
    return;
  }
  for (size_t i = 0; i < size[d]; ++i) fill_block(dst + i * sub, src + i * stride[d] * es, size, stride, d - 1, es);
}

// Whether an input runs like the output over the inner k dims (then a block reads it in place).
bool runs_like_output(const size_t* size, const size_t* stride, int k) {
  size_t extent = 1;
  for (int d = 0; d < k; ++d) {
    if (stride[d] != extent) return false;
    extent *= size[d];
  }
  return true;
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
  // Other short rows: as many inner dims as fit a block buffer, if that is more than one row.
  if (p->tile_rows == 1 && p->rank >= 2 && !p->gather_a && !p->gather_b && row_bytes <= kShortRowBytes) {
    size_t block = p->size[0];
    int dims = 1;
    while (dims < p->rank && block * p->size[dims] * p->element_size <= kBlockBytes) block *= p->size[dims++];
    // Blocks pay where a buffer serves several in a row: an input that stays put along the next
    // dim out (stride 0 there). Building both buffers for every block cost about what the rows did.
    if (dims >= 2 && dims < p->rank && (p->stride_a[dims] == 0 || p->stride_b[dims] == 0)) {
      p->block_rank = dims;
      p->block = block;
      p->block_kernel = k.op;
    }
  }
  return Status::ok;
}

namespace {

// The coordinates in the dims from `from` out of position q among them (dim `from` fastest),
// added to the addresses of a and b: where that row (from = 1) or block starts in each.
void locate_outer(const BinaryPlan& p, int from, size_t q, size_t* index, uintptr_t* ra, uintptr_t* rb) {
  const size_t es = p.element_size;
  for (int d = from; d < p.rank; ++d) {
    index[d] = q % p.size[d];
    q /= p.size[d];
    *ra += index[d] * p.stride_a[d] * es;
    *rb += index[d] * p.stride_b[d] * es;
  }
}

// A step along the dims from `from` out (an odometer): `step` places along dim `from` (at most to
// its end), then one at a time. A broadcast input has stride 0 and stays put. Unsigned
// arithmetic: stepping back past a window's start wraps and comes back.
inline void step_outer(const BinaryPlan& p, int from, size_t* index, uintptr_t* ra, uintptr_t* rb, size_t step = 1) {
  const size_t es = p.element_size;
  for (int d = from; d < p.rank; ++d, step = 1) {
    *ra += step * p.stride_a[d] * es;
    *rb += step * p.stride_b[d] * es;
    index[d] += step;
    if (index[d] < p.size[d]) break;
    *ra -= p.stride_a[d] * p.size[d] * es;
    *rb -= p.stride_b[d] * p.size[d] * es;
    index[d] = 0;
  }
}

// Where output element `begin` is: its column in the inner run (returned), its row's coordinates
// in the outer dims (index), and the addresses of column 0 of that row in a and b.
size_t locate(const BinaryPlan& p, size_t begin, size_t* index, uintptr_t* ra, uintptr_t* rb) {
  locate_outer(p, 1, begin / p.size[0], index, ra, rb);
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
    step_outer(p, 1, index, &ra, &rb, rows > 0 ? rows : 1);  // dim 1 by the rows just done
  }
}

}  // namespace

namespace {

// run_binary row by row: a kernel call per row of the inner dim.
void run_rows(const BinaryPlan& p, uintptr_t a, uintptr_t b, uintptr_t y, size_t begin, size_t end) {
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
    step_outer(p, 1, index, &ra, &rb);
  }
}

// run_binary for a plan with blocks: the whole blocks in [begin, end) one kernel call each, each
// input's part of the block laid out in a buffer (built again only when that part moves) or read
// in place; the partial blocks at the ends row by row.
void run_blocks(const BinaryPlan& p, uintptr_t a, uintptr_t b, uintptr_t y, size_t begin, size_t end) {
  const size_t blk = p.block;
  const size_t first = (begin + blk - 1) / blk, last = end / blk;  // whole blocks [first, last)
  if (first >= last) return run_rows(p, a, b, y, begin, end);
  if (begin < first * blk) run_rows(p, a, b, y, begin, first * blk);
  const size_t es = p.element_size;
  const int k = p.block_rank;
  const bool in_place_a = runs_like_output(p.size, p.stride_a, k);
  const bool in_place_b = runs_like_output(p.size, p.stride_b, k);
  alignas(16) unsigned char tile_a[kBlockBytes];
  alignas(16) unsigned char tile_b[kBlockBytes];
  bool built_a = false, built_b = false;
  uintptr_t from_a = 0, from_b = 0;  // the parts the buffers hold
  // The outer coordinates of block `first`, and where a and b's parts of it start.
  size_t index[kMaxRank] = {0};
  uintptr_t ra = a, rb = b;
  locate_outer(p, k, first, index, &ra, &rb);
  for (size_t i = first; i < last; ++i) {
    const void* pa = reinterpret_cast<const void*>(ra);
    const void* pb = reinterpret_cast<const void*>(rb);
    if (!in_place_a) {
      if (!built_a || from_a != ra) fill_block(tile_a, ra, p.size, p.stride_a, k - 1, es);
      built_a = true;
      from_a = ra;
      pa = tile_a;
    }
    if (!in_place_b) {
      if (!built_b || from_b != rb) fill_block(tile_b, rb, p.size, p.stride_b, k - 1, es);
      built_b = true;
      from_b = rb;
      pb = tile_b;
    }
    p.block_kernel(blk, pa, pb, reinterpret_cast<void*>(y + i * blk * es));
    step_outer(p, k, index, &ra, &rb);
  }
  if (last * blk < end) run_rows(p, a, b, y, last * blk, end);
}

}  // namespace

void run_binary(const BinaryPlan& p, uintptr_t a, uintptr_t b, uintptr_t y, size_t begin, size_t end) {
  if (p.rank == 0 || begin >= end) return;
  if (p.tile_rows > 1) return run_tiled(p, a, b, y, begin, end);
  if (p.block_rank > 0) return run_blocks(p, a, b, y, begin, end);
  run_rows(p, a, b, y, begin, end);
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
