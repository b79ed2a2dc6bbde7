#!/usr/bin/python3
"""Decides exactly what tests/exhaustive/math.cc leaves open, and checks the kernel's results there.

Reads the exhaustive run's output on stdin and passes it through; each line
"decide <fn> <x bits> <result bits>" or "hard <fn> <x bits> <result bits>" (float32 bits in hex)
is decided here: exp or ln of x by Python's decimal to 60 digits, rounded once to float32 from
that exact value (a Fraction). Prints how many it decided and any mismatch; exits 1 on one.
With --write, keeps every input decided here, with its correct result, in
tests/golden/math-hard.json (npm test runs them through the API: tests/js/math.test.js).
"""
import json
import os
import struct
import sys
from decimal import Decimal, localcontext
from fractions import Fraction


def f32(bits):
    return struct.unpack('<f', struct.pack('<I', bits))[0]


def f32_bits(value):
    return struct.unpack('<I', struct.pack('<f', value))[0]


def round_f32(v):
    """A positive or negative Fraction rounded to nearest even into float32's values, as bits."""
    m = abs(v)
    e = -126
    while m >= Fraction(2) ** (e + 1):
        e += 1
    quantum = Fraction(2) ** (e - 23)
    q = m / quantum
    n = q.numerator // q.denominator
    rest = q - n
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and n % 2 == 1):
        n += 1
    r = n * quantum
    value = float('inf') if r >= Fraction(2) ** 128 else float(r)  # exact: a float32 value is a double
    return f32_bits(value if v > 0 else -value)


def correctly_rounded(fn, x):
    with localcontext() as ctx:
        ctx.prec = 60
        ctx.Emin, ctx.Emax = -999999, 999999
        d = Decimal(x)
        exact = Fraction(d.exp() if fn == 'exp' else d.ln())
    return round_f32(exact)


def main():
    decided = {'exp': [], 'log': []}
    mismatches = 0
    for line in sys.stdin:
        words = line.split()
        if len(words) == 4 and words[0] in ('decide', 'hard'):
            fn, x, got = words[1], int(words[2], 16), int(words[3], 16)
            want = correctly_rounded(fn, f32(x))
            decided[fn].append([x, want])
            if got != want:
                mismatches += 1
                print(f'{fn}({f32(x)!r} = 0x{x:08x}): got 0x{got:08x}, want 0x{want:08x}')
            continue
        sys.stdout.write(line)
        sys.stdout.flush()
    for fn, cases in decided.items():
        print(f'decide.py: {fn}, {len(cases)} inputs decided by decimal')
    print(f'decide.py: {mismatches} mismatches')
    if '--write' in sys.argv:
        path = os.path.join(os.path.dirname(__file__), '..', 'golden', 'math-hard.json')
        with open(path, 'w') as f:
            json.dump({'about': 'float32 inputs of exp and log within 2^-46 of a rounding boundary, or undecided by the '
                                'C library reference, with their correctly rounded results (bits), from '
                                'tests/exhaustive/decide.py', **{fn: sorted(c) for fn, c in decided.items()}}, f)
            f.write('\n')
    return 1 if mismatches else 0


if __name__ == '__main__':
    sys.exit(main())
