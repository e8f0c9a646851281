// Private helpers shared by the 2D and 3D batches (batch2d.c, batch3d.c).
#ifndef NP_BATCH_PRIVATE_H
#define NP_BATCH_PRIVATE_H

#include "narrowphase/batch.h"

#include <stddef.h>

/// Records where a batch stopped (error may be NULL) and returns the code.
static inline npResult npBatchFail(npBatchError* error, npResult code, int index, int side)
{
	if (error != NULL)
	{
		error->index = index;
		error->side = side;
	}
	return code;
}

/// The checks every batch makes before its first pair: a non-negative count, an output, and the
/// four arrays whenever there are pairs. `pairs` is an npPairs2 or npPairs3 (the same field names).
#define NP_BATCH_PAIRS_VALID(pairs, out)                                                            \
	((pairs) != NULL && (pairs)->count >= 0 && (out) != NULL &&                                     \
	 ((pairs)->count == 0 || ((pairs)->shapesA != NULL && (pairs)->shapesB != NULL &&               \
							  (pairs)->transformsA != NULL && (pairs)->transformsB != NULL)))

/// The margin check of the single manifold calls' callers: negative is NP_ERR_INVALID_ARGUMENT;
/// NaN, infinite or beyond NP_HUGE is NP_ERR_NON_FINITE.
static inline npResult npCheckBatchMargin(double margin)
{
	if (margin >= 0.0 && margin <= NP_HUGE)
		return NP_OK;
	return margin < 0.0 ? NP_ERR_INVALID_ARGUMENT : NP_ERR_NON_FINITE;
}

#endif
