// 2D traces: the recording side of npGjkTrace2 and npClipTrace2 (trace2d.h).
//
// GJK (gjk2d.c, after van den Bergen 2004) and the manifold's clipping (clip2d.c, after Gaul's
// "Manifold Generation" and Catto's GDC 2007 talk) call the hooks below only when the caller asked
// for a trace, so the hot code carries one pointer test per hook and no tracing work. The hooks
// copy what the algorithm has at hand into the caller's record and move it from A's local frame
// (where the algorithms run) to world space. Nothing here decides anything the queries use.
//
// A GJK step is one pass of GJK's loop: the simplex as it enters (the previous step's survivors
// plus the newest support point), the closest-point solve that keeps only the vertices supporting
// the closest point (matched by their source vertex pair, which identifies a Minkowski point), the
// direction towards the origin and the support point along it. The step that stops records why.
#include "gjk2d.h"
#include "manifold2d_private.h"
#include "codesize.h"

NP_COLD_FILE_BEGIN // traces for the teaching pages: compiled for size in the wasm (codesize.h)

// ------------------------------------------------------------------------------------------- GJK

void npGjkTraceBegin2(npGjkTrace2* trace, npTransform2 xfA)
{
	trace->stepCount = 0;
	trace->truncated = false;
	trace->frame = xfA;
}

static npGjkVertex2 worldVertex(const npGjkTrace2* trace, const npSupportPoint2* s)
{
	npGjkVertex2 v;
	v.w = npRotate2(trace->frame.q, s->w);
	v.wA = npTransformPoint2(trace->frame, s->wA);
	v.wB = npTransformPoint2(trace->frame, s->wB);
	v.indexA = s->indexA;
	v.indexB = s->indexB;
	return v;
}

// The step being written, or NULL once the storage is full.
static npGjkStep2* currentStep(npGjkTrace2* trace)
{
	// Once a step did not fit, the later hooks must not write into the last stored one.
	if (trace->truncated || trace->steps == NULL || trace->stepCount <= 0)
		return NULL;
	return trace->steps + trace->stepCount - 1;
}

static npGjkStep2* appendStep(npGjkTrace2* trace)
{
	if (trace->steps == NULL || trace->stepCount >= trace->stepCapacity)
	{
		trace->truncated = true;
		return NULL;
	}
	npGjkStep2* step = trace->steps + trace->stepCount++;
	*step = (npGjkStep2){ 0 };
	step->stop = NP_GJK_CONTINUE;
	return step;
}

void npGjkTraceSimplex2(const npPair2* pair, const npSupportPoint2* v, int count)
{
	npGjkStep2* step = appendStep(pair->trace);
	if (step == NULL)
		return;
	step->simplexCount = count;
	for (int i = 0; i < count; ++i)
		step->simplex[i] = worldVertex(pair->trace, v + i);
}

void npGjkTraceSolved2(const npPair2* pair, const npSupportPoint2* v, int count, const double* weights)
{
	npGjkStep2* step = currentStep(pair->trace);
	if (step == NULL)
		return;
	// The solve keeps the survivors in their order: match each to its place in the entering simplex.
	int next = 0;
	npVec2 closest = v2(0.0, 0.0);
	for (int k = 0; k < count; ++k)
	{
		while (next < step->simplexCount &&
			   (step->simplex[next].indexA != v[k].indexA || step->simplex[next].indexB != v[k].indexB))
			++next;
		if (next >= step->simplexCount)
			break;
		step->keptMask |= 1 << next;
		step->weights[next] = weights[k];
		closest = v2MulAdd(closest, weights[k], v[k].w);
		++next;
	}
	step->closest = npRotate2(pair->trace->frame.q, closest);
	if (count == 3)
	{
		step->closest = v2(0.0, 0.0);
		step->stop = NP_GJK_OVERLAP;
	}
}

void npGjkTraceSupport2(const npPair2* pair, npVec2 d, const npSupportPoint2* s, bool first)
{
	npGjkStep2* step = first ? appendStep(pair->trace) : currentStep(pair->trace);
	if (step == NULL)
		return;
	step->hasSupport = true;
	step->direction = npRotate2(pair->trace->frame.q, d);
	step->support = worldVertex(pair->trace, s);
}

