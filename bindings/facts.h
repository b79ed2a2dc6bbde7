// What the core is, as the JS layer needs to know it: its lists (dtypes, dtype kinds, ops,
// statuses, broadcast modes, scratch fields), every dtype's and op's facts, its limits and the
// scratch area's layout, all expanded from the lists in src/ at compile time. Two programs use
// it: the module (bindings/binding.cc), which exports only their hash (tw_abi_hash), and the
// facts program (bindings/facts_main.cc), which prints them for scripts/wasm-interface.mjs to
// write into dist/wasm-interface.js. init() reads the facts from there and checks the module's
// hash against theirs: one call, not one per fact.
//
//   dtype facts   size, kind (a DTypeKind), mantissa_bits and exponent_bits (floats' formats; 0
//                 for integers)
//   op facts      commutes, divides, floors (0 or 1), floor_twin (an Op), arity (1 or 2), domain
//                 (the dtype kinds it takes: bit k for DTypeKind k)
//   limits        max_rank, dim_bits (a dim is below 2^dim_bits), tile_align_bytes,
//                 memory_initial_pages, memory_maximum_pages, max_inputs, max_literals, max_nodes,
//                 literal_base, node_base (a program's values), plan_bytes
//   scratch       each field's word offset in the scratch area (bindings/binding.cc says what
//                 each field holds)
//
// A name's code is its place in its list, as the enums number them; kNames names them all, list
// by list: "DType:float32,float64,...;Op:mul,...".
#pragma once

#include <cstdint>

#include "broadcast.h"
#include "dtype.h"
#include "ops.h"
#include "plan.h"
#include "status.h"

