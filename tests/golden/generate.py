#!/usr/bin/python3
"""Golden vectors for tensorwise from numpy, the independent oracle.

Run with Debian's python3 (it has python3-numpy):  /usr/bin/python3 tests/golden/generate.py
Writes tests/golden/cases.json, views.json (strided views) and casts.json (one dtype as another);
the files are committed, so tests need no Python.

What numpy computes here, as docs/contract.md ("Arithmetic") says:
- float32/float64: np.multiply / np.divide / np.add / np.subtract (IEEE; x/0 = ±Inf, 0/0 = NaN).
- maximum/minimum of floats: IEEE 754-2019's rule written here (NaN if either is NaN, -0 < +0;
  numpy's loops disagree with each other on signed zeros); of integers np.maximum/np.minimum.
- mod, fmod: np.mod (the divisor's sign) and np.fmod (the dividend's); integer x % 0 = 0, MIN % -1 = 0.
- squaredDifference: np.subtract, then np.multiply, each rounded to the dtype (integers wrap).
- exp, log: not numpy's (not correctly rounded): Python's decimal to 60 digits, rounded once into
  the dtype here; float64 cases are marked 'faithful' (the library promises one unit in the last place).
- float16: numpy's float16 ufuncs (computed in float32, rounded once to nearest even).
- bfloat16 (numpy has none): float32 arithmetic on the bf16 values, then round to nearest even
  in integer bit operations below.
- integers: multiply, add and subtract wrap (np.multiply, np.add, np.subtract); floor division is np.floor_divide (x//0 = 0,
  MIN//-1 = MIN); truncating division is computed with Python integers, wrapped to the dtype.
- casts: numpy's astype for every pair its 'same_kind' rule allows (not a float to an integer);
  into bfloat16 (numpy has none) the exact value, a Python Fraction, rounded to nearest even here.
"""
import base64
import json
import os
import warnings
import zlib
from decimal import Decimal, localcontext
from fractions import Fraction

import numpy as np

SEED = 20261122
rng = np.random.default_rng(SEED)

FLOATS = ['float32', 'float64', 'float16', 'bfloat16']
SIGNED = ['int8', 'int16', 'int32', 'int64']
UNSIGNED = ['uint8', 'uint16', 'uint32', 'uint64']
STORAGE = {'bfloat16': np.uint16, **{d: np.dtype(d) for d in FLOATS[:3] + SIGNED + UNSIGNED}}

# Shape pairs (numpy broadcasting): rank 0, size-1 and size-0 dims, and innermost runs around
# every SIMD tail (16 bytes hold 1..16 lanes; kernels unroll up to 4 vectors).
NUMPY_PAIRS = [
    ([], []), ([], [5]), ([5], []), ([1], [7]), ([7], [1]), ([0], [1]), ([0, 3], [3]), ([2, 0], [1, 1]),
    ([1, 0], [3, 1]), ([15], [15]), ([16], [16]), ([17], [17]), ([31], [31]), ([33], [33]), ([63], [63]),
    ([65], [65]), ([67], [67]), ([2, 33], [33]), ([2, 1, 17], [3, 1]), ([4, 1, 3, 1], [3, 1, 5]),
    ([3, 4, 5], [5]), ([1, 3, 1], [2, 1, 4]), ([65], [1]), ([1], [67]), ([17, 1], [1, 17]), ([2, 3, 1, 1], [1, 1, 9]),
]
PDPD_CASES = [([2, 3, 4, 5], [3, 4], 1), ([2, 3, 4], [3, 1], 1), ([4, 5], [5], None), ([3, 17], [1, 17], 0),
              ([2, 3], [], None), ([2, 3, 4, 5], [1, 3], 0)]
NONE_CASES = [[3, 17], [33], []]


def random_shape_pair():
    # At most 8192 output elements: a case of 16x17x17x17 float32 alone took 0.8 MB of the file.
    out = None
    while out is None or np.prod(out) > 8192:
        rank = int(rng.integers(0, 5))
        out = [int(rng.choice([1, 2, 3, 4, 5, 16, 17])) for _ in range(rank)]
    a = [d if rng.random() < 0.6 else 1 for d in out]
    b = [d if rng.random() < 0.6 else 1 for d in out]
    return a[int(rng.integers(0, rank + 1)):], b


