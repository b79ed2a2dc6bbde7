// Wasm tensors across builds and across copies of the library. In one copy, a tensor in the
// threaded build's memory and one in the single-threaded build's go together in any op. Two
// copies in one program (the sources and a published file, or dist/index.mjs and dist/index.cjs
// when a program both imports and requires the package) each have their own wasm memory: a
// tensor of one given to the other is named as such wherever it is passed, never as an object of
// an unknown class.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import os from 'node:os';
import * as sources from '../../web/index.js';
import { builds, testing } from '../../web/lifecycle.js';
import * as esm from '../../dist/index.mjs';
import { poolReady } from './internals.js';

const cjs = createRequire(import.meta.url)('../../dist/index.cjs');

before(async () => {
  // Two threads whatever the machine (a one-core machine too): the threaded build is loaded.
  if (os.availableParallelism() < 2) os.availableParallelism = () => 2;
  await sources.init({ threads: 2 });
  await poolReady(); // in Node the threaded build loads when first needed: now
  await esm.init({ threads: 1 });
  await cjs.init({ threads: 1 });
});

test('one copy: tensors in the threaded and the single-threaded build\'s memories go together', () => {
  assert.notEqual(builds.shared, null, 'the threaded build is loaded');
  testing.allShared = true;
  const inShared = sources.tensor(new Float32Array([1, 2, 3, 4]), [4]);
  testing.allShared = false;
  const inPlain = sources.tensor(new Float32Array([10, 20, 30, 40]), [4]);
  try {
    assert.deepEqual(Array.from(sources.multiply(inShared, inPlain).data), [10, 40, 90, 160]);
    assert.equal(sources.add(inPlain, inShared, { out: inShared }), inShared);
    assert.deepEqual(Array.from(inShared.data), [11, 22, 33, 44]);
    assert.deepEqual(Array.from(sources.expr('a - b')({ a: inPlain, b: inShared }, { out: inPlain }).data), [-1, -2, -3, -4]);
  } finally {
    inShared.dispose();
    inPlain.dispose();
  }
});

// Every way another copy's tensor reaches a copy: as an operand of each kind of entry point, as
// `out`, as a conversion's input, and as `this` of the other copy's WasmTensor methods.
const USES = {
  'an operand': (lib, t) => lib.multiply(t, 2),
  'the second operand': (lib, t) => lib.divide(2, t),
  'onnx.Mul\'s input': (lib, t) => lib.onnx.Mul(t, t),
  'openvino.Add\'s input': (lib, t) => lib.openvino.Add(t, t),
  'an expression\'s input': (lib, t) => lib.expr('x * 2')({ x: t }),
  'tensor()\'s data': (lib, t) => lib.tensor(t),
  'out': (lib, t) => lib.multiply({ data: new Float32Array([1, 2]) }, 2, { out: t }),
  'a conversion\'s input': (lib, t) => lib.float32ToFloat16(t),
  'dispose()': (lib, t) => lib.WasmTensor.prototype.dispose.call(t),
  'data': (lib, t) => Object.getOwnPropertyDescriptor(lib.WasmTensor.prototype, 'data').get.call(t),
};

const COPIES = [['the sources', sources], ['dist/index.mjs', esm], ['dist/index.cjs', cjs]];

for (const [maker, made] of COPIES) {
  for (const [user, lib] of COPIES) {
    if (made === lib) continue;
    test(`a tensor of ${maker} given to ${user} is named a tensor of another copy, wherever it is passed`, () => {
      const t = made.tensor(new Float32Array([1, 2]), [2]);
      try {
        for (const [where, use] of Object.entries(USES)) {
          assert.throws(() => use(lib, t), (e) => {
            assert.ok(e instanceof TypeError, `${where}: ${e}`);
            assert.ok(e.message.includes('a wasm tensor of another copy of tensorwise'), `${where}: ${e.message}`);
            assert.doesNotMatch(e.message, /none of the tensors|got an object|not a wasm tensor/, where);
            return true;
          }, where);
        }
        // What the message offers instead: its values, as a typed array of the copy's memory.
        assert.deepEqual(Array.from(lib.multiply({ data: t.data, shape: t.shape }, 2).data), [2, 4]);
        assert.deepEqual(Array.from(t.data), [1, 2]); // and the tensor is untouched
      } finally {
        t.dispose();
      }
    });
  }
}
