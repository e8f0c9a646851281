// 3D dispatch for the Node shared-vector runner (tests/node/vectors.test.mjs), through the JS API.
//
// Mirrors tests/native/vectors3d.c check for check and writes the same results line (doubles as
// hex), so the runner can compare native and wasm results bit for bit. Shapes, transforms and the
// `ref` cores are described in tools/gen_vectors3d.mjs; manifold vectors in tools/gen_vectors3d_manifold.mjs.

import { runVectorMesh } from './vectorsmesh.mjs';

const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const len = (a) => Math.sqrt(dot(a, a));

function pointSegmentDistance(p, a, b) {
	const ab = sub(b, a);
	const dd = dot(ab, ab);
	let t = dd > 0 ? dot(sub(p, a), ab) / dd : 0;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	return len(sub(p, [a[0] + t * ab[0], a[1] + t * ab[1], a[2] + t * ab[2]]));
}

// As signedDistance in vectors3d.c.
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

// The transform applied to a point, in the same arithmetic as vectors3d.c's npTransformPoint3Ref.
function transformPoint(xf, v) {
	const [x, y, z, w] = xf.rotation;
	return [
		(w * w + x * x - y * y - z * z) * v[0] + 2 * (x * y - w * z) * v[1] + 2 * (x * z + w * y) * v[2] + xf.position[0],
		2 * (x * y + w * z) * v[0] + (w * w - x * x + y * y - z * z) * v[1] + 2 * (y * z - w * x) * v[2] + xf.position[1],
		2 * (x * z - w * y) * v[0] + 2 * (y * z + w * x) * v[1] + (w * w - x * x - y * y + z * z) * v[2] + xf.position[2],
	];
}

function codeText(code) {
	return code.replace(/^NP_ERR_/, '').replace(/^NP_/, '');
}

