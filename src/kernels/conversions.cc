// Conversions: the SIMD kernels conversion_list.inc names where the build has SIMD, and the
// scalar reference for every pair cast.h allows.
#include "../cast.h"
#include "reference.h"
#include "vconvert.h"
#ifdef __wasm_simd128__
#include "wasmsimd/conversions.h"
#endif

namespace tensorwise {

vconvert_ukernel select_conversion([[maybe_unused]] DType from, [[maybe_unused]] DType to) {
#ifdef __wasm_simd128__
#define TW_CONVERSION(f, t, kernel) \
  if (from == DType::f && to == DType::t) return &wasmsimd::kernel;
#include "conversion_list.inc"
#endif
  return nullptr;
}

vconvert_ukernel select_strided_conversion([[maybe_unused]] DType from, [[maybe_unused]] DType to,
                                           [[maybe_unused]] size_t stride) {
#ifdef __wasm_simd128__
#define TW_STRIDED_CONVERSION(f, t, s, kernel) \
  if (from == DType::f && to == DType::t && stride == s) return &wasmsimd::kernel;
#include "conversion_list.inc"
#endif
  return nullptr;
}

void convert(DType from, DType to, size_t n, const void* x, void* y) {
  const vconvert_ukernel kernel = select_conversion(from, to);
  if (kernel != nullptr) return kernel(n, x, y);
  reference::convert(from, to, n, x, y);
}

namespace reference {
namespace {

template <class T>
void widen_run(size_t n, const void* x, Wide* w) {
  const T* px = static_cast<const T*>(x);
  for (size_t i = 0; i < n; ++i) w[i] = widen(px[i]);
}

template <class T>
void narrow_run(size_t n, const Wide* w, WideKind kind, void* y) {
  T* py = static_cast<T*>(y);
  for (size_t i = 0; i < n; ++i) py[i] = narrow_wide<T>(w[i], kind);
}

using widen_fn = void (*)(size_t, const void*, Wide*);
using narrow_fn = void (*)(size_t, const Wide*, WideKind, void*);

}  // namespace

void convert(DType from, DType to, size_t n, const void* x, void* y) {
  widen_fn widen_of = nullptr;
  narrow_fn narrow_of = nullptr;
  WideKind kind = WideKind::floating;
  switch (from) {
#define TW_CASE(name, ctype, k, js) \
  case DType::name: widen_of = &widen_run<ctype>; kind = wide_kind<ctype>(); break;
    TW_DTYPES(TW_CASE)
#undef TW_CASE
  }
  switch (to) {
#define TW_CASE(name, ctype, k, js) \
  case DType::name: narrow_of = &narrow_run<ctype>; break;
    TW_DTYPES(TW_CASE)
#undef TW_CASE
  }
  constexpr size_t kPiece = 64;
  Wide w[kPiece];
  const size_t from_bytes = element_size(from), to_bytes = element_size(to);
  const unsigned char* px = static_cast<const unsigned char*>(x);
  unsigned char* py = static_cast<unsigned char*>(y);
  for (size_t done = 0; done < n; done += kPiece) {
    const size_t k = n - done < kPiece ? n - done : kPiece;
    widen_of(k, px + done * from_bytes, w);
    narrow_of(k, w, kind, py + done * to_bytes);
  }
}

}  // namespace reference
}  // namespace tensorwise
