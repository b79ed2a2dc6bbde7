# tw_set_stack(top): sets this instance's __stack_pointer to `top` and returns the old value.
# Every instance of the module starts its stack pointer at the same address, the calling
# thread's stack; a worker's instance of the threaded build (web/threads/pool.js) calls this once, with
# the top of a block the calling thread allocated for it, before it runs anything else. Only
# assembly can set a wasm global from outside the compiler's view of the stack.
.globaltype __stack_pointer, i32

.globl tw_set_stack
.type tw_set_stack,@function
tw_set_stack:
  .functype tw_set_stack(i32) -> (i32)
  global.get __stack_pointer
  local.get 0
  global.set __stack_pointer
  end_function
