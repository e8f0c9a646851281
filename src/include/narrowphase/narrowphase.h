// narrowphase: the umbrella header. Include this one.
#ifndef NARROWPHASE_H
#define NARROWPHASE_H

#include "base.h"
#include "collide2d.h"

#endif
