#!/usr/bin/env bash
# Builds the libFuzzer target with clang (ASan + UBSan) and runs it for $1 seconds (default 60)
# from the seed corpus in tests/fuzz/corpus; new inputs go to build/fuzz/corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
CC=clang CXX=clang++ cmake -S . -B build/fuzz -DTENSORWISE_FUZZ=ON -DTENSORWISE_BUILD_TESTS=OFF \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build/fuzz -j2 --target tensorwise_fuzz
mkdir -p build/fuzz/corpus
log=build/fuzz/last-run.log
status=0
./build/fuzz/tensorwise_fuzz -max_total_time="$seconds" -print_final_stats=1 build/fuzz/corpus tests/fuzz/corpus \
  >"$log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
  tail -n 60 "$log"
  echo "fuzz: the fuzzer failed (exit $status); the crashing input is saved as crash-* in $(pwd)"
  exit "$status"
fi
grep -E "^(Done|stat::number_of_executed_units|stat::new_units_added)" "$log"
