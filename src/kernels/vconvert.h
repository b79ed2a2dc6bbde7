// Conversion micro-kernels: each converts one contiguous run of n elements from one dtype to
// another, as cast.h's rules say, and knows nothing of shapes.
#pragma once

#include <cstddef>

#include "../dtype.h"

namespace tensorwise {

// y[i] = x[i] converted, for i < n. x and y do not overlap.
using vconvert_ukernel = void (*)(size_t n, const void* x, void* y);

// The SIMD kernel conversion_list.inc lists for the pair where the build has SIMD, else nullptr.
vconvert_ukernel select_conversion(DType from, DType to);

// The same over elements `stride` apart in x (a small constant stride the list names: pixels of
// an interleaved image), or nullptr.
vconvert_ukernel select_strided_conversion(DType from, DType to, size_t stride);

// Any conversion casts(from, to) allows (cast.h): the listed kernel, else the scalar reference.
void convert(DType from, DType to, size_t n, const void* x, void* y);

}  // namespace tensorwise
