// 3D handlers of the Node shared-vector runner (driver tests/node/vectors.test.mjs), through the
// JS API. Mirrors tests/native/vectors3d.c and writes the same results lines (doubles as hex), so
// the driver can compare native and wasm results bit for bit. Shapes, transforms and the `ref`
// cores are described in tools/gen_vectors3d.mjs; manifold vectors in
// tools/gen_vectors3d_manifold.mjs. Pair queries run through the shared checks (vectorchecks.mjs)
// with the 3D reference geometry and the local-point and tangent checks here.
import {
	hexPoint, num, numPoint, attempt, checkError, checkQueriesAgree, sub, dot, len, pointSegmentDistance, runPair,
} from './vectorchecks.mjs';

// As signedDistance in vectors3d.c: exact for point and segment cores; for polyhedral cores the
// largest plane distance (exact inside and on the surface, a lower bound outside).
function signedDistance(s, p) {
	if (s.planes.length > 0) {
		let d = -Infinity;
		for (const pl of s.planes) {
			const v = pl[0] * p[0] + pl[1] * p[1] + pl[2] * p[2] - pl[3];
			if (v > d) d = v;
		}
		return d - s.radius;
	}
	if (s.pts.length === 1) return len(sub(p, s.pts[0])) - s.radius;
	return pointSegmentDistance(p, s.pts[0], s.pts[1]) - s.radius;
}

function supportValue(s, n) {
	let m = -Infinity;
	for (const v of s.pts) {
		const d = dot(v, n);
		if (d > m) m = d;
	}
	return m + s.radius * len(n);
}
const overlapAlong = (a, b, n) => supportValue(a, n) + supportValue(b, [-n[0], -n[1], -n[2]]);

// The transform applied to a point, in the same arithmetic as vectors3d.c's transformPoint.
function transformPoint(xf, v) {
	const [x, y, z, w] = xf.rotation;
	return [
		(w * w + x * x - y * y - z * z) * v[0] + 2 * (x * y - w * z) * v[1] + 2 * (x * z + w * y) * v[2] + xf.position[0],
		2 * (x * y + w * z) * v[0] + (w * w - x * x + y * y - z * z) * v[1] + 2 * (y * z - w * x) * v[2] + xf.position[1],
		2 * (x * z - w * y) * v[0] + 2 * (y * z + w * x) * v[1] + (w * w - x * x - y * y + z * z) * v[2] + xf.position[2],
	];
}

export function makeShape(np, spec) {
	switch (spec.type) {
		case 'sphere': return np.sphere(num(spec.radius));
		case 'capsule': return np.capsule3d(num(spec.halfHeight), num(spec.radius));
		case 'box': return np.box3d(...spec.halfExtents.map(num));
		case 'triangle': return np.triangle3d(...spec.points.map(numPoint));
		case 'hull': return np.hull3d(spec.points.map(numPoint));
	}
	throw new Error('unknown 3D shape type ' + spec.type);
}

export function readTransform(xf) {
	if (!xf) return undefined;
	const out = {};
	if (xf.position) out.position = xf.position.map(num);
	if (xf.rotation) out.rotation = xf.rotation.map(num);
	return out;
}

export function runShape3(np, v, run) {
	const e = v.expect || {};
	const [shape, code] = attempt(() => makeShape(np, v.a));
	if (e.error !== undefined || code !== 'OK') {
		checkError(run, e, code);
		if (shape) shape.dispose();
		return true;
	}
	try {
		if (shape.kind !== 'hull3d') {
			run.put('type', ['sphere', 'capsule3d', 'box3d', 'hull3d', 'triangle3d'].indexOf(shape.kind));
			return true;
		}
		// The binding reports vertices and faces; edges follow from Euler's formula for a closed
		// hull (V - E + F = 2) and for a flat one (two faces sharing V edges).
		const V = shape.vertices.length, F = shape.faceCount;
		const E = F === 2 ? V : V + F - 2;
		run.put('vertices', V);
		run.put('faces', F);
		run.put('edges', E);
		for (const p of shape.vertices.slice(0, 16)) run.put('v', hexPoint(p));
		if (e.vertexCount !== undefined && V !== e.vertexCount) run.fail(`vertex count: got ${V}, want ${e.vertexCount}`);
		if (e.faceCount !== undefined && F !== e.faceCount) run.fail(`face count: got ${F}, want ${e.faceCount}`);
		if (e.edgeCount !== undefined && E !== e.edgeCount) run.fail(`edge count: got ${E}, want ${e.edgeCount}`);
		return true;
	} finally {
		shape.dispose();
	}
}

export function runTransform3(np, v, run) {
	const ta = readTransform(v.xfA), tb = readTransform(v.xfB);
	return checkQueriesAgree(np, v, run, makeShape, (a, b) => [
		() => np.overlap(a, ta, b, tb),
		() => np.distance(a, ta, b, tb),
		() => np.penetration(a, ta, b, tb),
		() => np.manifold(a, ta, b, tb),
	]);
}

const identity = (t) => ({ position: (t && t.position) || [0, 0, 0], rotation: (t && t.rotation) || [0, 0, 0, 1] });

// Local points map back to the world points; tangents complete an orthonormal basis.
function checkPenetration(run, r, ta, tb) {
	const tol = run.tol;
	// The vectors' quaternions are unit (normalised by the generator) up to rounding.
	run.near('localA', len(sub(transformPoint(identity(ta), r.localA), r.pointA)), 0, tol);
	run.near('localB', len(sub(transformPoint(identity(tb), r.localB), r.pointB)), 0, tol);
	for (const k of ['tangent1', 'tangent2']) {
		if (!(Math.abs(len(r[k]) - 1) <= 1e-9)) run.fail(`${k} is not unit (length ${len(r[k])})`);
	}
	run.near('tangent1 . normal', dot(r.tangent1, r.normal), 0, 1e-9);
	run.near('tangent2 . normal', dot(r.tangent2, r.normal), 0, 1e-9);
	run.near('tangent1 . tangent2', dot(r.tangent1, r.tangent2), 0, 1e-9);
}

const readRef = (core, radius, planes) => ({
	pts: core.map(numPoint), radius: num(radius ?? 0), planes: (planes || []).map(numPoint),
});

const pairOps3 = {
	makeShape,
	readTransform,
	geometry: (ref) => ({
		refA: readRef(ref.coreA, ref.radiusA, ref.planesA),
		refB: readRef(ref.coreB, ref.radiusB, ref.planesB),
		signedDistance,
		overlapAlong,
	}),
	penetrationExtras: ['localA', 'localB', 'tangent1', 'tangent2'],
	checkPenetration,
	manifold: { maxPoints: 4, nonzeroIdsDeepestFirst: true },
};

export const runPair3 = (np, v, run) => runPair(np, v, run, pairOps3);
