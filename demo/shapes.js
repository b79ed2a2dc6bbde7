// Shapes as the form takes them and the page prints them, and the row-major index arithmetic
// the drawing needs (last axis fastest, as the package lays out data). No broadcasting here:
// which shapes go together, and into what, is the package's answer.

/** "8,1,6,1", "[8, 1, 6, 1]", "8×1×6×1" or "" (a scalar) to dims; a RangeError names a bad dim. */
export function parseShape(text) {
  const inner = text.trim().replace(/^[[(]/, '').replace(/[\])]$/, '').trim();
  if (inner === '') return [];
  return inner.split(/[\s,×x*]+/).filter(Boolean).map((token) => {
    if (!/^\d+$/.test(token)) throw new RangeError(`"${token}" is not a dim: shapes are whole numbers such as 8,1,6,1`);
    return Number(token);
  });
}

export const formatShape = (shape) => `[${shape.join(', ')}]`;

export const countOf = (shape) => shape.reduce((n, d) => n * d, 1);

/** The coordinates of flat position k in shape. */
export function coordsOf(k, shape) {
  const coords = new Array(shape.length);
  for (let i = shape.length - 1; i >= 0; --i) {
    coords[i] = k % shape[i];
    k = Math.floor(k / shape[i]);
  }
  return coords;
}
