// CommonJS: require('tensorwise') (run with --no-experimental-require-module, as Node < 20.19).
const tw = require('tensorwise');

tw.init().then(() => {
  const product = tw.multiply({ data: new Float32Array([1, 2, 3]), shape: [3] }, { data: new Float32Array([4, 5, 6]), shape: [3] });
  const quotient = tw.divide({ data: new Int32Array([-7, 7]), shape: [2] }, 2);
  const outer = tw.multiply({ data: new Float32Array([1, 2]), shape: [2, 1] }, { data: new Float32Array([3, 4, 5]), shape: [1, 3] });
  console.log(JSON.stringify({
    product: Array.from(product.data), productClass: product.data.constructor.name,
    quotient: Array.from(quotient.data), quotientClass: quotient.data.constructor.name,
    outer: Array.from(outer.data), outerShape: outer.shape,
  }));
});
