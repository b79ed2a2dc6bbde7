// The loops that turn a vector function (or a kernel class) into the three kernels of an
// (op, dtype): op, opc and ropc (vbinary.h). A vector function's kernels are thin entries into
// one loop (run), not inlined into them, where a broadcast operand is its first element splatted
// into a vector on the stack and read there at every step (its step is 0); opc has a loop of its
// own with b splatted in a register, so that what the vector function derives from b (a float32
// divisor, a bfloat16's widening) is done once, out of the loop, except for the integer
// divisions: their opc shares op's loop (kSharedOpc below), for bytes (docs/performance.md, "The
// rest of the arithmetic family"). A run's last elements go through the vector function too (the
// last vector overlapping the one before, or, for a run shorter than a vector, copies padded to
// one: run_short), so a kernel holds no scalar copy of its op, every element gets a lane's bits
// whichever call computes it, and nothing is read or written past a buffer's end
// (docs/performance.md, "Kernels with no scalar tails"). kElements is the unroll, in elements
// per iteration (as XNNPACK's u16): a multiple of the lanes in a vector.
#pragma once

#include <wasm_simd128.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../vbinary.h"
#include "lanes.h"
#include "power_of_two.h"

namespace tensorwise::wasmsimd {

// An operand as the loops read it: its elements, and the step between vectors (0: broadcast, its
// first element splatted into `lanes`).
template <class T>
struct Operand {
  const T* at;
  size_t step;
  alignas(16) T lanes[16 / sizeof(T)];
  Operand(const void* p, bool broadcast) : at(static_cast<const T*>(p)), step(16 / sizeof(T)) {
    if (broadcast) {
      wasm_v128_store(lanes, splat<T>(p));
      at = lanes;
      step = 0;
    }
  }
};

// bytes from src to dst, as plain loads and stores (a memcpy of a size not known at compile time
// is wasm's memory.copy, which costs more for a few bytes). One copy for every kernel.
__attribute__((noinline, no_builtin("memcpy"))) inline void copy_bytes(void* dst, const void* src, size_t bytes) {
  for (size_t i = 0; i < bytes; ++i) static_cast<unsigned char*>(dst)[i] = static_cast<const unsigned char*>(src)[i];
}

using run_fn = void (*)(size_t bytes, const unsigned char* a, size_t step_a, const unsigned char* b, size_t step_b,
                        unsigned char* y);

// A run of fewer than 16 bytes: through the kernel's loop on copies padded with zeros to a vector.
// One copy for every kernel: not inlined.
__attribute__((noinline)) inline void run_short(size_t bytes, const unsigned char* a, size_t step_a, const unsigned char* b,
                                                size_t step_b, unsigned char* y, run_fn loop) {
  alignas(16) unsigned char pa[16] = {}, pb[16] = {}, py[16];
  if (step_a != 0) copy_bytes(pa, a, bytes);
  if (step_b != 0) copy_bytes(pb, b, bytes);
  loop(16, step_a != 0 ? pa : a, step_a, step_b != 0 ? pb : b, step_b, py);
  copy_bytes(y, py, bytes);
}

// The loop of a kernel, one per (dtype, vector function, b splatted): `bytes` of y from a and b
// (fewer than 16: run_short), each stepping 16 bytes a vector or 0 (a vector splatted on the stack). With
// kSplatB, b is splatted from its first element into a register, before the loop, so that what
// the vector function derives from b alone (a float32 divisor, a bfloat16's widening) is hoisted
// out of it. The last vector is computed first, from the inputs as they are before anything is
// stored (y may be a or b), and stored last: where bytes is not a multiple of 16 it overlaps the
// one before, whose elements it gives the same bits. So a run's tail goes through the vector
// function too, and no kernel holds a second, scalar, copy of its op.
template <class T, vec_fn V, size_t kUnroll, bool kSplatB, bool kOpOnly>
__attribute__((noinline)) void run(size_t bytes, const unsigned char* a, size_t step_a, const unsigned char* b,
                                   size_t step_b, unsigned char* y) {
  // A run of fewer than 16 bytes (n elements of a kernel's call: the check is here, once a loop,
  // not in each of the kernels that call it).
  if (bytes < 16) {
    if (bytes != 0) run_short(bytes, a, step_a, b, step_b, y, &run<T, V, kUnroll, kSplatB, kOpOnly>);
    return;
  }
  // The steps known where they are (opc's a, and both where only op runs this loop): constant
  // offsets and increments in the loop.
  if constexpr (kSplatB || kOpOnly) step_a = 16;
  if constexpr (kOpOnly) step_b = 16;
  const v128_t sb = kSplatB ? splat<T>(b) : wasm_i32x4_splat(0);
  const size_t at = bytes - 16;
  // The last vector's operands, read before anything is stored (y may be a or b). It is stored
  // last, at the end, overlapping the one before where bytes is not a multiple of 16. Unrolled
  // loops (the light ops') compute it first, with a copy of V of their own; the others, after the
  // loop, through the loop's own call of V (their V is the large one: one copy, not two).
  alignas(16) v128_t last[2] = {wasm_v128_load(a + (step_a != 0 ? at : 0)), kSplatB ? sb : wasm_v128_load(b + (step_b != 0 ? at : 0))};
  const v128_t first_last = kUnroll > 1 ? V(last[0], last[1]) : last[0];
  unsigned char* end = y + at;
  if constexpr (kUnroll > 1) {
    for (; end - y >= static_cast<ptrdiff_t>(16 * kUnroll); y += 16 * kUnroll) {
      // Unrolled by hand (the build turns off automatic unrolling to keep the binary small). Each
      // vector is stored after its own loads: y may be a or b, not overlap them otherwise.
#pragma clang loop unroll(full)
      for (size_t u = 0; u < kUnroll; ++u) {
        wasm_v128_store(y + 16 * u, V(wasm_v128_load(a + u * step_a), kSplatB ? sb : wasm_v128_load(b + u * step_b)));
      }
      a += kUnroll * step_a;
      b += kUnroll * step_b;
    }
  }
  for (bool tail = kUnroll > 1;; tail = true) {
    for (; y < end; y += 16) {
      wasm_v128_store(y, V(wasm_v128_load(a), kSplatB ? sb : wasm_v128_load(b)));
      a += step_a;
      b += step_b;
    }
    if (tail) break;
    a = reinterpret_cast<const unsigned char*>(&last[0]);
    b = reinterpret_cast<const unsigned char*>(&last[1]);
    y = end;
    end += 16;
  }
  if constexpr (kUnroll > 1) wasm_v128_store(end, first_last);
}

// Whether opc shares op's loop: the integer divisions, whose work per vector (through floats,
// or scalar for 64 bits) is large beside a broadcast divisor's conversions, redone per vector.
// Their opc loops and float16's (whose kernel classes always share: run_checked) were a third
// of the module's code.
// So does an op whose vector function is the same for every width (its functor's kWidthless, a
// trait like its domain), whose op loop then serves every dtype (run_kernel) with b splatted on
// the stack. And so does every dtype but float32 (whose broadcast patterns, outer products and
// rows scaled by a column, the goals measure): b read from the stack each vector instead of held
// in a register costs up to 1.3 x in cache (docs/performance.md), nothing from memory, and each
// loop kept was a second copy of a kernel.
template <class F, class = void>
constexpr bool kWidthless = false;
template <class F>
constexpr bool kWidthless<F, std::void_t<decltype(F::kWidthless)>> = F::kWidthless;
template <class T, class F>
constexpr bool kSharedOpc = (F::kDivision && std::is_integral_v<T>) || kWidthless<F> || !std::is_same_v<T, float>;

// A kernel: n elements, a or b broadcast (its first element splatted into a vector on the stack,
// or, with kSplatB, into a register by the loop).
template <class T, vec_fn V, size_t kUnroll, bool kSplatB, bool kOpOnly = false>
inline void run_kernel(size_t n, const void* a_, bool splat_a, const void* b_, bool splat_b, void* y_) {
  alignas(16) unsigned char lanes[16];
  const unsigned char* a = static_cast<const unsigned char*>(a_);
  const unsigned char* b = static_cast<const unsigned char*>(b_);
  unsigned char* y = static_cast<unsigned char*>(y_);
  if (splat_a) {
    wasm_v128_store(lanes, splat<T>(a));
    a = lanes;
  } else if (splat_b && !kSplatB) {
    wasm_v128_store(lanes, splat<T>(b));
    b = lanes;
  }
  const size_t step_a = splat_a ? 0 : 16, step_b = splat_b ? 0 : 16, bytes = n * sizeof(T);
  // The loop reads T only to splat b: the others are one loop for every dtype of a vector
  // function.
  using L = std::conditional_t<kSplatB, T, uint8_t>;
  run<L, V, kUnroll, kSplatB, kOpOnly>(bytes, a, step_a, b, step_b, y);
}

// The unroll U, in elements (kernel_list.inc), as whole vectors.
template <class T, size_t U>
constexpr size_t vectors() {
  static_assert(U * sizeof(T) % 16 == 0 && U != 0, "the unroll is whole vectors");
  return U * sizeof(T) / 16;
}

template <class T, class F, vec_fn V, size_t U>
void vop(size_t n, const void* a, const void* b, void* y) {
  // A commutative op has no ropc (kernels() below): its op runs a loop of its own.
  run_kernel<T, V, vectors<T, U>(), false, F::kCommutes && !kSharedOpc<T, F>>(n, a, false, b, false, y);
}
template <class T, class F, vec_fn V, size_t U>
void vopc(size_t n, const void* a, const void* b, void* y) {
  if (divide_by_power_of_two<T, F>(n, a, b, y)) return;
  run_kernel<T, V, vectors<T, U>(), !kSharedOpc<T, F>>(n, a, false, b, true, y);
}
template <class T, class F, vec_fn V, size_t U>
void vropc(size_t n, const void* a, const void* b, void* y) { run_kernel<T, V, vectors<T, U>(), false>(n, a, true, b, false, y); }

// Kernels with a fast path that may decline a vector: a class K with Constants, fast(), which
// returns a mask that is nonzero where it declines, and full(). The fast loop is a function of
// its own with no call inside, so V8 keeps its values in registers (a call inside a loop made it
// spill every register around the call); it returns how many elements it did, stopping at the
// first vector fast() declines, which the caller then does through full(). Broadcasts as in run().
template <class T, class K, size_t kElements>
__attribute__((noinline)) size_t run_fast(size_t n, const T* a, size_t step_a, const T* b, size_t step_b, T* y) {
  constexpr size_t kLanes = 16 / sizeof(T);
  static_assert(kElements % kLanes == 0, "the unroll is whole vectors");
  constexpr size_t kUnroll = kElements / kLanes;
  static_assert(sizeof(T) >= 2, "the opaque zero below needs n < 2^31");
  // Elements of 2 bytes or more in a 32-bit address space: n < 2^31, so this is 0, but LLVM
  // cannot know it and keeps the constants made from it in locals.
  const typename K::Constants c(static_cast<uint32_t>(n >> 31));
  size_t i = 0;
  for (; i + kElements <= n; i += kElements) {
    v128_t r[kUnroll];
    v128_t declined = wasm_i32x4_splat(0);
#pragma clang loop unroll(full)
    for (size_t u = 0; u < kUnroll; ++u) {
      const v128_t vb = wasm_v128_load(b + u * step_b);
      declined = wasm_v128_or(declined, K::fast(c, wasm_v128_load(a + u * step_a), vb, &r[u]));
    }
    if (wasm_v128_any_true(declined)) break;  // one test for the whole group
#pragma clang loop unroll(full)
    for (size_t u = 0; u < kUnroll; ++u) wasm_v128_store(y + i + u * kLanes, r[u]);
    a += kUnroll * step_a;
    b += kUnroll * step_b;
  }
  // The whole vectors left after an unrolled group (without an unroll, none: the loop above
  // stopped at the first vector fast() declined, which a second copy of it would only decline again).
  if constexpr (kUnroll > 1) {
    for (; i + kLanes <= n; i += kLanes) {
      v128_t r;
      if (wasm_v128_any_true(K::fast(c, wasm_v128_load(a), wasm_v128_load(b), &r))) break;
      wasm_v128_store(y + i, r);
      a += step_a;
      b += step_b;
    }
  }
  return i;
}

// Kernel classes serve heavy arithmetic only (float16, 64-bit division): op, opc and ropc share
// this loop, either operand broadcast through its Operand (a step of 0). One loop for every
// kernel class of T: the class's fast loop and full path are given to it (both out of line).
template <class T>
using fast_loop = size_t (*)(size_t n, const T* a, size_t step_a, const T* b, size_t step_b, T* y);
// The full path: `vectors` whole vectors, each operand stepping its bytes a vector (0: broadcast).
using full_loop = void (*)(size_t vectors, const unsigned char* a, size_t step_a, const unsigned char* b, size_t step_b,
                           unsigned char* y);

template <class T>
__attribute__((noinline)) void run_checked(size_t n, const void* a_, bool splat_a, const void* b_, bool splat_b, void* y_,
                                           fast_loop<T> fast, full_loop full) {
  constexpr size_t kLanes = 16 / sizeof(T);
  const Operand<T> oa(a_, splat_a);
  const Operand<T> ob(b_, splat_b);
  const T* a = oa.at;
  const T* b = ob.at;
  const size_t step_a = oa.step, step_b = ob.step;
  T* y = static_cast<T*>(y_);
  // After a declined vector the full path does a burst of vectors: one while the fast path makes
  // progress in between, twice as many each time it declines at once (data full of NaNs or of
  // float16 subnormal results would otherwise pay a call, and float32 subnormal arithmetic in
  // the fast path, for every vector).
  size_t burst = 1;
  for (;;) {
    const size_t done = fast(n, a, step_a, b, step_b, y);
    n -= done;
    if (step_a != 0) a += done;
    if (step_b != 0) b += done;
    y += done;
    if (n < kLanes) break;
    burst = done == 0 ? (burst < 256 ? 2 * burst : burst) : 1;
    const size_t vectors = burst < n / kLanes ? burst : n / kLanes;
    full(vectors, reinterpret_cast<const unsigned char*>(a), step_a * sizeof(T), reinterpret_cast<const unsigned char*>(b),
         step_b * sizeof(T), reinterpret_cast<unsigned char*>(y));
    n -= vectors * kLanes;
    a += vectors * step_a;
    b += vectors * step_b;
    y += vectors * kLanes;
  }
  // The last elements (fewer than a vector) through this same loop on copies padded with zeros
  // to a vector (a broadcast operand's lanes are already one): the kernel holds no scalar copy
  // of its op, and reads and writes nothing past a buffer.
  if (n != 0) {
    alignas(16) T pa[kLanes] = {}, pb[kLanes] = {}, py[kLanes];
    if (step_a != 0) copy_bytes(pa, a, n * sizeof(T));
    if (step_b != 0) copy_bytes(pb, b, n * sizeof(T));
    const T* va = step_a != 0 ? pa : a;
    const T* vb = step_b != 0 ? pb : b;
    if (fast(kLanes, va, step_a, vb, step_b, py) == 0) {
      full(1, reinterpret_cast<const unsigned char*>(va), 0, reinterpret_cast<const unsigned char*>(vb), 0,
           reinterpret_cast<unsigned char*>(py));
    }
    copy_bytes(y, py, n * sizeof(T));
  }
}

// The same names for both kinds: a vector function (vec_fn) or a kernel class.
template <class T, class F, class K, size_t U>
void vop(size_t n, const void* a, const void* b, void* y) { run_checked<T>(n, a, false, b, false, y, &run_fast<T, K, U>, &K::full); }
template <class T, class F, class K, size_t U>
void vopc(size_t n, const void* a, const void* b, void* y) {
  if (divide_by_power_of_two<T, F>(n, a, b, y)) return;
  run_checked<T>(n, a, false, b, true, y, &run_fast<T, K, U>, &K::full);
}
template <class T, class F, class K, size_t U>
void vropc(size_t n, const void* a, const void* b, void* y) { run_checked<T>(n, a, true, b, false, y, &run_fast<T, K, U>, &K::full); }

// The three kernels of (T, F) from a vector function or a kernel class; a commutative op has no
// ropc (the executor runs it as b ∘ a[0] through opc), a unary op only op (its node's operands are
// one value: both broadcast or neither).
template <class T, class F, vec_fn V, size_t U>
VBinaryKernels kernels() {
  if constexpr (F::kArity == 1) return {&vop<T, F, V, U>, nullptr, nullptr};
  else if constexpr (F::kCommutes) return {&vop<T, F, V, U>, &vopc<T, F, V, U>, nullptr};
  else return {&vop<T, F, V, U>, &vopc<T, F, V, U>, &vropc<T, F, V, U>};
}
template <class T, class F, class K, size_t U>
VBinaryKernels kernels() {
  if constexpr (F::kArity == 1) return {&vop<T, F, K, U>, nullptr, nullptr};
  else if constexpr (F::kCommutes) return {&vop<T, F, K, U>, &vopc<T, F, K, U>, nullptr};
  else return {&vop<T, F, K, U>, &vopc<T, F, K, U>, &vropc<T, F, K, U>};
}

}  // namespace tensorwise::wasmsimd
