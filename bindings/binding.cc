// What web/ needs of the core, and nothing else: validation, errors and the public API live in
// web/; this file marshals, and says what the core is.
//
// The facts, read by web/abi.js at init() (so JS copies none), all expanded from the lists in
// src/: Embind enums name every code (DType, DTypeKind, Arithmetic, Op, Status, BroadcastMode, ScratchArg,
// ScratchField) and every fact (DTypeFact, OpFact, Limit), and four plain exports look facts up:
//   tw_dtype_fact(dtype, DTypeFact)   size, kind (a DTypeKind), mantissa_bits and exponent_bits
//                                     (floats' formats; 0 for integers), onnx_since
//   tw_op_fact(op, OpFact)            commutes, divides, floors (0 or 1), floor_twin (an Op),
//                                     arithmetic (an Arithmetic), zero_quotient (an integer x/0)
//   tw_limit(Limit)                   max_rank, dim_bits (a dim is below 2^dim_bits), tile_align_bytes, memory_initial_pages,
//                                     memory_maximum_pages
//   tw_scratch_field(ScratchField)    the field's word offset in the scratch area (below)
// each returning kUnknown for a code it does not know. (Lookups rather than an Embind constant
// per fact: a registered constant costs its name and a call in the binary, and there would be
// a hundred.)
//
// The calls (tw_*) take their arguments from the scratch area, where web/engine.js writes them
// first. They are plain wasm exports (EMSCRIPTEN_KEEPALIVE), not Embind functions, whose
// eval-free invoker costs several times more per call (docs/performance.md, "Where the time
// goes"); tiny ops make two.
// A call composes what src/binary.h's binary() composes, in the same order: plan, then the
// divisors when asked, then ranges of the output. tw_convert (a run of elements from one dtype to
// another, src/kernels/conversion_list.inc) takes plain arguments, as tw_zero and tw_move do:
// it needs no plan, and its dtypes are the DType codes.
//
// Scratch layout (32-bit words, in this order; tw_scratch_field gives each one's offset):
//   rank_a, rank_b, dims_a (kMaxRank), dims_b (kMaxRank), strided_a, strided_b (1 when the
//   input is a strided view), strides_a, strides_b (kMaxRank, int32 elements, read when strided):
//   written by JS;
//   written back by tw_plan: out_rank, conflict (axis or -1), row (the plan's row length), heavy
//   (1 when its arithmetic is heavy: ops.h), out_dims (kMaxRank); and, also when the shapes do
//   not broadcast (broadcastShapes' explain: true), how they align: aligned_rank, start_a and
//   start_b (int32: where each one's first dim stands among the output's axes), conflicts (bit i
//   for every conflicting axis i), aligned_a and aligned_b (each input's dims at each axis);
//   args + ScratchArg: op, dtype, mode, has_axis, axis (tw_plan); a, b, y (tw_run_range, which
//   takes begin and end as arguments); b, count (tw_check_divisors);
//   probe, probe + 1: two words web/memory.js writes and reads back through a buffer to tell
//   whether that buffer is this memory.
#include <emscripten/bind.h>
#include <emscripten/emmalloc.h>
#include <emscripten/emscripten.h>

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "binary.h"
#include "broadcast.h"
#include "dtype.h"
#include "kernels/vbinary.h"
#include "kernels/vconvert.h"
#include "ops.h"
#include "status.h"