def specials(dtype):
    if dtype in SIGNED + UNSIGNED:
        info = np.iinfo(dtype)
        return [0, 1, info.max, info.min, 2, 7, info.max - 1] + ([-1, -2, -7, info.min + 1] if dtype in SIGNED else [])
    return [0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 3.0, -7.5, 'tiny', 'max', 'sub']


def values(dtype, n, divisor=False):
    """Random values of the dtype (as its storage array) mixed with the dtype's special values."""
    if dtype in SIGNED + UNSIGNED:
        info = np.iinfo(dtype)
        wide = rng.integers(info.min, info.max, size=n, dtype=np.int64 if dtype != 'uint64' else np.uint64, endpoint=True)
        small = rng.integers(-20 if dtype in SIGNED else 0, 21, size=n)
        out = np.where(rng.random(n) < 0.5, wide.astype(dtype), small.astype(dtype)).astype(dtype)
        sp = specials(dtype)
        for i in range(n):
            if rng.random() < (0.3 if divisor else 0.2):
                out[i] = sp[int(rng.integers(0, len(sp)))]
        return out
    f32 = dtype in ('float32', 'float16', 'bfloat16')
    base = rng.standard_normal(n) * 10.0 ** rng.integers(-3, 4, size=n)
    out = base.astype(np.float32 if f32 else np.float64)
    tiny = {'float16': 2.0 ** -24, 'bfloat16': 2.0 ** -133, 'float32': 2.0 ** -149, 'float64': 5e-324}[dtype]
    big = {'float16': 65504.0, 'bfloat16': 3.3e38, 'float32': 3.4e38, 'float64': 1.7e308}[dtype]
    sub = {'float16': 3.0 * 2.0 ** -20, 'bfloat16': 5.0 * 2.0 ** -130, 'float32': 1e-40, 'float64': 1e-310}[dtype]
    for i in range(n):
        if rng.random() < 0.25:
            s = specials(dtype)[int(rng.integers(0, 12))]
            out[i] = {'tiny': tiny, 'max': big, 'sub': sub}.get(s, s) if isinstance(s, str) else s
    if dtype == 'float16':
        return out.astype(np.float16)
    if dtype == 'bfloat16':
        return to_bf16(out)
    return out


def to_bf16(f32):
    """float32 -> bfloat16 bits, round to nearest even; NaN stays a (quiet) NaN."""
    f32 = np.asarray(f32, dtype=np.float32)
    bits = np.array(f32, ndmin=1).view(np.uint32).reshape(f32.shape).astype(np.int64)  # room for the carry
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)
    nan = np.isnan(np.asarray(f32, dtype=np.float32))
    return np.where(nan, ((bits >> 16) | 0x40).astype(np.uint16), rounded).astype(np.uint16)


def bf16_to_f32(bits):
    wide = np.array(bits, dtype=np.uint32, ndmin=1) << np.uint32(16)
    return wide.view(np.float32).reshape(np.shape(bits))


def trunc_div(a, b, dtype):
    info = np.iinfo(dtype)
    out = np.empty(a.shape, dtype=dtype)
    fa, fb, fo = a.reshape(-1), b.reshape(-1), out.reshape(-1)
    for i in range(fa.size):
        x, y = int(fa[i]), int(fb[i])
        q = 0 if y == 0 else abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1)
        span = info.max - info.min + 1
        fo[i] = (q - info.min) % span + info.min  # wrap: MIN / -1 = MIN
    return out


def integer_division(a, b, dtype, pythondiv):
    if pythondiv or dtype in UNSIGNED:
        return np.floor_divide(a, b).astype(dtype)
    aa, bb = np.broadcast_arrays(a, b)
    return trunc_div(aa, bb, dtype)


