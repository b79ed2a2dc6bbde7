// Linked with --js-library: Embind's built-in registrations of the types no binding here uses
// become no-ops, so the glue leaves out what they bring: std::string, std::wstring (the UTF-8/
// 16/32 converters), emscripten::val (the emval handle machinery), typed_memory_view, 64-bit
// integers, floats and bool. The bindings pass only int constants and enums. One that took such
// a type would fail with Embind's "unbound types" error naming the type.
mergeInto(LibraryManager.library, {
  _embind_register_std_string: function (rawType, name) {},
  _embind_register_std_wstring: function (rawType, charSize, name) {},
  _embind_register_emval: function (rawType, name) {},
  _embind_register_memory_view: function (rawType, dataTypeIndex, name) {},
  _embind_register_bigint: function (primitiveType, name, size, minRange, maxRange) {},
  _embind_register_float: function (rawType, name, size) {},
  _embind_register_bool: function (rawType, name, size, trueValue, falseValue) {},
});
