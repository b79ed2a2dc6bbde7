#!/usr/bin/python3
"""Prints the constants of src/elementary.h from exact arithmetic (Python's decimal, 80 digits):
the table of 2^(j/16) as the nearest double and the rest (a float), 16/ln 2, ln 2/16 and ln 2 split so
that an integer times the first part is exact, and sqrt(1/2)'s bits."""
import math
import struct
from decimal import Decimal as D, getcontext
from fractions import Fraction

getcontext().prec = 80
LN2 = D(2).ln()


def nearest(d):
    return float(Fraction(d))  # a Fraction to float is correctly rounded


def first_bits(d, bits):
    """d rounded to `bits` significant bits (so that a small integer times it is exact)."""
    f = Fraction(d)
    q = Fraction(2) ** (math.floor(math.log2(f)) - bits + 1)
    return float(round(f / q) * q)


def split(d, bits):
    hi = first_bits(d, bits)
    return hi, nearest(d - D(hi))


his, los = [], []
for j in range(16):
    v = (D(j) / 16 * LN2).exp()
    hi = nearest(v)
    his.append(hi.hex())
    los.append(float(struct.unpack('<f', struct.pack('<f', nearest(v - D(hi))))[0]).hex() + 'f')  # nearest float
print('2^(j/16) nearest doubles:', ', '.join(his))
print('the rests, as floats:', ', '.join(los))
print('16 / ln 2', nearest(D(16) / LN2).hex())
print('ln 2 / 16 (37 bits, rest)', *(x.hex() for x in split(LN2 / 16, 37)))
print('ln 2 (42 bits, rest)', *(x.hex() for x in split(LN2, 42)))
print('sqrt(1/2) bits', hex(struct.unpack('<Q', struct.pack('<d', nearest(D('0.5').sqrt())))[0]))
