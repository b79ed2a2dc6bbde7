#!/usr/bin/env bash
# Checks the float16 SIMD kernels against the scalar reference on all 2^32 input pairs (about a
# minute per op under Node), the conversion kernels on every input (2^32 float32 each way into a
# narrow float), and exp and log on every float32 (tests/exhaustive/math.cc; what the C library's
# double reference cannot call, tests/exhaustive/decide.py decides with Python's decimal and, with
# --write, keeps in tests/golden/math-hard.json), and float64 exp and log's largest error against
# exact arithmetic on a million inputs each (tests/exhaustive/float64-error.mjs, on the module
# scripts/build.sh makes). Arguments name the checks to run (float16_pairs, conversions, exp, log,
# float64; --write); none: all.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/wasm -j2 --target tensorwise_exhaustive
checks=() write=() float64=$(( $# == 0 ))
for a in "$@"; do
  case "$a" in --write) write=(--write) ;; float64) float64=1 ;; *) checks+=("$a") ;; esac
done
status=0
if [ $# -eq 0 ] || [ ${#checks[@]} -gt 0 ]; then
  node build/wasm/tensorwise_exhaustive.cjs "${checks[@]}" | python3 tests/exhaustive/decide.py "${write[@]}" || status=$?
fi
if [ "$float64" = 1 ]; then bash scripts/build.sh >/dev/null && node tests/exhaustive/float64-error.mjs || status=1; fi
exit $status