void npGjkTraceStop2(const npPair2* pair, npGjkStop2 stop)
{
	npGjkStep2* step = currentStep(pair->trace);
	if (step != NULL)
		step->stop = stop;
}

// After the loop: a last step that took no support point and found no overlap stopped because the
// origin is on the simplex; one that took a support point and still says "continue" ran out of
// iterations.
void npGjkTraceEnd2(const npPair2* pair)
{
	npGjkStep2* step = currentStep(pair->trace);
	if (step == NULL || step->stop != NP_GJK_CONTINUE)
		return;
	step->stop = step->hasSupport ? NP_GJK_MAX_ITERATIONS : NP_GJK_TOUCHING;
}

// ------------------------------------------------------------------------------------ clipping

void npClipTraceAxes2(const corePair* pair, const satResult* sat)
{
	npClipTrace2* t = pair->trace;
	t->separationA = sat->sepA;
	t->separationB = sat->sepB;
	t->edgeA = sat->edgeA;
	t->edgeB = sat->edgeB;
	t->path = NP_CLIP_APART;
}

void npClipTraceFace2(const corePair* pair, int ref, const faceClip* clip)
{
	npClipTrace2* t = pair->trace;
	if (t->attemptCount >= 2)
		return;
	npClipAttempt2* a = t->attempts + t->attemptCount++;
	*a = (npClipAttempt2){ 0 };
	const localCore* R = &pair->cores[ref];
	const localCore* I = &pair->cores[1 - ref];
	npTransform2 xf = t->frame;
	a->refShape = ref;
	a->refEdge = clip->edge;
	a->refStart = npTransformPoint2(xf, R->vertices[clip->edge]);
	a->refEnd = npTransformPoint2(xf, R->vertices[clip->edgeEnd]);
	a->refNormal = npRotate2(xf.q, R->normals[clip->edge]);
	a->incidentEdge = clip->incident;
	a->incStart = npTransformPoint2(xf, I->vertices[clip->incident]);
	a->incEnd = npTransformPoint2(xf, I->vertices[nextIndex(clip->incident, I->count)]);
	a->length = clip->length;
	a->u[0] = clip->u0;
	a->u[1] = clip->u1;
	a->h[0] = clip->h0;
	a->h[1] = clip->h1;
	a->missed = (clip->u0 < 0.0 && clip->u1 < 0.0) || (clip->u0 > clip->length && clip->u1 > clip->length);
}

void npClipTraceEnds2(const corePair* pair, const faceFrame* f, const clippedEnd ends[2])
{
	npClipTrace2* t = pair->trace;
	if (t->attemptCount <= 0)
		return;
	npClipAttempt2* a = t->attempts + t->attemptCount - 1;
	for (int k = 0; k < 2; ++k)
	{
		const clippedEnd* e = ends + k;
		bool moved = e->refKind == NP_FEATURE_VERTEX;
		a->clippedBy[k] = !moved ? 0 : e->u == 0.0 ? 1 : 2;
		a->point[k] = npTransformPoint2(t->frame, v2MulAdd(v2MulAdd(f->v1, e->u, f->t), e->h, f->n));
		a->height[k] = e->h;
		a->id[k] = clippedEndId(f, e);
	}
	t->path = NP_CLIP_FACE;
}

npManifold2 npTraceManifold2(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB, npTransform2 xfB,
							 double margin, npClipTrace2* trace)
{
	npManifold2 m = npCollide2(shapeA, xfA, shapeB, xfB, margin);
	if (trace == NULL)
		return m;
	*trace = (npClipTrace2){ 0 };
	trace->frame = xfA;
	trace->edgeA = trace->edgeB = -1;
	if (shapeA == NULL || shapeB == NULL || npValidateTransform2(xfA) != NP_OK || npValidateTransform2(xfB) != NP_OK ||
		!(margin >= 0.0))
		return m;
	if (shapeA->type == NP_SHAPE_CIRCLE || shapeB->type == NP_SHAPE_CIRCLE)
	{
		trace->path = NP_CLIP_CLOSED_FORM;
		return m;
	}
	// Core pairs are never swapped by npCollide2, so this replays exactly the run that made `m`.
	npManifold2 replay = { 0 };
	trace->path = NP_CLIP_APART;
	npCollideCoresTraced2(&replay, shapeA, &xfA, shapeB, &xfB, margin, trace);
	return m;
}

NP_COLD_FILE_END
