// One process: load the module (its glue given the .wasm bytes: 3.1.6 fetch()es file paths in
// Node), then time two calls 2 million times each, then give an integer parameter an object.
const which = process.argv[2];
const t0 = performance.now();
require(`./${which}.cjs`)({ wasmBinary: require('fs').readFileSync(`${__dirname}/${which}.wasm`) }).then((M) => {
  const t1 = performance.now();
  const zero = which === 'plain' ? M._tw_zero : M.tw_zero;
  const move = which === 'plain' ? M._tw_move : M.tw_move;
  const N = 2e6;
  for (let i = 0; i < 1e5; ++i) zero(i & 1023, 4);
  const s = performance.now();
  for (let i = 0; i < N; ++i) { zero(i & 1023, 4); move(i & 511, 64, 8); }
  const per = ((performance.now() - s) * 1e6) / (2 * N);
  // What each reads from a caller's object given as an integer argument.
  let coerced = 0;
  const sneaky = { valueOf() { coerced += 1; return 3; } };
  let outcome;
  try { zero(sneaky, 4); outcome = 'accepted'; } catch (e) { outcome = `${e.name}`; }
  console.log(JSON.stringify({ which, startMs: (t1 - t0).toFixed(2), nsPerCall: per.toFixed(1), objectArgument: outcome, valueOfCalls: coerced }));
});
