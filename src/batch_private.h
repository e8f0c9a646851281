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

/// The margin check of the single manifold calls' callers: negative is NP_ERR_INVALID_ARGUMENT;
/// NaN, infinite or beyond NP_HUGE is NP_ERR_NON_FINITE.
static inline npResult npCheckBatchMargin(double margin)
{
	if (margin >= 0.0 && margin <= NP_HUGE)
		return NP_OK;
	return margin < 0.0 ? NP_ERR_INVALID_ARGUMENT : NP_ERR_NON_FINITE;
}

#endif
