// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// Operands as users write them, through every entry point: a bare typed array is a vector of its
// class's dtype; an ImageData (a record of data, width and height, or the browser's class) is
// uint8 [height, width, 4]; any other record with a key the library does not read (a misspelt
// shape, a width beside a shape, onnxruntime's dims beside a shape) is a TypeError naming the
// key, whose value is never read, with nothing written. (Before, { data, width, height }
// broadcast against [3, 1, 1] to [3, 1, height * width * 4] without a word.)
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { OPS, f32, hostile, throwsClear, tw } from './harness.js';
import { DTYPES as TEST_DTYPES } from '../dtypes.js';

before(() => tw.init());

const CLASSES = [
  [Float32Array, 'float32'], [Float64Array, 'float64'], [Int8Array, 'int8'], [Int16Array, 'int16'], [Int32Array, 'int32'],
  [BigInt64Array, 'int64'], [Uint8Array, 'uint8'], [Uint8ClampedArray, 'uint8'], [Uint16Array, 'uint16'], [Uint32Array, 'uint32'],
  [BigUint64Array, 'uint64'],
  ...(typeof Float16Array === 'function' ? [[Float16Array, 'float16']] : []), // eslint-disable-line no-undef
];

test('a bare typed array is a vector of its class\'s dtype, for every class, with a number and with another', () => {
  hostile(() => {
    for (const [Class, dtype] of CLASSES) {
      const big = TEST_DTYPES[dtype].Storage === BigInt64Array || TEST_DTYPES[dtype].Storage === BigUint64Array;
      const x = Class.from([1, 2, 3], (v) => (big ? BigInt(v) : v));
      const r = tw.add(x, big ? 1n : 1);
      assert.deepEqual([r.shape, r.dtype], [[3], dtype], Class.name);
      assert.deepEqual(Array.from(r.data, Number), [2, 3, 4], Class.name);
      assert.deepEqual(Array.from(tw.multiply(x, x).data, Number), [1, 4, 9], Class.name);
    }
  });
});

for (const [name, op] of Object.entries(OPS)) {
  test(`${name}: bare typed arrays and images as operands`, () => {
    hostile(() => {
      const a = op.arr([1, 2, 3, 4]), b = op.arr([2, 2, 2, 2]);
      assert.deepEqual(Array.from(op.call(a, b).data), Array.from(a, (x, i) => op.want(x, b[i])));
      const rgba = new Uint8ClampedArray(2 * 3 * 4).map((_, i) => i % 7 + 1);
      const image = () => op.call({ data: rgba, width: 3, height: 2 }, { data: new Uint8Array([1]), shape: [1, 1, 1] });
      if (!op.takes('uint8')) { // an image is uint8: refused by the domain, as any uint8 operand
        throwsClear(image, TypeError, /take uint8/, name);
        return;
      }
      const r = image();
      assert.deepEqual([r.shape, r.dtype], [[2, 3, 4], 'uint8']);
    });
  });

  test(`${name}: a record with a key the library does not read is a TypeError naming it, the key not read, nothing written`, () => {
    hostile(() => {
      let read = 0;
      const out = new op.T(3).fill(7);
      const data = op.arr([1, 2, 3]);
      const records = [
        [{ data, shpae: [3] }, '"shpae"'],
        [{ data, shape: [3], width: 3 }, '"width"'],
        [{ data, shape: [3], dims: [3] }, '"dims"'],
        [{ data, dtype: op.dtype, type: op.dtype }, '"type"'],
        [{ data, width: 3, height: 1, shape: [3] }, '"shape"'],
        [{ data, stride: [1], get sneaky() { read += 1; return 1; } }, '"sneaky"'],
      ];
      for (const [record, key] of records) {
        throwsClear(() => op.call(record, 2, op.out ? { out } : undefined), TypeError, new RegExp(`${key}, a key an operand does not have`), `${name} ${key}`);
        if (!op.unary) throwsClear(() => op.call(2, record), TypeError, new RegExp(key), `${name} ${key} as B`);
      }
      assert.equal(read, 0, 'the unknown key was read');
      assert.ok(out.every((x) => x === 7), 'out was written');
    });
  });
}