# The ops by their names in the cases: numpy's function on floats, on integers, and where it
# differs, on bfloat16's float32 values (rounded to bfloat16 by compute()); `divides`: integers
# round by pythondiv; `divisor`: B is drawn with more zeros and other special values.
def wrapping(fn):
    return lambda a, b, dtype, pythondiv: fn(a, b).astype(dtype)


def ieee_extremum(is_max):
    """IEEE 754-2019 maximum/minimum, written here: numpy's loops disagree on signed zeros."""
    def fn(a, b):
        a, b = np.broadcast_arrays(np.asarray(a), np.asarray(b))
        pick_a = (a > b) if is_max else (a < b)
        # Equal operands differ only as zeros: maximum takes +0, minimum -0.
        pick_a = pick_a | ((a == b) & (np.signbit(b) if is_max else ~np.signbit(b)))
        out = np.where(pick_a, a, b)
        return np.where(np.isnan(a) | np.isnan(b), np.array(np.nan, dtype=out.dtype), out)
    return fn


def squared_difference(a, b):
    d = np.subtract(a, b)  # rounded to the dtype (float16: numpy's float16 loop)
    return np.multiply(d, d)


OPS = {
    'mul': {'float': np.multiply, 'integer': wrapping(np.multiply), 'divides': False},
    'div': {'float': np.divide, 'integer': integer_division, 'divides': True},
    'add': {'float': np.add, 'integer': wrapping(np.add), 'divides': False},
    'sub': {'float': np.subtract, 'integer': wrapping(np.subtract), 'divides': False},
    'max': {'float': ieee_extremum(True), 'integer': wrapping(np.maximum), 'divides': False},
    'min': {'float': ieee_extremum(False), 'integer': wrapping(np.minimum), 'divides': False},
    'mod': {'float': np.mod, 'integer': wrapping(np.mod), 'divides': False, 'divisor': True},
    'fmod': {'float': np.fmod, 'integer': wrapping(np.fmod), 'divides': False, 'divisor': True},
    'sqdiff': {'float': squared_difference, 'integer': wrapping(squared_difference), 'divides': False,
               # bfloat16: the difference rounded to bfloat16 before it is squared
               'bfloat16': lambda a, b: (lambda d: d * d)(bf16_to_f32(to_bf16(a - b)))},
    # Integers only (no 'float'): numpy's bitwise functions; 'unary': one operand.
    'bit_and': {'integer': wrapping(np.bitwise_and), 'divides': False},
    'bit_or': {'integer': wrapping(np.bitwise_or), 'divides': False},
    'bit_xor': {'integer': wrapping(np.bitwise_xor), 'divides': False},
    'bit_not': {'integer': lambda a, b, dtype, pythondiv: np.invert(a).astype(dtype), 'divides': False, 'unary': True},
    # Math functions of one operand: numpy's absolute and negative (integers wrap: abs(MIN) is
    # MIN) on every dtype, sqrt on the floats (bfloat16: float32's correctly rounded root,
    # rounded to bfloat16, which is correctly rounded too: 24 >= 2 * 8 + 2 bits).
    'abs': {'float': lambda a, b: np.absolute(a), 'integer': lambda a, b, dtype, pythondiv: np.absolute(a).astype(dtype),
            'divides': False, 'unary': True},
    'neg': {'float': lambda a, b: np.negative(a), 'integer': lambda a, b, dtype, pythondiv: np.negative(a).astype(dtype),
            'divides': False, 'unary': True},
    'sqrt': {'float': lambda a, b: np.sqrt(a), 'divides': False, 'unary': True},
    # exp and log of the floats: numpy's are not correctly rounded (its loops differ by CPU), so
    # the exact value from Python's decimal (60 digits), rounded once into the dtype here; the
    # library promises float64 within one unit in the last place of that ('faithful').
    'exp': {'exact': 'exp', 'divides': False, 'unary': True},
    'log': {'exact': 'ln', 'divides': False, 'unary': True},
}

FORMATS = {'float64': (53, -1022, 1023), 'float32': (24, -126, 127), 'float16': (11, -14, 15), 'bfloat16': (8, -126, 127)}


