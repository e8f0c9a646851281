// 3D EPA internals shared by its three files (private header): epa3d.c blows GJK's simplex up to
// a tetrahedron and turns EPA's final face into the answer, epapolytope3d.c runs the EPA loop on
// its polytope, epapolish3d.c snaps the result onto an exact separating axis.
#ifndef NP_EPA3D_PRIVATE_H
#define NP_EPA3D_PRIVATE_H

#include "gjk3d.h"

#include <stdint.h>

// What EPA hands to the polish: the closest face found, and the last support point (along that
// face's normal when EPA converged).
typedef struct epaOutcome
{
	npVec3 normal;      // unit normal of the final face (A's frame)
	double dist;        // its distance from the origin (DBL_MAX: degenerate)
	npVec3 w[3];        // its vertices
	int indexA[3];      // A's core vertices of its corners
	int indexB[3];      // B's core vertices of its corners
	npVec3 support;     // support point along `normal` (up to scale) when `supportValid`
	int supportA;       // its A vertex
	int supportB;       // its B vertex
	bool supportValid;  // the last support query was along the final face's normal
	npEpaStop3 stop;    // why EPA stopped
	int iterations;     // iterations used
	bool inconsistent;  // the polytope lost convexity or the origin (extreme needles): check every axis
} epaOutcome;

/// Expands the tetrahedron s[0..3] (containing the origin) until no face gets closer
/// (epapolytope3d.c). `scale` sets the thresholds.
void npEpaRun3(const npPair3* pair, const npSupportPoint3* s, double scale, epaOutcome* out);

// The polish's answer: an axis, the overlap along it, and a vertex of each shape on its support
// plane along that axis (for the witness points).
typedef struct polishAxis
{
	npVec3 axis;  // unit, A's frame, from A to B
	double depth; // overlap of the cores along it
	int indexA;   // A's vertex on A's support plane
	int indexB;   // B's vertex on B's support plane
} polishAxis;

/// The separating-axis polish of EPA's answer (epapolish3d.c). `start` is EPA's normal with its
/// exact overlap and support vertices, featureA / featureB the core vertices of the final face's
/// corners; `wide` when EPA did not converge. Returns the best candidate found (possibly `start`).
polishAxis npEpaPolish3(const npPair3* pair, polishAxis start, const int* featureA, const int* featureB, bool wide);

/// The fallback when the polished depth and the witnesses disagree (epapolish3d.c): the smallest
/// overlap, by support queries, among `found`'s axis and every face normal of both cores.
polishAxis npEpaEveryFace3(const npPair3* pair, polishAxis found);

/// The last resort when EPA's polytope came out inconsistent (epapolish3d.c): the smallest overlap,
/// by support queries, among `found`'s axis, every face normal of both cores and the cross product
/// of every edge pair that forms a face of A - B (Gauss-map test).
polishAxis npEpaEveryAxis3(const npPair3* pair, polishAxis found, bool everyPair);

/// GJK's closest features, for their normal (featurenormal3d.c): the final simplex (its corners'
/// core vertices name the features), the closest core points (A's frame, B moved by shiftB), and
/// B's shift from where the pair places it (a cast's -t r; zero where it stands).
typedef struct npClosestFeatures3
{
	const npSupportPoint3* simplex; ///< GJK's final simplex
	int count;                      ///< its corners (1 to 3)
	npVec3 pointA;                  ///< closest point of A's core
	npVec3 pointB;                  ///< closest point of B's core, B moved by shiftB
	npVec3 shiftB;                  ///< B's displacement in A's frame
} npClosestFeatures3;

/// The unit normal (A to B, A's frame) of the closest features of two cores apart: GJK's, checked
/// against the gap between the points and, for a triangle, against the cores (a facet of A - B);
/// where doubted, the candidate whose planes through the points bound the cores best.
npVec3 npFeatureNormal3(const npPair3* pair, const npClosestFeatures3* f);

/// Of GJK's normal n and the rival npSimplexNormalRival3 offered, the one whose planes through the
/// closest core points pointA and pointB (A's frame) better bound the cores (one support query
/// each); n on a tie. npDistance3 asks it where GJK's normal is doubted (needles, slivers).
npVec3 npDecideRival3(const npPair3* pair, npVec3 pointA, npVec3 pointB, npVec3 n, npVec3 rival);

/// True when the cores overlap less along unit axis m than along unit axis n (A's reach along the
/// axis minus B's, A to B in A's frame; one support query each): moving B along m separates them
/// with a smaller translation. False on a tie.
bool npOverlapsLessAlong3(const npPair3* pair, npVec3 m, npVec3 n);

/// The triangle check of npFeatureNormal3 alone, on a normal n found otherwise.
npVec3 npCheckFacetNormal3(const npPair3* pair, const npClosestFeatures3* f, npVec3 n);

#endif
