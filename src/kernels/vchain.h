// Chain micro-kernels: a program run over one contiguous run as one loop, a few vectors at a time
// held in registers through every node (numexpr's block, shrunk to registers): nothing but the
// result is stored, but a value that a later node reads again, saved in a slot of the kernel's
// own (its few vectors, in cache). A program becomes a list of links (plan.cc): the running value
// combined with an operand, loaded, or saved. The bits are the single ops': each node applies the
// op's own vector function (kernel_list.inc) lane by lane.
#pragma once

#include <cstddef>
#include <cstdint>

#include "../dtype.h"
#include "../ops.h"

namespace tensorwise {

// What a link does with the running value acc (held in registers) and its operand x.
enum class Form : uint8_t {
  acc_x,    // acc = acc ∘ x
  x_acc,    // acc = x ∘ acc
  acc_acc,  // acc = acc ∘ acc, a unary op of acc (x unused)
  load,     // acc = x (the op unused)
  save,     // x = acc: into a slot, for a later link to read (the op unused)
};

// Where a link's operand is: elements stepping with the run (an input's run, in place or in a
// buffer), one element for the whole run (a literal, an input broadcast over it), or a slot of
// the kernel's own that a save filled for the same elements (x is then the slot's number).
enum class Where : uint8_t { run, one, slot };

// A link's code: its op and form (a commutative op's x ∘ acc is coded acc ∘ x).
constexpr uint32_t chain_code(Op op, Form form) { return static_cast<uint32_t>(op) * 8 + static_cast<uint32_t>(form); }

// One step of a chain: its operand (a pointer, or a slot's number) and code.
struct Link {
  const unsigned char* x;
  uint32_t code;
  Where where;
};

// y[i] for i < n: the links in turn (the first a load), acc the result. y may be any input (in
// place), not overlap one otherwise.
using vchain_ukernel = void (*)(size_t n, const Link* links, int count, unsigned char* y);

// The most links a chain has (a load, an op and a save per node of a program), the most slots it
// saves values in, and the most operands it reads, runs or single elements (the program's inputs
// and literals), each 128 bytes of the kernel's stack while it runs.
constexpr int kMaxChainLinks = 192;
constexpr int kMaxChainSlots = 16;
constexpr int kMaxChainOperands = 48;

// The chain kernel of a dtype, or nullptr where the build has none.
vchain_ukernel select_chain(DType dtype);

// Whether the chain kernel of a dtype runs an op (it has the op's vector function).
bool chains(Op op, DType dtype);


}  // namespace tensorwise