namespace tensorwise::abi {

// X(field, words)
#define TW_SCRATCH_FIELDS(X)                                                                               \
  X(dtype, 1) X(store_dtype, 1) X(inputs, 1) X(literals, 1) X(nodes, 1) X(result, 1) X(reduction, 1) X(reduce_axes, 1) X(input_dtypes, kMaxInputs) \
  X(node_words, kMaxNodes) X(literal_words, 2 * kMaxLiterals) X(ranks, kMaxInputs) X(strided, kMaxInputs) \
  X(dims, kMaxInputs * kMaxRank) X(strides, kMaxInputs * kMaxRank) X(mode, 1) X(has_axis, 1) X(axis, 1)  \
  X(out_rank, 1) X(conflict, 1) X(out_dims, kMaxRank) X(workspace_bytes, 1) X(row, 1) X(align, 1)         \
  X(heavy, 1) X(rows, 1) X(aligned_rank, 1) X(start_a, 1) X(start_b, 1) X(conflicts, 1) X(aligned_a, kMaxRank)       \
  X(aligned_b, kMaxRank) X(bases, kMaxInputs + 1) X(probe, 2)

// The fields, and each one's word offset: the sum of the sizes before it, summed once into a table
// (offset_of(count_of_fields) is the area's size).
enum class Field : int {
#define TW_ENUM(name, words) name,
  TW_SCRATCH_FIELDS(TW_ENUM)
#undef TW_ENUM
  count_of_fields
};
struct FieldOffsets {
  int at[static_cast<int>(Field::count_of_fields) + 1];
};
constexpr FieldOffsets field_offsets() {
  constexpr int kFieldWords[] = {
#define TW_WORDS(name, words) words,
      TW_SCRATCH_FIELDS(TW_WORDS)
#undef TW_WORDS
  };
  FieldOffsets o{};
  for (int i = 0; i < static_cast<int>(Field::count_of_fields); ++i) o.at[i + 1] = o.at[i] + kFieldWords[i];
  return o;
}
constexpr FieldOffsets kFieldOffsets = field_offsets();
constexpr int offset_of(Field f) { return kFieldOffsets.at[static_cast<int>(f)]; }

// The facts of each dtype and op, and the limits, by name (kNames lists them).
#define TW_DTYPE_FACTS(X) X(size) X(kind) X(mantissa_bits) X(exponent_bits)
#define TW_OP_FACTS(X) X(commutes) X(divides) X(floors) X(floor_twin) X(arity) X(domain)
#define TW_LIMITS(X)                                                                                          \
  X(max_rank) X(dim_bits) X(tile_align_bytes) X(memory_initial_pages) X(memory_maximum_pages) X(max_inputs) \
  X(max_literals) X(max_nodes) X(literal_base) X(node_base) X(plan_bytes)
#define TW_ENUM(name) name,
enum class DTypeFact : int { TW_DTYPE_FACTS(TW_ENUM) };
enum class OpFact : int { TW_OP_FACTS(TW_ENUM) };
enum class Limit : int { TW_LIMITS(TW_ENUM) };
#undef TW_ENUM

template <class T>
constexpr uint32_t dtype_fact(DTypeFact fact) {
  switch (fact) {
    case DTypeFact::size: return sizeof(T);
    case DTypeFact::kind: return static_cast<uint32_t>(kind_of_ctype<T>);
    case DTypeFact::mantissa_bits: return static_cast<uint32_t>(mantissa_bits<T>());
    case DTypeFact::exponent_bits: return static_cast<uint32_t>(exponent_bits<T>());
  }
  return UINT32_MAX;
}

template <Op O>
constexpr uint32_t op_fact(OpFact fact) {
  using F = functor_of<O>;
  switch (fact) {
    case OpFact::commutes: return F::kCommutes;
    case OpFact::divides: return F::kDivision;
    case OpFact::floors: return F::kFloorDivision;
    case OpFact::floor_twin: return static_cast<uint32_t>(floor_twin<O>());
    case OpFact::arity: return static_cast<uint32_t>(F::kArity);
    case OpFact::domain: return F::kDomain;
  }
  return UINT32_MAX;
}

// Every fact of every dtype and op, in tables made at compile time by the functions above.
#define TW_COUNT(...) +1
template <uint32_t kFacts>
struct Facts {
  uint32_t of[kFacts];
};
constexpr uint32_t kDTypeFacts = 0 TW_DTYPE_FACTS(TW_COUNT);
constexpr uint32_t kOpFacts = 0 TW_OP_FACTS(TW_COUNT);
#undef TW_COUNT
template <class T>
constexpr Facts<kDTypeFacts> dtype_facts() {
  Facts<kDTypeFacts> f{};
  for (uint32_t i = 0; i < kDTypeFacts; ++i) f.of[i] = dtype_fact<T>(static_cast<DTypeFact>(i));
  return f;
}
template <Op O>
constexpr Facts<kOpFacts> op_facts() {
  Facts<kOpFacts> f{};
  for (uint32_t i = 0; i < kOpFacts; ++i) f.of[i] = op_fact<O>(static_cast<OpFact>(i));
  return f;
}
constexpr Facts<kDTypeFacts> kDTypeFactTable[] = {
#define TW_ROW(name, ctype, kind, js) dtype_facts<ctype>(),
    TW_DTYPES(TW_ROW)
#undef TW_ROW
};
constexpr Facts<kOpFacts> kOpFactTable[] = {
#define TW_ROW(name, functor) op_facts<Op::name>(),
    TW_OPS(TW_ROW)
#undef TW_ROW
};

constexpr uint32_t kLimits = 0
#define TW_COUNT(...) +1
    TW_LIMITS(TW_COUNT)
#undef TW_COUNT
    ;
constexpr uint32_t limit_value(Limit limit) {
  switch (limit) {
    case Limit::max_rank: return kMaxRank;
    case Limit::dim_bits: return 32;  // dims are scratch words (uint32)
    case Limit::tile_align_bytes: return kTileAlignBytes;
    case Limit::memory_initial_pages: return TW_MEMORY_INITIAL_BYTES / 65536;
    case Limit::memory_maximum_pages: return static_cast<uint32_t>(TW_MEMORY_MAXIMUM_BYTES / 65536);
    case Limit::max_inputs: return kMaxInputs;
    case Limit::max_literals: return kMaxLiterals;
    case Limit::max_nodes: return kMaxNodes;
    case Limit::literal_base: return kLiteralBase;
    case Limit::node_base: return kNodeBase;
    case Limit::plan_bytes: return sizeof(Plan);
  }
  return UINT32_MAX;
}

// Every list's names, in order: "List:name,name,...;" (see the top of this file).
#define TW_NAME(name, ...) #name ","
#define TW_DTYPE_NAME(name, ctype, kind, js) #js ","
constexpr char kNames[] =
    "DType:" TW_DTYPES(TW_DTYPE_NAME) ";DTypeKind:" TW_DTYPE_KINDS(TW_NAME)
    ";Op:" TW_OPS(TW_NAME) ";Reduction:" TW_REDUCTIONS(TW_NAME) ";Status:" TW_STATUSES(TW_NAME) ";BroadcastMode:" TW_BROADCAST_MODES(TW_NAME)
    ";DTypeFact:" TW_DTYPE_FACTS(TW_NAME) ";OpFact:" TW_OP_FACTS(TW_NAME) ";Limit:" TW_LIMITS(TW_NAME)
    ";ScratchField:" TW_SCRATCH_FIELDS(TW_NAME);
#undef TW_NAME
#undef TW_DTYPE_NAME

// FNV-1a over every name and fact, in a fixed order: what the module and the facts program agree on.
constexpr uint32_t mix(uint32_t h, uint32_t byte) { return (h ^ byte) * 16777619u; }
constexpr uint32_t mix_word(uint32_t h, uint32_t w) {
  for (int i = 0; i < 4; ++i) h = mix(h, (w >> (8 * i)) & 0xFF);
  return h;
}
constexpr uint32_t abi_hash() {
  uint32_t h = 2166136261u;
  for (char c : kNames) h = mix(h, static_cast<unsigned char>(c));
  for (const auto& row : kDTypeFactTable)
    for (uint32_t v : row.of) h = mix_word(h, v);
  for (const auto& row : kOpFactTable)
    for (uint32_t v : row.of) h = mix_word(h, v);
  for (uint32_t i = 0; i < kLimits; ++i) h = mix_word(h, limit_value(static_cast<Limit>(i)));
  for (int i = 0; i < static_cast<int>(Field::count_of_fields); ++i) h = mix_word(h, static_cast<uint32_t>(offset_of(static_cast<Field>(i))));
  return h;
}
constexpr uint32_t kAbiHash = abi_hash();

}  // namespace tensorwise::abi
