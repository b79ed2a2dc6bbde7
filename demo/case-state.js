// A case of the demo as plain data (what the form shows) and as the URL's hash, so a link opens
// the same case: #a=8,1,6,1&b=7,1,5&op=multiply&dtype=float32&mode=numpy&axis=&pythondiv=1&step=4
//
// Shapes and axis stay text as typed; the package judges them when the case runs.

/** The case of a preset. */
export function caseOfPreset(preset) {
  return {
    a: preset.a.join(','),
    b: preset.b.join(','),
    op: preset.op ?? 'multiply',
    dtype: preset.dtype ?? 'float32',
    mode: preset.mode ?? 'numpy',
    axis: preset.axis === undefined ? '' : String(preset.axis),
    pythondiv: preset.pythondiv ?? true,
    values: preset.values ?? null, // values the specification gives, else the demo's own
  };
}

export function sameCase(x, y) {
  return hashOf(x, 0) === hashOf(y, 0);
}

// Commas and the minus sign stay readable in the address bar.
const encode = (text) => encodeURIComponent(text).replace(/%2C/gi, ',');

export function hashOf(c, step) {
  const parts = [['a', c.a], ['b', c.b], ['op', c.op], ['dtype', c.dtype], ['mode', c.mode], ['axis', c.axis],
    ['pythondiv', c.pythondiv ? '1' : '0']];
  if (c.values) parts.push(['va', c.values.a.join(',')], ['vb', c.values.b.join(',')]);
  parts.push(['step', String(step)]);
  return `#${parts.map(([k, v]) => `${k}=${encode(v)}`).join('&')}`;
}

/**
 * The case and step of a hash, or null when the hash names no case. Keys left out take the
 * values of `fallback`; values that are not options of the form are caught by the form.
 */
export function caseOfHash(hash, fallback) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (!params.has('a') && !params.has('b')) return null;
  const text = (key) => params.get(key) ?? fallback[key];
  const numbers = (key) => (params.get(key) ?? '').split(',').filter(Boolean).map(Number);
  const step = Number(params.get('step'));
  return {
    case: {
      a: text('a'),
      b: text('b'),
      op: text('op'),
      dtype: text('dtype'),
      mode: text('mode'),
      axis: text('axis'),
      pythondiv: params.has('pythondiv') ? params.get('pythondiv') !== '0' && params.get('pythondiv') !== 'false' : fallback.pythondiv,
      values: params.has('va') && params.has('vb') ? { a: numbers('va'), b: numbers('vb') } : null,
    },
    step: Number.isInteger(step) && step >= 1 && step <= 4 ? step : 4,
  };
}
