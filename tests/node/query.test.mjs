// Rays, points and bounds through the JS API (np.rayCast, rayCastMany, containsPoint, closestPoint,
// bounds, queryTriangles; js/apiquery.mjs): closed-form cases for every target kind, rayCastMany
// against rayCast ray by ray (bit for bit), the option defaults, every error code, disposed
// objects, and a flat heap over many calls. The shared query vectors (tests/vectors/*query.json)
// run through vectors.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../js/narrowphase.mjs';
import { close, closeVec, throwsCode } from './asserts.mjs';

const np = await init();

test('the query API is installed', () => {
	for (const f of ['rayCast', 'rayCastMany', 'containsPoint', 'closestPoint', 'bounds', 'queryTriangles']) {
		assert.equal(typeof np[f], 'function', `np.${f} is missing`);
	}
});

const SQRT1_2 = Math.SQRT1_2;
// A quarter turn about z, moved to x = 10; an eighth of a turn about z.
const turnZ = { position: [10, 0, 0], rotation: [0, 0, SQRT1_2, SQRT1_2] };
// The result with -0 read as 0 (the library may return either for a zero component).
const plain = (x) => JSON.parse(JSON.stringify(x));
const eighthZ = [0, 0, Math.sin(Math.PI / 8), Math.cos(Math.PI / 8)];

// A unit square of two triangles in the plane z = 0, front face up (+z), triangles 0 and 1.
function square(lo = 0, hi = 1) {
	return np.mesh3d([lo, lo, 0, hi, lo, 0, hi, hi, 0, lo, hi, 0], [0, 1, 2, 0, 2, 3]);
}

// ------------------------------------------------------------------------------ rays: closed forms
test('rayCast 2D: box, circle, capsule, polygon', () => {
	const box = np.box2d(1, 0.5);
	let h = np.rayCast(box, null, [-3, 0], [4, 0]);
	assert.deepEqual(h, { fraction: 0.5, point: [-1, 0], normal: [-1, 0], frontFace: true });
	h = np.rayCast(box, { position: [5, 1] }, [5, 4], [0, -2], { maxFraction: 2 });
	close(h.fraction, 1.25);
	closeVec(h.point, [5, 1.5]);
	closeVec(h.normal, [0, 1]);

	const circle = np.circle(2);
	h = np.rayCast(circle, { position: [1, 1] }, [1, 10], [0, -1], { maxFraction: 100 });
	close(h.fraction, 7, 1e-12);
	closeVec(h.point, [1, 3], 1e-12);
	closeVec(h.normal, [0, 1], 1e-12);
	assert.equal(np.rayCast(circle, null, [0, 10], [0, -1]), null, 'maxFraction defaults to 1: too short');

	const capsule = np.capsule2d(1, 0.5); // segment (-1, 0)..(1, 0), rounding 0.5: the end cap is round
	h = np.rayCast(capsule, null, [5, 0], [-1, 0], { maxFraction: 10 });
	close(h.fraction, 3.5, 1e-12);
	closeVec(h.normal, [1, 0], 1e-12);

	const triangle = np.polygon2d([[0, 0], [2, 0], [0, 2]]);
	h = np.rayCast(triangle, null, [3, 3], [-1, -1], { maxFraction: 10 });
	close(h.fraction, 2);
	closeVec(h.normal, [SQRT1_2, SQRT1_2], 1e-15);
	for (const s of [box, circle, capsule, triangle]) s.dispose();
});

test('rayCast 3D: box, sphere, capsule, hull, triangle, rotated', () => {
	const box = np.box3d(1, 2, 3);
	let h = np.rayCast(box, null, [0, 0, 10], [0, 0, -1], { maxFraction: 20 });
	assert.deepEqual(h, { fraction: 7, point: [0, 0, 3], normal: [0, 0, 1], frontFace: true });

	// Rotated a quarter turn about z and moved to x = 10: its local x extent (1) now runs along y.
	h = np.rayCast(box, turnZ, [10, -5, 0], [0, 1, 0], { maxFraction: 10 });
	close(h.fraction, 4, 1e-12);
	closeVec(h.normal, [0, -1, 0], 1e-12);

	const sphere = np.sphere(1);
	h = np.rayCast(sphere, { position: [0, 0, 5] }, [0, 0, 0], [0, 0, 10]);
	close(h.fraction, 0.4);
	closeVec(h.point, [0, 0, 4]);
	closeVec(h.normal, [0, 0, -1]);
	assert.equal(h.frontFace, true);

	const capsule = np.capsule3d(1, 0.5); // along y: the top cap's apex is at y = 1.5
	h = np.rayCast(capsule, null, [0, 5, 0], [0, -1, 0], { maxFraction: 10 });
	close(h.fraction, 3.5, 1e-12);
	closeVec(h.normal, [0, 1, 0], 1e-12);

	const hull = np.hull3d([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]);
	h = np.rayCast(hull, null, [1, 1, 1], [-1, -1, -1]);
	close(h.fraction, 2 / 3, 1e-15);
	closeVec(h.normal, [1, 1, 1].map((x) => x / Math.sqrt(3)), 1e-15);

	const tri = np.triangle3d([0, 0, 0], [1, 0, 0], [0, 1, 0]); // two-sided
	h = np.rayCast(tri, null, [0.2, 0.2, -1], [0, 0, 2]);
	close(h.fraction, 0.5);
	closeVec(h.normal, [0, 0, -1]);
	assert.equal(h.frontFace, true);
	for (const s of [box, sphere, capsule, hull, tri]) s.dispose();
});

