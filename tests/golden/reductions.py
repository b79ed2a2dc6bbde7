#!/usr/bin/python3
"""Golden vectors for the reductions (sum, prod, max, min, mean) from numpy and exact arithmetic.

Run with Debian's python3 (it has python3-numpy):  /usr/bin/python3 tests/golden/reductions.py
Writes tests/golden/reductions.json (committed: tests need no Python).

What the expected values are (docs/contract.md, "Reductions"):
- integers: np.sum / np.prod with dtype int64 or uint64 (numpy wraps as the library does), and
  np.max / np.min in the dtype; a dtype option of another integer: the wrapped 64-bit result, cast.
- floats: the exact sum or product of the elements (Python's Fraction), rounded once into the dtype;
  the data are chosen so that float64 holds every partial sum and product exactly (multiples of a
  power of two within a few binades; products of powers of two), where the library's float64
  accumulation is exact, so one rounding is the whole error and any order gives these bits.
- mean: that exact sum as a float64 (exact here), divided by the count in float64, rounded once
  more into the dtype (the library's definition); of integers, in float64.
- max and min of floats: IEEE 754-2019's maximum/minimum written here (NaN if any is NaN, -0 < +0).
- softmax and logSoftmax (float32, float64) along an axis, as the ops one by one: m the row's
  max, t = x - m (numpy, rounded to the dtype), e = exp(t) (Python's decimal to 60 digits, rounded
  once: numpy's exp is not correctly rounded), s the exact sum of e rounded once, then e / s
  (numpy) or t - log(s) (log by decimal, rounded once). float64's exp and log are faithful, not
  correctly rounded, so its cases are marked 'faithful' (the test allows a few units in the last place).
"""
import base64
import json
import os
from fractions import Fraction

import numpy as np

from generate import STORAGE, bf16_to_f32, exact_function, round_bf16, round_to_format

