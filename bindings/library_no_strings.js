// Linked with --js-library: Embind's built-in registrations of std::string, std::wstring,
// std::u16string and std::u32string become no-ops, so the glue leaves out the UTF-8/16/32
// converters they bring (about 1.6 KB of the shipped module, gzipped). No binding takes or
// returns a string; one that did would fail with Embind's "unbound types" error naming the type.
mergeInto(LibraryManager.library, {
  _embind_register_std_string: function (rawType, name) {},
  _embind_register_std_wstring: function (rawType, charSize, name) {},
});
