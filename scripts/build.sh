#!/usr/bin/env bash
# Builds the shipped module dist/tensorwise.{js,wasm} with Emscripten (and, with --tests, the
# doctest suite as wasm too; with --bench, the benchmark's roofline module).
set -euo pipefail
cd "$(dirname "$0")/.."
# emcc's JS optimizer needs Debian's acorn, which Node does not look for by itself.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/wasm -j2 --target tensorwise tensorwise_mt tensorwise_facts
if [ "${1:-}" = "--tests" ]; then cmake --build build/wasm -j2 --target tensorwise_tests; fi
if [ "${1:-}" = "--bench" ]; then cmake --build build/wasm -j2 --target tensorwise_roofline; fi
# Each .wasm stamped with its version and build, and dist/wasm-interface.js, what init() checks a
# module against (each build's stamp, imports and exports): before anything imports web/.
node scripts/wasm-interface.mjs
# dist/index.d.ts and .d.cts from web/index.d.ts.in, the core just built and the op list; ops.js's
# exports and the README's table of the ops (each rewritten only when it changed).
node scripts/types.mjs
# The published files (dist/index.mjs, index.cjs, inline.mjs, inline.cjs, the .d.ts) from web/.
node scripts/bundle.mjs
# The demo as it is served (build/demo/): its modules bundled, importing dist/index.mjs.
node scripts/bundle-demo.mjs
