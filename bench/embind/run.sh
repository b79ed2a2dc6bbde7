#!/usr/bin/env bash
# Embind against plain wasm exports, the binding's two options, measured on the same eight
# functions of the binding's signatures (core.h): each built by Debian's emcc 3.1.6 as the
# package builds its module (-O3, -fno-rtti, emmalloc, no filesystem, no eval), then for each
# the gzipped glue and wasm, and in three fresh Node processes each, alternating: the time to a
# ready module, the time a call takes (two calls that write a few bytes, 2 million each), and
# what an object given as an integer argument does. CONTRIBUTING.md ("Why plain exports")
# gives the figures. Usage: bash bench/embind/run.sh
set -euo pipefail
cd "$(dirname "$0")"
out=../../build/embind
mkdir -p "$out"
cp time.cjs "$out/"
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
FLAGS="-O3 -fno-exceptions -fno-rtti -sMODULARIZE=1 -sENVIRONMENT=node -sFILESYSTEM=0 -sMALLOC=emmalloc -sDYNAMIC_EXECUTION=0"
em++ $FLAGS plain.cc -o "$out/plain.cjs"
# Embind with -fno-rtti needs its type names off (3.1.6 keeps __getTypeName all the same).
em++ $FLAGS -DEMSCRIPTEN_HAS_UNBOUND_TYPE_NAMES=0 --bind bound.cc -o "$out/bound.cjs"
node -e "
const { gzipSync } = require('zlib'); const fs = require('fs');
for (const n of ['plain', 'bound']) {
  const glue = gzipSync(fs.readFileSync('$out/' + n + '.cjs'), { level: 9 }).length, wasm = gzipSync(fs.readFileSync('$out/' + n + '.wasm'), { level: 9 }).length;
  console.log(JSON.stringify({ which: n, glueGz: glue, wasmGz: wasm }));
}"
for i in 1 2 3; do node "$out/time.cjs" plain; node "$out/time.cjs" bound; done
