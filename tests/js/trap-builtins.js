// Preloaded (node --import, after threads-mode.js) to run a suite with every built-in a caller
// could replace turned into a trap, once the package has loaded: every configurable property of
// the global object, of each built-in constructor, namespace and prototype (methods, getters,
// setters and plain values alike, symbols included) becomes an accessor, and each function a
// Proxy, that records its name when it is reached while a call is staging in wasm memory
// (testing.staging()). The contract says no caller code runs in that window: a caller who had
// replaced any of these would have run there. The suite runs as usual (each trap then does what
// the built-in does); at exit, any name recorded fails the process, and so the suite.
// scripts/test.sh runs the exactness and hostile-input suites this way too.
import { testing, withStaging } from '../../web/lifecycle.js';
import '../../web/index.js'; // the package loads first: what it takes at load is the real thing

const { apply, construct, defineProperty, getOwnPropertyDescriptor, getPrototypeOf, ownKeys } = Reflect;
const ProxyClass = Proxy;
const isStaging = testing.staging;
const stringOf = String;
const writeErr = process.stderr.write.bind(process.stderr);
const exit = process.exit.bind(process);

// name -> { times, where }: how often it was reached while staging, and where first (the
// package's frames of that stack).
const reached = new Map();
const mapGet = Map.prototype.get.bind(reached);
const mapSet = Map.prototype.set.bind(reached);
const ErrorClass = Error;
ErrorClass.stackTraceLimit = 30;
let noting = false;
function note(name) {
  if (noting || !isStaging()) return;
  noting = true; // what note() itself reaches (making a stack) is not noted
  try {
    const seen = mapGet(name);
    if (seen !== undefined) ++seen.times;
    else mapSet(name, { times: 1, where: `${new ErrorClass().stack}` });
  } finally {
    noting = false;
  }
}

// A function in a Proxy that notes each call and construction.
const wrapped = new WeakMap();
const wrappedGet = WeakMap.prototype.get.bind(wrapped);
const wrappedSet = WeakMap.prototype.set.bind(wrapped);
function trapFunction(fn, name) {
  const known = wrappedGet(fn);
  if (known !== undefined) return known;
  // (A null-prototype handler: a test that pollutes Object.prototype with a `get` must not give
  // these Proxies a trap.)
  const proxy = new ProxyClass(fn, {
    __proto__: null,
    apply(target, self, args) {
      note(`${name}()`);
      return apply(target, self, args);
    },
    construct(target, args, newTarget) {
      note(`new ${name}`);
      return construct(target, args, newTarget === proxy ? target : newTarget);
    },
  });
  wrappedSet(fn, proxy);
  wrappedSet(proxy, proxy);
  return proxy;
}

const keyName = (key) => (typeof key === 'symbol' ? `[${stringOf(key.description)}]` : key);

// Every configurable own property of `object` as an accessor that notes each read (and write).
function trapProperties(object, label) {
  for (const key of ownKeys(object)) {
    const d = getOwnPropertyDescriptor(object, key);
    // Error.stackTraceLimit V8 reads as a plain value (an accessor there would never run, and
    // would leave every error without a stack).
    if (!d.configurable || (object === Error && key === 'stackTraceLimit')) continue;
    const name = `${label}.${keyName(key)}`;
    if ('value' in d) {
      let value = typeof d.value === 'function' ? trapFunction(d.value, name) : d.value;
      defineProperty(object, key, {
        configurable: true, enumerable: d.enumerable,
        get() {
          note(name);
          return value;
        },
        // As assigning a writable data property does: on the object itself, a new value; on one
        // that inherits it, a property of its own (code that sets `proto.valueOf` must not change
        // everyone's). A read-only one stays read-only (no setter).
        set: d.writable ? function set(v) {
          if (this === object) value = v;
          else defineProperty(this, key, { __proto__: null, value: v, writable: true, enumerable: true, configurable: true });
        } : undefined,
      });
    } else {
      defineProperty(object, key, {
        configurable: true, enumerable: d.enumerable,
        get: d.get === undefined ? undefined : trapFunction(d.get, `get ${name}`),
        set: d.set === undefined ? undefined : trapFunction(d.set, `set ${name}`),
      });
    }
  }
}

// The built-ins: each global constructor and namespace, what their prototypes inherit from that
// no global names (%TypedArray%, the iterators), and the global object itself (last: its
// properties then read as traps).
const roots = [];
for (const key of ownKeys(globalThis)) {
  const d = getOwnPropertyDescriptor(globalThis, key);
  if (!('value' in d) || typeof key !== 'string' || !/^[A-Z]/.test(key) && !['globalThis'].includes(key)) continue;
  const v = d.value;
  if ((typeof v === 'function' || (typeof v === 'object' && v !== null)) && v !== globalThis) roots.push([key, v]);
}
const TypedArray = getPrototypeOf(Int8Array);
const iterators = {
  IteratorPrototype: getPrototypeOf(getPrototypeOf([][Symbol.iterator]())),
  ArrayIteratorPrototype: getPrototypeOf([][Symbol.iterator]()),
  MapIteratorPrototype: getPrototypeOf(new Map().entries()),
  SetIteratorPrototype: getPrototypeOf(new Set().values()),
  StringIteratorPrototype: getPrototypeOf(''[Symbol.iterator]()),
  RegExpStringIteratorPrototype: getPrototypeOf(/./[Symbol.matchAll]('')),
};
roots.push(['TypedArray', TypedArray], ...Object.entries(iterators));
if (typeof WebAssembly === 'object') {
  for (const key of ['Memory', 'Module', 'Instance', 'Global', 'Table', 'CompileError', 'LinkError', 'RuntimeError']) {
    if (typeof WebAssembly[key] === 'function') roots.push([`WebAssembly.${key}`, WebAssembly[key]]);
  }
}
const done = new Set();
for (const [label, root] of roots) if (typeof root === 'function') trapFunction(root, label); // constructors by their own names
for (const [label, root] of roots) {
  for (const [object, name] of [[root, label], [root.prototype, `${label}.prototype`]]) {
    if ((typeof object !== 'object' && typeof object !== 'function') || object === null || done.has(object)) continue;
    done.add(object);
    trapProperties(object, name);
  }
}
trapProperties(globalThis, 'globalThis');

// The traps trap: a built-in reached in a staging window of the library's own making is noted
// (else this whole check would pass by noting nothing).
withStaging(() => [1].map((x) => x), null, null);
if (mapGet('Array.prototype.map') === undefined) {
  writeErr('trap-builtins: the traps noted nothing in a staging window\n');
  exit(1);
}
reached.clear();

process.on('exit', () => {
  if (reached.size === 0) return;
  let text = '\ntrap-builtins: built-ins a caller can replace were reached while a call was staging in wasm memory:\n';
  for (const [name, { times, where }] of reached) {
    const frames = where.split('\n').filter((line) => line.includes('/web/') || line.includes('/dist/'));
    text += `  ${name} (${times} times)\n${frames.slice(0, 4).join('\n')}\n`;
  }
  writeErr(text);
  exit(1);
});