test('ImageData: a record or the browser\'s class, uint8 [height, width, 4]; a bad size or a shape that does not broadcast is said so', () => {
  hostile(() => {
    class ImageData { // the browser's: accessors of its class
      constructor(w, h) { this.px = new Uint8ClampedArray(w * h * 4).fill(100); this.w = w; this.h = h; }
      get data() { return this.px; }
      get width() { return this.w; }
      get height() { return this.h; }
      get colorSpace() { return 'srgb'; }
    }
    const image = new ImageData(4, 2);
    const normalize = tw.expr('(x / 255 - m) / s', { dtype: 'float32' });
    const stats = { m: { data: [0.5, 0.5, 0.5, 0], shape: [4] }, s: { data: [0.25, 0.25, 0.25, 1], shape: [4] } };
    const r = normalize({ x: image, ...stats });
    assert.deepEqual(r.shape, [2, 4, 4]);
    assert.equal(r.data[0], Math.fround((Math.fround(100 / 255) - 0.5) / 0.25));
    // Chromium's ImageData has data as its own property, width and height its class's.
    class OwnData { constructor(w, h) { this.data = new Uint8ClampedArray(w * h * 4).fill(100); this.w = w; this.h = h; }
      get width() { return this.w; }
      get height() { return this.h; } }
    const own = normalize({ x: new OwnData(4, 2), ...stats });
    assert.deepEqual([own.shape, Array.from(own.data)], [[2, 4, 4], Array.from(r.data)]);
    const plain = { data: image.data, width: 4, height: 2, colorSpace: 'srgb' };
    assert.deepEqual(Array.from(normalize({ x: plain, ...stats }).data), Array.from(r.data));
    // The channels of an NCHW model, [3, 1, 1], do not broadcast against HWC [2, 4, 4]: an error, not [3, 1, 32].
    throwsClear(() => tw.subtract(plain, { data: new Uint8Array([1, 2, 3]), shape: [3, 1, 1] }), RangeError, /cannot broadcast/);
    throwsClear(() => tw.add({ data: image.data, width: 3, height: 2 }, 1), RangeError, /data has 32 elements but shape \[2,3,4\] needs 24/);
    throwsClear(() => tw.add({ data: image.data, width: 4.5, height: 2 }, 1), RangeError, /width must be a positive integer/);
    throwsClear(() => tw.add({ data: image.data, width: 4 }, 1), RangeError, /height must be a positive integer, got nothing/);
  });
});

test('stdlib\'s order: row-major, or column-major with the strides; another, or column-major alone, is a RangeError', () => {
  hostile(() => {
    const data = f32([1, 2, 3, 4, 5, 6]);
    assert.deepEqual(Array.from(tw.add({ data, shape: [2, 3], order: 'row-major' }, 0).data), [1, 2, 3, 4, 5, 6]);
    // column-major [2, 3]: element [i, j] at i + 2 * j
    assert.deepEqual(Array.from(tw.add({ data, shape: [2, 3], strides: [1, 2], offset: 0, order: 'column-major' }, 0).data), [1, 3, 5, 2, 4, 6]);
    for (const order of ['column-major', 'C', null, 1]) {
      throwsClear(() => tw.add({ data, shape: [2, 3], order }, 0), RangeError, /order must be 'row-major'/);
    }
  });
});

test('a key an earlier getter deletes is a TypeError saying so, never read from the prototype; data may be non-enumerable', () => {
  hostile(() => {
    const data = f32([1, 2, 3, 4]);
    const x = { get data() { delete x.shape; return data; }, shape: [2, 2] };
    throwsClear(() => tw.add(x, 0), TypeError, /shape was deleted while the operand was being read/);
    const y = { shape: [2, 2] };
    Object.defineProperty(y, 'data', { value: data, enumerable: false });
    assert.deepEqual(tw.add(y, 1).shape, [2, 2]);
    assert.deepEqual(Array.from(tw.add(y, 1).data), [2, 3, 4, 5]);
  });
});
