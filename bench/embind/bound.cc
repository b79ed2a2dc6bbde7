#include <emscripten/bind.h>
#include "core.h"
EMSCRIPTEN_BINDINGS(tensorwise) {
  using namespace emscripten;
  function("tw_reshape", &f_reshape);
  function("tw_run", &f_run);
  function("tw_check_divisors", &f_check);
  function("tw_broadcast", &f_broadcast);
  function("tw_zero", &f_zero);
  function("tw_move", &f_move);
  function("tw_memory_in_use", &f_in_use);
  function("tw_scratch", &f_scratch);
}
