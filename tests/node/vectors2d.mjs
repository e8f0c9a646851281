// 2D handlers of the Node shared-vector runner (driver tests/node/vectors.test.mjs), through the
// JS API. Mirrors tests/native/vectors2d.c and writes the same results lines. Shapes, transforms
// and the `ref` cores are written by tools/gen_vectors2d.mjs; pair queries run through the shared
// checks (vectorchecks.mjs) with the 2D reference geometry here: the stored world-space cores (a
// point or segment for circles and capsules, else a counter-clockwise polygon) inflated by their
// radii.
import {
	hex, hexPoint, num, numPoint, attempt, checkError, checkQueriesAgree, sub, dot, len, pointSegmentDistance, runPair,
} from './vectorchecks.mjs';

/** Signed distance from p to the rounded shape `{ verts, radius }` (negative inside). */
export function signedDistance(s, p) {
	const v = s.verts, n = v.length;
	if (n <= 2) return pointSegmentDistance(p, v[0], v[n - 1]) - s.radius;
	let inside = -Infinity, outside = Infinity;
	for (let i = 0; i < n; i++) {
		const a = v[i], b = v[(i + 1) % n];
		const e = sub(b, a), l = len(e);
		const h = dot([e[1] / l, -e[0] / l], sub(p, a));
		if (h > inside) inside = h;
		const d = pointSegmentDistance(p, a, b);
		if (d < outside) outside = d;
	}
	return (inside <= 0 ? inside : outside) - s.radius;
}

function supportValue(s, n) {
	let m = -Infinity;
	for (const v of s.verts) if (dot(v, n) > m) m = dot(v, n);
	return m + s.radius;
}
const overlapAlong = (a, b, n) => supportValue(a, n) + supportValue(b, [-n[0], -n[1]]);

export function makeShape(np, spec) {
	switch (spec.type) {
		case 'circle': return np.circle(num(spec.radius));
		case 'capsule': return np.capsule2d(num(spec.halfLength), num(spec.radius));
		case 'box': return np.box2d(num(spec.halfWidth), num(spec.halfHeight));
		case 'polygon': return np.polygon2d(spec.points.map(numPoint), { radius: num(spec.radius) });
	}
	throw new Error('unknown shape type ' + spec.type);
}

export function readTransform(xf) {
	if (!xf) return undefined;
	const out = {};
	if (xf.position) out.position = xf.position.map(num);
	if (xf.angle !== undefined) out.angle = num(xf.angle);
	return out;
}

export function runShape2(np, v, run) {
	const e = v.expect;
	const [shape, code] = attempt(() => makeShape(np, v.a));
	if (code !== 'OK') {
		checkError(run, e, code);
		return true;
	}
	try {
		if (e.error) {
			checkError(run, e, 'OK');
			return true;
		}
		const verts = shape.vertices;
		run.put('count', verts.length);
		run.put('radius', hex(shape.radius));
		for (const p of verts) run.put('v', hexPoint(p));
		if (verts.length !== e.count) {
			run.fail(`vertex count: got ${verts.length}, want ${e.count}`);
			return true;
		}
		run.near('radius', shape.radius, e.radius, 0);
		// The same cyclic sequence (counter-clockwise), from whichever vertex the library starts at.
		const start = verts.findIndex((p) => len(sub(p, e.vertices[0])) <= run.tol);
		if (start < 0) {
			run.fail(`expected vertex (${e.vertices[0]}) missing`);
			return true;
		}
		for (let k = 0; k < e.count; k++) {
			const g = verts[(start + k) % verts.length];
			if (len(sub(g, e.vertices[k])) > run.tol) {
				run.fail(`vertex ${k}: got (${g}), want (${e.vertices[k]})`);
				return true;
			}
		}
		return true;
	} finally {
		shape.dispose();
	}
}

export function runTransform2(np, v, run) {
	// The C API's rotation {c, s} has no JS form: those vectors give a malformed JS transform.
	const xf = v.jsTransform ? readTransform(v.jsTransform) : readTransform(v.xfA);
	return checkQueriesAgree(np, v, run, makeShape, (a, b) => [
		() => np.overlap(a, xf, b, undefined),
		() => np.distance(a, xf, b, undefined),
		() => np.penetration(a, xf, b, undefined),
		() => np.manifold(a, xf, b, undefined),
		() => np.manifold(b, undefined, a, xf),
	]);
}

const pairOps2 = {
	makeShape,
	readTransform,
	geometry: (ref) => ({
		refA: { verts: ref.coreA, radius: ref.radiusA },
		refB: { verts: ref.coreB, radius: ref.radiusB },
		signedDistance,
		overlapAlong,
	}),
	penetrationExtras: [],
	manifold: { maxPoints: 2, witnessOnSurface: true, deepestOnBestAxis: true },
};

export const runPair2 = (np, v, run) => runPair(np, v, run, pairOps2);
