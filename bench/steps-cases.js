// The steps people run around a model, each as one tensorwise expression against the one-pass
// JS loop a user would write for the whole step: an RGBA frame normalised into NCHW float32,
// int8 weights dequantised, float64 columns standardised; a compiled float32 a * b in a hot loop;
// (a * b) + c on resident tensors against two resident calls. No Node APIs: bench/steps.js runs
// this in Node and in a Chromium page. Each case times its two sides in turn, batch after batch
// (which goes first alternates), after a warm-up; the figures are medians of the per-round
// times and of the per-round ratios.

export function steps(tw, now, { rounds = 21, quick = false, batchUs = 2000, warmUs = 200000 } = {}) {
  const results = [];
  const H = 224, W = 224, HW = H * W;
  const rgba = new Uint8ClampedArray(HW * 4);
  for (let i = 0; i < rgba.length; ++i) rgba[i] = (i * 37 + 11) % 256;
  const meanv = new Float32Array([0.485, 0.456, 0.406]), stdv = new Float32Array([0.229, 0.224, 0.225]);
  const normalize = tw.expr('(x / 255 - mean) / std', { dtype: 'float32' });
  const frame = { data: rgba, shape: [1, 3, H, W], strides: [0, 1, 4 * W, 4] };
  const mean = { data: meanv, shape: [3, 1, 1] }, std = { data: stdv, shape: [3, 1, 1] };
  const imageOut = new Float32Array(3 * HW);
  const imageLoop = (o) => {
    for (let c = 0; c < 3; ++c) {
      const m = meanv[c], s = stdv[c], base = c * HW;
      for (let i = 0; i < HW; ++i) o[base + i] = (rgba[4 * i + c] / 255 - m) / s;
    }
    return o;
  };

  const q = new Int8Array(64000), zp = new Int8Array(64), scale = new Float32Array(64);
  for (let i = 0; i < q.length; ++i) q[i] = ((i * 7) % 256) - 128;
  for (let j = 0; j < 64; ++j) { zp[j] = j - 32; scale[j] = 0.01 * (j + 1); }
  const dequantize = tw.expr('(q - zp) * scale', { dtype: 'float32' });
  const deqInputs = { q: { data: q, shape: [1000, 64] }, zp: { data: zp, shape: [64] }, scale: { data: scale, shape: [64] } };
  const deqOut = new Float32Array(64000);
  const deqLoop = (o) => {
    for (let r = 0, k = 0; r < 1000; ++r) for (let j = 0; j < 64; ++j, ++k) o[k] = (q[k] - zp[j]) * scale[j];
    return o;
  };

  const x = new Float64Array(300000), mu = new Float64Array([1, 2, 3]), sd = new Float64Array([4, 5, 6]);
  for (let i = 0; i < x.length; ++i) x[i] = (i % 1000) * 0.37;
  const standardize = tw.expr('(x - mean) / std');
  const stdInputs = { x: { data: x, shape: [100000, 3] }, mean: { data: mu, shape: [3] }, std: { data: sd, shape: [3] } };
  const stdOut = new Float64Array(300000);
  const stdLoop = (o) => {
    for (let r = 0, k = 0; r < 100000; ++r) for (let j = 0; j < 3; ++j, ++k) o[k] = (x[k] - mu[j]) / sd[j];
    return o;
  };

  const cases = [
    ['image: RGBA uint8 [224,224,4] -> float32 [1,3,224,224], new result', () => normalize({ x: frame, mean, std }),
      () => imageLoop(new Float32Array(3 * HW))],
    ['image, into out', () => normalize({ x: frame, mean, std }, { out: imageOut }), () => imageLoop(imageOut)],
    ['dequantize int8 [1000,64] (zp int8, scale float32 [64]), new result', () => dequantize(deqInputs),
      () => deqLoop(new Float32Array(64000))],
    ['dequantize, into out', () => dequantize(deqInputs, { out: deqOut }), () => deqLoop(deqOut)],
    ['standardize float64 [100000,3] by [3], new result', () => standardize(stdInputs), () => stdLoop(new Float64Array(300000))],
    ['standardize, into out', () => standardize(stdInputs, { out: stdOut }), () => stdLoop(stdOut)],
  ];
  const mul = tw.expr('a * b');
  for (const n of [16, 64, 1024]) {
    const a = new Float32Array(n), b = new Float32Array(n), o = new Float32Array(n);
    for (let i = 0; i < n; ++i) { a[i] = 1 + (i % 97) * 0.25; b[i] = 0.5 + (i % 89) * 0.125; }
    const inputs = { a: { data: a, shape: [n] }, b: { data: b, shape: [n] } }, options = { out: o };
    cases.push([`hot loop: compiled float32 a * b [${n}] into out`, () => mul(inputs, options), () => {
      for (let i = 0; i < n; ++i) o[i] = a[i] * b[i];
      return o;
    }]);
  }
  const M = quick ? 1 << 20 : 1 << 22;
  const ra = tw.tensor(new Float32Array(M).fill(1.5)), rb = tw.tensor(new Float32Array(M).fill(2)), rc = tw.tensor(new Float32Array(M).fill(0.25));
  const ry = tw.empty([M], 'float32');
  const fma = tw.expr('a * b + c');
  cases.push([`resident (a * b) + c [${M}]: one expression against two calls`, () => fma({ a: ra, b: rb, c: rc }, { out: ry }), () => {
    tw.multiply(ra, rb, { out: ry });
    return tw.add(ry, rc, { out: ry });
  }]);

  for (const [name, mine, theirs] of cases) {
    // A batch of about batchUs of the slower side, after a warm-up of both.
    const fns = [mine, theirs];
    for (let k = 0; k < 3; ++k) for (const f of fns) f();
    let once = 0;
    for (const f of fns) {
      const t = now();
      for (let i = 0; i < 5; ++i) f();
      once = Math.max(once, (now() - t) / 5);
    }
    const batch = Math.max(1, Math.min(100000, Math.round(batchUs / Math.max(once, 0.01))));
    // Warm-up: both sides in turn until each has run warmUs (JIT tiers settle; a hot loop is
    // many calls, and its first thousands run before V8 optimises the library's code).
    for (let spent = 0; spent < warmUs;) {
      const t = now();
      for (const f of fns) for (let i = 0; i < batch; ++i) f();
      spent += (now() - t) / 2;
    }
    const samples = [[], []];
    for (let r = 0; r < rounds; ++r) {
      for (let j = 0; j < 2; ++j) {
        const k = r % 2 === 0 ? j : 1 - j;
        const t = now();
        for (let i = 0; i < batch; ++i) fns[k]();
        samples[k].push((now() - t) / batch);
      }
    }
    const median = (v) => [...v].sort((p, s) => p - s)[v.length >> 1];
    results.push({ name, tw: median(samples[0]), other: median(samples[1]), ratio: median(samples[0].map((t, r) => t / samples[1][r])) });
  }
  for (const t of [ra, rb, rc, ry]) t.dispose();
  return results;
}