test('rayCast options: solid (default true), maxFraction bounds included', () => {
	const box = np.box3d(1, 1, 1);
	// From inside: solid reports t = 0, a zero normal and frontFace false.
	assert.deepEqual(np.rayCast(box, null, [0, 0, 0], [1, 0, 0]), { fraction: 0, point: [0, 0, 0], normal: [0, 0, 0], frontFace: false });
	// Not solid: where the ray leaves, normal against the ray.
	const exit = np.rayCast(box, null, [0, 0, 0], [2, 0, 0], { solid: false });
	assert.deepEqual(plain(exit), { fraction: 0.5, point: [1, 0, 0], normal: [-1, 0, 0], frontFace: false });
	// t = maxFraction counts.
	close(np.rayCast(box, null, [-3, 0, 0], [1, 0, 0], { maxFraction: 2 }).fraction, 2);
	assert.equal(np.rayCast(box, null, [-3, 0, 0], [1, 0, 0], { maxFraction: 1.999 }), null);
	// The same in 2D.
	const b2 = np.box2d(1, 1);
	assert.deepEqual(np.rayCast(b2, null, [0, 0], [1, 0]), { fraction: 0, point: [0, 0], normal: [0, 0], frontFace: false });
	assert.deepEqual(plain(np.rayCast(b2, null, [0, 0], [2, 0], { solid: false })), { fraction: 0.5, point: [1, 0], normal: [-1, 0], frontFace: false });
	box.dispose();
	b2.dispose();
});

test('rayCast meshes: one-sided, backfaces, lists of meshes, transforms', () => {
	const sq = square();
	// Front face (+z) from above.
	let h = np.rayCast(sq, null, [0.25, 0.75, 1], [0, 0, -2]);
	assert.deepEqual(h, { fraction: 0.5, point: [0.25, 0.75, 0], normal: [0, 0, 1], frontFace: true, mesh: 0, triangle: 1 });
	// From below: a back face, passed by default, hit with backfaces.
	assert.equal(np.rayCast(sq, null, [0.25, 0.75, -1], [0, 0, 2]), null);
	h = np.rayCast(sq, null, [0.25, 0.75, -1], [0, 0, 2], { backfaces: true });
	assert.deepEqual(plain(h), { fraction: 0.5, point: [0.25, 0.75, 0], normal: [0, 0, -1], frontFace: false, mesh: 0, triangle: 1 });
	// solid does not apply to meshes.
	assert.equal(np.rayCast(sq, null, [0.25, 0.75, 1], [0, 0, -2], { solid: false }).fraction, 0.5);
	// The mesh's transform: lifted to z = 3.
	h = np.rayCast(sq, { position: [0, 0, 3] }, [0.5, 0.25, 5], [0, 0, -4]);
	close(h.fraction, 0.5);
	assert.equal(h.triangle, 0);
	// A list: the nearest wins; the transform argument is ignored.
	const far = square();
	h = np.rayCast([{ mesh: far, transform: { position: [0, 0, -1] } }, { mesh: sq, transform: { position: [0, 0, 0.5] } }],
		{ position: [100, 100, 100] }, [0.5, 0.25, 2], [0, 0, -4]);
	assert.equal(h.mesh, 1);
	close(h.fraction, 0.375);
	// A back face in front of a front face: passed, the front face behind is hit.
	h = np.rayCast([{ mesh: far, transform: { position: [0, 0, -1] } }, { mesh: sq, transform: { rotation: [1, 0, 0, 0], position: [0, 1, 0] } }],
		null, [0.5, 0.25, 2], [0, 0, -4]);
	assert.equal(h.mesh, 0);
	close(h.fraction, 0.75);
	// A bare mesh in a list, and the empty list.
	assert.equal(np.rayCast([sq], null, [0.5, 0.25, 2], [0, 0, -4]).mesh, 0);
	assert.equal(np.rayCast([], null, [0.5, 0.25, 2], [0, 0, -4]), null);
	sq.dispose();
	far.dispose();
});

// ------------------------------------------------------------------------------ rayCastMany
// Random rays from [-3, 3]^dim towards points of [-1.2, 1.2]^dim (some miss, some start inside).
function randomRays(n, dim, seed) {
	let s = seed;
	const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
	const origins = new Float64Array(n * dim), directions = new Float64Array(n * dim);
	for (let i = 0; i < n * dim; i++) {
		origins[i] = 3 * rnd();
		directions[i] = 1.3 * (1.2 * rnd() - origins[i]);
	}
	return { origins, directions };
}

