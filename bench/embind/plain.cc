#include <emscripten/emscripten.h>
#include "core.h"
extern "C" {
EMSCRIPTEN_KEEPALIVE int tw_reshape(uint32_t p) { return f_reshape(p); }
EMSCRIPTEN_KEEPALIVE void tw_run(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e) { f_run(a, b, c, d, e); }
EMSCRIPTEN_KEEPALIVE int tw_check_divisors(uint32_t a, uint32_t b, uint32_t c) { return f_check(a, b, c); }
EMSCRIPTEN_KEEPALIVE int tw_broadcast(int e) { return f_broadcast(e); }
EMSCRIPTEN_KEEPALIVE void tw_zero(uint32_t a, uint32_t n) { f_zero(a, n); }
EMSCRIPTEN_KEEPALIVE void tw_move(uint32_t a, uint32_t b, uint32_t n) { f_move(a, b, n); }
EMSCRIPTEN_KEEPALIVE uint32_t tw_memory_in_use() { return f_in_use(); }
EMSCRIPTEN_KEEPALIVE uint32_t tw_scratch() { return f_scratch(); }
}
