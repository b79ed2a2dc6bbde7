// Written by scripts/small-loops.mjs from the core's facts (npm run build); do not edit.
// SMALL_LOOPS[core op][dtype](x, xi, xs, w, wi, ws, y, n): y[i] for i < n from x (from xi,
// step xs) and w (from wi, step ws). SMALL_STORES[dtype](from, into, n): into[i] = from[i].
// The copies of one loop per dtype are on purpose: V8 keeps what types a function has seen per
// function, and one loop that sees every kind of typed array is several times slower.
import { floor, imul, trunc } from '../intrinsics.js';

export const SMALL_LOOPS = {
  mul: {
    float32(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] * w[wi];
    },
    float64(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] * w[wi];
    },
    int8(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] * w[wi];
    },
    int16(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] * w[wi];
    },
    int32(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = imul(x[xi], w[wi]);
    },
    uint8(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] * w[wi];
    },
    uint16(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] * w[wi];
    },
    uint32(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = imul(x[xi], w[wi]);
    },
  },
  div: {
    float32(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] / w[wi];
    },
    float64(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] / w[wi];
    },
    int8(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) {
        const d = w[wi];
        y[i] = d === 0 ? 0 : trunc(x[xi] / d);
      }
    },
    int16(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) {
        const d = w[wi];
        y[i] = d === 0 ? 0 : trunc(x[xi] / d);
      }
    },
    int32(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) {
        const d = w[wi];
        y[i] = d === 0 ? 0 : trunc(x[xi] / d);
      }
    },
    uint8(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) {
        const d = w[wi];
        y[i] = d === 0 ? 0 : trunc(x[xi] / d);
      }
    },
    uint16(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) {
        const d = w[wi];
        y[i] = d === 0 ? 0 : trunc(x[xi] / d);
      }
    },
    uint32(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) {
        const d = w[wi];
        y[i] = d === 0 ? 0 : trunc(x[xi] / d);
      }
    },
  },
  div_floor: {
    float32(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] / w[wi];
    },
    float64(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] / w[wi];
    },
    int8(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) {
        const d = w[wi];
        y[i] = d === 0 ? 0 : floor(x[xi] / d);
      }
    },
    int16(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) {
        const d = w[wi];
        y[i] = d === 0 ? 0 : floor(x[xi] / d);
      }
    },
    int32(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) {
        const d = w[wi];
        y[i] = d === 0 ? 0 : floor(x[xi] / d);
      }
    },
    uint8(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) {
        const d = w[wi];
        y[i] = d === 0 ? 0 : trunc(x[xi] / d);
      }
    },
    uint16(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) {
        const d = w[wi];
        y[i] = d === 0 ? 0 : trunc(x[xi] / d);
      }
    },
    uint32(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) {
        const d = w[wi];
        y[i] = d === 0 ? 0 : trunc(x[xi] / d);
      }
    },
  },
  add: {
    float32(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] + w[wi];
    },
    float64(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] + w[wi];
    },
    int8(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] + w[wi];
    },
    int16(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] + w[wi];
    },
    int32(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] + w[wi];
    },
    uint8(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] + w[wi];
    },
    uint16(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] + w[wi];
    },
    uint32(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] + w[wi];
    },
  },
  sub: {
    float32(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] - w[wi];
    },
    float64(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] - w[wi];
    },
    int8(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] - w[wi];
    },
    int16(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] - w[wi];
    },
    int32(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] - w[wi];
    },
    uint8(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] - w[wi];
    },
    uint16(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] - w[wi];
    },
    uint32(x, xi, xs, w, wi, ws, y, n) {
      for (let i = 0; i < n; ++i, xi += xs, wi += ws) y[i] = x[xi] - w[wi];
    },
  },
};

export const SMALL_STORES = {
  float32(from, into, n) {
    for (let i = 0; i < n; ++i) into[i] = from[i];
  },
  float64(from, into, n) {
    for (let i = 0; i < n; ++i) into[i] = from[i];
  },
  int8(from, into, n) {
    for (let i = 0; i < n; ++i) into[i] = from[i];
  },
  int16(from, into, n) {
    for (let i = 0; i < n; ++i) into[i] = from[i];
  },
  int32(from, into, n) {
    for (let i = 0; i < n; ++i) into[i] = from[i];
  },
  uint8(from, into, n) {
    for (let i = 0; i < n; ++i) into[i] = from[i];
  },
  uint16(from, into, n) {
    for (let i = 0; i < n; ++i) into[i] = from[i];
  },
  uint32(from, into, n) {
    for (let i = 0; i < n; ++i) into[i] = from[i];
  },
};