// rayCastMany's records against one rayCast per ray, bit for bit.
function checkManyMatchesSingle(target, transform, dim, options, n = 300) {
	const { origins, directions } = randomRays(n, dim, 7 + dim);
	const size = 2 + 2 * dim;
	const out = new Float64Array(n * size).fill(NaN);
	const hits = np.rayCastMany(target, transform, origins, directions, out, options);
	let count = 0;
	for (let i = 0; i < n; i++) {
		const o = origins.subarray(dim * i, dim * i + dim), d = directions.subarray(dim * i, dim * i + dim);
		const h = np.rayCast(target, transform, Array.from(o), Array.from(d), options);
		const rec = Array.from(out.subarray(size * i, size * i + size));
		if (h === null) {
			assert.equal(rec[0], -1, `ray ${i}: a miss has fraction -1`);
			assert.equal(rec[size - 1], -1);
			continue;
		}
		count++;
		const want = [h.fraction, ...h.point, ...h.normal, h.triangle === undefined ? -1 : h.triangle];
		assert.ok(rec.every((x, k) => Object.is(x, want[k])), `ray ${i}: [${rec}] vs [${want}]`);
	}
	assert.equal(hits, count);
	assert.ok(count > 0 && count < n, `the rays should mix hits and misses (${count} of ${n})`);
}

test('rayCastMany equals rayCast ray by ray, bit for bit', () => {
	const shapes2 = [np.box2d(1, 0.5), np.circle(1), np.capsule2d(1, 0.3), np.polygon2d([[0, 0], [2, 0], [1, 1.5], [-0.5, 1]], { radius: 0.1 })];
	for (const s of shapes2) {
		checkManyMatchesSingle(s, { position: [0.3, -0.2], angle: 0.7 }, 2);
		checkManyMatchesSingle(s, null, 2, { solid: false, maxFraction: 0.7 });
	}
	const shapes3 = [np.box3d(1, 0.5, 0.7), np.sphere(1), np.capsule3d(0.5, 0.4),
		np.hull3d([[1, 0, 0], [-1, 0.2, 0], [0, 1, 0.3], [0, -1, 0], [0.1, 0, 1], [0, 0.2, -1]]), np.triangle3d([0, 0, 0], [2, 0, 0], [0, 2, 1])];
	for (const s of shapes3) {
		checkManyMatchesSingle(s, { position: [0.3, -0.2, 0.1], rotation: [0.1, 0.2, 0.3, 0.9] }, 3);
		checkManyMatchesSingle(s, null, 3, { solid: false, maxFraction: 0.8 });
	}
	// A bumpy grid mesh, bare with a transform and in a list.
	const n = 8, v = [], idx = [];
	for (let y = 0; y <= n; y++) for (let x = 0; x <= n; x++) v.push(x / 2 - 2, y / 2 - 2, ((x * 7 + y * 3) % 5) * 0.1);
	for (let y = 0; y < n; y++) {
		for (let x = 0; x < n; x++) {
			const a = y * (n + 1) + x;
			idx.push(a, a + 1, a + n + 2, a, a + n + 2, a + n + 1);
		}
	}
	const grid = np.mesh3d(v, idx);
	checkManyMatchesSingle(grid, { position: [0, 0, 0.2], rotation: [0.1, 0, 0, 1] }, 3);
	checkManyMatchesSingle(grid, null, 3, { backfaces: true });
	checkManyMatchesSingle([grid, { mesh: grid, transform: { position: [0, 0, -0.5] } }], null, 3, { maxFraction: 2 });
	for (const s of [...shapes2, ...shapes3, grid]) s.dispose();
});

// Mesh batches of NP_RAY_ORDER_MIN (256) rays or more are cast in a cache-friendly order
// (src/rayorder.c): the records must still be each ray's own, bit for bit, and a bad ray late in
// the batch is the one reported.
test('rayCastMany on a mesh: big batches in their cast order, and the bad ray', () => {
	const n = 24, v = [], idx = [];
	for (let y = 0; y <= n; y++) for (let x = 0; x <= n; x++) v.push(x / 4 - 3, y / 4 - 3, ((x * 5 + y * 3) % 7) * 0.05);
	for (let y = 0; y < n; y++) {
		for (let x = 0; x < n; x++) {
			const a = y * (n + 1) + x;
			idx.push(a, a + 1, a + n + 2, a, a + n + 2, a + n + 1);
		}
	}
	const grid = np.mesh3d(v, idx);
	checkManyMatchesSingle(grid, { position: [0.1, 0, 0.2], rotation: [0, 0.1, 0, 1] }, 3, undefined, 2000);
	checkManyMatchesSingle(grid, null, 3, { backfaces: true, maxFraction: 3 }, 700);
	const { origins, directions } = randomRays(400, 3, 11);
	directions.fill(0, 3 * 300, 3 * 301);
	throwsCode(() => np.rayCastMany(grid, null, origins, directions, new Float64Array(8 * 400)), 'NP_INVALID_ARGUMENT', /ray 300 direction is the zero vector/);
	origins[3 * 350] = Infinity;
	throwsCode(() => np.rayCastMany(grid, null, origins, directions, new Float64Array(8 * 400)), 'NP_INVALID_ARGUMENT', /ray 300 direction/);
	directions[3 * 300] = 1;
	throwsCode(() => np.rayCastMany(grid, null, origins, directions, new Float64Array(8 * 400)), 'NP_NON_FINITE', /ray 350 origin/);
	throwsCode(() => np.rayCastMany([grid, { mesh: grid, transform: { position: [0, 0, NaN] } }], null, origins, directions, new Float64Array(8 * 400)), 'NP_NON_FINITE', /meshes\[1\]\.transform/);
	grid.dispose();
});

