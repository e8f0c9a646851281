// The 2D traces (js/trace2d.mjs over src/trace2d.c) against brute force and invariants written here:
// every traced GJK support point is a pair of posed core vertices, the farthest along the step's
// direction (a scan of all vertices); the kept weights are a convex combination giving the step's
// closest point; each step's simplex is the previous step's survivors plus its support point; the
// last closest point is as far from the origin as the brute-force core distance (all segment
// pairs). The clipping trace's separations are the brute-force separating-axis values, its
// reference normal is a posed edge normal, the incident edge is the other core's edge most against
// it (a scan), the clipped points lie between the side planes, and the manifold's points carry the
// ids the trace gives its clipped ends. Self-checks show the checks can fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../js/narrowphase.mjs';

const np = await init();
const PAIRS = 300;
const TOL = 1e-9;

function makeRandom(seed) {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1) >>> 0;
		t = (t ^ (t + Math.imul(t ^ (t >>> 7), t | 61))) >>> 0;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const sub = (a, b) => [a[0] - b[0], a[1] - b[1]];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1];
const len = (a) => Math.hypot(a[0], a[1]);
const pose = (t, v) => {
	const c = Math.cos(t.angle);
	const s = Math.sin(t.angle);
	return [t.position[0] + c * v[0] - s * v[1], t.position[1] + s * v[0] + c * v[1]];
};

function segmentPointDistance(p, a, b) {
	const e = sub(b, a);
	const ee = dot(e, e);
	const t = ee > 0 ? Math.max(0, Math.min(1, dot(sub(p, a), e) / ee)) : 0;
	return len(sub(p, [a[0] + t * e[0], a[1] + t * e[1]]));
}

