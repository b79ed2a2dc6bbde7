// What every ecosystem project runs (copied into each as src/app.js): the README's numbers, a
// broadcast, and an int32 floor division. In a page it sets window.result (and window.threads,
// what threads() says after init); elsewhere it prints the result as JSON.
export async function check(tw) {
  await tw.init();
  const product = tw.multiply({ data: new Float32Array([1, 2, 3]), shape: [3] }, { data: new Float32Array([4, 5, 6]), shape: [3] });
  const quotient = tw.divide({ data: new Int32Array([-7, 7]), shape: [2] }, 2);
  const outer = tw.multiply({ data: new Float32Array([1, 2]), shape: [2, 1] }, { data: new Float32Array([3, 4, 5]), shape: [1, 3] });
  return {
    product: Array.from(product.data), productClass: product.data.constructor.name,
    quotient: Array.from(quotient.data), quotientClass: quotient.data.constructor.name,
    outer: Array.from(outer.data), outerShape: outer.shape,
  };
}

export function main(tw) {
  const inPage = typeof window !== 'undefined' && typeof window.document !== 'undefined';
  return check(tw).then(
    (result) => {
      if (inPage) Object.assign(window, { result, threads: tw.threads(), done: true });
      else console.log(JSON.stringify(result));
    },
    (error) => {
      if (inPage) window.failed = String((error && error.stack) || error);
      else {
        console.error(error);
        globalThis.process?.exit?.(1);
      }
    },
  );
}