SEED = 20261129
rng = np.random.default_rng(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
FLOATS = ['float32', 'float64', 'float16', 'bfloat16']
INTS = ['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64']


def b64(arr):
    return base64.b64encode(np.ascontiguousarray(arr).astype(arr.dtype.newbyteorder('<')).tobytes()).decode()


def as_value(bits, dtype):
    """Elements of storage as Python floats (every element of these dtypes is one exactly)."""
    return [float(bf16_to_f32(np.uint16(x))) if dtype == 'bfloat16' else float(x) for x in bits.reshape(-1)]


def to_storage(values, dtype):
    """Exact values (Fractions or floats) rounded once into the dtype's storage."""
    out = []
    for v in values:
        if isinstance(v, Fraction):
            v = round_to_format(v, dtype)
        if dtype == 'bfloat16':
            zero = isinstance(v, float) and v == 0
            out.append(0x7FC0 if v != v else (0x8000 if np.signbit(v) else 0) if zero else round_bf16(v, False))
        else:
            out.append(float(v))
    return np.array(out, dtype=STORAGE[dtype])


def float_data(dtype, n, op):
    if op == 'prod':
        # Powers of two (and some zeros, a NaN or an infinity now and then): products exact.
        v = rng.choice([0.25, 0.5, 1.0, 2.0, 4.0, -0.5, -1.0, -2.0, 0.0], size=n)
    elif op in ('max', 'min'):
        v = rng.standard_normal(n) * 1000.0
        v[rng.random(n) < 0.1] = 0.0
        v[rng.random(n) < 0.1] = -0.0
    else:
        # Multiples of 2^-4 below 2^7 (float16's and bfloat16's too): every partial sum exact.
        v = np.round(rng.uniform(-128, 128, size=n) * 16) / 16
        if dtype == 'bfloat16':
            v = np.round(rng.uniform(-128, 128, size=n) * 2) / 2
    if n > 0 and rng.random() < 0.15:
        v[rng.integers(n)] = rng.choice([np.nan, np.inf, -np.inf])
    if dtype == 'bfloat16':
        return to_storage([Fraction(x) if np.isfinite(x) and x != 0 else float(x) for x in v], 'bfloat16')
    return v.astype(STORAGE[dtype])


def int_data(dtype, n, op):
    info = np.iinfo(dtype)
    # (A mean adds float64s: 64-bit integers in a range where every partial sum is exact.)
    full = rng.random() < 0.5 and not (op == 'mean' and info.bits == 64)
    lo, hi = (int(info.min), int(info.max)) if full else (-5 if info.min < 0 else 0, 5)
    return rng.integers(lo, hi, size=n, dtype=np.dtype(dtype), endpoint=True)


def ieee_extremum(values, is_max):
    if any(v != v for v in values):
        return float('nan')
    best = values[0]
    for v in values[1:]:
        fv, fb = float(v), float(best)
        if fv == fb:
            if fv == 0 and (np.signbit(fb) if is_max else not np.signbit(fb)):
                best = v
        elif (fv > fb) == is_max:
            best = v
    return best


def finite(values):
    return all(np.isfinite(v) for v in values)


def exact_sum(values):
    """The exact sum (a Fraction), or a float: Inf, -Inf or NaN as float64 says, -0.0 where every term is -0."""
    if not finite(values):
        return float(sum(values))
    if values and all(v == 0 and np.signbit(v) for v in values):
        return -0.0
    return sum((Fraction(v) for v in values), Fraction(0))


def exact_prod(values):
    """The exact product (a Fraction), or a float: Inf or NaN as float64 says, a zero with its sign."""
    if not finite(values):
        p = 1.0
        for v in values:
            p *= v
        return p
    p = Fraction(1)
    negative = False
    for v in values:
        p *= Fraction(v)
        negative ^= bool(np.signbit(v))
    return (-0.0 if negative else 0.0) if p == 0 else p


def reduce_floats(op, dtype, bits, axes, keepdims):
    x = np.array(as_value(bits, dtype), dtype=object).reshape(bits.shape)
    if x.ndim == 0:
        x = x.reshape(())
    moved = np.moveaxis(x, axes, list(range(len(axes))))
    kept_shape = moved.shape[len(axes):]
    red = int(np.prod(moved.shape[:len(axes)])) if len(axes) else 1
    flat = moved.reshape((red,) + kept_shape)
    results = []
    for idx in np.ndindex(*kept_shape):
        vals = [flat[(k,) + idx] for k in range(flat.shape[0])]
        if op == 'sum':
            r = exact_sum(vals) if vals else Fraction(0)
        elif op == 'prod':
            r = exact_prod(vals) if vals else Fraction(1)
        elif op == 'mean':
            s = exact_sum(vals) if vals else Fraction(0)
            r = float(s) / len(vals) if vals else float('nan')  # float64 holds s exactly (the data)
        else:
            r = ieee_extremum(vals, op == 'max')
        if isinstance(r, float) and r != 0 and np.isfinite(r):
            r = Fraction(r)
        results.append(r)
    out = to_storage(results, dtype).reshape(kept_shape)
    return np.expand_dims(out, axes) if keepdims else out


def reduce_ints(op, dtype, data, axes, keepdims, option):
    ax = tuple(axes)
    signed = np.dtype(dtype).kind == 'i'
    if op in ('sum', 'prod'):
        wide = np.int64 if signed else np.uint64
        with np.errstate(over='ignore'):
            r = (np.sum if op == 'sum' else np.prod)(data.astype(wide), axis=ax, keepdims=keepdims, dtype=wide)
        return np.asarray(r).astype(option or wide)
    if op == 'mean':
        return np.asarray(np.sum(data.astype(np.float64), axis=ax, keepdims=keepdims) / max(1, int(np.prod([data.shape[a] for a in ax]))) if
                          int(np.prod([data.shape[a] for a in ax])) else np.full(np.sum(data, axis=ax, keepdims=keepdims).shape, np.nan))
    return np.asarray((np.max if op == 'max' else np.min)(data, axis=ax, keepdims=keepdims))


def random_case(dtype, op):
    rank = int(rng.integers(0, 5))
    shape = [int(rng.integers(0 if rng.random() < 0.1 else 1, 7)) for _ in range(rank)]
    if rng.random() < 0.2 and rank > 0:
        shape = shape[-2:]
        rank = len(shape)
        shape[-1] = int(rng.integers(250, 420))  # across a block of the fixed order
    n = int(np.prod(shape)) if rank else 1
    choice = rng.random()
    if choice < 0.25 or rank == 0:
        axis, axes = None, list(range(rank))
    elif choice < 0.6:
        a = int(rng.integers(-rank, rank))
        axis, axes = a, [a % rank]
    else:
        k = int(rng.integers(0, rank + 1))
        picked = sorted(rng.choice(rank, size=k, replace=False).tolist())
        axis = [(p - rank if rng.random() < 0.5 else p) for p in picked]
        rng.shuffle(axis)
        axes = picked
    keepdims = bool(rng.random() < 0.4)
    reduced = int(np.prod([shape[a] for a in axes])) if axes else 1
    kept = int(np.prod([shape[d] for d in range(rank) if d not in axes])) if rank else 1
    if op in ('max', 'min') and reduced == 0 and kept > 0:
        return None  # an error, tested in tests/js/reductions.test.js
    if dtype in FLOATS:
        bits = float_data(dtype, n, op).reshape(shape)
        out = reduce_floats(op, dtype, bits, axes, keepdims)
        out_dtype = dtype
        data = bits
    else:
        data = int_data(dtype, n, op).reshape(shape)
        out = reduce_ints(op, dtype, data, axes, keepdims, None)
        out_dtype = 'float64' if op == 'mean' else (('int64' if np.dtype(dtype).kind == 'i' else 'uint64') if op in ('sum', 'prod') else dtype)
        out = np.asarray(out).astype(STORAGE[out_dtype])
    case = {'op': op, 'dtype': dtype, 'shape': shape, 'data': b64(np.asarray(data).astype(STORAGE[dtype])), 'keepdims': keepdims,
            'outDtype': out_dtype, 'outShape': list(np.shape(out)), 'expected': b64(np.asarray(out).astype(STORAGE[out_dtype]))}
    if axis is not None:
        case['axis'] = axis
    return case


def softmax_case(dtype, log):
    rank = int(rng.integers(1, 4))
    shape = [int(rng.integers(1, 6)) for _ in range(rank)]
    if rng.random() < 0.3:
        shape[-1] = int(rng.integers(250, 330))
    axis = int(rng.integers(-rank, rank))
    t = np.dtype(dtype).type
    x = (rng.standard_normal(shape) * rng.choice([1.0, 10.0, 60.0])).astype(t)
    m = np.max(x, axis=axis, keepdims=True)
    shifted = (x - m).astype(t)
    e = exact_function('exp', shifted, dtype)
    moved = np.moveaxis(e, axis, -1)
    sums = np.empty(moved.shape[:-1], dtype=t)
    for idx in np.ndindex(*moved.shape[:-1]):
        sums[idx] = float(round_to_format(sum((Fraction(float(v)) for v in moved[idx]), Fraction(0)), dtype))
    s = np.expand_dims(sums, axis)
    if log:
        y = (shifted - exact_function('log', s, dtype)).astype(t)
    else:
        y = (e / s).astype(t)
    # float64's exp and log are faithful, not correctly rounded: its cases are near, not equal.
    return {'op': 'logSoftmax' if log else 'softmax', 'dtype': dtype, 'shape': shape, 'axis': axis, 'data': b64(x),
            'outDtype': dtype, 'outShape': shape, 'expected': b64(y), **({'faithful': True} if dtype == 'float64' else {})}


def main():
    cases = []
    for dtype in FLOATS + INTS:
        for op in ['sum', 'prod', 'max', 'min', 'mean']:
            made = 0
            while made < 8:
                c = random_case(dtype, op)
                if c is not None:
                    cases.append(c)
                    made += 1
    for dtype in ['float32', 'float64']:
        for log in (False, True):
            for _ in range(8):
                cases.append(softmax_case(dtype, log))
    with open(os.path.join(HERE, 'reductions.json'), 'w') as f:
        json.dump({'seed': SEED, 'cases': cases}, f, separators=(',', ':'))
        f.write('\n')
    print(f'{len(cases)} cases')


if __name__ == '__main__':
    main()