test('rayCastMany: zero rays, a longer out array, the count of hits', () => {
	const box = np.box3d(1, 1, 1);
	assert.equal(np.rayCastMany(box, null, new Float64Array(0), new Float64Array(0), new Float64Array(0)), 0);
	const out = new Float64Array(3 * 8 + 5).fill(7);
	const hits = np.rayCastMany(box, null, new Float64Array([-3, 0, 0, -3, 5, 0, 0, 0, 0]), new Float64Array([4, 0, 0, 4, 0, 0, 1, 0, 0]), out);
	assert.equal(hits, 2);
	assert.deepEqual(Array.from(out.subarray(0, 8)), [0.5, -1, 0, 0, -1, 0, 0, -1]);
	assert.deepEqual(Array.from(out.subarray(8, 16)), [-1, 0, 0, 0, 0, 0, 0, -1]);
	assert.deepEqual(Array.from(out.subarray(16, 24)), [0, 0, 0, 0, 0, 0, 0, -1]);
	assert.deepEqual(Array.from(out.subarray(24)), [7, 7, 7, 7, 7], 'beyond the records: untouched');
	box.dispose();
});

test('rayCastMany after the wasm memory grew', () => {
	const sphere = np.sphere(1);
	const { origins, directions } = randomRays(100, 3, 5);
	const before = new Float64Array(800), after = new Float64Array(800);
	const hits = np.rayCastMany(sphere, null, origins, directions, before);
	const bytes = np.memoryBytes();
	const held = [];
	while (np.memoryBytes() === bytes) held.push(np.hull3d([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]));
	assert.equal(np.rayCastMany(sphere, null, origins, directions, after), hits);
	assert.deepEqual(after, before);
	for (const h of held) h.dispose();
	sphere.dispose();
});

// ------------------------------------------------------------------------------ points and bounds
test('containsPoint: boundary counts, 2D and 3D, transforms', () => {
	const box = np.box2d(1, 1);
	assert.equal(np.containsPoint(box, null, [1, 1]), true);
	assert.equal(np.containsPoint(box, null, [1.000001, 0]), false);
	assert.equal(np.containsPoint(box, { position: [5, 0], angle: Math.PI / 4 }, [5 + 1.4, 0]), true);
	const sphere = np.sphere(2);
	assert.equal(np.containsPoint(sphere, { position: [1, 1, 1] }, [1, 3, 1]), true);
	assert.equal(np.containsPoint(sphere, { position: [1, 1, 1] }, [1, 3.0001, 1]), false);
	const hull = np.hull3d([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]);
	assert.equal(np.containsPoint(hull, null, [0.2, 0.2, 0.2]), true);
	assert.equal(np.containsPoint(hull, null, [0.4, 0.4, 0.4]), false);
	for (const s of [box, sphere, hull]) s.dispose();
});

test('closestPoint: convex shapes (signed), meshes (features, maxDistance)', () => {
	const box = np.box3d(1, 1, 1);
	assert.deepEqual(np.closestPoint(box, null, [3, 0, 0]), { point: [1, 0, 0], distance: 2, normal: [1, 0, 0] });
	assert.deepEqual(np.closestPoint(box, null, [0, 0.5, 0]), { point: [0, 1, 0], distance: -0.5, normal: [0, 1, 0] });
	const circle = np.circle(1);
	const c = np.closestPoint(circle, { position: [1, 0] }, [1, 3]);
	closeVec(c.point, [1, 1]);
	close(c.distance, 2);
	closeVec(c.normal, [0, 1]);

	const sq = square();
	let m = np.closestPoint(sq, null, [0.25, 0.75, 2]);
	assert.deepEqual(m, { point: [0.25, 0.75, 0], distance: 2, normal: [0, 0, 1], mesh: 0, triangle: 1, feature: 'face' });
	m = np.closestPoint(sq, null, [3, 0.5, 0]);
	assert.equal(m.feature, 'edge');
	close(m.distance, 2);
	m = np.closestPoint(sq, null, [4, 5, 0]);
	assert.equal(m.feature, 'vertex');
	closeVec(m.point, [1, 1, 0]);
	close(m.distance, 5);
	assert.equal(np.closestPoint(sq, null, [0.5, 0.5, 2], { maxDistance: 1.5 }), null);
	assert.equal(np.closestPoint(sq, null, [0.5, 0.5, 2], { maxDistance: 2 }).distance, 2);
	m = np.closestPoint([{ mesh: sq, transform: { position: [0, 0, 5] } }, sq], null, [0.5, 0.2, 4]);
	assert.equal(m.mesh, 0);
	close(m.distance, 1);
	for (const s of [box, circle, sq]) s.dispose();
});

