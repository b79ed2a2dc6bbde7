// The exhaustive checks (npm run exhaustive), each returning how many results were wrong.
#pragma once

// Every pair of float16 values through every float16 kernel kernel_list.inc lists.
unsigned long check_float16_pairs();
// Every input of every conversion conversion_list.inc lists: 2^32 float32, or 2^16 narrow floats.
unsigned long check_conversions();
// exp and log of every float32 against the C library's double functions (decide.py decides the
// inputs too close to call).
unsigned long check_exp();
unsigned long check_log();
