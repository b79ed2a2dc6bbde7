#!/usr/bin/env bash
# Every test: the C++ suite natively (ASan + UBSan) and as wasm under Node, then the JS suites
# (API, golden vectors, Chromium, and the npm pack tarball installed into a fresh project per
# bundler, runtime and test runner) under node --test, which prints the closing summary.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

echo "== doctest, native (ASan + UBSan)"
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Debug -DTENSORWISE_SANITIZE=ON >/dev/null
cmake --build build/native -j2
./build/native/tensorwise_tests

echo "== libFuzzer on the native core (bounded; npm run fuzz runs longer)"
bash scripts/fuzz.sh 15

echo "== doctest, wasm SIMD under Node"
bash scripts/build.sh --tests
node build/wasm/tensorwise_tests.cjs

# The exactness and hostile-input suites again on a set thread count (tests/js/threads-mode.js):
# the single-threaded build, then 2 threads with every op and expression of two chunks or more
# shared. Each with every built-in a caller can replace made a trap once the package has loaded
# (tests/js/trap-builtins.js): one reached while a call stages in wasm memory fails the suite.
# (The run below uses init()'s defaults, for the other test files.)
# The suites are the test files that say so on their first line; the hostile-input ones are
# tests/js/adversarial's and hostile.test.js.
MARK='// Run again in every thread pass of npm test'
mapfile -t SUITES < <(grep -l -- "^$MARK" tests/js/*.test.js tests/js/adversarial/*.test.js)
mapfile -t HOSTILE < <(grep -l -- "^$MARK" tests/js/hostile.test.js tests/js/adversarial/*.test.js)
for threads in 1 2; do
  echo "== node --test, $threads thread(s)"
  TW_THREADS=$threads node --import ./tests/js/threads-mode.js --import ./tests/js/trap-builtins.js \
    --test --test-concurrency=1 --test-reporter=dot "${SUITES[@]}"
done

# The hostile-input suites once more on 16 threads (the pool's most; the cores faked where the
# machine has fewer): every op shared between 16 threads, under the same traps.
echo "== node --test, 16 threads, hostile input"
TW_THREADS=16 node --import ./tests/js/threads-mode.js --import ./tests/js/trap-builtins.js \
  --test --test-concurrency=1 --test-reporter=dot "${HOSTILE[@]}"

echo "== node --test"
# One tarball for every ecosystem test (tests/ecosystem/helpers.js packs its own when run alone).
mkdir -p build/ecosystem/pack
rm -f build/ecosystem/pack/*.tgz
TW_TARBALL="$PWD/build/ecosystem/pack/$(npm pack --silent --pack-destination build/ecosystem/pack)"
export TW_TARBALL
# Every test file but the suites that ran above on 1 and 2 threads (and the hostile ones on 16):
# a third run of them on init()'s defaults took about 230 s and reached no path the forced
# thread counts do not (one thread; every op of two chunks or more shared).
mapfile -t REST < <(printf '%s\n' tests/js/*.test.js tests/js/adversarial/*.test.js | grep -vxF -f <(printf '%s\n' "${SUITES[@]}"))
node --test --test-concurrency=1 "${REST[@]}" tests/browser/*.test.js tests/ecosystem/*.test.js
