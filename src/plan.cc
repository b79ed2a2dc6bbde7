#include "plan.h"

#include <cstring>
#include <memory>
#include <vector>

#include "cast.h"
#include "kernels/vconvert.h"

namespace tensorwise {
namespace {

// A buffer holds a block's values of the computation dtype: 4 KiB, so that a program's buffers
// stay in the first-level cache together (numexpr's 1,024 float32 elements).
constexpr size_t kBlockBytes = 4096;
// Rows longer than this run through the kernel one by one where they can.
constexpr size_t kShortRowBytes = 128;

// What a box buffer holds (per input, at the start of the workspace): the part of the input it
// was filled from, so that a block whose part is the same (a repeated row) reads it again.
struct BoxState {
  uintptr_t from;
  size_t rows;
  bool filled;
};
constexpr size_t kHeaderBytes = (sizeof(BoxState) * kMaxInputs + 15) / 16 * 16;

constexpr size_t align16(size_t n) { return (n + 15) / 16 * 16; }

// ---- copies and conversions of runs ----------------------------------------------------------------

// Copies of a few bytes as plain loads and stores: memcpy of a size not known at compile time
// is wasm's memory.copy, which costs more than such a copy (no_builtin keeps the loops from
// being turned back into memcpy).
#if defined(__clang__)
#define TW_NO_MEMCPY __attribute__((no_builtin("memcpy")))
#else
#define TW_NO_MEMCPY
#endif

template <class T>
TW_NO_MEMCPY void copy_elements(void* dst, uintptr_t src, size_t n, bool repeat) {
  T* d = static_cast<T*>(dst);
  const T* x = reinterpret_cast<const T*>(src);
  if (repeat) {
    const T v = x[0];
    for (size_t i = 0; i < n; ++i) d[i] = v;
  } else {
    for (size_t i = 0; i < n; ++i) d[i] = x[i];
  }
}

// n elements of es bytes from src to dst, or src's first element n times (repeat).
void copy_row(void* dst, uintptr_t src, size_t n, size_t es, bool repeat) {
  switch (es) {
    case 1: return copy_elements<uint8_t>(dst, src, n, repeat);
    case 2: return copy_elements<uint16_t>(dst, src, n, repeat);
    case 4: return copy_elements<uint32_t>(dst, src, n, repeat);
    default: return copy_elements<uint64_t>(dst, src, n, repeat);
  }
}

// Copies k elements of es bytes, src_stride bytes apart (unsigned: may step backwards), to dst.
template <class T>
void gather_of(void* dst, uintptr_t src, size_t src_stride, size_t k) {
  T* d = static_cast<T*>(dst);
  for (size_t i = 0; i < k; ++i, src += src_stride) std::memcpy(d + i, reinterpret_cast<const void*>(src), sizeof(T));
}

[[gnu::noinline]] void gather(size_t es, void* dst, uintptr_t src, size_t src_stride, size_t k) {
  switch (es) {
    case 1: return gather_of<uint8_t>(dst, src, src_stride, k);
    case 2: return gather_of<uint16_t>(dst, src, src_stride, k);
    case 4: return gather_of<uint32_t>(dst, src, src_stride, k);
    default: return gather_of<uint64_t>(dst, src, src_stride, k);
  }
}

}  // namespace

[[gnu::noinline]] void cast_run(DType from, DType to, size_t n, uintptr_t src, size_t stride, unsigned char* dst) {
  const size_t fs = element_size(from), ts = element_size(to);
  const void* x = reinterpret_cast<const void*>(src);
  if (stride == 1) {
    if (from == to) copy_row(dst, src, n, fs, false);
    else convert(from, to, n, x, dst);
    return;
  }
  if (stride == 0) {
    if (from != to) {
      convert(from, to, 1, x, dst);
      src = reinterpret_cast<uintptr_t>(dst);
    }
    copy_row(dst, src, n, ts, true);
    return;
  }
  if (from == to) return gather(fs, dst, src, stride * fs, n);
  const vconvert_ukernel strided = select_strided_conversion(from, to, stride);
  if (strided != nullptr) return strided(n, x, dst);
  // Gathered in pieces, then converted.
  alignas(16) unsigned char piece[1024];
  const size_t per = sizeof(piece) / fs;
  for (size_t done = 0; done < n; done += per) {
    const size_t k = n - done < per ? n - done : per;
    gather(fs, piece, src, stride * fs, k);
    convert(from, to, k, piece, dst + done * ts);
    src += k * stride * fs;
  }
}

namespace {

template <class T>
bool any_zero_of(const void* p, size_t n) {
  const T* v = static_cast<const T*>(p);
  for (size_t i = 0; i < n; ++i)
    if (v[i] == 0) return true;
  return false;
}

// ---- broadcasting --------------------------------------------------------------------------------

// Every input's dims aligned to the output's axes (1 where it has none) and where its first dim
// stands among them. Two inputs follow broadcast_shapes (every mode); any other number numpy's
// rule across all of them at once, or 'none' (all the same).
Status broadcast_inputs(const BroadcastSpec& spec, const InputShape* in, int n, Broadcast* r,
                        size_t (*aligned)[kMaxRank], int* start) {
  if (n == 2) {
    const Status s = broadcast_shapes(spec, in[0].dims, in[0].rank, in[1].dims, in[1].rank, r);
    std::memcpy(aligned[0], r->a, sizeof(r->a));
    std::memcpy(aligned[1], r->b, sizeof(r->b));
    start[0] = r->start_a;
    start[1] = r->start_b;
    return s;
  }
  *r = Broadcast{};
  if (spec.mode != BroadcastMode::numpy && spec.mode != BroadcastMode::none) return Status::invalid_call;
  int rank = 0;
  for (int i = 0; i < n; ++i) rank = in[i].rank > rank ? in[i].rank : rank;
  r->rank = rank;
  Status status = Status::ok;
  for (int i = 0; i < n; ++i) {
    start[i] = rank - in[i].rank;
    if (spec.mode == BroadcastMode::none && in[i].rank != rank && status == Status::ok) status = Status::shapes_differ;
  }
  for (int d = 0; d < rank; ++d) {
    size_t out = 1;
    bool conflict = false;
    for (int i = 0; i < n; ++i) {
      const size_t dim = d < start[i] ? 1 : in[i].dims[d - start[i]];
      aligned[i][d] = dim;
      if (spec.mode == BroadcastMode::none) {
        if (i > 0 && dim != out) conflict = true;
        out = dim;
      } else if (dim != 1) {
        if (out != 1 && out != dim) conflict = true;
        out = dim;
      }
    }
    r->out[d] = out;
    if (conflict) {
      r->conflicts |= uint32_t{1} << d;
      if (r->conflict_axis < 0) r->conflict_axis = d;
    }
  }
  if (status == Status::ok && r->conflict_axis >= 0) {
    status = spec.mode == BroadcastMode::none ? Status::shapes_differ : Status::incompatible;
  }
  return status;
}

// Each output axis's stride in one input (0 where the input is broadcast or has no dim): its own
// strides, or a row-major input's (the product of its dims after the axis). Unsigned and
// wrapping: a negative stride is kept modulo 2^bits, and for any input that fits in memory
// every product below is exact modulo 2^bits, so equal strides compare equal and no others do.
void aligned_strides(const size_t* aligned, int rank, int start, const ptrdiff_t* own, size_t* out) {
  size_t extent = 1;
  for (int i = rank - 1; i >= 0; --i) {
    const bool advances = aligned[i] != 1;
    out[i] = !advances ? 0 : own != nullptr ? static_cast<size_t>(own[i - start]) : extent;
    if (advances && own == nullptr) extent *= aligned[i];
  }
}

// The output's dims compressed into p: 1s dropped, and an axis merged into its inner neighbour
// where every input steps across it as one longer run would (stride = inner stride x inner size;
// broadcast: 0 = 0 x size). Rank 0 when the output is empty.
void compress(const size_t* out, int rank, const size_t (*sa)[kMaxRank], int n, Plan* p) {
  p->rank = 0;
  size_t last[kMaxInputs] = {};  // the strides that would continue the current compressed dim
  for (int d = rank - 1; d >= 0; --d) {
    const size_t len = out[d];
    if (len == 0) {
      p->rank = 0;
      return;
    }
    if (len == 1) continue;
    bool merge = p->rank > 0;
    for (int i = 0; i < n && merge; ++i) merge = sa[i][d] == last[i];
    if (merge) {
      p->size[p->rank - 1] *= len;
    } else {
      p->size[p->rank] = len;
      for (int i = 0; i < n; ++i) p->stride[i][p->rank] = sa[i][d];
      ++p->rank;
    }
    for (int i = 0; i < n; ++i) last[i] = sa[i][d] * len;
  }
  if (p->rank == 0) {  // every dim is 1: a single element
    p->rank = 1;
    p->size[0] = 1;
    for (int i = 0; i < n; ++i) p->stride[i][0] = 1;
  }
}

// ---- blocks and homes ------------------------------------------------------------------------------

// Blocks of dims [0, k) whole and m steps of dim k.
void set_blocks(Plan* p, int k, size_t m) {
  p->k = k;
  p->m = m;
  p->inner = 1;
  for (int d = 0; d < k; ++d) p->inner *= p->size[d];
  p->block = p->inner * m;
  p->run = k < p->rank ? p->inner * p->size[k] : p->inner;
}

// Where input i lives during a block: read in place or converted where it runs like the output
// over the block, one element where it stays put over it, else gathered.
Home input_home(const Plan& p, int i) {
  const int dims = p.k < p.rank && p.m > 1 ? p.k + 1 : p.k;  // the dims a block steps through
  bool like = true, zero = true;
  size_t extent = 1;
  for (int d = 0; d < dims; ++d) {
    like = like && p.stride[i][d] == extent;
    zero = zero && p.stride[i][d] == 0;
    extent *= d < p.k ? p.size[d] : p.m;
  }
  if (zero) return Home::scalar;
  if (like) return p.program.input_dtype[i] == p.program.dtype ? Home::in_place : Home::linear;
  return Home::box;
}

bool is_node(int v) { return v >= kNodeBase; }

// Whether the result is converted as it is stored (a store dtype other than the computation's).
bool storing(const Program& g) { return g.cast_store && g.store_dtype != g.dtype; }

// The program as a chain (vchain.h), where the dtype has a chain kernel that runs every op of it
// and it has two nodes or more (one node runs its kernel): its nodes in order, the running value
// being the node before where a node reads it, else loaded; a node's result saved in a slot where
// a node but the next reads it. False (p.chain null) where not, or where it needs more slots
// than a chain has.
bool plan_chain(Plan* p) {
  const Program& g = p->program;
  p->chain = nullptr;
  p->chain_links = 0;
  const vchain_ukernel kernel = select_chain(g.dtype);
  if (kernel == nullptr || g.nodes < 2 || g.result != kNodeBase + g.nodes - 1) return false;
  bool saved[kMaxNodes] = {};  // read by a node other than the next
  for (int j = 0; j < g.nodes; ++j) {
    if (!chains(g.node[j].op, g.dtype)) return false;
    for (const int v : {g.node[j].a, g.node[j].b}) {
      if (is_node(v) && v - kNodeBase != j - 1) saved[v - kNodeBase] = true;
    }
  }
  int slot[kMaxNodes];
  int slots = 0;
  int& links = p->chain_links;
  // (acc ∘ acc reads no operand: coded as slot 0, never read.)
  const auto link = [&](Op op, Form form, int v) {
    const bool none = form == Form::acc_acc;
    p->chain_code[links] = chain_code(op, form);
    p->chain_x[links] = static_cast<uint8_t>(none ? 0 : is_node(v) ? slot[v - kNodeBase] : v);
    p->chain_slot[links] = none || is_node(v);
    ++links;
  };
  for (int j = 0; j < g.nodes; ++j) {
    const Node& nd = g.node[j];
    const int acc = j > 0 ? kNodeBase + j - 1 : -1;
    // A unary op's node names its operand twice; of binary ops, only a square reads one twice
    // in a chain (x + x, max(x, x): not worth a case).
    const bool of_one = arity(nd.op) == 1 || nd.op == Op::mul;
    if (nd.a == acc && nd.b == acc) {
      if (!of_one) return false;
      link(nd.op, Form::acc_acc, acc);
    } else if (nd.a == acc) {
      link(nd.op, Form::acc_x, nd.b);
    } else if (nd.b == acc) {
      link(nd.op, commutes(nd.op) ? Form::acc_x : Form::x_acc, nd.a);
    } else {
      link(Op::mul, Form::load, nd.a);
      link(nd.op, nd.b == nd.a && of_one ? Form::acc_acc : Form::acc_x, nd.b);
    }
    if (saved[j]) {
      if (slots == kMaxChainSlots) return false;
      slot[j] = slots++;
      link(Op::mul, Form::save, kNodeBase + j);
    }
  }
  p->chain = kernel;
  return true;
}

// Homes, kernels and the workspace's layout, for the blocks set.
void assign_homes(Plan* p) {
  const Program& g = p->program;
  const DType c = g.dtype;
  const size_t es = element_size(c);
  const size_t buffer = align16(p->block * es);
  uint32_t off = kHeaderBytes;
  for (int i = 0; i < g.inputs; ++i) {
    p->home[i] = input_home(*p, i);
    if (p->home[i] == Home::scalar) {
      p->at[i] = off;
      off += 16;
    }
  }
  for (int j = 0; j < g.literals; ++j) p->home[kLiteralBase + j] = Home::scalar;
  for (int i = 0; i < g.inputs; ++i) {
    // (A cast alone converts a linear input straight into the output: run_block.)
    const bool straight = g.nodes == 0 && p->home[i] == Home::linear && !storing(g);
    if ((p->home[i] == Home::linear && !straight) || p->home[i] == Home::box) {
      p->at[i] = off;
      off += buffer;
    }
  }
  // Each node's result: one element where both operands are, else the output (the last node) or
  // a temporary buffer, which a later node may take over once nothing reads it any more (kernels
  // may write over an operand).
  int last_use[kMaxNodes];
  for (int j = 0; j < g.nodes; ++j) last_use[j] = g.nodes;  // the result is read by the store
  for (int j = 0; j < g.nodes; ++j) {
    for (const int v : {g.node[j].a, g.node[j].b}) {
      if (is_node(v)) last_use[v - kNodeBase] = j;
    }
  }
  if (is_node(g.result)) last_use[g.result - kNodeBase] = g.nodes;
  uint32_t free_buffers[kMaxNodes];
  int free_count = 0;
  for (int j = 0; j < g.nodes; ++j) {
    const Node& nd = g.node[j];
    const int id = kNodeBase + j;
    const bool full_a = p->home[nd.a] != Home::scalar, full_b = p->home[nd.b] != Home::scalar;
    for (const int v : {nd.a, nd.b}) {
      if (is_node(v) && last_use[v - kNodeBase] == j && p->home[v] == Home::temp) {
        bool listed = false;  // a node reading one value twice frees it once
        for (int f = 0; f < free_count; ++f) listed = listed || free_buffers[f] == p->at[v];
        if (!listed) free_buffers[free_count++] = p->at[v];
      }
    }
    if (p->chain != nullptr) {  // computed by the chain kernel in registers: no buffer (but for a result to convert)
      p->home[id] = id == g.result && !storing(g) ? Home::output : Home::temp;
      p->at[id] = 0;
      if (id == g.result && storing(g)) {
        p->at[id] = off;
        off += buffer;
      }
    } else if (!full_a && !full_b) {
      p->home[id] = Home::scalar;
      p->at[id] = off;
      off += 16;
    } else if (id == g.result && !storing(g)) {
      p->home[id] = Home::output;
    } else {
      p->home[id] = Home::temp;
      if (free_count > 0) {
        p->at[id] = free_buffers[--free_count];
      } else {
        p->at[id] = off;
        off += buffer;
      }
    }
    const VBinaryKernels ks = select_kernels(nd.op, c);
    p->swap[j] = false;
    if (full_a == full_b) {
      p->kernel[j] = ks.op;
    } else if (full_a) {
      p->kernel[j] = ks.opc;
    } else if (ks.ropc != nullptr) {
      p->kernel[j] = ks.ropc;
    } else {
      p->kernel[j] = ks.opc;
      p->swap[j] = true;
    }
  }
  // The divisor check runs the nodes without writing the output: the last node writes here.
  p->check_at = off;
  bool computed_divisor = false;
  for (int j = 0; j < g.nodes; ++j) computed_divisor = computed_divisor || (divides(g.node[j].op) && is_node(g.node[j].b));
  if (computed_divisor && is_integer(c)) off += buffer;
  p->workspace_bytes = off;
}

// ---- running ---------------------------------------------------------------------------------------

// Dims [0, d] of input i's box (dim k has `rows` steps) from src, converted, at dst.
void fill_dims(const Plan& p, int i, uintptr_t src, unsigned char* dst, int d, size_t rows) {
  const DType from = p.program.input_dtype[i], to = p.program.dtype;
  const size_t len = d == p.k ? rows : p.size[d];
  const size_t stride = p.stride[i][d];
  if (d == 0) return cast_run(from, to, len, src, stride, dst);
  size_t sub = element_size(to);  // bytes of one step of dim d
  for (int e = 0; e < d; ++e) sub *= p.size[e];
  if (stride == 0) {
    fill_dims(p, i, src, dst, d - 1, rows);
    // The first step repeated by doubling: a few copies in all, however short the step (a copy
    // per step of a few elements cost 5 x the time of the whole op for [256,1,3] x [1,256,3]).
    const size_t total = sub * len;
    for (size_t filled = sub; filled < total;) {
      const size_t k = filled < total - filled ? filled : total - filled;
      std::memcpy(dst + filled, dst, k);
      filled += k;
    }
    return;
  }
  const size_t step = stride * element_size(from);
  for (size_t t = 0; t < len; ++t) fill_dims(p, i, src + t * step, dst + t * sub, d - 1, rows);
}

BoxState* box_states(unsigned char* ws) { return reinterpret_cast<BoxState*>(ws); }

// The nodes of a block, one kernel call each over elements [lo, lo + n) of their values (v:
// each value's element 0 of the block; a node's set here), the last into `out` where it writes
// the output. In check mode (the divisor check), a computed integer divisor with a zero in it
// ends the run: true.
bool run_nodes(const Plan& p, uintptr_t* v, uintptr_t out, uintptr_t w, size_t lo, size_t n, bool check) {
  const Program& g = p.program;
  const DType c = g.dtype;
  const size_t es = element_size(c);
  for (int j = 0; j < g.nodes; ++j) {
    const Node& nd = g.node[j];
    const int id = kNodeBase + j;
    const uintptr_t pa = v[nd.a] + (p.home[nd.a] == Home::scalar ? 0 : lo * es);
    const uintptr_t pb = v[nd.b] + (p.home[nd.b] == Home::scalar ? 0 : lo * es);
    size_t len = n;
    uintptr_t dst;
    switch (p.home[id]) {
      case Home::scalar:
        v[id] = dst = w + p.at[id];
        len = 1;
        break;
      case Home::temp:
        v[id] = w + p.at[id];
        dst = v[id] + lo * es;
        break;
      default:  // output
        v[id] = out;
        dst = out + lo * es;
        break;
    }
    if (check && is_node(nd.b) && divides(nd.op) && is_integer(c) &&
        any_zero(c, reinterpret_cast<const void*>(pb), p.home[nd.b] == Home::scalar ? 1 : n)) {
      return true;
    }
    const void* xa = reinterpret_cast<const void*>(pa);
    const void* xb = reinterpret_cast<const void*>(pb);
    if (p.swap[j]) p.kernel[j](len, xb, xa, reinterpret_cast<void*>(dst));
    else p.kernel[j](len, xa, xb, reinterpret_cast<void*>(dst));
  }
  return false;
}

// Every node of a block in one chain call (floats only: never a divisor check), into the output
// at y, or into the result's buffer where it is converted as it is stored (v of the result set).
void run_chain_block(const Plan& p, uintptr_t* v, uintptr_t y, uintptr_t w, size_t lo, size_t n) {
  const Program& g = p.program;
  const size_t es = element_size(g.dtype);
  Link links[kMaxChainLinks];
  for (int k = 0; k < p.chain_links; ++k) {
    const int x = p.chain_x[k];
    if (p.chain_slot[k]) {
      links[k] = Link{reinterpret_cast<const unsigned char*>(static_cast<uintptr_t>(x)), p.chain_code[k], Where::slot};
    } else {
      const bool one = p.home[x] == Home::scalar;
      links[k] = Link{reinterpret_cast<const unsigned char*>(v[x] + (one ? 0 : lo * es)), p.chain_code[k], one ? Where::one : Where::run};
    }
  }
  const int r = g.result;
  if (storing(g)) v[r] = w + p.at[r];
  p.chain(n, links, p.chain_links, reinterpret_cast<unsigned char*>((storing(g) ? v[r] : y) + lo * es));
}

// One block: output elements [lo, hi) of the `rows` steps of dim k whose element 0 is at y, each
// input's element 0 at at[i]. In check mode (the divisor check) the last node writes into the
// workspace, and a computed integer divisor with a zero in it ends the run: true.
bool run_block(const Plan& p, const uintptr_t* at, uintptr_t y, unsigned char* ws, size_t lo, size_t hi, size_t rows,
               bool check) {
  const Program& g = p.program;
  const DType c = g.dtype;
  const size_t es = element_size(c);
  const size_t n = hi - lo;
  const uintptr_t w = reinterpret_cast<uintptr_t>(ws);
  uintptr_t v[kMaxValues];  // each value's element 0 of the block (or its one element)
  for (int i = 0; i < g.inputs; ++i) {
    const DType from = g.input_dtype[i];
    switch (p.home[i]) {
      case Home::in_place:
        v[i] = at[i];
        break;
      case Home::scalar:
        v[i] = at[i];
        if (from != c) {
          convert(from, c, 1, reinterpret_cast<const void*>(at[i]), ws + p.at[i]);
          v[i] = w + p.at[i];
        }
        break;
      case Home::linear:
        if (g.nodes == 0 && !check && !storing(g)) {  // a cast alone: converted straight into the output
          convert(from, c, n, reinterpret_cast<const void*>(at[i] + lo * p.input_bytes[i]), reinterpret_cast<void*>(y + lo * es));
          return false;
        }
        convert(from, c, n, reinterpret_cast<const void*>(at[i] + lo * p.input_bytes[i]), ws + p.at[i] + lo * es);
        v[i] = w + p.at[i];
        break;
      default: {  // box
        BoxState& s = box_states(ws)[i];
        if (!s.filled || s.from != at[i] || s.rows != rows) {
          fill_dims(p, i, at[i], ws + p.at[i], p.k < p.rank ? p.k : p.k - 1, rows);
          s = BoxState{at[i], rows, true};
        }
        v[i] = w + p.at[i];
        break;
      }
    }
  }
  for (int j = 0; j < g.literals; ++j) v[kLiteralBase + j] = reinterpret_cast<uintptr_t>(g.literal[j]);
  if (p.chain != nullptr) run_chain_block(p, v, y, w, lo, n);
  else if (run_nodes(p, v, check ? w + p.check_at : y, w, lo, n, check)) return true;
  // A result that is not a node writing the output (an input, a literal, a node of one element, a
  // result converted as it is stored): copied, or converted, into the output.
  if (!check && p.home[g.result] != Home::output) {
    const bool one = p.home[g.result] == Home::scalar;
    const uintptr_t from = v[g.result] + (one ? 0 : lo * es);
    if (!storing(g)) {
      copy_row(reinterpret_cast<void*>(y + lo * es), from, n, es, one);
    } else {
      const size_t os = element_size(g.store_dtype);
      void* to = reinterpret_cast<void*>(y + lo * os);
      convert(c, g.store_dtype, one ? 1 : n, reinterpret_cast<const void*>(from), to);
      if (one) copy_row(to, reinterpret_cast<uintptr_t>(to), n, os, true);
    }
  }
  return false;
}

// The blocks of [begin, end): each run of dim k (whose coordinates in the dims above it an
// odometer keeps, with each input's address there) in blocks of m steps.
bool run_blocks(const Plan& p, const uintptr_t* base, unsigned char* ws, size_t begin, size_t end, bool check) {
  const Program& g = p.program;
  const int n = g.inputs;
  for (int i = 0; i < n; ++i) box_states(ws)[i].filled = false;
  const size_t ey = element_size(storing(g) ? g.store_dtype : g.dtype);  // the output's elements
  // Where `begin` is: in run q, block j of it, which starts at element `start`. (Divisions cost
  // more than the rest of a small call: none where the range starts the output.)
  size_t q = 0, j = 0, start = 0;
  if (begin != 0) {
    q = begin / p.run;
    start = q * p.run;
    j = (begin - start) / p.block;
    start += j * p.block;
  }
  const bool stepped = p.k < p.rank;  // blocks step through dim k (else one block is the output)
  const size_t steps = stepped ? p.size[p.k] : 1;  // of dim k in a run
  size_t index[kMaxRank];
  uintptr_t outer[kMaxInputs], at[kMaxInputs];
  for (int i = 0; i < n; ++i) outer[i] = base[i];
  for (int d = p.k + 1; d < p.rank; ++d) {
    index[d] = q % p.size[d];
    q /= p.size[d];
    for (int i = 0; i < n; ++i) outer[i] += index[d] * p.stride[i][d] * p.input_bytes[i];
  }
  for (;;) {
    const size_t rows = steps - j * p.m < p.m ? steps - j * p.m : p.m;  // steps of dim k in this block
    const size_t len = rows * p.inner;
    const size_t lo = begin > start ? begin - start : 0;
    const size_t hi = end - start < len ? end - start : len;
    for (int i = 0; i < n; ++i) at[i] = outer[i] + (stepped ? j * p.m * p.stride[i][p.k] * p.input_bytes[i] : 0);
    if (run_block(p, at, base[n] + start * ey, ws, lo, hi, rows, check)) return true;
    start += len;
    if (start >= end) return false;
    if (++j * p.m < steps) continue;
    j = 0;
    for (int d = p.k + 1; d < p.rank; ++d) {  // the next run
      for (int i = 0; i < n; ++i) outer[i] += p.stride[i][d] * p.input_bytes[i];
      if (++index[d] < p.size[d]) break;
      for (int i = 0; i < n; ++i) outer[i] -= p.stride[i][d] * p.size[d] * p.input_bytes[i];
      index[d] = 0;
    }
  }
}

// A plan of whole rows: its one node's kernel on each row of [begin, end) (or the part of one at
// either end), every operand read where it is, one element per row where it stays put along it.
// What run_blocks does for such a plan, without its buffers and state: a single op on large rows
// pays no more than its kernel calls.
void run_rows(const Plan& p, const uintptr_t* base, size_t begin, size_t end) {
  static constexpr size_t kZero[kMaxRank] = {};
  const Program& g = p.program;
  const Node& nd = g.node[0];
  const size_t es = element_size(g.dtype);
  // Each operand's address and strides: an input's, or a literal's (0: the same element throughout).
  const bool input_a = nd.a < g.inputs, input_b = nd.b < g.inputs;
  uintptr_t ra = input_a ? base[nd.a] : reinterpret_cast<uintptr_t>(g.literal[nd.a - kLiteralBase]);
  uintptr_t rb = input_b ? base[nd.b] : reinterpret_cast<uintptr_t>(g.literal[nd.b - kLiteralBase]);
  const size_t* sa = input_a ? p.stride[nd.a] : kZero;
  const size_t* sb = input_b ? p.stride[nd.b] : kZero;
  const size_t inner = p.size[0];
  size_t index[kMaxRank];
  size_t col = 0;
  if (begin != 0) {  // where begin is: its row's coordinates in the outer dims, its column
    size_t row = begin / inner;
    col = begin - row * inner;
    for (int d = 1; d < p.rank; ++d) {
      index[d] = row % p.size[d];
      row /= p.size[d];
      ra += index[d] * sa[d] * es;
      rb += index[d] * sb[d] * es;
    }
  } else {
    for (int d = 1; d < p.rank; ++d) index[d] = 0;
  }
  uintptr_t y = base[g.inputs] + begin * es;
  for (size_t left = end - begin;;) {
    const size_t len = inner - col < left ? inner - col : left;
    const void* pa = reinterpret_cast<const void*>(ra + col * sa[0] * es);
    const void* pb = reinterpret_cast<const void*>(rb + col * sb[0] * es);
    if (p.swap[0]) p.kernel[0](len, pb, pa, reinterpret_cast<void*>(y));
    else p.kernel[0](len, pa, pb, reinterpret_cast<void*>(y));
    left -= len;
    if (left == 0) return;
    y += len * es;
    col = 0;
    for (int d = 1; d < p.rank; ++d) {  // the next row: an odometer over the outer dims
      ra += sa[d] * es;
      rb += sb[d] * es;
      if (++index[d] < p.size[d]) break;
      ra -= sa[d] * p.size[d] * es;
      rb -= sb[d] * p.size[d] * es;
      index[d] = 0;
    }
  }
}

// Whether input i, converted to the computation dtype, has a zero among its elements: each
// element once (the dims it steps through; the others repeat what they hold).
bool input_has_zero(const Plan& p, int i, uintptr_t src) {
  const DType from = p.program.input_dtype[i], c = p.program.dtype;
  const size_t es = element_size(from);
  size_t dims[kMaxRank], strides[kMaxRank], index[kMaxRank] = {};
  int r = 0;
  for (int d = 0; d < p.rank; ++d) {
    if (p.stride[i][d] != 0) {
      dims[r] = p.size[d];
      strides[r++] = p.stride[i][d];
    }
  }
  if (r == 0) {
    dims[0] = 1;
    strides[0] = 1;
    r = 1;
  }
  alignas(16) unsigned char piece[2048];
  const size_t per = sizeof(piece) / 8;
  for (;;) {
    uintptr_t x = src;
    for (size_t done = 0; done < dims[0]; done += per) {
      const size_t k = dims[0] - done < per ? dims[0] - done : per;
      cast_run(from, c, k, x, strides[0], piece);
      if (any_zero(c, piece, k)) return true;
      x += k * strides[0] * es;
    }
    int d = 1;
    for (; d < r; ++d) {  // odometer over the dims outside the run
      src += strides[d] * es;
      if (++index[d] < dims[d]) break;
      src -= strides[d] * dims[d] * es;
      index[d] = 0;
    }
    if (d == r) return false;
  }
}

// A reduction's plan: its output's dims and count, each element computed alone (any range may
// run on any thread), a workspace for the pieces it converts.
Status reshape_reduction(Plan* p, const InputShape& in, Broadcast* b) {
  const Program& g = p->program;
  if (in.rank < 32 && (g.reduce_axes >> in.rank) != 0) return Status::bad_axis;
  const bool normal = normalizes(g.reduction);
  // softmax: one axis, the output of the input's shape.
  if (normal && __builtin_popcount(g.reduce_axes) != 1) return Status::bad_axis;
  plan_reduction(&p->reducing, in.rank, in.dims, in.strides, g.reduce_axes, g.keepdims || normal, b);
  if (normal) for (int d = 0; d < in.rank; ++d) b->out[d] = in.dims[d];
  const size_t es = element_size(storing(g) ? g.store_dtype : g.dtype);
  size_t bytes;
  if (!checked_element_count(b->out, b->rank, &p->count) || __builtin_mul_overflow(p->count, es, &bytes))
    return Status::too_large;
  p->rank = p->count > 0 ? 1 : 0;
  p->size[0] = p->count;
  p->workspace_bytes = normal ? softmax_workspace(p->reducing, g.dtype) : reduce_workspace();
  // softmax: a range of whole slices (the axis' elements times the ones after it).
  if (normal) p->row = p->align = p->count > 0 ? p->reducing.red_count * p->reducing.inner : 1;
  p->heavy = true;
  return Status::ok;
}

}  // namespace

bool any_zero(DType t, const void* p, size_t n) {
  switch (element_size(t)) {
    case 1: return any_zero_of<uint8_t>(p, n);
    case 2: return any_zero_of<uint16_t>(p, n);
    case 4: return any_zero_of<uint32_t>(p, n);
    default: return any_zero_of<uint64_t>(p, n);
  }
}

bool valid_program(const Program& g) {
  const auto known_dtype = [](DType t) { return static_cast<int>(t) < kDTypeCount; };
  if (!known_dtype(g.dtype) || g.inputs < 0 || g.inputs > kMaxInputs || g.literals < 0 || g.literals > kMaxLiterals ||
      g.nodes < 0 || g.nodes > kMaxNodes)
    return false;
  const auto has = [&g](int v, int nodes) {
    return v < g.inputs || (v >= kLiteralBase && v < kLiteralBase + g.literals) || (v >= kNodeBase && v < kNodeBase + nodes);
  };
  for (int i = 0; i < g.inputs; ++i) {
    if (!known_dtype(g.input_dtype[i]) || !casts(g.input_dtype[i], g.dtype)) return false;
  }
  if (g.cast_store && (!known_dtype(g.store_dtype) || !casts(g.dtype, g.store_dtype))) return false;
  for (int j = 0; j < g.nodes; ++j) {
    const Node& n = g.node[j];
    if (!known_op(static_cast<uint32_t>(n.op)) || !takes(n.op, g.dtype) || !has(n.a, j) || !has(n.b, j)) return false;
    if (arity(n.op) == 1 && n.b != n.a) return false;  // a unary node names its operand twice
  }
  if (g.reduction != Reduction::none) {
    // One input, no node; a mean of floats (a mean of integers computes in float64).
    return static_cast<int>(g.reduction) < kReductionCount && g.inputs == 1 && g.nodes == 0 && g.literals == 0 &&
           g.result == 0 && !((g.reduction == Reduction::mean || normalizes(g.reduction)) && is_integer(g.dtype));
  }
  return has(g.result, g.nodes);
}

Status reshape(Plan* p, const BroadcastSpec& spec, const InputShape* in, Broadcast* b) {
  const Program& g = p->program;
  const int n = g.inputs;
  p->count = 0;
  p->rank = 0;
  p->rows = false;
  p->heavy = false;
  p->workspace_bytes = kHeaderBytes;
  p->row = p->align = 1;
  p->reducing.op = g.reduction;
  if (g.reduction != Reduction::none) return reshape_reduction(p, in[0], b);
  size_t aligned[kMaxInputs][kMaxRank];
  int start[kMaxInputs];
  const Status s = broadcast_inputs(spec, in, n, b, aligned, start);
  if (s != Status::ok) return s;
  const DType c = g.dtype;
  const size_t es = element_size(c);
  size_t bytes;
  if (!checked_element_count(b->out, b->rank, &p->count) || __builtin_mul_overflow(p->count, es, &bytes))
    return Status::too_large;
  // Extents of every input multiply to at most count, so nothing below overflows.
  size_t sa[kMaxInputs][kMaxRank];
  for (int i = 0; i < n; ++i) aligned_strides(aligned[i], b->rank, start[i], in[i].strides, sa[i]);
  compress(b->out, b->rank, sa, n, p);
  for (int i = 0; i < n; ++i) p->input_bytes[i] = element_size(g.input_dtype[i]);
  if (p->rank == 0) return Status::ok;
  // Blocks of as many inner dims as fit a buffer, and as many steps of the next as fit.
  const size_t most = kBlockBytes / es;
  int k = 0;
  size_t inner = 1;
  while (k < p->rank && inner * p->size[k] <= most) inner *= p->size[k++];
  set_blocks(p, k, k < p->rank ? (p->size[k] < most / inner ? p->size[k] : most / inner) : 1);
  // One node over inputs of its dtype that each run along the rows or stay put along them: with
  // rows of more than a few elements, or where the blocks need no buffer either, a block is a
  // whole row, read in place, cut only where a range ends (the kernel called once per row, as
  // a single op wants; run_rows, with no workspace). Short rows that repeat go through the
  // blocks, laid out in buffers: a call per row of a few elements costs more than the arithmetic.
  const bool chain = plan_chain(p);
  bool rows = g.nodes == 1 && g.result == kNodeBase;
  bool along = true;  // every input runs along the rows or stays put along them, in the dtype
  bool buffered = false;
  for (int i = 0; i < n; ++i) {
    along = along && g.input_dtype[i] == c && (p->stride[i][0] == 0 || p->stride[i][0] == 1);
    buffered = buffered || input_home(*p, i) == Home::box || input_home(*p, i) == Home::linear;
  }
  rows = rows && along && !storing(g);  // (a result converted as it is stored goes through a buffer)
  // (And one operand at least runs along the rows: two that stay put make one element per row,
  // which the blocks spread over it.)
  const auto runs = [&](int v) { return v < n && p->stride[v][0] == 1; };
  rows = rows && (runs(g.node[0].a) || runs(g.node[0].b)) && (!buffered || p->size[0] * es > kShortRowBytes);
  if (rows) set_blocks(p, 1, 1);
  // A chain of such inputs likewise, a whole row per chain call (its kernel reads each where it
  // is, or one element per row splatted), where rows are long enough for it.
  const bool chain_rows = chain && along && (!buffered || p->size[0] * es > kShortRowBytes) && !storing(g);
  if (chain_rows) set_blocks(p, 1, 1);
  // A cast alone of an input that runs like the output needs no buffer either: one block, the
  // whole output, of which any range converts straight into place.
  const bool cast = g.nodes == 0 && g.result < n && input_home(*p, g.result) == Home::linear && !storing(g);
  if (cast) set_blocks(p, p->rank, 1);
  p->rows = rows;
  assign_homes(p);
  const bool anywhere = rows || cast || chain_rows;  // a range may start anywhere a kernel's body may
  p->row = rows ? p->size[0] : p->run;
  p->align = anywhere ? (kTileAlignBytes / es > 0 ? kTileAlignBytes / es : 1) : p->block;
  p->heavy = g.nodes > 1 || storing(g);
  for (int j = 0; j < g.nodes; ++j) p->heavy = p->heavy || heavy_arithmetic(g.node[j].op, c);
  for (int i = 0; i < n; ++i) p->heavy = p->heavy || g.input_dtype[i] != c;
  return Status::ok;
}

void run_plan(const Plan& p, const uintptr_t* base, unsigned char* ws, size_t begin, size_t end) {
  const Program& g = p.program;
  if (g.reduction != Reduction::none && begin < end) {
    const DType store = storing(g) ? g.store_dtype : g.dtype;
    if (normalizes(g.reduction)) return run_softmax(p.reducing, g.input_dtype[0], g.dtype, store, base[0], base[1], ws, begin, end);
    return run_reduction(p.reducing, g.input_dtype[0], g.dtype, store, base[0], base[1], ws, begin, end);
  }
  if (p.rank == 0 || begin >= end) return;
  if (p.rows) return run_rows(p, base, begin, end);
  run_blocks(p, base, ws, begin, end, false);
}

Status check_divisors(const Plan& p, const uintptr_t* base, unsigned char* ws) {
  const Program& g = p.program;
  if (p.rank == 0 || !is_integer(g.dtype)) return Status::ok;
  bool computed = false;
  for (int j = 0; j < g.nodes; ++j) {
    if (!divides(g.node[j].op)) continue;
    const int v = g.node[j].b;
    if (v < g.inputs) {
      if (input_has_zero(p, v, base[v])) return Status::division_by_zero;
    } else if (v < kNodeBase) {
      if (any_zero(g.dtype, g.literal[v - kLiteralBase], 1)) return Status::division_by_zero;
    } else {
      computed = true;
    }
  }
  if (computed && run_blocks(p, base, ws, 0, p.count, true)) return Status::division_by_zero;
  return Status::ok;
}

Status binary(Op op, DType dtype, const Broadcast& s, const void* a, const void* b, void* y, bool zero_is_error) {
  const std::unique_ptr<Plan> p(new Plan);
  p->program = single_op(op, dtype);
  const InputShape shapes[2] = {{s.rank, s.a, nullptr}, {s.rank, s.b, nullptr}};
  Broadcast r;
  Status status = reshape(p.get(), BroadcastSpec{}, shapes, &r);
  if (status != Status::ok) return status;
  std::vector<unsigned char> ws(p->workspace_bytes + 16);
  unsigned char* w = ws.data() + (16 - reinterpret_cast<uintptr_t>(ws.data()) % 16) % 16;
  const uintptr_t base[3] = {reinterpret_cast<uintptr_t>(a), reinterpret_cast<uintptr_t>(b), reinterpret_cast<uintptr_t>(y)};
  if (zero_is_error) status = check_divisors(*p, base, w);
  if (status == Status::ok) run_plan(*p, base, w, 0, p->count);
  return status;
}

}  // namespace tensorwise
