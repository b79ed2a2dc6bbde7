// Stand-ins for the binding's exports (bindings/binding.cc), with their kinds of signature: the
// work is not what is measured, the crossing is.
#include <cstdint>
#include <cstring>
// Stand-ins with the binding's shapes of signature: plain integers and addresses in, a status out.
static unsigned char g_heap[1 << 16];
inline int f_reshape(uint32_t plan) { return static_cast<int>(plan & 7); }
inline void f_run(uint32_t plan, uint32_t bases, uint32_t ws, uint32_t begin, uint32_t end) { g_heap[(plan + bases + ws + begin + end) & 0xFFFF] ^= 1; }
inline int f_check(uint32_t plan, uint32_t bases, uint32_t ws) { return static_cast<int>((plan ^ bases ^ ws) & 1); }
inline int f_broadcast(int explain) { return explain ? 1 : 0; }
inline void f_zero(uint32_t at, uint32_t n) { std::memset(g_heap + (at & 0x7FFF), 0, n & 0x7FFF); }
inline void f_move(uint32_t to, uint32_t from, uint32_t n) { std::memmove(g_heap + (to & 0x3FFF), g_heap + (from & 0x3FFF), n & 0x3FFF); }
inline uint32_t f_in_use() { return 42; }
inline uint32_t f_scratch() { return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(g_heap)); }
