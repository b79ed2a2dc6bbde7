// An op applied to two operands as the page writes it: with its sign (`A × B`), or as a call
// (`maximum(A, B)`) for an op that has none (ops() says which).
export const applied = (op, a, b) => (op.sign === null ? `${op.name}(${a}, ${b})` : `${a} ${op.sign} ${b}`);
