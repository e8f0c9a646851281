// Double-double arithmetic: a value as an unevaluated sum hi + lo of two doubles, about 106 bits.
//
// For the rare ill-conditioned step that plain doubles cannot resolve (the plane of a sliver
// triangle, whose edges are nearly parallel), not for hot paths. The building blocks are the
// error-free transformations of Dekker ("A floating-point technique for extending the available
// precision", 1971) and Knuth's TwoSum, as laid out by Shewchuk ("Adaptive Precision
// Floating-Point Arithmetic and Fast Robust Geometric Predicates", 1997): the rounding error of a
// sum or a product of two doubles is itself a double, computed exactly with a few more operations.
// The product uses Dekker's split, not a fused multiply-add, so the native and the wasm builds give
// the same bits (the library is built with -ffp-contract=off). The split overflows above about
// 2^996; the library's inputs are bounded by NP_HUGE (1e12), so products of up to three
// coordinates (1e36) are far inside the range.
#ifndef NP_DDARITH_H
#define NP_DDARITH_H

typedef struct npDD
{
	double hi; ///< the value rounded to a double
	double lo; ///< what hi leaves out
} npDD;

/// a + b exactly (Knuth's TwoSum: no condition on the magnitudes).
static inline npDD npTwoSum(double a, double b)
{
	double s = a + b;
	double bv = s - a;
	double av = s - bv;
	return (npDD){ s, (a - av) + (b - bv) };
}

/// a + b exactly when |a| >= |b| (or a is 0).
static inline npDD npFastTwoSum(double a, double b)
{
	double s = a + b;
	return (npDD){ s, b - (s - a) };
}

/// a * b exactly (Dekker's product: each factor split into two 26-bit halves).
static inline npDD npTwoProduct(double a, double b)
{
	const double splitter = 134217729.0; // 2^27 + 1
	double ca = splitter * a, cb = splitter * b;
	double aHi = ca - (ca - a), aLo = a - aHi;
	double bHi = cb - (cb - b), bLo = b - bHi;
	double p = a * b;
	double error = ((aHi * bHi - p) + aHi * bLo + aLo * bHi) + aLo * bLo;
	return (npDD){ p, error };
}

static inline npDD npDDAdd(npDD a, npDD b)
{
	npDD s = npTwoSum(a.hi, b.hi);
	return npFastTwoSum(s.hi, s.lo + (a.lo + b.lo));
}

static inline npDD npDDSub(npDD a, npDD b)
{
	return npDDAdd(a, (npDD){ -b.hi, -b.lo });
}

static inline npDD npDDMul(npDD a, npDD b)
{
	npDD p = npTwoProduct(a.hi, b.hi);
	return npFastTwoSum(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi));
}

static inline npDD npDDMulDouble(npDD a, double b)
{
	npDD p = npTwoProduct(a.hi, b);
	return npFastTwoSum(p.hi, p.lo + a.lo * b);
}

#endif