test('bounds: exact for rounded and rotated shapes, meshes over transformed vertices', () => {
	const capsule = np.capsule2d(1, 0.5);
	const b2 = np.bounds(capsule, { position: [1, 2], angle: Math.PI / 2 });
	closeVec(b2.lower, [0.5, 0.5], 1e-12);
	closeVec(b2.upper, [1.5, 3.5], 1e-12);
	const sphere = np.sphere(0.5);
	assert.deepEqual(np.bounds(sphere, { position: [1, 2, 3] }), { lower: [0.5, 1.5, 2.5], upper: [1.5, 2.5, 3.5] });
	const box = np.box3d(1, 1, 1);
	const bb = np.bounds(box, { position: [10, 0, 0], rotation: eighthZ });
	const r = Math.SQRT2;
	closeVec(bb.lower, [10 - r, -r, -1], 1e-12);
	closeVec(bb.upper, [10 + r, r, 1], 1e-12);
	const sq = square();
	assert.deepEqual(np.bounds(sq, null), { lower: [0, 0, 0], upper: [1, 1, 0] });
	const mb = np.bounds(sq, { position: [1, 0, 0], rotation: eighthZ });
	closeVec(mb.lower, [1 - SQRT1_2, 0, 0], 1e-12);
	closeVec(mb.upper, [1 + SQRT1_2, Math.SQRT2, 0], 1e-12);
	for (const s of [capsule, sphere, box, sq]) s.dispose();
});

test('queryTriangles: ascending, touching counts, grows its buffer', () => {
	const sq = square();
	assert.ok(np.queryTriangles(sq, null, [0.9, 0.1, -1], [2, 0.2, 1]) instanceof Uint32Array);
	assert.deepEqual(Array.from(np.queryTriangles(sq, null, [1, 1, 0], [2, 2, 0])), [0, 1], 'touching at a corner');
	assert.deepEqual(Array.from(np.queryTriangles(sq, { position: [5, 0, 0] }, [-1, -1, -1], [2, 2, 1])), []);
	sq.dispose();
	// A grid: cell (x, y) holds triangles 2 (20 y + x) and the next, bounds [x, x + 1] x [y, y + 1].
	// More triangles than the first buffer holds (256).
	const n = 20, v = [], idx = [];
	for (let y = 0; y <= n; y++) for (let x = 0; x <= n; x++) v.push(x, y, 0);
	for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) { const a = y * (n + 1) + x; idx.push(a, a + 1, a + n + 2, a, a + n + 2, a + n + 1); }
	const grid = np.mesh3d(v, idx);
	assert.deepEqual(Array.from(np.queryTriangles(grid, null, [2.2, 3.2, -1], [2.8, 3.8, 1])), [124, 125]);
	assert.deepEqual(Array.from(np.queryTriangles(grid, null, [3, 3.2, 0], [3, 3.8, 0])), [124, 125, 126, 127], 'touching an edge');
	assert.deepEqual(Array.from(np.queryTriangles(grid, { position: [-1, 0, 0] }, [2.2, 3.2, -1], [2.8, 3.8, 1])), [126, 127]);
	const all = np.queryTriangles(grid, null, [-1, -1, -1], [n + 1, n + 1, 1]);
	assert.equal(all.length, 2 * n * n);
	assert.ok(all.every((t, i) => t === i));
	grid.dispose();
});

