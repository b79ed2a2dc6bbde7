// Results of core calls. The numeric values are part of the binding ABI (web/errors.js).
#pragma once

namespace tensorwise {

enum class Status : int {
  ok = 0,
  rank_too_large = 1,     // a shape has more than kMaxRank dims
  incompatible = 2,       // a dim pair cannot be broadcast (conflict_axis says where)
  shapes_differ = 3,      // mode 'none' / legacy broadcast=0: shapes must be identical
  bad_axis = 4,           // axis outside what the mode allows
  b_does_not_fit = 5,     // pdpd / legacy: B is longer than A from axis
  too_large = 6,          // the output's element count overflows the address space
  division_by_zero = 7,   // integer x/0 with the 'error' policy; nothing was written
  invalid_call = 8,       // the binding got codes or a range it does not know: a bug in web/
};

}  // namespace tensorwise
