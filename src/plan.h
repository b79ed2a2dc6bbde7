// The executor: an element-wise program (single ops are programs of one node) planned for its
// inputs' shapes and run over any range of the output, as XNNPACK runs an operator: the caller
// owns the Plan (web/ keeps each in wasm memory of its own), reshape() plans it for a set of
// shapes, run_plan() computes output elements [begin, end) on whichever thread calls it.
//
// A program is numexpr's: nodes applying the ops of ops.h to inputs, literals and the results of
// earlier nodes, all in one computation dtype; inputs of other dtypes are converted as they are
// loaded (cast.h). It runs over the output in blocks that stay in cache: per block, each input's
// part is read in place, or loaded (gathered, converted) into a buffer, or taken as one element;
// then each node runs its op's kernel over the block (op, opc or ropc: kernels/vbinary.h), the
// last one into the output. No full-size temporaries; each output element is written once.
#pragma once

#include <cstddef>
#include <cstdint>

#include "broadcast.h"
#include "dtype.h"
#include "kernels/vbinary.h"
#include "kernels/vchain.h"
#include "ops.h"
#include "reduce.h"
#include "status.h"

namespace tensorwise {

constexpr int kMaxInputs = 16;
constexpr int kMaxLiterals = 32;
constexpr int kMaxNodes = 64;
// A node names its operands as values: inputs [0, kMaxInputs), literals from kLiteralBase,
// node results from kNodeBase.
constexpr int kLiteralBase = kMaxInputs;
constexpr int kNodeBase = kLiteralBase + kMaxLiterals;
constexpr int kMaxValues = kNodeBase + kMaxNodes;
static_assert(3 * kMaxNodes <= kMaxChainLinks && kMaxInputs + kMaxLiterals <= kMaxChainOperands,
              "every program fits a chain's links and operands");

struct Node {
  Op op;
  uint8_t a;  // values
  uint8_t b;
};

struct Program {
  DType dtype = DType::f32;  // the computation dtype, the result's
  // A result stored in another dtype (out of another dtype): computed in `dtype`, then each
  // element converted to `store_dtype` as it is stored (cast.h's rules: rounded once).
  bool cast_store = false;
  DType store_dtype = DType::f32;
  int inputs = 0;
  int literals = 0;
  int nodes = 0;
  uint8_t result = 0;  // the value the output holds
  // A reduction (reduce.h) of the one input, cast to `dtype` as it is loaded, over the axes of
  // reduce_axes (bit d for dim d), in place of nodes: a program of one input and no node.
  Reduction reduction = Reduction::none;
  uint32_t reduce_axes = 0;
  bool keepdims = false;
  DType input_dtype[kMaxInputs];
  Node node[kMaxNodes];
  alignas(8) unsigned char literal[kMaxLiterals][8];  // each an element of `dtype`
};

// The program of a single op: one node over two inputs of the computation dtype (a unary op's
// over the first, the second broadcast with it but not read).
inline Program single_op(Op op, DType dtype) {
  Program g;
  g.dtype = dtype;
  g.inputs = 2;
  g.input_dtype[0] = g.input_dtype[1] = dtype;
  g.nodes = 1;
  g.node[0] = Node{op, 0, static_cast<uint8_t>(arity(op) == 1 ? 0 : 1)};
  g.result = kNodeBase;
  return g;
}

// One input's shape: its dims and, for a strided view, its own strides in elements (may be
// negative or 0), else nullptr for a contiguous row-major input. The caller guarantees that a
// view's elements lie inside its buffer.
struct InputShape {
  int rank = 0;
  const size_t* dims = nullptr;
  const ptrdiff_t* strides = nullptr;
};

// Where a value lives while a block runs.
enum class Home : uint8_t {
  in_place,  // an input of the computation dtype that runs like the output: read where it is
  linear,    // an input that runs like the output, converted into a buffer
  scalar,    // one element for the whole block (an input broadcast over it, a literal, a node of such)
  box,       // an input laid out otherwise (broadcast, strided), gathered into a buffer, again only when its part moves
  temp,      // a node's result in a buffer
  output,    // the last node's result, written into the output
};

struct Plan {
  Program program;
  size_t count = 0;  // output elements
  // The output's dims compressed (1s dropped, neighbours every input runs through alike merged),
  // the innermost first; 0 when the output is empty. Each input's strides over them in its own
  // elements, 0 where it is broadcast; a view's negative strides are kept modulo 2^bits (address
  // arithmetic is unsigned and wraps back to the right element).
  int rank = 0;
  size_t size[kMaxRank];
  size_t stride[kMaxInputs][kMaxRank];
  size_t input_bytes[kMaxInputs];  // each input's element size
  // A block is dims [0, k) whole and up to m steps of dim k: `block` elements (fewer at the end
  // of a run of dim k, which has `run` elements; a run is the whole output when k == rank).
  // `rows`: the program reads every input in place or as one element per row and has one node:
  // a block is a row, and any range of it may run alone.
  int k = 0;
  size_t m = 1;
  size_t inner = 1;  // elements in dims [0, k)
  size_t block = 0;
  size_t run = 0;
  bool rows = false;
  Home home[kMaxValues];
  uint32_t at[kMaxValues];  // workspace offset of a value's buffer or element (linear, box, temp, scalar)
  vbinary_ukernel kernel[kMaxNodes];
  bool swap[kMaxNodes];  // a commutative node with a scalar a runs as b ∘ a[0]
  // A chain (vchain.h): its kernel, or nullptr, and its links as the plan knows them: each one's
  // code, and its operand, a value (an input or a literal: its home says whether it is one
  // element) or, where chain_slot, the number of a slot. Each block is one
  // chain call: the nodes have no buffers.
  vchain_ukernel chain = nullptr;
  int chain_links = 0;
  uint32_t chain_code[kMaxChainLinks];
  uint8_t chain_x[kMaxChainLinks];
  bool chain_slot[kMaxChainLinks];
  uint32_t check_at = 0;  // where the divisor check writes the last node's result
  size_t workspace_bytes = 0;  // per thread
  // For threads: a range may start at a multiple of `align` elements from the start of a row of
  // `row` elements, where every element takes the path it takes when one call runs the output.
  size_t row = 1;
  size_t align = 1;
  bool heavy = false;  // the arithmetic bounds the work rather than memory (heavy_arithmetic, casts)
  Reducing reducing;  // a reduction's plan (program.reduction)
};

// n elements of dtype `from`, `stride` elements apart (0: one element n times; unsigned, may step
// backwards), into n contiguous elements of dtype `to` at dst: how a block loads an input, and
// how a reduction loads its elements.
void cast_run(DType from, DType to, size_t n, uintptr_t src, size_t stride, unsigned char* dst);

// Whether a program is well formed: dtypes and ops known, every input cast allowed (cast.h),
// every operand an input, a literal or an earlier node; result a value it has.
bool valid_program(const Program& p);

// Plans p->program (valid) for the inputs' shapes: broadcast under `spec` (two inputs: every
// mode; otherwise numpy or none across all), then the blocks, homes and kernels. `shape` gets the
// broadcast (also its conflict when the shapes do not broadcast). Status::too_large when the
// output's bytes do not fit in size_t.
Status reshape(Plan* p, const BroadcastSpec& spec, const InputShape* shapes, Broadcast* shape);

// Output elements [begin, end) (end <= count). base[i] is the address of element 0 of input i,
// base[inputs] of the output: integers, so that a caller holding only a window of an operand
// laid out like the output (elements [begin, end) at address w) can pass w - begin * size,
// wrapping, with no pointer formed outside it. workspace: plan.workspace_bytes of this thread's own.
void run_plan(const Plan& p, const uintptr_t* base, unsigned char* workspace, size_t begin, size_t end);

// The onZeroDivision 'error' rule, before anything is written: Status::division_by_zero when a
// node divides integers, the output is not empty and one of its divisors is zero (an input's or
// literal's elements, or a node's results over the whole output); else Status::ok. Writes nothing
// but the workspace.
Status check_divisors(const Plan& p, const uintptr_t* base, unsigned char* workspace);

// Whether any of the n elements at p is zero.
bool any_zero(DType dtype, const void* p, size_t n);

// One op over a broadcast of two shapes (the tests' and the fuzzer's convenience): a program of
// one node planned and run over the whole output; on Status::division_by_zero y is untouched.
Status binary(Op op, DType dtype, const Broadcast& shapes, const void* a, const void* b, void* y, bool zero_is_error);

}  // namespace tensorwise
