#include "binary.h"

#include <cstdint>

#include "kernels/vbinary.h"

namespace tensorwise {
namespace {

template <class T>
bool any_zero_of(const void* p, size_t n) {
  const T* v = static_cast<const T*>(p);
  for (size_t i = 0; i < n; ++i)
    if (v[i] == 0) return true;
  return false;
}

bool any_zero(DType t, const void* p, size_t n) {
  switch (element_size(t)) {
    case 1: return any_zero_of<uint8_t>(p, n);
    case 2: return any_zero_of<uint16_t>(p, n);
    case 4: return any_zero_of<uint32_t>(p, n);
    default: return any_zero_of<uint64_t>(p, n);
  }
}

}  // namespace

BinaryPlan plan_binary(const Broadcast& s) {
  BinaryPlan p;
  bool last_a = false, last_b = false;
  size_t extent_a = 1, extent_b = 1;  // elements of a and b inside the dims seen so far
  for (int i = s.rank - 1; i >= 0; --i) {
    const size_t n = s.out[i];
    if (n == 0) {
      p.rank = 0;
      return p;
    }
    if (n == 1) continue;  // 1/1 dims carry nothing
    const bool adv_a = s.a[i] != 1, adv_b = s.b[i] != 1;
    if (p.rank > 0 && adv_a == last_a && adv_b == last_b) {
      p.size[p.rank - 1] *= n;  // same pattern as the neighbour: one longer dim
    } else {
      p.size[p.rank] = n;
      p.stride_a[p.rank] = adv_a ? extent_a : 0;
      p.stride_b[p.rank] = adv_b ? extent_b : 0;
      ++p.rank;
      last_a = adv_a;
      last_b = adv_b;
    }
    if (adv_a) extent_a *= n;
    if (adv_b) extent_b *= n;
  }
  if (p.rank == 0) {  // every dim is 1: a single element
    p.rank = 1;
    p.size[0] = 1;
    p.stride_a[0] = p.stride_b[0] = 1;
  }
  p.inner_a_scalar = p.stride_a[0] == 0;
  p.inner_b_scalar = p.stride_b[0] == 0;
  return p;
}

Status binary(Op op, DType dtype, const Broadcast& shapes, const void* a, const void* b, void* y,
              bool zero_is_error) {
  const BinaryPlan p = plan_binary(shapes);
  if (p.rank == 0) return Status::ok;
  if (zero_is_error && op != Op::mul && is_integer(dtype) &&
      any_zero(dtype, b, element_count(shapes.b, shapes.rank)))
    return Status::division_by_zero;

  const VBinaryKernels k = select_kernels(op, dtype);
  vbinary_ukernel kernel = k.op;
  bool swap = false;
  if (p.inner_b_scalar) {
    kernel = k.opc;
  } else if (p.inner_a_scalar) {
    kernel = k.ropc ? k.ropc : k.opc;
    swap = !k.ropc;  // a commutative op runs as b ∘ a[0]
  }

  const size_t es = element_size(dtype);
  const size_t inner = p.size[0];
  const uint8_t* pa = static_cast<const uint8_t*>(a);
  const uint8_t* pb = static_cast<const uint8_t*>(b);
  uint8_t* py = static_cast<uint8_t*>(y);
  size_t outer = 1;
  for (int d = 1; d < p.rank; ++d) outer *= p.size[d];
  size_t index[kMaxRank] = {0};
  for (size_t it = 0; it < outer; ++it) {
    if (swap) kernel(inner, pb, pa, py);
    else kernel(inner, pa, pb, py);
    py += inner * es;
    // Odometer over the outer dims: a broadcast input has stride 0 and stays put.
    for (int d = 1; d < p.rank; ++d) {
      pa += p.stride_a[d] * es;
      pb += p.stride_b[d] * es;
      if (++index[d] < p.size[d]) break;
      pa -= p.stride_a[d] * p.size[d] * es;
      pb -= p.stride_b[d] * p.size[d] * es;
      index[d] = 0;
    }
  }
  return Status::ok;
}

}  // namespace tensorwise