function segmentsCross(a, b, c, d) {
	const o = (p, q, r) => (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
	return o(a, b, c) * o(a, b, d) < 0 && o(c, d, a) * o(c, d, b) < 0;
}

/** Brute-force distance between two posed cores (0 when they overlap). */
function coreDistance(P, Q) {
	const edges = (V) => (V.length === 1 ? [[V[0], V[0]]] : V.map((v, i) => [v, V[(i + 1) % V.length]]));
	const inside = (p, V) => V.length >= 3 && V.every((v, i) => {
		const w = V[(i + 1) % V.length];
		return (w[0] - v[0]) * (p[1] - v[1]) - (w[1] - v[1]) * (p[0] - v[0]) >= 0;
	});
	if (P.some((p) => inside(p, Q)) || Q.some((q) => inside(q, P))) return 0;
	let best = Infinity;
	for (const [a, b] of edges(P)) {
		for (const [c, d] of edges(Q)) {
			if (segmentsCross(a, b, c, d)) return 0;
			best = Math.min(best, segmentPointDistance(a, c, d), segmentPointDistance(b, c, d), segmentPointDistance(c, a, b), segmentPointDistance(d, a, b));
		}
	}
	return best;
}

function randomShape(rnd, kinds) {
	const kind = kinds[Math.floor(rnd() * kinds.length)];
	if (kind === 'circle') return np.circle(0.2 + rnd());
	if (kind === 'capsule') return np.capsule2d(0.1 + rnd(), 0.1 + 0.5 * rnd());
	if (kind === 'box') return np.box2d(0.2 + rnd(), 0.2 + rnd());
	const n = 3 + Math.floor(rnd() * 6);
	const pts = [];
	for (let i = 0; i < n; i++) {
		const t = (2 * Math.PI * (i + 0.8 * rnd())) / n;
		const r = 0.4 + rnd();
		pts.push([r * Math.cos(t), r * Math.sin(t)]);
	}
	return np.polygon2d(pts, { radius: rnd() < 0.3 ? 0.2 * rnd() : 0 });
}

const randomPose = (rnd) => ({ position: [3 * rnd() - 1.5, 3 * rnd() - 1.5], angle: 6.3 * rnd() - 3.15 });

/** The problems of one GJK trace (empty when it is right). */
function gjkProblems(steps, A, ta, B, tb) {
	const bad = [];
	const PA = A.vertices.map((v) => pose(ta, v));
	const PB = B.vertices.map((v) => pose(tb, v));
	const near = (p, q) => len(sub(p, q)) <= TOL * (1 + len(p));
	const checkVertex = (v, where) => {
		if (!near(v.wA, PA[v.indexA]) || !near(v.wB, PB[v.indexB])) bad.push(`${where}: not the posed vertices it names`);
		if (!near(v.w, sub(v.wA, v.wB))) bad.push(`${where}: w != wA - wB`);
	};
	steps.forEach((st, k) => {
		st.simplex.forEach((v, i) => checkVertex(v, `step ${k} simplex ${i}`));
		if (st.support) {
			checkVertex(st.support, `step ${k} support`);
			const d = st.direction;
			const scale = len(d) * (1 + Math.max(...PA.map(len), ...PB.map(len)));
			if (dot(st.support.wA, d) < Math.max(...PA.map((p) => dot(p, d))) - TOL * scale) bad.push(`step ${k}: A's support not farthest`);
			if (-dot(st.support.wB, d) < Math.max(...PB.map((p) => -dot(p, d))) - TOL * scale) bad.push(`step ${k}: B's support not farthest`);
		}
		if (k > 0) {
			const sum = st.weights.reduce((s, w, i) => s + (st.kept[i] ? w : 0), 0);
			if (Math.abs(sum - 1) > 1e-9 || st.weights.some((w) => w < -1e-12)) bad.push(`step ${k}: weights ${st.weights}`);
			if (st.stop !== 'overlap') {
				const c = st.simplex.reduce((p, v, i) => [p[0] + st.weights[i] * v.w[0], p[1] + st.weights[i] * v.w[1]], [0, 0]);
				if (!near(c, st.closest)) bad.push(`step ${k}: closest point is not the weighted simplex`);
			}
			const prev = steps[k - 1];
			const expect = [...prev.simplex.filter((_, i) => prev.kept[i]), prev.support];
			const same = expect.length === st.simplex.length && expect.every((v, i) => v.indexA === st.simplex[i].indexA && v.indexB === st.simplex[i].indexB);
			if (!same) bad.push(`step ${k}: simplex is not the survivors plus the support point`);
		}
		if (k < steps.length - 1 && st.stop !== 'continue') bad.push(`step ${k}: stopped (${st.stop}) before the end`);
	});
	return bad;
}

test('GJK traces: supports, weights, simplices and the final distance agree with brute force', () => {
	const rnd = makeRandom(16);
	const stops = new Set();
	let worst = 0;
	for (let n = 0; n < PAIRS; n++) {
		const A = randomShape(rnd, ['circle', 'capsule', 'box', 'polygon']);
		const B = randomShape(rnd, ['circle', 'capsule', 'box', 'polygon']);
		const ta = randomPose(rnd);
		const tb = randomPose(rnd);
		const d = np.distance(A, ta, B, tb, { trace: true });
		const { steps } = d.gjk;
		assert.deepEqual(gjkProblems(steps, A, ta, B, tb), [], `pair ${n}`);
		const last = steps[steps.length - 1];
		stops.add(last.stop);
		const ref = coreDistance(A.vertices.map((v) => pose(ta, v)), B.vertices.map((v) => pose(tb, v)));
		const got = last.stop === 'overlap' ? 0 : len(last.closest);
		worst = Math.max(worst, Math.abs(got - ref));
		assert.ok(Math.abs(got - ref) <= 1e-9, `pair ${n}: |closest| ${got} vs brute-force core distance ${ref}`);
		// The overlap test's trace and the penetration's GJK obey the same rules.
		const o = np.overlap(A, ta, B, tb, { trace: true });
		assert.equal(o.overlapping, np.overlap(A, ta, B, tb));
		assert.deepEqual(gjkProblems(o.gjk.steps, A, ta, B, tb), [], `pair ${n} (overlap)`);
		const p = np.penetration(A, ta, B, tb, { trace: true });
		if (p) {
			assert.deepEqual(gjkProblems(p.gjk.steps, A, ta, B, tb), [], `pair ${n} (penetration)`);
			const fin = p.gjk.steps[p.gjk.steps.length - 1];
			const kept = fin.stop === 'overlap' ? fin.simplex : fin.simplex.filter((_, i) => fin.kept[i]);
			assert.deepEqual(kept.map((v) => v.w), p.simplex, `pair ${n}: EPA starts from GJK's last simplex`);
		}
		A.dispose();
		B.dispose();
	}
	for (const s of ['overlap', 'repeated']) assert.ok(stops.has(s), `no pair ended with ${s}: ${[...stops]}`);
	console.log(`# GJK traces: ${PAIRS} pairs, worst |closest| - brute-force distance ${worst.toExponential(2)}`);
});

test('GJK trace self-check: a wrong support point or a dropped vertex is flagged', () => {
	const A = np.box2d(1, 0.5);
	const B = np.polygon2d([[0, 0], [1, 0], [0.3, 1]]);
	const ta = { position: [0, 0], angle: 0.2 };
	const tb = { position: [2.5, 0.3], angle: 1 };
	const { steps } = np.distance(A, ta, B, tb, { trace: true }).gjk;
	assert.deepEqual(gjkProblems(steps, A, ta, B, tb), []);
	const wrong = structuredClone(steps);
	wrong[0].support.indexA = (wrong[0].support.indexA + 2) % 4;
	assert.ok(gjkProblems(wrong, A, ta, B, tb).length > 0);
	const dropped = structuredClone(steps);
	dropped[1].kept[0] = false;
	assert.ok(gjkProblems(dropped, A, ta, B, tb).length > 0);
});

/** The problems of one EPA trace's vertex pairs (empty when they are right): every polytope point
 *  and every support point is the difference of the posed core vertices it names, and each support
 *  pair is the farthest along the step's edge normal (a scan). */
function epaProblems(steps, A, ta, B, tb) {
	const bad = [];
	const PA = A.vertices.map((v) => pose(ta, v));
	const PB = B.vertices.map((v) => pose(tb, v));
	const scale = 1 + Math.max(...PA.map(len), ...PB.map(len));
	const near = (p, q) => len(sub(p, q)) <= TOL * scale;
	steps.forEach((st, k) => {
		st.polytope.forEach((w, i) => {
			const a = PA[st.polytopeIndexA[i]];
			const b = PB[st.polytopeIndexB[i]];
			if (!a || !b || !near(w, sub(a, b))) bad.push(`step ${k} polytope ${i}: not A${st.polytopeIndexA[i]} - B${st.polytopeIndexB[i]}`);
		});
		const v = st.supportVertex;
		if (!near(v.wA, PA[v.indexA] ?? [NaN, NaN]) || !near(v.wB, PB[v.indexB] ?? [NaN, NaN])) bad.push(`step ${k} support: not the posed vertices it names`);
		if (!near(v.w, sub(v.wA, v.wB)) || !near(v.w, st.support)) bad.push(`step ${k} support: w != wA - wB`);
		const n = st.edgeNormal;
		if (dot(v.wA, n) < Math.max(...PA.map((p) => dot(p, n))) - TOL * scale) bad.push(`step ${k}: A's support not farthest`);
		if (-dot(v.wB, n) < Math.max(...PB.map((p) => -dot(p, n))) - TOL * scale) bad.push(`step ${k}: B's support not farthest`);
	});
	return bad;
}

test('EPA traces: each polytope point and support point names the vertices of A and B that made it', () => {
	const rnd = makeRandom(1616);
	let traced = 0;
	for (let n = 0; n < PAIRS; n++) {
		const A = randomShape(rnd, ['circle', 'capsule', 'box', 'polygon']);
		const B = randomShape(rnd, ['circle', 'capsule', 'box', 'polygon']);
		const ta = randomPose(rnd);
		const tb = { position: [ta.position[0] + rnd() - 0.5, ta.position[1] + rnd() - 0.5], angle: 6.3 * rnd() - 3.15 };
		const p = np.penetration(A, ta, B, tb, { trace: true });
		if (p && p.steps.length > 0) {
			traced++;
			assert.deepEqual(epaProblems(p.steps, A, ta, B, tb), [], `pair ${n}`);
			for (const st of p.steps) assert.equal(st.polytopeIndexA.length, st.polytope.length);
		}
		A.dispose();
		B.dispose();
	}
	assert.ok(traced > PAIRS / 2, `only ${traced} pairs ran EPA`);
});

test('EPA trace self-check: a wrong vertex index is flagged', () => {
	const A = np.box2d(1, 0.5);
	const B = np.polygon2d([[0, 0], [1, 0], [0.3, 1]]);
	const ta = { position: [0, 0], angle: 0.2 };
	const tb = { position: [0.4, 0.1], angle: 1 };
	const { steps } = np.penetration(A, ta, B, tb, { trace: true });
	assert.ok(steps.length > 0);
	assert.deepEqual(epaProblems(steps, A, ta, B, tb), []);
	const wrongSupport = structuredClone(steps);
	wrongSupport[0].supportVertex.indexA = (wrongSupport[0].supportVertex.indexA + 1) % 4;
	assert.ok(epaProblems(wrongSupport, A, ta, B, tb).length > 0);
	const wrongPolytope = structuredClone(steps);
	wrongPolytope[0].polytopeIndexB[0] = (wrongPolytope[0].polytopeIndexB[0] + 1) % 3;
	assert.ok(epaProblems(wrongPolytope, A, ta, B, tb).length > 0);
});

/** Posed edges of a polygon core with outward normals. */
function posedEdges(S, t) {
	const V = S.vertices.map((v) => pose(t, v));
	return V.map((v, i) => {
		const w = V[(i + 1) % V.length];
		const e = sub(w, v);
		const l = len(e);
		return { v, w, n: [e[1] / l, -e[0] / l] };
	});
}

test('clipping traces: separations, faces, clipped points and ids agree with brute force', () => {
	const rnd = makeRandom(1616);
	const paths = new Set();
	let clipped = 0;
	for (let n = 0; n < PAIRS; n++) {
		const A = randomShape(rnd, ['box', 'polygon']);
		const B = randomShape(rnd, ['box', 'polygon']);
		const ta = randomPose(rnd);
		const tb = randomPose(rnd);
		const m = np.manifold(A, ta, B, tb, { trace: true });
		const plain = np.manifold(A, ta, B, tb);
		assert.deepEqual({ normal: m.normal, points: m.points }, plain, `pair ${n}: tracing changes nothing`);
		const c = m.clip;
		paths.add(c.path);
		const EA = posedEdges(A, ta);
		const EB = posedEdges(B, tb);
		const VA = EA.map((e) => e.v);
		const VB = EB.map((e) => e.v);
		if (c.edgeA >= 0) {
			const sep = (edges, other) => Math.max(...edges.map((e) => Math.min(...other.map((p) => dot(e.n, sub(p, e.v))))));
			assert.ok(Math.abs(c.separationA - sep(EA, VB)) <= 1e-9, `pair ${n}: separation along A's normals`);
			assert.ok(Math.abs(c.separationB - sep(EB, VA)) <= 1e-9, `pair ${n}: separation along B's normals`);
		}
		for (const at of c.attempts) {
			const [R, I] = at.refShape === 'a' ? [EA, EB] : [EB, EA];
			const face = R[at.refEdge];
			assert.ok(len(sub(face.v, at.refStart)) < 1e-9 && len(sub(face.n, at.refNormal)) < 1e-9, `pair ${n}: reference face`);
			const most = Math.min(...I.map((e) => dot(e.n, at.refNormal)));
			assert.ok(dot(I[at.incidentEdge].n, at.refNormal) <= most + 1e-12, `pair ${n}: incident edge is the most opposed`);
			if (at.missed) continue;
			clipped += at.clippedBy.filter((k) => k !== 0).length;
			const t = [-at.refNormal[1], at.refNormal[0]];
			for (let k = 0; k < 2; k++) {
				const u = dot(sub(at.points[k], at.refStart), t);
				assert.ok(u >= -1e-9 && u <= at.length + 1e-9, `pair ${n}: clipped point ${k} between the side planes (u ${u})`);
				assert.ok(Math.abs(dot(sub(at.points[k], at.refStart), at.refNormal) - at.heights[k]) < 1e-9, `pair ${n}: height`);
			}
		}
		if (c.path === 'face') {
			const ids = c.attempts[c.attempts.length - 1].ids;
			for (const p of m.points) assert.ok(ids.includes(p.id), `pair ${n}: manifold id ${p.id} comes from a clipped end`);
		}
		if (m.points.length === 0) assert.ok(c.path === 'apart' || c.path === 'face', `pair ${n}: empty manifold, path ${c.path}`);
		A.dispose();
		B.dispose();
	}
	for (const p of ['apart', 'face']) assert.ok(paths.has(p), `no pair took the ${p} path`);
	assert.ok(clipped > 0, 'some incident ends were clipped');
	const C = np.circle(1);
	const D = np.box2d(1, 1);
	assert.equal(np.manifold(C, { position: [0, 0], angle: 0 }, D, { position: [1, 0], angle: 0 }, { trace: true }).clip.path, 'closed-form');
});

test('traces: bad options are refused, and tracing leaves the heap flat', () => {
	const A = np.box2d(1, 1);
	const B = np.circle(0.5);
	const t = { position: [0, 0], angle: 0 };
	assert.throws(() => np.distance(A, t, B, t, 3), { code: 'NP_INVALID_ARGUMENT' });
	assert.throws(() => np.overlap(A, t, B, t, 'x'), { code: 'NP_INVALID_ARGUMENT' });
	assert.throws(() => np.distance(A, t, B, { position: [NaN, 0], angle: 0 }, { trace: true }), { code: 'NP_NON_FINITE' });
	np.distance(A, t, B, t, { trace: true });
	const before = np.heapInUse();
	for (let i = 0; i < 200; i++) {
		np.distance(A, t, B, { position: [i / 50, 0], angle: 0 }, { trace: true });
		np.penetration(A, t, B, { position: [i / 500, 0], angle: 0 }, { trace: true });
		np.manifold(A, t, B, { position: [i / 500, 0], angle: 0 }, { trace: true });
	}
	assert.equal(np.heapInUse(), before);
});