// ------------------------------------------------------------------------------ errors
test('errors: codes for bad rays, points, options and transforms', () => {
	const box = np.box3d(1, 1, 1), b2 = np.box2d(1, 1), sq = square();
	for (const target of [box, sq]) {
		throwsCode(() => np.rayCast(target, null, [0, 0, 5], [0, 0, 0]), 'NP_INVALID_ARGUMENT', /direction is the zero vector/);
		throwsCode(() => np.rayCast(target, null, [0, NaN, 5], [0, 0, -1]), 'NP_NON_FINITE', /origin/);
		throwsCode(() => np.rayCast(target, null, [0, 0, 5], [0, Infinity, -1]), 'NP_NON_FINITE', /direction/);
		throwsCode(() => np.rayCast(target, null, [0, 1e13, 5], [0, 0, -1]), 'NP_NON_FINITE');
		throwsCode(() => np.rayCast(target, null, [0, 0, 5], [0, 0, -1], { maxFraction: -1 }), 'NP_INVALID_ARGUMENT', /maxFraction/);
		throwsCode(() => np.rayCast(target, null, [0, 0, 5], [0, 0, -1], { maxFraction: NaN }), 'NP_NON_FINITE', /maxFraction/);
		throwsCode(() => np.rayCast(target, null, [0, 0, 5], [0, 0, -1], { maxFraction: '1' }), 'NP_INVALID_ARGUMENT');
		throwsCode(() => np.rayCast(target, null, [0, 0], [0, 0, -1]), 'NP_INVALID_ARGUMENT', /origin/);
		throwsCode(() => np.rayCast(target, null, [0, 0, 5], 'down'), 'NP_INVALID_ARGUMENT', /direction/);
		throwsCode(() => np.rayCast(target, null, [0, 0, 5], [0, 0, -1], 3), 'NP_INVALID_ARGUMENT', /options/);
		throwsCode(() => np.rayCast(target, { position: [NaN, 0, 0] }, [0, 0, 5], [0, 0, -1]), 'NP_NON_FINITE');
		throwsCode(() => np.rayCast(target, { rotation: [0, 0, 0, 0] }, [0, 0, 5], [0, 0, -1]), 'NP_INVALID_TRANSFORM');
		throwsCode(() => np.rayCast(target, { position: [0, 0] }, [0, 0, 5], [0, 0, -1]), 'NP_INVALID_TRANSFORM');
	}
	// 2D: 2D vectors only (mixed dimensions), the same codes.
	throwsCode(() => np.rayCast(b2, null, [0, 0, 5], [0, 0, -1]), 'NP_INVALID_ARGUMENT', /origin must be \[x, y\]/);
	throwsCode(() => np.rayCast(b2, null, [0, 5], [0, 0]), 'NP_INVALID_ARGUMENT', /zero vector/);
	throwsCode(() => np.rayCast(b2, { angle: Infinity }, [0, 5], [0, -1]), 'NP_NON_FINITE');
	throwsCode(() => np.rayCast(b2, { position: [1, 2, 3] }, [0, 5], [0, -1]), 'NP_INVALID_TRANSFORM');
	throwsCode(() => np.containsPoint(box, null, [0, 0]), 'NP_INVALID_ARGUMENT', /\[x, y, z\]/);
	throwsCode(() => np.containsPoint(b2, null, [0, NaN]), 'NP_NON_FINITE', /p is NaN/);
	throwsCode(() => np.closestPoint(box, null, [0, NaN, 0]), 'NP_NON_FINITE');
	throwsCode(() => np.closestPoint(sq, null, [0, 0, 1], { maxDistance: -1 }), 'NP_INVALID_ARGUMENT', /maxDistance/);
	throwsCode(() => np.closestPoint(sq, null, [0, 0, 1], { maxDistance: 'far' }), 'NP_INVALID_ARGUMENT');
	throwsCode(() => np.queryTriangles(sq, null, [0, 0, NaN], [1, 1, 1]), 'NP_NON_FINITE');
	throwsCode(() => np.bounds(box, { position: [Infinity, 0, 0] }), 'NP_NON_FINITE');
	// Meshes in a list name the bad entry.
	throwsCode(() => np.rayCast([sq, { mesh: sq, transform: { rotation: [0, 0, 0, 0] } }], null, [0, 0, 5], [0, 0, -1]), 'NP_INVALID_TRANSFORM', /meshes\[1\]/);
	throwsCode(() => np.rayCast([sq, { mesh: sq, transform: { position: 5 } }], null, [0, 0, 5], [0, 0, -1]), 'NP_INVALID_TRANSFORM', /meshes\[1\]/);
	throwsCode(() => np.rayCast([sq, box], null, [0, 0, 5], [0, 0, -1]), 'NP_INVALID_ARGUMENT', /meshes\[1\]/);
	throwsCode(() => np.rayCast(new Array(np.limitsMesh.maxMeshes + 1).fill(sq), null, [0, 0, 5], [0, 0, -1]), 'NP_TOO_MANY_POINTS');
	for (const s of [box, b2, sq]) s.dispose();
});

test('errors: wrong kinds of target', () => {
	const box = np.box3d(1, 1, 1), sq = square();
	for (const bad of [null, undefined, 3, {}, 'box', [1, 2]]) {
		throwsCode(() => np.rayCast(bad, null, [0, 0, 5], [0, 0, -1]), 'NP_INVALID_ARGUMENT');
		throwsCode(() => np.containsPoint(bad, null, [0, 0, 0]), 'NP_INVALID_ARGUMENT');
		throwsCode(() => np.closestPoint(bad, null, [0, 0, 0]), 'NP_INVALID_ARGUMENT');
		throwsCode(() => np.bounds(bad, null), 'NP_INVALID_ARGUMENT');
		throwsCode(() => np.queryTriangles(bad, null, [0, 0, 0], [1, 1, 1]), 'NP_INVALID_ARGUMENT');
	}
	throwsCode(() => np.containsPoint(sq, null, [0, 0, 0]), 'NP_INVALID_ARGUMENT', /convex shapes only/);
	throwsCode(() => np.queryTriangles(box, null, [0, 0, 0], [1, 1, 1]), 'NP_INVALID_ARGUMENT', /Mesh3D/);
	throwsCode(() => np.bounds([sq], null), 'NP_INVALID_ARGUMENT');
	box.dispose();
	sq.dispose();
});

