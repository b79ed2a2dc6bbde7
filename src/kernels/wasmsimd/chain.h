// The chain kernel of a dtype (vchain.h): 128 bytes at a time, eight vectors held in registers
// through every link. A link is one case of a switch on its code (op and form), so a link costs
// one branch per eight vectors and its operand's loads, each feeding its vector's op at once.
// Operands are 128 bytes of memory a group reads: a run's bytes from the group's offset, or a
// group of the kernel's own (a single element splatted into eight vectors once per call, a slot a
// save filled), which stays in cache. A group is read before it is stored (y may be an input);
// the elements after the last whole group go through the same code on padded copies. As with the
// binary kernels' loops (loops.h), no element is computed another way, so an element's bits
// cannot depend on where a run starts or ends.
#pragma once

#include <wasm_simd128.h>

#include <cstddef>

#include "../vchain.h"
#include "lanes.h"
#include "loops.h"

namespace tensorwise::wasmsimd {

// The vector function kernel_list.inc gives (D, O), or nullptr (a kernel class, or no line):
// specialised where the list is expanded (dispatch.cc).
template <DType D, Op O>
struct vec_of {
  static constexpr vec_fn value = nullptr;
};
template <vec_fn V>
constexpr vec_fn vector_fn() { return V; }
template <class K>
constexpr vec_fn vector_fn() { return nullptr; }

template <DType D, Op O>
constexpr vec_fn chain_fn = vec_of<canonical_dtype(O, D), canonical_op(O, D)>::value;

// Whether D's chain runs O.
template <DType D>
constexpr bool chain_runs(Op op) {
  switch (op) {
#define TW_CASE(name, functor) case Op::name: return chain_fn<D, Op::name> != nullptr;
    TW_OPS(TW_CASE)
#undef TW_CASE
  }
  return false;
}

// A link as a group reads it: its 128 bytes, and whether they step with the run.
struct GroupLink {
  const unsigned char* x;
  uint32_t code;
  bool steps;
};

// Eight vectors: r[u] = F(r[u], u's byte offset), written out (the build does not unroll loops,
// and the eight must stay in registers).
#define TW_CHAIN8(F) \
  r0 = F(r0, 0), r1 = F(r1, 16), r2 = F(r2, 32), r3 = F(r3, 48), r4 = F(r4, 64), r5 = F(r5, 80), r6 = F(r6, 96), r7 = F(r7, 112)

// The links over `bytes` (whole groups of 128) from byte 0.
template <DType D>
__attribute__((noinline)) void run_chain_groups(size_t bytes, const GroupLink* links, int count, unsigned char* y) {
  for (size_t off = 0; off < bytes; off += 128) {
    v128_t r0, r1, r2, r3, r4, r5, r6, r7;
    for (const GroupLink *l = links, *end = links + count; l != end; ++l) {
      const unsigned char* p = l->x + (l->steps ? off : 0);
      switch (l->code) {
        case chain_code(Op::mul, Form::load):
          TW_CHAIN8([&](v128_t, size_t o) { return wasm_v128_load(p + o); });
          break;
        case chain_code(Op::mul, Form::save): {
          unsigned char* q = const_cast<unsigned char*>(p);
          TW_CHAIN8([&](v128_t r, size_t o) { wasm_v128_store(q + o, r); return r; });
          break;
        }
#define TW_CASE(name, functor)                                                  \
  case chain_code(Op::name, Form::acc_acc): /* a unary op of acc, or a square */ \
    if constexpr (chain_fn<D, Op::name> != nullptr && (functor::kArity == 1 || Op::name == Op::mul)) { \
      constexpr vec_fn V = chain_fn<D, Op::name>;                               \
      TW_CHAIN8([&](v128_t r, size_t) { return V(r, r); });                     \
    }                                                                           \
    break;                                                                      \
  case chain_code(Op::name, Form::acc_x):                                       \
    if constexpr (chain_fn<D, Op::name> != nullptr && functor::kArity == 2) {   \
      constexpr vec_fn V = chain_fn<D, Op::name>;                               \
      TW_CHAIN8([&](v128_t r, size_t o) { return V(r, wasm_v128_load(p + o)); }); \
    }                                                                           \
    break;                                                                      \
  case chain_code(Op::name, Form::x_acc):                                       \
    if constexpr (chain_fn<D, Op::name> != nullptr && functor::kArity == 2 && !functor::kCommutes) { \
      constexpr vec_fn V = chain_fn<D, Op::name>;                               \
      TW_CHAIN8([&](v128_t r, size_t o) { return V(wasm_v128_load(p + o), r); }); \
    }                                                                           \
    break;
          TW_OPS(TW_CASE)
#undef TW_CASE
        default:
          break;
      }
    }
    TW_CHAIN8([&](v128_t r, size_t o) { wasm_v128_store(y + off + o, r); return r; });
  }
}
#undef TW_CHAIN8

// n elements: the operands made 128-byte groups (a single element splatted, a slot's number made
// its address), then the whole groups, then the rest (under a group) through the same code on
// copies of the runs padded to a group (as loops.h's run_short does for the binary kernels): read
// after the groups were stored, but from elements no group wrote.
template <DType D>
void run_chain(size_t n, const Link* links, int count, unsigned char* y) {
  using T = ctype_of<D>;
  alignas(16) unsigned char slots[kMaxChainSlots][128];
  alignas(16) unsigned char groups[kMaxChainOperands][128];  // the single elements splatted, then the runs' padded rests
  const unsigned char* from[kMaxChainOperands];  // each group's source, and whether it is one element
  bool from_one[kMaxChainOperands];
  int made = 0;
  GroupLink g[kMaxChainLinks];
  // The group made of x (splatted, or its run's rest padded), made once per operand.
  const auto group = [&](const unsigned char* x, bool one, size_t at, size_t rest) {
    int k = 0;
    while (k < made && (from[k] != x || from_one[k] != one)) ++k;
    if (k == made) {
      from_one[made] = one;
      from[made++] = x;
      if (one) {
        const v128_t s = splat<T>(x);
        for (size_t o = 0; o < 128; o += 16) wasm_v128_store(groups[k] + o, s);
      } else {
        copy_bytes(groups[k], x + at, rest);
      }
    }
    return groups[k];
  };
  for (int j = 0; j < count; ++j) {
    const Link& l = links[j];
    g[j] = GroupLink{l.where == Where::slot ? slots[reinterpret_cast<uintptr_t>(l.x)] : l.x, l.code, l.where == Where::run};
    if (l.where == Where::one) g[j].x = group(l.x, true, 0, 0), g[j].steps = false;
  }
  const size_t bytes = n * sizeof(T);
  const size_t whole = bytes / 128 * 128;
  if (whole != 0) run_chain_groups<D>(whole, g, count, y);
  const size_t rest = bytes - whole;
  if (rest == 0) return;
  for (int j = 0; j < count; ++j) {
    if (g[j].steps) g[j].x = group(links[j].x, false, whole, rest), g[j].steps = false;
  }
  alignas(16) unsigned char py[128];
  run_chain_groups<D>(128, g, count, py);
  copy_bytes(y + whole, py, rest);
}

}  // namespace tensorwise::wasmsimd