def round_to_format(v, dtype):
    """A Fraction rounded to nearest even into the dtype's values (a Fraction, or +-inf)."""
    p, emin, emax = FORMATS[dtype]
    m = abs(v)
    if m == 0:
        return v
    e = emin
    while m >= Fraction(2) ** (e + 1):
        e += 1
    quantum = Fraction(2) ** (e - p + 1)
    q = m / quantum
    n = q.numerator // q.denominator
    rest = q - n
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and n % 2 == 1):
        n += 1
    r = n * quantum
    if r >= Fraction(2) ** (emax + 1):
        return float('inf') if v > 0 else float('-inf')
    return r if v > 0 else -r


def exact_function(name, a, dtype):
    """exp or ln of each element, exact to 60 digits (decimal), rounded once into the dtype."""
    out = []
    with localcontext() as ctx:
        ctx.prec = 60
        ctx.Emin, ctx.Emax = -999999, 999999
        for x in a.reshape(-1):
            f = float(bf16_to_f32(np.uint16(x))) if dtype == 'bfloat16' else float(x)
            if f != f or (name == 'ln' and f < 0):
                y = float('nan')
            elif name == 'exp':
                y = Fraction(0) if f == float('-inf') or f < -1100 else float('inf') if f > 1000 else Fraction(Decimal(f).exp())
            else:
                y = float('-inf') if f == 0 else float('inf') if f == float('inf') else Fraction(Decimal(f).ln())
            if isinstance(y, Fraction):
                y = round_to_format(y, dtype)
            out.append(round_bf16(y, False) if dtype == 'bfloat16' and not (isinstance(y, float) and y != y) else
                       0x7FC0 if dtype == 'bfloat16' else float(y))
    return np.array(out, dtype=STORAGE[dtype]).reshape(a.shape)


def takes(op, dtype):
    """Whether an op takes a dtype: floats where it has a float function, integers where an integer one."""
    return ('float' in OPS[op] or 'exact' in OPS[op]) if dtype in FLOATS else ('integer' in OPS[op])


def compute(op, dtype, a, b, pythondiv):
    with np.errstate(all='ignore'), warnings.catch_warnings():
        warnings.simplefilter('ignore')
        if 'exact' in OPS[op]:
            return exact_function(OPS[op]['exact'], a, dtype)
        if dtype == 'bfloat16':
            return to_bf16(OPS[op].get('bfloat16', OPS[op]['float'])(bf16_to_f32(a), None if b is None else bf16_to_f32(b)))
        if dtype in FLOATS:
            return np.asarray(OPS[op]['float'](a, b)).astype(STORAGE[dtype])
        return OPS[op]['integer'](a, b, dtype, pythondiv)


def pdpd_view(b_shape, a_rank, axis):
    """B placed under A as docs/contract.md's pdpd rule says: axis -1 -> rank(A)-rank(B); trailing 1s trimmed."""
    if axis is None or axis == -1:
        axis = a_rank - len(b_shape)
    trimmed = list(b_shape)
    while trimmed and trimmed[-1] == 1:
        trimmed.pop()
    return [1] * axis + trimmed + [1] * (a_rank - axis - len(trimmed))


def encode(arr, dtype):
    arr = np.ascontiguousarray(arr, dtype=STORAGE[dtype])
    return {'shape': list(arr.shape), 'b64': base64.b64encode(arr.astype(arr.dtype.newbyteorder('<')).tobytes()).decode()}


def unary_case(op, dtype, a_shape):
    a = values(dtype, int(np.prod(a_shape, dtype=np.int64))).reshape(a_shape)
    y = compute(op, dtype, a, None, True)
    c = {'op': op, 'dtype': dtype, 'options': {}, 'a': encode(a, dtype), 'y': encode(y, dtype)}
    if 'exact' in OPS[op] and dtype == 'float64':
        c['faithful'] = True  # within one unit in the last place of y
    return c


