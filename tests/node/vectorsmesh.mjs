// Mesh-contact vectors (query "meshContacts", tests/vectors/3d_mesh.json) for the Node shared-vector
// runner, through the JS API. Mirrors tests/native/vectorsmesh.c check for check and writes the
// same results line (doubles as hex), so native and wasm results compare bit for bit.
//
// The driver (tests/node/vectors.test.mjs) dispatches every "dim": 3 vector whose query is
// "meshContacts" here.
import { hex, hexPoint, num } from './vectorchecks.mjs';

const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Runs one "meshContacts" vector. Returns false when the vector is not one it knows. */
export function runVectorMesh(np, v, run) {
	if (!v.shape || v.shape.type !== 'sphere') return false;
	const tol = run.tol;
	const radius = num(v.shape.radius);
	const readXf = (xf) => (xf ? { position: xf.position.map(num), rotation: (xf.rotation || [0, 0, 0, 1]).map(num) } : undefined);
	const xf = readXf(v.xf);
	const sphere = np.sphere(radius);
	const meshes = [];
	try {
		for (const m of v.meshes) {
			meshes.push({
				mesh: np.mesh3d(m.vertices.map(num), m.indices, { weldTolerance: num(m.weldTolerance || 0) }),
				transform: readXf(m.transform),
			});
		}
		const options = { margin: num(v.options.margin) };
		if (v.options.algorithm === 'all') options.removeInternalEdges = false;
		const c = np.meshContacts(sphere, xf, meshes, options);

		run.put('count', c.length);
		for (const k of c) {
			run.put('mesh', k.mesh);
			run.put('triangle', k.triangle);
			run.put('feature', `${k.feature}${k.featureIndex}`);
			run.put('pointA', hexPoint(k.pointA));
			run.put('pointB', hexPoint(k.pointB));
			run.put('normal', hexPoint(k.normal));
			run.put('depth', hex(k.depth));
		}

		const centre = xf.position;
		for (const k of c) {
			const n = k.normal;
			if (!(Math.abs(Math.hypot(n[0], n[1], n[2]) - 1) <= 1e-12)) run.fail('normal is not unit');
			const d = (k.pointA[0] - k.pointB[0]) * n[0] + (k.pointA[1] - k.pointB[1]) * n[1] + (k.pointA[2] - k.pointB[2]) * n[2];
			if (!(Math.abs(d - k.depth) <= tol)) run.fail(`depth ${k.depth} != (pA - pB) . n = ${d}`);
			if (!(Math.abs(dist(k.pointA, centre) - radius) <= tol)) run.fail('pointA is not on the sphere');
		}

		const e = v.expect;
		if (c.length !== e.count) run.fail(`count: got ${c.length}, want ${e.count}`);
		const used = new Array(c.length).fill(false);
		for (const w of e.contacts) {
			const normal = w.normal.map(num), pointB = w.pointB.map(num), depth = num(w.depth);
			const i = c.findIndex((k, j) => !used[j] && k.mesh === w.mesh && k.feature === w.feature &&
				(w.triangle === null || k.triangle === w.triangle) && dist(k.normal, normal) <= tol &&
				dist(k.pointB, pointB) <= tol && Math.abs(k.depth - depth) <= tol);
			if (i < 0) run.fail(`no contact matches mesh ${w.mesh} triangle ${w.triangle} ${w.feature} normal [${normal}] depth ${depth}`);
			else used[i] = true;
		}
	} finally {
		sphere.dispose();
		for (const m of meshes) m.mesh.dispose();
	}
	return true;
}
