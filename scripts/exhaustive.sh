#!/usr/bin/env bash
# Checks the float16 SIMD kernels against the scalar reference on all 2^32 input pairs (about a
# minute per op under Node), and the conversion kernels on every input (2^32 float32 each way
# into a narrow float). Arguments name the checks to run (float16_pairs, conversions); none: all.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/wasm -j2 --target tensorwise_exhaustive
node build/wasm/tensorwise_exhaustive.cjs "$@"