def case(op, dtype, pythondiv, mode, a_shape, b_shape, axis=None):
    a = values(dtype, int(np.prod(a_shape, dtype=np.int64)))
    b = values(dtype, int(np.prod(b_shape, dtype=np.int64)), divisor=OPS[op]['divides'] or OPS[op].get('divisor', False))
    a, b = a.reshape(a_shape), b.reshape(b_shape)
    b_for_numpy = b.reshape(pdpd_view(b_shape, len(a_shape), axis)) if mode == 'pdpd' else b
    y = compute(op, dtype, a, b_for_numpy, pythondiv)
    options = {}
    if mode != 'numpy':
        options['autoBroadcast'] = mode
    if axis is not None:
        options['axis'] = axis
    if OPS[op]['divides'] and dtype in SIGNED + UNSIGNED:
        options['pythondiv'] = pythondiv
    return {'op': op, 'dtype': dtype, 'options': options, 'a': encode(a, dtype), 'b': encode(b, dtype), 'y': encode(y, dtype)}


# Strided views (transposes, steps, reversals, broadcast_to) as numpy makes them, for
# tests/js/views.test.js: each operand is its parent's data with the view's shape, strides and
# offset in elements; y is numpy's op on the views. (dtype, op, A's view, B's view or None: a
# contiguous B of the shape given.)
VIEW_CASES = [
    ('float32', 'mul', ('transpose', [2, 3], (1, 0)), [2]),
    ('float32', 'sub', ('hwc_chw', [4, 5, 3], None), [3, 1, 1]),
    ('float32', 'div', ('slice', [6, 7], (slice(1, None, 2), slice(None, None, 3))), [3]),
    ('float32', 'add', ('reverse', [9], None), ('reverse', [9], None)),
    ('float64', 'mul', ('transpose', [3, 4, 5], (2, 0, 1)), ('slice', [3, 8], (slice(None), slice(2, 6)))),
    ('float16', 'div', ('slice', [8, 9], (slice(None, None, -2), slice(1, 8, 2))), [4]),
    ('bfloat16', 'mul', ('transpose', [4, 6], (1, 0)), [4]),
    ('int32', 'div', ('transpose', [5, 7], (1, 0)), ('reverse', [5], None)),
    ('int64', 'sub', ('broadcast', [1, 6], [4, 6]), ('transpose', [6, 4], (1, 0))),
    ('uint8', 'mul', ('slice', [10, 10], (slice(2, 9, 3), slice(None, None, -1))), [10]),
    ('int16', 'div', ('hwc_chw', [3, 2, 4], None), ('transpose', [2, 3], (1, 0))),
    ('float32', 'mul', ('transpose', [33, 17], (1, 0)), ('slice', [17, 66], (slice(None), slice(None, None, 2)))),
]


