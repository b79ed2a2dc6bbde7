// Conversion micro-kernels: each converts one contiguous run of n elements from one dtype to
// another, and knows nothing of shapes.
#pragma once

#include <cstddef>

#include "../dtype.h"

namespace tensorwise {

// y[i] = x[i] converted, for i < n. x and y do not overlap.
using vconvert_ukernel = void (*)(size_t n, const void* x, void* y);

// The kernel of a conversion conversion_list.inc lists: SIMD where the build has it, else the
// scalar reference; nullptr for any other pair.
vconvert_ukernel select_conversion(DType from, DType to);

}  // namespace tensorwise
