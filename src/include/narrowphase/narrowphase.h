// narrowphase: the umbrella header. Include this one.
//   base.h        result codes and conventions shared by 2D and 3D
//   collide2d.h   2D shapes, GJK, EPA (with trace), manifolds
//   collide3d.h   3D shapes and hulls, GJK, EPA with witness points and tangents
//   manifold3d.h  3D manifolds (up to 4 points) and the persistent contact cache
//   trace2d.h     2D traces: GJK steps and manifold clipping, for teaching pages
//   mesh3d.h      triangle meshes: BVH midphase and contacts without internal-edge collisions
//   batch.h       one call over n pairs (flat arrays in, one array per result field out)
//   cast2d.h      2D shape casts and time of impact
//   chain2d.h     2D chains: one-sided polylines, BVH midphase, contacts without ghost collisions
//   cast3d.h      3D shape casts (convex and meshes) and time of impact with rotation
#ifndef NARROWPHASE_H
#define NARROWPHASE_H

#include "base.h"
#include "batch.h"
#include "cast2d.h"
#include "chain2d.h"
#include "collide2d.h"
#include "collide3d.h"
#include "manifold3d.h"
#include "contact2d.h"
#include "mesh3d.h"
#include "query2d.h"
#include "query3d.h"
#include "trace2d.h"
#include "cast3d.h"

#endif
