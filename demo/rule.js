// The rule of a broadcast mode in one sentence, for the lesson above the ledger. Which shapes go
// together, and into what, is still the package's answer (the ledger and the error come from it);
// this is the sentence a reader checks them against.
const RULES = {
  numpy: 'Line the shapes up from the right. Each pair of dims must be equal, or one of them 1: ' +
    'the result takes the larger, and a 1 is stretched (its values repeated) to match. ' +
    'An axis a shape lacks counts as 1.',
  none: 'Mode none: the two shapes must be identical, axis by axis; nothing is padded or stretched.',
  pdpd: 'PaddlePaddle: B goes onto A starting at axis (by default its last dim meets A\'s), after its ' +
    'trailing 1s are dropped; each dim of B must equal A\'s there or be 1, and the result has A\'s shape.',
  legacy: 'ONNX opsets 1 and 6 (broadcast=1): B must hold one value, or equal a run of A\'s dims ' +
    'starting at axis (by default A\'s last dims); the result has A\'s shape, and a 1 in B does not stretch.',
};

/** The rule of `mode` (a mode the form offers). */
export const ruleOf = (mode) => RULES[mode] ?? RULES.numpy;
