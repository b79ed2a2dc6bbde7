// Jest's default set-up: CommonJS, require('tensorwise'), no configuration file.
const { init, multiply, divide } = require('tensorwise');

test('multiplies and floor-divides through the wasm module', async () => {
  await init();
  const product = multiply({ data: new Float32Array([1, 2, 3]), shape: [3] }, { data: new Float32Array([4, 5, 6]), shape: [3] });
  expect(product.data).toBeInstanceOf(Float32Array);
  expect(Array.from(product.data)).toEqual([4, 10, 18]);
  const quotient = divide({ data: new Int32Array([-7, 7]), shape: [2] }, 2);
  expect(quotient.data).toBeInstanceOf(Int32Array);
  expect(Array.from(quotient.data)).toEqual([-4, 3]);
});
