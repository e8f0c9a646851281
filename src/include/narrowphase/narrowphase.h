// narrowphase: the umbrella header. Include this one.
//   base.h        result codes and conventions shared by 2D and 3D
//   collide2d.h   2D shapes, GJK, EPA (with trace), manifolds
//   collide3d.h   3D shapes and hulls, GJK, EPA with witness points and tangents
//   manifold3d.h  3D manifolds (up to 4 points) and the persistent contact cache
//   mesh3d.h      triangle meshes: BVH midphase and contacts without internal-edge collisions
//   cast3d.h      3D shape casts (convex and meshes) and time of impact with rotation
#ifndef NARROWPHASE_H
#define NARROWPHASE_H

#include "base.h"
#include "collide2d.h"
#include "collide3d.h"
#include "manifold3d.h"
#include "mesh3d.h"
#include "query2d.h"
#include "query3d.h"
#include "cast3d.h"

#endif
