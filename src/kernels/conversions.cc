// (from, to) -> conversion kernel: the SIMD kernel conversion_list.inc names, where the build
// has SIMD, else the scalar reference.
#include "reference.h"
#include "vconvert.h"
#ifdef __wasm_simd128__
#include "wasmsimd/conversions.h"
#endif

namespace tensorwise {

vconvert_ukernel select_conversion(DType from, DType to) {
#ifdef __wasm_simd128__
#define TW_CONVERSION(f, t, kernel) \
  if (from == DType::f && to == DType::t) return &wasmsimd::kernel;
#else
#define TW_CONVERSION(f, t, kernel) \
  if (from == DType::f && to == DType::t) return &reference::convert<ctype_of<DType::f>, ctype_of<DType::t>>;
#endif
#include "conversion_list.inc"
  return nullptr;
}

}  // namespace tensorwise
