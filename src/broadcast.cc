#include "broadcast.h"

namespace tensorwise {
namespace {

bool all_ones(const size_t* dims, int rank) {
  for (int i = 0; i < rank; ++i)
    if (dims[i] != 1) return false;
  return true;
}

void copy_dims(const size_t* from, int rank, size_t* to) {
  for (int i = 0; i < rank; ++i) to[i] = from[i];
}

// B placed under A from `axis` (its dims), 1s elsewhere: the alignment of pdpd and legacy.
void place_b(const size_t* b, int rank_b, int axis, int rank_a, size_t* aligned) {
  for (int i = 0; i < rank_a; ++i) aligned[i] = 1;
  for (int i = 0; i < rank_b; ++i) aligned[axis + i] = b[i];
}

// Marks axis i as conflicting; the first one marked is the error's axis.
void conflict(Broadcast* r, int i) {
  if (r->conflict_axis < 0) r->conflict_axis = i;
  r->conflicts |= uint32_t{1} << i;
}

// A's dims as the output's (the pdpd and legacy modes, whose output is A's shape).
void a_is_output(const size_t* a, int rank_a, Broadcast* r) {
  r->rank = rank_a;
  copy_dims(a, rank_a, r->out);
  copy_dims(a, rank_a, r->a);
}

Status identical(const size_t* a, int rank_a, const size_t* b, int rank_b, Broadcast* r) {
  // Shapes of different ranks do not line up at all: the rank the larger one would give.
  r->rank = rank_a > rank_b ? rank_a : rank_b;
  if (rank_a != rank_b) return Status::shapes_differ;
  copy_dims(a, rank_a, r->a);
  copy_dims(b, rank_b, r->b);
  for (int i = 0; i < rank_a; ++i)
    if (a[i] != b[i]) conflict(r, i);
  if (r->conflicts != 0) return Status::shapes_differ;
  copy_dims(a, rank_a, r->out);
  return Status::ok;
}

Status numpy(const size_t* a, int rank_a, const size_t* b, int rank_b, Broadcast* r) {
  const int rank = rank_a > rank_b ? rank_a : rank_b;
  r->rank = rank;
  r->start_a = rank - rank_a;
  r->start_b = rank - rank_b;
  for (int i = 0; i < rank; ++i) {
    const size_t da = i < r->start_a ? 1 : a[i - r->start_a];
    const size_t db = i < r->start_b ? 1 : b[i - r->start_b];
    r->a[i] = da;
    r->b[i] = db;
    if (da != db && da != 1 && db != 1) conflict(r, i);
    r->out[i] = da == 1 ? db : da;  // so 1 with 0 gives 0
  }
  return r->conflicts != 0 ? Status::incompatible : Status::ok;
}

Status pdpd(const size_t* a, int rank_a, const size_t* b, int rank_b, int64_t axis, Broadcast* r) {
  r->rank = rank_a;
  copy_dims(a, rank_a, r->a);
  if (axis < -1) {
    r->start_b = static_cast<int>(axis < -kMaxRank ? -kMaxRank : axis);
    return Status::bad_axis;
  }
  if (axis == -1) axis = rank_a - rank_b;  // from B's rank before trimming
  r->start_b = static_cast<int>(axis > kMaxRank ? kMaxRank : axis);
  int trimmed = rank_b;
  while (trimmed > 0 && b[trimmed - 1] == 1) --trimmed;
  if (axis < 0 || axis + trimmed > rank_a) return Status::b_does_not_fit;
  const int at = static_cast<int>(axis);
  place_b(b, trimmed, at, rank_a, r->b);
  for (int i = 0; i < trimmed; ++i)
    if (b[i] != a[at + i] && b[i] != 1) conflict(r, at + i);
  if (r->conflicts != 0) return Status::incompatible;
  a_is_output(a, rank_a, r);
  return Status::ok;
}

Status onnx_legacy(const size_t* a, int rank_a, const size_t* b, int rank_b, bool has_axis, int64_t axis,
                   Broadcast* r) {
  r->rank = rank_a;
  copy_dims(a, rank_a, r->a);
  const int64_t start = !has_axis ? rank_a - rank_b : axis < 0 ? axis + rank_a : axis;
  r->start_b = static_cast<int>(start < -kMaxRank ? -kMaxRank : start > kMaxRank ? kMaxRank : start);
  if (has_axis && (axis < -rank_a || axis >= rank_a + (rank_a == 0 ? 1 : 0))) return Status::bad_axis;
  if (rank_b > rank_a) return Status::b_does_not_fit;
  // A scalar in any rank needs no axis. (Testing the product for 1 would be wrong: dims of up
  // to 2^32 - 1 can multiply to 1 modulo 2^32.)
  if (all_ones(b, rank_b)) {
    r->start_b = rank_a - rank_b;
    place_b(b, 0, 0, rank_a, r->b);
    a_is_output(a, rank_a, r);
    return Status::ok;
  }
  if (start + rank_b > rank_a) return Status::b_does_not_fit;
  const int at = static_cast<int>(start);
  place_b(b, rank_b, at, rank_a, r->b);
  for (int i = 0; i < rank_b; ++i)
    if (b[i] != a[at + i]) conflict(r, at + i);  // "1-dim expansion doesn't work yet": dims must be equal
  if (r->conflicts != 0) return Status::incompatible;
  a_is_output(a, rank_a, r);
  return Status::ok;
}

}  // namespace

size_t element_count(const size_t* dims, int rank) {
  size_t n = 1;
  for (int i = 0; i < rank; ++i) n *= dims[i];
  return n;
}

bool checked_element_count(const size_t* dims, int rank, size_t* count) {
  size_t n = 1;
  bool overflow = false;
  for (int i = 0; i < rank; ++i) {
    if (dims[i] == 0) {
      *count = 0;
      return true;
    }
    overflow |= __builtin_mul_overflow(n, dims[i], &n);
  }
  *count = n;
  return !overflow;
}

Status broadcast_shapes(const BroadcastSpec& spec, const size_t* a, int rank_a, const size_t* b, int rank_b,
                        Broadcast* r) {
  *r = Broadcast{};
  if (rank_a < 0 || rank_b < 0 || rank_a > kMaxRank || rank_b > kMaxRank) return Status::rank_too_large;
  switch (spec.mode) {
    case BroadcastMode::none: return identical(a, rank_a, b, rank_b, r);
    case BroadcastMode::numpy: return numpy(a, rank_a, b, rank_b, r);
    case BroadcastMode::pdpd: return pdpd(a, rank_a, b, rank_b, spec.has_axis ? spec.axis : -1, r);
    case BroadcastMode::onnx_legacy: return onnx_legacy(a, rank_a, b, rank_b, spec.has_axis, spec.axis, r);
  }
  return Status::bad_axis;
}

}  // namespace tensorwise
