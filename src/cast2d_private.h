// Private header of the 2D shape casts: the per-pair cast of cast2d.c, shared with the casts
// against chains (chaincast2d.c), which run it on each candidate segment.
#ifndef NP_CAST2D_PRIVATE_H
#define NP_CAST2D_PRIVATE_H

#include "narrowphase/cast2d.h"

/// One cast of input->shape (at xfA, moving by `translation`) against input->target, with the
/// input already checked (the target may be a two-vertex polygon core: a chain segment). Writes the
/// hit, cleared on a miss.
void npCastChecked2(const npShapeCastInput2* input, npTransform2 xfA, npVec2 translation, npCastHit2* hit);

/// npShapeCast2 for a caller that has validated both transforms (npValidateTransform2) already,
/// as the wasm shim does while reading them: the other checks, the same codes, the same hit.
npResult npShapeCastValidXf2(const npShapeCastInput2* input, npCastHit2* hit);

#endif