test('errors: rayCastMany lengths, types and the bad ray', () => {
	const box = np.box3d(1, 1, 1), b2 = np.box2d(1, 1);
	const o = new Float64Array([-3, 0, 0, -3, 0.5, 0]), d = new Float64Array([1, 0, 0, 1, 0, 0]);
	throwsCode(() => np.rayCastMany(box, null, [-3, 0, 0], d.subarray(0, 3), new Float64Array(8)), 'NP_INVALID_ARGUMENT', /origins must be a Float64Array/);
	throwsCode(() => np.rayCastMany(box, null, o, d, new Float32Array(16)), 'NP_INVALID_ARGUMENT', /out must be a Float64Array/);
	throwsCode(() => np.rayCastMany(box, null, o.subarray(0, 5), d.subarray(0, 5), new Float64Array(16)), 'NP_INVALID_ARGUMENT', /3 numbers per ray/);
	throwsCode(() => np.rayCastMany(box, null, o, d.subarray(0, 3), new Float64Array(16)), 'NP_INVALID_ARGUMENT', /length of origins/);
	throwsCode(() => np.rayCastMany(box, null, o, d, new Float64Array(15)), 'NP_INVALID_ARGUMENT', /out needs 8 numbers per ray/);
	throwsCode(() => np.rayCastMany(b2, null, o, d, new Float64Array(17)), 'NP_INVALID_ARGUMENT', /out needs 6 numbers per ray/);
	throwsCode(() => np.rayCastMany(box, null, o, new Float64Array([1, 0, 0, 0, 0, 0]), new Float64Array(16)), 'NP_INVALID_ARGUMENT', /ray 1 direction is the zero vector/);
	throwsCode(() => np.rayCastMany(box, null, new Float64Array([-3, 0, 0, NaN, 0, 0]), d, new Float64Array(16)), 'NP_NON_FINITE', /ray 1 origin/);
	throwsCode(() => np.rayCastMany(box, null, o, d, new Float64Array(16), { maxFraction: -2 }), 'NP_INVALID_ARGUMENT', /maxFraction/);
	throwsCode(() => np.rayCastMany(box, { rotation: [0, 0, 0, 0] }, o, d, new Float64Array(16)), 'NP_INVALID_TRANSFORM');
	throwsCode(() => np.rayCastMany('box', null, o, d, new Float64Array(16)), 'NP_INVALID_ARGUMENT');
	box.dispose();
	b2.dispose();
});

test('disposed targets throw NP_DISPOSED', () => {
	const box = np.box3d(1, 1, 1), b2 = np.circle(1), sq = square();
	box.dispose();
	b2.dispose();
	sq.dispose();
	const out = new Float64Array(8);
	for (const [t, o, d] of [[box, [0, 0, 5], [0, 0, -1]], [b2, [0, 5], [0, -1]], [sq, [0, 0, 5], [0, 0, -1]]]) {
		throwsCode(() => np.rayCast(t, null, o, d), 'NP_DISPOSED');
		throwsCode(() => np.rayCastMany(t, null, new Float64Array(o), new Float64Array(d), out), 'NP_DISPOSED');
		throwsCode(() => np.closestPoint(t, null, o), 'NP_DISPOSED');
		throwsCode(() => np.bounds(t, null), 'NP_DISPOSED');
	}
	throwsCode(() => np.containsPoint(box, null, [0, 0, 0]), 'NP_DISPOSED');
	throwsCode(() => np.containsPoint(b2, null, [0, 0]), 'NP_DISPOSED');
	throwsCode(() => np.queryTriangles(sq, null, [0, 0, 0], [1, 1, 1]), 'NP_DISPOSED');
	throwsCode(() => np.rayCast([sq], null, [0, 0, 5], [0, 0, -1]), 'NP_DISPOSED', /meshes\[0\]/);
	throwsCode(() => np.closestPoint([{ mesh: sq }], null, [0, 0, 5]), 'NP_DISPOSED');
});