export function runVector3(np, v, run, helpers) {
	const { hex, num } = helpers;
	const hexPoint = (p) => `${hex(p[0])},${hex(p[1])},${hex(p[2])}`;
	const numPoint = (p) => [num(p[0]), num(p[1]), num(p[2])];
	// Mesh contacts (tests/vectors/3d_mesh.json) are checked by the mesh work's runner.
	if (v.query === 'meshContacts') return runVectorMesh(np, v, run, helpers);
	const e = v.expect || {};
	const tol = run.tol;

	const made = [];
	function makeShape(spec) {
		let s;
		switch (spec.type) {
			case 'sphere': s = np.sphere(num(spec.radius)); break;
			case 'capsule': s = np.capsule3d(num(spec.halfHeight), num(spec.radius)); break;
			case 'box': s = np.box3d(...spec.halfExtents.map(num)); break;
			case 'triangle': s = np.triangle3d(...spec.points.map(numPoint)); break;
			case 'hull': s = np.hull3d(spec.points.map(numPoint)); break;
			default: throw new Error('unknown 3D shape type ' + spec.type);
		}
		made.push(s);
		return s;
	}
	function readTransform(xf) {
		if (!xf) return undefined;
		const out = {};
		if (xf.position) out.position = xf.position.map(num);
		if (xf.rotation) out.rotation = xf.rotation.map(num);
		return out;
	}
	function thrownCode(fn) {
		try {
			const r = fn();
			if (r && typeof r.dispose === 'function') made.push(r);
			return 'OK';
		} catch (err) {
			if (typeof err.code !== 'string') throw err;
			return codeText(err.code);
		}
	}
	function checkError(code) {
		const want = codeText(e.error ?? 'NP_OK');
		if (code !== want) run.fail(`error code: got ${code}, want ${want}`);
		run.put('error', code);
	}
	const checkUnit = (what, n) => {
		if (!(Math.abs(len(n) - 1) <= 1e-9)) run.fail(`${what} is not unit (length ${len(n)})`);
	};
	const checkOnSurface = (what, s, p) => {
		const d = signedDistance(s, p);
		if (!(Math.abs(d) <= tol)) run.fail(`${what}: ${d} from the surface`);
	};

	try {
		if (v.query === 'shape') {
			let shape = null;
			const code = thrownCode(() => (shape = makeShape(v.a)));
			if (e.error !== undefined || code !== 'OK') {
				checkError(code);
				return true;
			}
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
		}
		if (v.query === 'transform') {
			// JS: every query must throw the transform's code (or accept it).
			const a = makeShape(v.a), b = makeShape(v.b);
			const ta = readTransform(v.xfA), tb = readTransform(v.xfB);
			const codes = [
				thrownCode(() => np.overlap(a, ta, b, tb)),
				thrownCode(() => np.distance(a, ta, b, tb)),
				thrownCode(() => np.penetration(a, ta, b, tb)),
				thrownCode(() => np.manifold(a, ta, b, tb)),
			];
			for (const c of codes.slice(1)) if (c !== codes[0]) run.fail(`queries disagree on the error: ${codes.join(', ')}`);
			checkError(codes[0]);
			return true;
		}
		if (!['overlap', 'distance', 'penetration', 'manifold'].includes(v.query)) return false;

		const a = makeShape(v.a), b = makeShape(v.b);
		const ta = readTransform(v.xfA), tb = readTransform(v.xfB);
		const ref = v.ref;
		const refA = { pts: ref.coreA.map(numPoint), radius: num(ref.radiusA ?? 0), planes: (ref.planesA || []).map((p) => p.map(num)) };
		const refB = { pts: ref.coreB.map(numPoint), radius: num(ref.radiusB ?? 0), planes: (ref.planesB || []).map((p) => p.map(num)) };

		if (v.query === 'overlap') {
			const got = np.overlap(a, ta, b, tb);
			run.put('overlap', got ? 1 : 0);
			if (!e.touching && got !== e.overlap) run.fail(`overlap: got ${got}, want ${e.overlap}`);
			return true;
		}
		if (v.query === 'distance') {
			const r = np.distance(a, ta, b, tb);
			run.put('distance', hex(r.distance));
			run.put('pointA', hexPoint(r.pointA));
			run.put('pointB', hexPoint(r.pointB));
			run.put('normal', hexPoint(r.normal));
			if (!run.near('distance', r.distance, e.distance, tol)) return true;
			if (r.distance > 0) {
				checkOnSurface('pointA on A', refA, r.pointA);
				checkOnSurface('pointB on B', refB, r.pointB);
				const d = sub(r.pointB, r.pointA);
				run.near('|pointB - pointA|', len(d), r.distance, tol);
				checkUnit('normal', r.normal);
				run.near('normal . (pointB - pointA)', dot(r.normal, d), r.distance, tol);
			} else {
				if (r.pointA.some((x, i) => x !== r.pointB[i])) run.fail('overlapping: pointA != pointB');
				if (r.normal.some((x) => x !== 0)) run.fail('overlapping: normal is not zero');
				const da = signedDistance(refA, r.pointA), db = signedDistance(refB, r.pointA);
				if (da > tol || db > tol) run.fail(`overlapping: the point is not inside both shapes (${da}, ${db})`);
			}
			return true;
		}
		if (v.query === 'penetration') {
			const r = np.penetration(a, ta, b, tb);
			if (r === null) {
				run.put('result', 'null');
				if (!e.touching && e.overlap) run.fail(`penetration: got null, want depth ${e.depth}`);
				return true;
			}
			run.put('depth', hex(r.depth));
			for (const k of ['normal', 'pointA', 'pointB', 'localA', 'localB', 'tangent1', 'tangent2']) run.put(k, hexPoint(r[k]));
			run.put('iterations', r.iterations);
			run.put('stop', r.stop);
			if (!e.touching && !e.overlap) {
				run.fail(`penetration: got depth ${r.depth}, want null`);
				return true;
			}
			run.near('depth', r.depth, e.touching ? 0 : num(e.depth), tol);
			checkUnit('normal', r.normal);
			if (e.normal) run.near('normal error', len(sub(r.normal, e.normal.map(num))), 0, Math.max(1e-6, tol));
			run.near('overlap along the normal', overlapAlong(refA, refB, r.normal), r.depth, tol);
			checkOnSurface('pointA on A', refA, r.pointA);
			checkOnSurface('pointB on B', refB, r.pointB);
			run.near('dot(pointA - pointB, normal)', dot(sub(r.pointA, r.pointB), r.normal), r.depth, tol);
			const xa = { position: (ta && ta.position) || [0, 0, 0], rotation: (ta && ta.rotation) || [0, 0, 0, 1] };
			const xb = { position: (tb && tb.position) || [0, 0, 0], rotation: (tb && tb.rotation) || [0, 0, 0, 1] };
			// The vectors' quaternions are unit (normalised by the generator) up to rounding.
			run.near('localA', len(sub(transformPoint(xa, r.localA), r.pointA)), 0, tol);
			run.near('localB', len(sub(transformPoint(xb, r.localB), r.pointB)), 0, tol);
			checkUnit('tangent1', r.tangent1);
			checkUnit('tangent2', r.tangent2);
			run.near('tangent1 . normal', dot(r.tangent1, r.normal), 0, 1e-9);
			run.near('tangent2 . normal', dot(r.tangent2, r.normal), 0, 1e-9);
			run.near('tangent1 . tangent2', dot(r.tangent1, r.tangent2), 0, 1e-9);
			return true;
		}
		// manifold
		const margin = num(v.margin ?? 0);
		const m = np.manifold(a, ta, b, tb, { margin });
		const n = m.points.length;
		run.put('count', n);
		if (n > 0) run.put('normal', hexPoint(m.normal));
		for (const p of m.points) {
			run.put('pointA', hexPoint(p.pointA));
			run.put('pointB', hexPoint(p.pointB));
			run.put('depth', hex(p.depth));
			run.put('id', p.id);
		}
		if (e.count !== undefined && n !== e.count) run.fail(`point count: got ${n}, want ${e.count}`);
		if (e.minCount !== undefined && n < e.minCount) run.fail(`point count: got ${n}, want at least ${e.minCount}`);
		if (e.maxCount !== undefined && n > e.maxCount) run.fail(`point count: got ${n}, want at most ${e.maxCount}`);
		if (n === 0) return true;
		checkUnit('normal', m.normal);
		const along = overlapAlong(refA, refB, m.normal);
		const best = num(e.best), maxAlong = num(e.maxNormalOverlap);
		if (!(along >= best - tol)) run.fail(`overlap along the normal ${along} below the minimum ${best}`);
		if (!(along <= maxAlong + tol)) run.fail(`normal: overlap along it ${along} exceeds the best axis's ${maxAlong} (+ face preference)`);
		let deepest = -Infinity;
		m.points.forEach((p, i) => {
			if (p.depth > deepest) deepest = p.depth;
			const outA = signedDistance(refA, p.pointA), outB = signedDistance(refB, p.pointB);
			if (outA > tol || outB > tol) {
				run.fail(`point ${i} outside its shape (pointA by ${outA}, pointB by ${outB})`);
			}
			run.near('depth identity', dot(sub(p.pointA, p.pointB), m.normal), p.depth, tol);
			if (!(p.depth <= along + tol)) run.fail(`point ${i} depth ${p.depth} deeper than the overlap along the normal ${along}`);
			if (!(p.depth >= -margin - tol)) run.fail(`point ${i} depth ${p.depth} beyond the margin ${margin}`);
			if (p.id === 0) run.fail(`point ${i} has id 0`);
			for (let j = 0; j < i; j++) if (m.points[j].id === p.id) run.fail(`points ${j} and ${i} share id ${p.id}`);
		});
		if (!(m.points[0].depth >= deepest)) run.fail('the first point is not the deepest');
		if (e.deepestIsOverlap) run.near('deepest depth vs overlap along the normal', deepest, along, tol);
		if (e.depth !== undefined) run.near('deepest depth', deepest, num(e.depth), tol);
		return true;
	} finally {
		for (const s of made) s.dispose();
	}
}