namespace {

using namespace tensorwise;

// The arguments' words after `args`, in this order.
#define TW_SCRATCH_ARGS(X) X(op) X(dtype) X(mode) X(has_axis) X(axis) X(a) X(b) X(y) X(count)
enum class Arg : int {
#define TW_ENUM(name) name,
  TW_SCRATCH_ARGS(TW_ENUM)
#undef TW_ENUM
  count_of_args
};

// X(field, words)
#define TW_SCRATCH_FIELDS(X)                                                                    \
  X(rank_a, 1) X(rank_b, 1) X(dims_a, kMaxRank) X(dims_b, kMaxRank) X(strided_a, 1) X(strided_b, 1) \
  X(strides_a, kMaxRank) X(strides_b, kMaxRank) X(out_rank, 1) X(conflict, 1)                     \
  X(row, 1) X(heavy, 1) X(out_dims, kMaxRank) X(aligned_rank, 1) X(start_a, 1) X(start_b, 1)      \
  X(conflicts, 1) X(aligned_a, kMaxRank) X(aligned_b, kMaxRank)                                   \
  X(args, static_cast<int>(Arg::count_of_args)) X(probe, 2)

// Each field's word offset: the sum of the sizes before it.
enum class Field : int {
#define TW_ENUM(name, words) name,
  TW_SCRATCH_FIELDS(TW_ENUM)
#undef TW_ENUM
  count_of_fields
};
constexpr int kFieldWords[] = {
#define TW_WORDS(name, words) words,
    TW_SCRATCH_FIELDS(TW_WORDS)
#undef TW_WORDS
};
constexpr int offset_of(Field f) {
  int offset = 0;
  for (int i = 0; i < static_cast<int>(f); ++i) offset += kFieldWords[i];
  return offset;
}
uint32_t g_scratch[offset_of(Field::count_of_fields)];

uint32_t& word(Field f, int i = 0) { return g_scratch[offset_of(f) + i]; }
uint32_t arg(Arg a) { return word(Field::args, static_cast<int>(a)); }

// The plan of the last tw_plan, run by tw_run_range: one broadcast per call, however many
// ranges, on however many threads (workers of the threaded build read it, and the pointers in
// the scratch area, from the shared memory; the calling thread changes neither while they run).
BinaryPlan g_plan;
Op g_op;
DType g_dtype;

// A strided input's strides from the scratch area (int32 words).
const ptrdiff_t* read_strides(Field f, int rank, ptrdiff_t* into) {
  for (int i = 0; i < rank; ++i) into[i] = static_cast<int32_t>(word(f, i));
  return into;
}

bool known_dtype(uint32_t code) { return code < static_cast<uint32_t>(kDTypeCount); }

bool known_mode(uint32_t code) {
#define TW_CASE(name) if (code == static_cast<uint32_t>(BroadcastMode::name)) return true;
  TW_BROADCAST_MODES(TW_CASE)
#undef TW_CASE
  return false;
}

// The facts tw_dtype_fact, tw_op_fact and tw_limit look up, by name (Embind enums).
#define TW_DTYPE_FACTS(X) X(size) X(kind) X(mantissa_bits) X(exponent_bits) X(onnx_since)
#define TW_OP_FACTS(X) X(commutes) X(divides) X(floors) X(floor_twin) X(arithmetic) X(zero_quotient)
#define TW_LIMITS(X) X(max_rank) X(dim_bits) X(tile_align_bytes) X(memory_initial_pages) X(memory_maximum_pages)
#define TW_ENUM(name) name,
enum class DTypeFact : int { TW_DTYPE_FACTS(TW_ENUM) };
enum class OpFact : int { TW_OP_FACTS(TW_ENUM) };
enum class Limit : int { TW_LIMITS(TW_ENUM) };
#undef TW_ENUM

constexpr uint32_t kUnknown = UINT32_MAX;

template <class T>
uint32_t dtype_fact(DTypeFact fact, uint32_t onnx_since) {
  switch (fact) {
    case DTypeFact::size: return sizeof(T);
    case DTypeFact::kind: return static_cast<uint32_t>(kind_of_ctype<T>);
    case DTypeFact::mantissa_bits: return static_cast<uint32_t>(mantissa_bits<T>());
    case DTypeFact::exponent_bits: return static_cast<uint32_t>(exponent_bits<T>());
    case DTypeFact::onnx_since: return onnx_since;
  }
  return kUnknown;
}

template <Op O>
uint32_t op_fact(OpFact fact) {
  using F = functor_of<O>;
  switch (fact) {
    case OpFact::commutes: return F::kCommutes;
    case OpFact::divides: return F::kDivision;
    case OpFact::floors: return F::kFloorDivision;
    case OpFact::floor_twin: return static_cast<uint32_t>(floor_twin<O>());
    case OpFact::arithmetic: return static_cast<uint32_t>(F::kArithmetic);
    case OpFact::zero_quotient: return static_cast<uint32_t>(F::kZeroQuotient);
  }
  return kUnknown;
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE uint32_t tw_dtype_fact(uint32_t dtype, uint32_t fact) {
  switch (dtype) {
#define TW_CASE(name, ctype, kind, js, onnx) \
  case static_cast<uint32_t>(DType::name): return dtype_fact<ctype>(static_cast<DTypeFact>(fact), onnx);
    TW_DTYPES(TW_CASE)
#undef TW_CASE
  }
  return kUnknown;
}

EMSCRIPTEN_KEEPALIVE uint32_t tw_op_fact(uint32_t op, uint32_t fact) {
  switch (op) {
#define TW_CASE(name, functor) case static_cast<uint32_t>(Op::name): return op_fact<Op::name>(static_cast<OpFact>(fact));
    TW_OPS(TW_CASE)
#undef TW_CASE
  }
  return kUnknown;
}

EMSCRIPTEN_KEEPALIVE uint32_t tw_limit(uint32_t limit) {
  switch (static_cast<Limit>(limit)) {
    case Limit::max_rank: return kMaxRank;
    case Limit::dim_bits: return 32;  // dims are scratch words (uint32); UINT32_MAX means unknown here
    case Limit::tile_align_bytes: return kTileAlignBytes;
    case Limit::memory_initial_pages: return TW_MEMORY_INITIAL_BYTES / 65536;
    case Limit::memory_maximum_pages: return static_cast<uint32_t>(TW_MEMORY_MAXIMUM_BYTES / 65536);
  }
  return kUnknown;
}

EMSCRIPTEN_KEEPALIVE uint32_t tw_scratch_field(uint32_t field) {
  return field < static_cast<uint32_t>(Field::count_of_fields) ? offset_of(static_cast<Field>(field)) : kUnknown;
}


EMSCRIPTEN_KEEPALIVE uintptr_t tw_scratch() { return reinterpret_cast<uintptr_t>(g_scratch); }

// Broadcasts the shapes in the scratch area and plans the op: writes the output shape (also when
// it is too large to compute, for broadcastShapes) or the conflict back.
EMSCRIPTEN_KEEPALIVE int tw_plan() {
  g_plan = BinaryPlan{};
  word(Field::out_rank) = 0;
  word(Field::conflict) = static_cast<uint32_t>(-1);
  const int rank_a = static_cast<int>(word(Field::rank_a)), rank_b = static_cast<int>(word(Field::rank_b));
  if (rank_a > kMaxRank || rank_b > kMaxRank) return static_cast<int>(Status::rank_too_large);
  if (!known_op(arg(Arg::op)) || !known_dtype(arg(Arg::dtype)) || !known_mode(arg(Arg::mode)))
    return static_cast<int>(Status::invalid_call);
  size_t a[kMaxRank], b[kMaxRank];
  for (int i = 0; i < rank_a; ++i) a[i] = word(Field::dims_a, i);
  for (int i = 0; i < rank_b; ++i) b[i] = word(Field::dims_b, i);
  const BroadcastSpec spec{static_cast<BroadcastMode>(arg(Arg::mode)), arg(Arg::has_axis) != 0,
                           static_cast<int32_t>(arg(Arg::axis))};
  Broadcast r;
  Status s = broadcast_shapes(spec, a, rank_a, b, rank_b, &r);
  word(Field::conflict) = static_cast<uint32_t>(r.conflict_axis);
  word(Field::aligned_rank) = static_cast<uint32_t>(r.rank);
  word(Field::start_a) = static_cast<uint32_t>(r.start_a);
  word(Field::start_b) = static_cast<uint32_t>(r.start_b);
  word(Field::conflicts) = r.conflicts;
  for (int i = 0; i < r.rank; ++i) {
    word(Field::aligned_a, i) = static_cast<uint32_t>(r.a[i]);
    word(Field::aligned_b, i) = static_cast<uint32_t>(r.b[i]);
  }
  if (s != Status::ok) return static_cast<int>(s);
  word(Field::out_rank) = static_cast<uint32_t>(r.rank);
  for (int i = 0; i < r.rank; ++i) word(Field::out_dims, i) = static_cast<uint32_t>(r.out[i]);
  g_op = static_cast<Op>(arg(Arg::op));
  g_dtype = static_cast<DType>(arg(Arg::dtype));
  ptrdiff_t strides_a[kMaxRank], strides_b[kMaxRank];
  InputStrides strides;
  if (word(Field::strided_a) != 0) strides.a = read_strides(Field::strides_a, rank_a, strides_a);
  if (word(Field::strided_b) != 0) strides.b = read_strides(Field::strides_b, rank_b, strides_b);
  s = plan_binary(g_op, g_dtype, r, &g_plan, strides);
  // The plan's rows (its innermost compressed run): a split between threads cuts whole rows, or
  // rows at multiples of kTileAlignBytes, so that every element takes the path it takes on one thread.
  word(Field::row) = g_plan.rank > 0 ? static_cast<uint32_t>(g_plan.size[0]) : 1;
  word(Field::heavy) = heavy_arithmetic(g_op, g_dtype) ? 1 : 0;
  return static_cast<int>(s);
}

// Output elements [begin, end) of the last plan, with the a, b and y of the scratch area. Plain
// arguments: a worker calls this export of its own instance (bindings/stack.S gives it a stack).
EMSCRIPTEN_KEEPALIVE int tw_run_range(uint32_t begin, uint32_t end) {
  if (begin > end || end > g_plan.count) return static_cast<int>(Status::invalid_call);
  run_binary(g_plan, arg(Arg::a), arg(Arg::b), arg(Arg::y), begin, end);
  return static_cast<int>(Status::ok);
}

// The last plan's divisors: the count elements at b. Status::division_by_zero when the plan
// divides integers, has an output, and one of them is zero.
// A strided b (the last plan's) is walked through its own dims and strides instead.
EMSCRIPTEN_KEEPALIVE int tw_check_divisors() {
  if (word(Field::strided_b) == 0)
    return static_cast<int>(check_divisors(g_plan, g_op, g_dtype, reinterpret_cast<const void*>(arg(Arg::b)), arg(Arg::count)));
  const int rank = static_cast<int>(word(Field::rank_b));
  size_t dims[kMaxRank];
  ptrdiff_t strides[kMaxRank];
  for (int i = 0; i < rank; ++i) dims[i] = word(Field::dims_b, i);
  read_strides(Field::strides_b, rank, strides);
  return static_cast<int>(check_strided_divisors(g_plan, g_op, g_dtype, arg(Arg::b), dims, strides, rank));
}

// Converts n elements at x, of dtype `from`, into y, of dtype `to` (the buffers do not overlap).
// Status::invalid_call for a pair conversion_list.inc does not list.
EMSCRIPTEN_KEEPALIVE int tw_convert(uint32_t from, uint32_t to, const void* x, void* y, size_t n) {
  const vconvert_ukernel kernel = known_dtype(from) && known_dtype(to)
      ? select_conversion(static_cast<DType>(from), static_cast<DType>(to)) : nullptr;
  if (kernel == nullptr) return static_cast<int>(Status::invalid_call);
  kernel(n, x, y);
  return static_cast<int>(Status::ok);
}

// Zeroes n bytes at p, and moves n bytes from src to dst (they may overlap): in wasm, where they
// are memory.fill and memory.copy (bulk memory), as fast on a shared memory as on another. From
// JS, V8 fills and copies a SharedArrayBuffer element by element or word by word.
EMSCRIPTEN_KEEPALIVE void tw_zero(void* p, size_t n) { memset(p, 0, n); }
EMSCRIPTEN_KEEPALIVE void tw_move(void* dst, const void* src, size_t n) { memmove(dst, src, n); }

// Bytes of wasm memory handed out by malloc and not yet freed (for the leak tests).
EMSCRIPTEN_KEEPALIVE size_t tw_memory_in_use() {
  return emmalloc_dynamic_heap_size() - emmalloc_free_dynamic_memory();
}

}  // extern "C"

EMSCRIPTEN_BINDINGS(tensorwise_abi) {
  using emscripten::enum_;
  enum_<DType> dtypes("DType");
#define TW_VALUE(name, ctype, kind, js, onnx) dtypes.value(#js, DType::name);
  TW_DTYPES(TW_VALUE)
#undef TW_VALUE
  enum_<Op> ops("Op");
#define TW_VALUE(name, functor) ops.value(#name, Op::name);
  TW_OPS(TW_VALUE)
#undef TW_VALUE
  // The lists whose names are the enum's own: X(name) gives E::name.
#define TW_NAMED(Enum, exported, LIST)        \
  {                                           \
    enum_<Enum> e(exported);                  \
    LIST(TW_VALUE)                            \
  }
#define TW_VALUE(name) e.value(#name, std::remove_reference_t<decltype(e)>::enum_type::name);
  TW_NAMED(DTypeKind, "DTypeKind", TW_DTYPE_KINDS)
  TW_NAMED(Arithmetic, "Arithmetic", TW_ARITHMETICS)
  TW_NAMED(Status, "Status", TW_STATUSES)
  TW_NAMED(BroadcastMode, "BroadcastMode", TW_BROADCAST_MODES)
  TW_NAMED(Arg, "ScratchArg", TW_SCRATCH_ARGS)
  TW_NAMED(DTypeFact, "DTypeFact", TW_DTYPE_FACTS)
  TW_NAMED(OpFact, "OpFact", TW_OP_FACTS)
  TW_NAMED(Limit, "Limit", TW_LIMITS)
#undef TW_VALUE
#define TW_VALUE(name, words) e.value(#name, Field::name);
  TW_NAMED(Field, "ScratchField", TW_SCRATCH_FIELDS)
#undef TW_VALUE
#undef TW_NAMED
}