def view_of(dtype, spec, divisor):
    """A numpy view by spec, its parent, and its strides and offset in the parent's elements."""
    kind, shape, arg = spec
    parent = values(dtype, int(np.prod(shape)), divisor).reshape(shape)
    if kind == 'transpose':
        v = parent.transpose(arg)
    elif kind == 'hwc_chw':
        v = parent.transpose(2, 0, 1)
    elif kind == 'slice':
        v = parent[arg]
    elif kind == 'reverse':
        v = parent[::-1]
    else:  # broadcast: shape is the parent's, arg the view's
        v = np.broadcast_to(parent, arg)
    size = parent.itemsize
    offset = (v.__array_interface__['data'][0] - parent.__array_interface__['data'][0]) // size
    return parent, v, [s // size for s in v.strides], offset


def view_case(i, dtype, op, spec_a, spec_b):
    divides = OPS[op]['divides']
    parent_a, a, strides_a, offset_a = view_of(dtype, spec_a, False)
    if isinstance(spec_b, list):
        b = values(dtype, int(np.prod(spec_b)), divides).reshape(spec_b)
        parent_b, strides_b, offset_b = b, None, 0
    else:
        parent_b, b, strides_b, offset_b = view_of(dtype, spec_b, divides)
    y = compute(op, dtype, a, b, True)
    def operand(parent, view, strides, offset):
        o = {'data': encode(parent.reshape(-1), dtype)['b64'], 'shape': list(view.shape)}
        if strides is not None:
            o.update(strides=strides, offset=int(offset))
        return o
    return {'id': f'view-{i}-{dtype}-{op}', 'op': op, 'dtype': dtype,
            'a': operand(parent_a, a, strides_a, offset_a), 'b': operand(parent_b, b, strides_b, offset_b),
            'y': encode(y, dtype)}


def write_golden(name, cases, what, **fields):
    """One golden file beside this script: a note, any other fields, the cases; compact JSON."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), name)
    with open(path, 'w') as f:
        json.dump({'note': 'Do not edit: generated by tests/golden/generate.py from numpy ' + np.__version__,
                   **fields, 'cases': cases}, f, separators=(',', ':'))
        f.write('\n')
    print(f'{len(cases)} {what}, {os.path.getsize(path)} bytes -> {path}')


def write_views():
    global rng
    rng = np.random.default_rng([SEED, zlib.crc32(b'views')])
    cases = [view_case(i, *c) for i, c in enumerate(VIEW_CASES)]
    write_golden('views.json', cases, 'view cases')


# ---- casts ------------------------------------------------------------------------------------

def exact(x, dtype):
    """The exact value of one element (its storage's scalar), as a Fraction; None for NaN, +-inf for Inf."""
    if dtype == 'bfloat16':
        x = bf16_to_f32(np.uint16(x))
    if dtype in FLOATS:
        f = float(x)
        if f != f:
            return None
        if f in (float('inf'), float('-inf')):
            return f
        return Fraction(f)
    return Fraction(int(x))


def round_bf16(v, negative_zero):
    """A Fraction (or +-inf) rounded to nearest even into bfloat16 bits: 8 significant bits,
    exponents -126..127, subnormals down to 2^-133, Inf past the largest finite's midpoint."""
    if isinstance(v, float):
        return 0x7F80 if v > 0 else 0xFF80
    sign = 0x8000 if v < 0 or (v == 0 and negative_zero) else 0
    m = abs(v)
    if m == 0:
        return sign
    e = -126
    while m >= Fraction(2) ** (e + 1) and e < 128:
        e += 1
    quantum = Fraction(2) ** (max(e, -126) - 7)
    q = m / quantum
    n = q.numerator // q.denominator
    rest = q - n
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and n % 2 == 1):
        n += 1
    value = n * quantum
    if value >= Fraction(2) ** 128:
        return sign | 0x7F80
    if value < Fraction(2) ** -126:  # subnormal: n quanta of 2^-133
        return sign | int(n)
    ee = -126
    while value >= Fraction(2) ** (ee + 1):
        ee += 1
    mantissa = int(value / Fraction(2) ** (ee - 7)) - 128
    return sign | ((ee + 127) << 7) | mantissa


def cast_inputs(dtype):
    """Values of `dtype` for the casts: its specials, random ones, and the ones where a cast rounds
    or wraps at an edge (integers around 2^8..2^63 with low bits set, doubles next to a narrow
    float's tie)."""
    out = list(values(dtype, 120))
    if dtype in SIGNED + UNSIGNED:
        info = np.iinfo(dtype)
        edges = []
        for p in range(7, 64, 2 if dtype in ('int64', 'uint64') else 1):
            for q in (p - 8, p - 11, p - 24, p - 53):  # half an ulp of bfloat16, float16, float32, float64 at 2^p
                if q < 0:
                    continue
                for v in ((1 << p) + (1 << q) + 1, (1 << p) + (1 << q), (1 << p) - 1):
                    for w in (v, -v):
                        if info.min <= w <= info.max:
                            edges.append(w)
        out += [np.array(w).astype(dtype) for w in edges]
    elif dtype == 'float64':
        for base in (1.0, 1.5, 3.0, 1e-5, 6e-8, 1e-40, 65504.0, 65520.0, 3.3895e38, 3.4e38, 1e39, 2.0 ** -133, 2.0 ** -149):
            for k in (-30, -11, -8, -24):
                for sgn in (1, -1):
                    tie = base * (1 + 2.0 ** k)
                    out += [sgn * tie, sgn * np.nextafter(tie, np.inf), sgn * np.nextafter(tie, -np.inf)]
        out = [np.float64(v) for v in out]
    elif dtype == 'float32':
        for b in (0x3F801000, 0x3F808000, 0x477FF000, 0x477FEFFF, 0x7F7FFFFF, 0x00000001, 0x33800001):
            for d in (0, 1, -1, 0x80000000):
                out.append(np.array([(b + d) & 0xFFFFFFFF], dtype=np.uint32).view(np.float32)[0])
    arr = np.array(out)
    return arr.astype(STORAGE[dtype]) if dtype not in FLOATS else arr.astype(STORAGE[dtype]) if dtype != 'bfloat16' else np.array(out, dtype=np.uint16)


def cast(x, src, dst):
    """x (storage array of src) as dst: numpy's astype; into bfloat16, exactly rounded here."""
    with np.errstate(all='ignore'), warnings.catch_warnings():
        warnings.simplefilter('ignore')
        if dst == 'bfloat16':
            out = []
            for v in x:
                e = exact(v, src)
                neg0 = src in FLOATS and e == 0 and np.signbit(bf16_to_f32(np.uint16(v)) if src == 'bfloat16' else v)
                out.append(0x7FC0 if e is None else round_bf16(e, bool(neg0)))
            return np.array(out, dtype=np.uint16)
        if src == 'bfloat16':
            return bf16_to_f32(x).astype(STORAGE[dst])  # bfloat16 to float32 is exact
        return x.astype(STORAGE[dst])


def write_casts():
    global rng
    rng = np.random.default_rng([SEED, zlib.crc32(b'casts')])
    inputs = {d: cast_inputs(d) for d in FLOATS + SIGNED + UNSIGNED}
    cases = []
    for src in FLOATS + SIGNED + UNSIGNED:
        for dst in FLOATS + SIGNED + UNSIGNED:
            if dst in SIGNED + UNSIGNED and src in FLOATS:
                continue  # not same_kind
            x = inputs[src]
            cases.append({'from': src, 'to': dst, 'x': encode(x, src), 'y': encode(cast(x, src, dst), dst)})
    write_golden('casts.json', cases, 'cast pairs')


def main():
    cases = []
    for dtype in FLOATS + SIGNED + UNSIGNED:
        # Each op; a division of signed integers in both roundings.
        variants = [(op, True) for op in OPS if takes(op, dtype)] + [(op, False) for op in OPS if OPS[op]['divides'] and dtype in SIGNED]
        for op, pythondiv in variants:
            # A stream of random numbers per group: adding an op or a dtype leaves the others' cases as they are.
            global rng
            rng = np.random.default_rng([SEED, zlib.crc32(f'{dtype} {op} {pythondiv}'.encode())])
            pairs = NUMPY_PAIRS + [random_shape_pair() for _ in range(6)]
            if OPS[op].get('unary'):
                group = [unary_case(op, dtype, a) for a, b in pairs] + [unary_case(op, dtype, s) for s in NONE_CASES]
                for i, c in enumerate(group):
                    c['id'] = f'{dtype}-{op}-{i}'
                cases += group
                continue
            group = [case(op, dtype, pythondiv, 'numpy', a, b) for a, b in pairs]
            group += [case(op, dtype, pythondiv, 'pdpd', a, b, axis) for a, b, axis in PDPD_CASES]
            group += [case(op, dtype, pythondiv, 'none', s, s) for s in NONE_CASES]
            for i, c in enumerate(group):
                rounding = '-floor' if pythondiv else '-trunc'
                c['id'] = f'{dtype}-{op}{rounding if OPS[op]["divides"] and dtype not in FLOATS else ""}-{i}'
            cases += group
    write_golden('cases.json', cases, 'cases', seed=SEED)
    write_views()
    write_casts()


if __name__ == '__main__':
    main()
