// Results of core calls, from one list. The values are part of the binding ABI, exported by
// name (bindings/binding.cc); web/api/errors.js turns them into the errors of docs/contract.md, "Errors".
#pragma once

namespace tensorwise {

// X(name): in this order, from 0.
#define TW_STATUSES(X)                                                                            \
  X(ok)                                                                                           \
  X(rank_too_large)   /* a shape has more than kMaxRank dims */                                   \
  X(incompatible)     /* a dim pair cannot be broadcast (conflict_axis says where) */             \
  X(shapes_differ)    /* mode 'none' / legacy broadcast=0: shapes must be identical */            \
  X(bad_axis)         /* axis outside what the mode allows */                                     \
  X(b_does_not_fit)   /* pdpd / legacy: B is longer than A from axis */                           \
  X(too_large)        /* the output's bytes do not fit in the address space */                    \
  X(division_by_zero) /* integer x/0 with the 'error' policy; nothing was written */              \
  X(invalid_call)     /* the binding got codes or a range it does not know: a bug in web/ */

enum class Status : int {
#define TW_ENUM(name) name,
  TW_STATUSES(TW_ENUM)
#undef TW_ENUM
};

}  // namespace tensorwise
