#include "binary.h"

#include <cstdint>

namespace tensorwise {
namespace {

template <class T>
bool any_zero_of(const void* p, size_t n) {
  const T* v = static_cast<const T*>(p);
  for (size_t i = 0; i < n; ++i)
    if (v[i] == 0) return true;
  return false;
}

// Compresses the broadcast into p's dims and strides (count and kernel are set by the caller).
void compress(const Broadcast& s, BinaryPlan* p) {
  p->rank = 0;
  bool last_a = false, last_b = false;
  size_t extent_a = 1, extent_b = 1;  // elements of a and b inside the dims seen so far
  for (int i = s.rank - 1; i >= 0; --i) {
    const size_t n = s.out[i];
    if (n == 0) {
      p->rank = 0;
      return;
    }
    if (n == 1) continue;  // 1/1 dims carry nothing
    const bool adv_a = s.a[i] != 1, adv_b = s.b[i] != 1;
    if (p->rank > 0 && adv_a == last_a && adv_b == last_b) {
      p->size[p->rank - 1] *= n;  // same pattern as the neighbour: one longer dim
    } else {
      p->size[p->rank] = n;
      p->stride_a[p->rank] = adv_a ? extent_a : 0;
      p->stride_b[p->rank] = adv_b ? extent_b : 0;
      ++p->rank;
      last_a = adv_a;
      last_b = adv_b;
    }
    if (adv_a) extent_a *= n;
    if (adv_b) extent_b *= n;
  }
  if (p->rank == 0) {  // every dim is 1: a single element
    p->rank = 1;
    p->size[0] = 1;
    p->stride_a[0] = p->stride_b[0] = 1;
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

Status plan_binary(Op op, DType dtype, const Broadcast& s, BinaryPlan* p) {
  *p = BinaryPlan{};
  p->element_size = element_size(dtype);
  size_t bytes;
  if (!checked_element_count(s.out, s.rank, &p->count) ||
      __builtin_mul_overflow(p->count, p->element_size, &bytes))
    return Status::too_large;
  // Extents of a and b multiply to at most count, so nothing below overflows.
  compress(s, p);
  if (p->rank == 0) return Status::ok;
  const VBinaryKernels k = select_kernels(op, dtype);
  p->kernel = k.op;
  if (p->stride_b[0] == 0) {
    p->kernel = k.opc;
  } else if (p->stride_a[0] == 0) {
    p->kernel = k.ropc ? k.ropc : k.opc;
    p->swap = !k.ropc;
  }
  return Status::ok;
}

void run_binary(const BinaryPlan& p, uintptr_t a, uintptr_t b, uintptr_t y, size_t begin, size_t end) {
  if (p.rank == 0 || begin >= end) return;
  const size_t es = p.element_size;
  const size_t inner = p.size[0];
  // Where `begin` is: its column in the inner run, its row's coordinates in the outer dims, and
  // the addresses of column 0 of that row in a and b.
  size_t col = begin % inner;
  size_t row = begin / inner;
  size_t index[kMaxRank] = {0};
  uintptr_t ra = a, rb = b;
  for (int d = 1; d < p.rank; ++d) {
    index[d] = row % p.size[d];
    row /= p.size[d];
    ra += index[d] * p.stride_a[d] * es;
    rb += index[d] * p.stride_b[d] * es;
  }
  uintptr_t py = y + begin * es;
  size_t left = end - begin;
  for (;;) {
    const size_t len = inner - col < left ? inner - col : left;
    const auto pa = reinterpret_cast<const void*>(ra + col * p.stride_a[0] * es);
    const auto pb = reinterpret_cast<const void*>(rb + col * p.stride_b[0] * es);
    if (p.swap) p.kernel(len, pb, pa, reinterpret_cast<void*>(py));
    else p.kernel(len, pa, pb, reinterpret_cast<void*>(py));
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

Status check_divisors(const BinaryPlan& plan, Op op, DType dtype, const void* b, size_t nb) {
  if (plan.count == 0 || !divides(op) || !is_integer(dtype)) return Status::ok;
  return any_zero(dtype, b, nb) ? Status::division_by_zero : Status::ok;
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
