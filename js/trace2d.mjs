// 2D traces: the library's own record of GJK's steps and of how a 2D manifold was clipped
// (src/trace2d.c, trace2d.h), read into plain objects for teaching pages and debugging.
//
//   np.distance(A, ta, B, tb, { trace: true }).gjk      { steps, truncated }
//   np.overlap(A, ta, B, tb, { trace: true })           { overlapping, gjk: { steps, truncated } }
//   np.penetration(A, ta, B, tb, { trace: true }).gjk   the GJK run that seeds EPA
//   np.manifold(A, ta, B, tb, { trace: true }).clip     { path, separationA, separationB, edgeA, edgeB, attempts }
//
// A GJK step: { simplex: [{ w, wA, wB, indexA, indexB }], kept: [bool], weights, closest,
// direction, support (a vertex or null), stop } (see npGjkStep2). A clipping attempt: { refShape
// ('a' | 'b'), refEdge, refStart, refEnd, refNormal, incidentEdge, incStart, incEnd, length, u, h,
// missed, clippedBy: [0 | 1 | 2], points, heights, ids } (see npClipAttempt2). Every point is a
// world point; Minkowski points (w, closest, direction) are in world orientation.
//
// The traced queries run the same C code with a trace attached; without { trace: true } nothing here
// runs and the queries cost what they did.
import * as L from './layout.mjs';

const OUT = L.NPW_IO_OUT;
export const GJK_STOPS = ['continue', 'overlap', 'touching', 'repeated', 'no-progress', 'separated', 'max-iterations'];
export const CLIP_PATHS = ['not-run', 'closed-form', 'apart', 'face', 'closest'];
// GJK stops after at most 2 (countA + countB) + 16 iterations (gjk2d.c), plus the first support.
const GJK_STEP_CAPACITY = 2 * (64 + 64) + 18;
export const GJK_MODES = { distance: 0, overlap: 1, penetration: 2 };

const vec = (h, k) => [h[k], h[k + 1]];

function vertex(h, k) {
	return {
		w: vec(h, k + L.NPW_GJK_VERTEX2_W),
		wA: vec(h, k + L.NPW_GJK_VERTEX2_WA),
		wB: vec(h, k + L.NPW_GJK_VERTEX2_WB),
		indexA: h[k + L.NPW_GJK_VERTEX2_INDEX_A],
		indexB: h[k + L.NPW_GJK_VERTEX2_INDEX_B],
	};
}

/**
 * GJK's steps for the pair already written into the io block (the caller's query has checked the
 * shapes and the transforms). `mode`: GJK_MODES. Returns { steps, truncated, overlapping }.
 */
export function readGjkTrace(rt, a, b, mode) {
	if (!rt.gjkSteps2) rt.gjkSteps2 = rt.malloc(GJK_STEP_CAPACITY * rt.exports.npwGjkStepBytes2());
	const rc = rt.exports.npwTraceGjk2(a._ptr, b._ptr, rt.ioPtr, rt.gjkSteps2, GJK_STEP_CAPACITY, mode);
	if (rc < 0) throw new Error(`narrowphase: traced GJK refused input the query accepted (${rc})`);
	const f64 = rt.f64;
	const o = rt.ioIndex + OUT;
	const count = Math.min(f64[o + L.NPW_GJK_RUN2_STEP_COUNT], GJK_STEP_CAPACITY);
	const truncated = f64[o + L.NPW_GJK_RUN2_TRUNCATED] !== 0;
	const overlapping = f64[o + L.NPW_GJK_RUN2_OVERLAPPING] !== 0;
	const steps = [];
	for (let i = 0; i < count; i++) {
		const n = rt.exports.npwGjkStep2(rt.gjkSteps2, i, rt.ioPtr + 8 * OUT);
		const h = rt.f64;
		const simplex = [];
		for (let k = 0; k < n; k++) simplex.push(vertex(h, o + L.NPW_GJK_STEP2_SIMPLEX + L.NPW_GJK_VERTEX2_SIZE * k));
		const mask = h[o + L.NPW_GJK_STEP2_KEPT_MASK];
		const hasSupport = h[o + L.NPW_GJK_STEP2_HAS_SUPPORT] !== 0;
		steps.push({
			simplex,
			kept: simplex.map((_, k) => (mask & (1 << k)) !== 0),
			weights: simplex.map((_, k) => h[o + L.NPW_GJK_STEP2_WEIGHTS + k]),
			closest: vec(h, o + L.NPW_GJK_STEP2_CLOSEST),
			direction: hasSupport ? vec(h, o + L.NPW_GJK_STEP2_DIRECTION) : null,
			support: hasSupport ? vertex(h, o + L.NPW_GJK_STEP2_SUPPORT) : null,
			stop: GJK_STOPS[h[o + L.NPW_GJK_STEP2_STOP]],
		});
	}
	return { steps, truncated, overlapping };
}

/** How the manifold of the pair in the io block (margin at ARG) was built: npClipTrace2 as an object. */
export function readClipTrace(rt, a, b) {
	const rc = rt.exports.npwClipTrace2(a._ptr, b._ptr, rt.ioPtr);
	if (rc < 0) throw new Error(`narrowphase: traced manifold refused input the query accepted (${rc})`);
	const h = rt.f64;
	const o = rt.ioIndex + OUT;
	const attempts = [];
	for (let i = 0; i < rc; i++) {
		const k = o + L.NPW_CLIP_TRACE2_ATTEMPTS + L.NPW_CLIP_ATTEMPT2_SIZE * i;
		const two = (f) => [h[k + f], h[k + f + 1]];
		attempts.push({
			refShape: h[k + L.NPW_CLIP_ATTEMPT2_REF_SHAPE] === 0 ? 'a' : 'b',
			refEdge: h[k + L.NPW_CLIP_ATTEMPT2_REF_EDGE],
			refStart: two(L.NPW_CLIP_ATTEMPT2_REF_START),
			refEnd: two(L.NPW_CLIP_ATTEMPT2_REF_END),
			refNormal: two(L.NPW_CLIP_ATTEMPT2_REF_NORMAL),
			incidentEdge: h[k + L.NPW_CLIP_ATTEMPT2_INCIDENT_EDGE],
			incStart: two(L.NPW_CLIP_ATTEMPT2_INC_START),
			incEnd: two(L.NPW_CLIP_ATTEMPT2_INC_END),
			length: h[k + L.NPW_CLIP_ATTEMPT2_LENGTH],
			u: two(L.NPW_CLIP_ATTEMPT2_U),
			h: two(L.NPW_CLIP_ATTEMPT2_H),
			missed: h[k + L.NPW_CLIP_ATTEMPT2_MISSED] !== 0,
			clippedBy: two(L.NPW_CLIP_ATTEMPT2_CLIPPED_BY),
			points: [two(L.NPW_CLIP_ATTEMPT2_POINT), two(L.NPW_CLIP_ATTEMPT2_POINT + 2)],
			heights: two(L.NPW_CLIP_ATTEMPT2_HEIGHT),
			ids: two(L.NPW_CLIP_ATTEMPT2_ID),
		});
	}
	return {
		path: CLIP_PATHS[h[o + L.NPW_CLIP_TRACE2_PATH]],
		separationA: h[o + L.NPW_CLIP_TRACE2_SEPARATION_A],
		separationB: h[o + L.NPW_CLIP_TRACE2_SEPARATION_B],
		edgeA: h[o + L.NPW_CLIP_TRACE2_EDGE_A],
		edgeB: h[o + L.NPW_CLIP_TRACE2_EDGE_B],
		attempts,
	};
}
