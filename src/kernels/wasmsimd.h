// The 128-bit wasm SIMD kernels, by family (kernel_list.inc names each (dtype, op)'s vector
// function and, above its group, the file it is in; conversion_list.inc the conversions').
#pragma once

#include "wasmsimd/chain.h"
#include "wasmsimd/conversions.h"
#include "wasmsimd/integer_division.h"
#include "wasmsimd/loops.h"
#include "wasmsimd/narrow_floats.h"