// ------------------------------------------------------------------------------ memory
test('memory: the queries keep the heap flat', () => {
	const box = np.box3d(1, 1, 1), b2 = np.box2d(1, 1), sq = square();
	const n = 500;
	const { origins, directions } = randomRays(n, 3, 3);
	const out = new Float64Array(8 * n);
	const run = () => {
		np.rayCast(box, turnZ, [-3, 0, 0], [4, 0.1, 0]);
		np.rayCast(b2, { angle: 1 }, [-3, 0], [4, 0.1]);
		np.rayCast([sq, { mesh: sq, transform: turnZ }], null, [0.5, 0.5, 1], [0, 0, -2]);
		np.rayCastMany(box, null, origins, directions, out);
		np.rayCastMany(sq, null, origins, directions, out);
		np.containsPoint(box, null, [0, 0, 0]);
		np.closestPoint(sq, null, [0, 0, 1]);
		np.closestPoint(b2, null, [3, 0]);
		np.bounds(sq, turnZ);
		np.queryTriangles(sq, null, [0, 0, -1], [1, 1, 1]);
		try {
			np.rayCastMany(box, null, origins, new Float64Array(3 * n), out);
		} catch {
			// a rejected call frees nothing it did not allocate
		}
	};
	run(); // the runtime's ray and triangle buffers are made once
	const before = np.heapInUse();
	for (let k = 0; k < 200; k++) run();
	assert.equal(np.heapInUse(), before);
	for (const s of [box, b2, sq]) s.dispose();
});

// ------------------------------------------------------------------------------ remembered transforms
// The query shim remembers the last 3D transform (by its seven numbers, bit for bit) and the last
// 2D rotation (by the angle's bits), and takes a prepared transform2d's rotation as it is: a
// different transform must never get a remembered one's answer, a rejected transform must stay
// rejected, and a prepared transform must give the plain one's answers bit for bit.
const bitsOf = (x) => JSON.stringify(x, (k, v) => (typeof v === 'number' ? `${Object.is(v, -0) ? '-' : ''}${v}` : v));

test('queries: the remembered 3D transform follows the transform given', () => {
	const box = np.box3d(1, 0.5, 0.25);
	const a = { position: [0.5, 0, 0], rotation: eighthZ }, b = { position: [0.5 + 1e-9, 0, 0], rotation: eighthZ };
	const c = { position: [0.5, 0, 0], rotation: eighthZ.map((x) => -x) }; // -q: the same turn
	const ray = [[-4, 0.3, 0.1], [8, 0.1, 0]];
	const first = np.rayCast(box, a, ...ray);
	const other = np.rayCast(box, b, ...ray);
	assert.notEqual(bitsOf(first), bitsOf(other), 'a transform 1e-9 away gives a different answer');
	assert.equal(bitsOf(np.rayCast(box, a, ...ray)), bitsOf(first));
	close(np.rayCast(box, c, ...ray).fraction, first.fraction, 1e-12);
	throwsCode(() => np.rayCast(box, { position: [NaN, 0, 0], rotation: eighthZ }, ...ray), 'NP_NON_FINITE');
	throwsCode(() => np.rayCast(box, { position: [NaN, 0, 0], rotation: eighthZ }, ...ray), 'NP_NON_FINITE');
	throwsCode(() => np.rayCast(box, { position: [0, 0, 0], rotation: [0, 0, 0, 0] }, ...ray), 'NP_INVALID_TRANSFORM');
	assert.equal(bitsOf(np.rayCast(box, a, ...ray)), bitsOf(first));
	// The other queries read the same remembered transform.
	const p = [0.9, 0.2, 0.1];
	const inside = np.containsPoint(box, a, p), closest = np.closestPoint(box, a, p), bounds = np.bounds(box, a);
	np.rayCast(box, b, ...ray);
	assert.equal(np.containsPoint(box, a, p), inside);
	assert.equal(bitsOf(np.closestPoint(box, a, p)), bitsOf(closest));
	assert.equal(bitsOf(np.bounds(box, a)), bitsOf(bounds));
	box.dispose();
});

test('queries: a prepared transform2d gives the plain transform\'s answers bit for bit', () => {
	const shapes = [np.box2d(1, 0.5), np.capsule2d(0.5, 0.25), np.circle(0.75)];
	const n = 200;
	const { origins, directions } = randomRays(n, 2, 2);
	for (const angle of [0.7, -2.1, 1e6, 0]) {
		const plain2 = { position: [0.3, -0.2], angle }, prepared = np.transform2d(0.3, -0.2, angle);
		for (const s of shapes) {
			const outA = new Float64Array(6 * n), outB = new Float64Array(6 * n);
			np.rayCastMany(s, plain2, origins, directions, outA);
			np.rayCastMany(s, prepared, origins, directions, outB);
			assert.equal(bitsOf(Array.from(outB)), bitsOf(Array.from(outA)));
			for (let i = 0; i < n; i += 7) {
				const o = [origins[2 * i], origins[2 * i + 1]], d = [directions[2 * i], directions[2 * i + 1]];
				assert.equal(bitsOf(np.rayCast(s, prepared, o, d)), bitsOf(np.rayCast(s, plain2, o, d)));
				assert.equal(bitsOf(np.closestPoint(s, prepared, o)), bitsOf(np.closestPoint(s, plain2, o)));
				assert.equal(np.containsPoint(s, prepared, o), np.containsPoint(s, plain2, o));
			}
			assert.equal(bitsOf(np.bounds(s, prepared)), bitsOf(np.bounds(s, plain2)));
		}
	}
	for (const s of shapes) s.dispose();
});
