// Triangle meshes through the JS API (np.mesh3d, np.meshContacts): creation and its errors, the
// configurations of Pierre Terdiman's "Contact generation for meshes" with expected contacts worked out from the geometry,
// the split-mesh case (section 6), sliding over a tessellated ground made of several meshes, the
// reduction option, and memory hygiene. Each removal test also checks that the ghost contact exists
// without removal, so the test can fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../js/narrowphase.mjs';

const np = await init();

// js/apimesh.mjs must be listed in API_MODULES of js/narrowphase.mjs (and its C symbols in
// js/exports.txt); without it every test below would fail with a less helpful message.
test('the mesh API is installed', () => {
	assert.equal(typeof np.mesh3d, 'function', 'np.mesh3d is missing: add apimesh.mjs to API_MODULES in js/narrowphase.mjs');
	assert.equal(typeof np.meshContacts, 'function', 'np.meshContacts is missing');
});

const near = (a, b, tol, what) => {
	for (let i = 0; i < 3; i++) assert.ok(Math.abs(a[i] - b[i]) <= tol, `${what}: [${a}] vs [${b}]`);
};
const unit = (v) => {
	const l = Math.hypot(v[0], v[1], v[2]);
	return [v[0] / l, v[1] / l, v[2] / l];
};
const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

// A flat n x n grid at z = 0 from (origin, origin), cells of size `cell`, front face up; `alternate`
// flips the diagonal in every other cell. Returns the flat vertex array and the indices.
function flatGrid(n, origin, cell, alternate) {
	const v = [], idx = [];
	for (let j = 0; j <= n; j++) for (let i = 0; i <= n; i++) v.push(origin + cell * i, origin + cell * j, 0);
	for (let j = 0; j < n; j++) {
		for (let i = 0; i < n; i++) {
			const a = j * (n + 1) + i, b = a + 1, c = a + n + 1, d = c + 1;
			if (alternate && (i + j) & 1) idx.push(a, b, c, b, d, c);
			else idx.push(a, b, d, a, d, c);
		}
	}
	return { v, idx };
}

function expectCode(fn, code) {
	assert.throws(fn, (e) => e instanceof np.NarrowphaseError && e.code === code, `expected ${code}`);
}

function consistent(c) {
	assert.ok(Math.abs(Math.hypot(...c.normal) - 1) < 1e-12, 'unit normal');
	assert.ok(Math.abs(dot(sub(c.pointA, c.pointB), c.normal) - c.depth) < 1e-9, 'depth = (pA - pB) . n');
}

test('mesh3d: counts, welding, skipped triangles, input forms', () => {
	// Two triangles given as a soup (6 vertices, 2 duplicated) weld to 4 vertices.
	const soup = [0, 0, 0, 2, 0, 0, 0, 2, 0, 2, 0, 0, 2, 2, 0, 0, 2, 0];
	const m = np.mesh3d(soup, [0, 1, 2, 3, 4, 5]);
	assert.equal(m.vertexCount, 4);
	assert.equal(m.triangleCount, 2);
	assert.equal(m.skippedTriangles, 0);
	assert.equal(m.boundaryEdges, 4);
	assert.deepEqual(m.lower, [0, 0, 0]);
	assert.deepEqual(m.upper, [2, 2, 0]);
	m.dispose();
	// Nested vertices, typed indices, a repeated index and a collinear triangle skipped.
	const m2 = np.mesh3d([[0, 0, 0], [1, 0, 0], [0, 1, 0], [2, 0, 0]], new Int32Array([0, 1, 2, 0, 0, 2, 0, 1, 3]));
	assert.equal(m2.triangleCount, 1);
	assert.equal(m2.skippedTriangles, 2);
	m2.dispose();
	// weldTolerance 0: near duplicates stay apart.
	const m3 = np.mesh3d([0, 0, 0, 1, 0, 0, 0, 1, 0, 1e-9, 0, 0], [0, 1, 2, 3, 0, 2], { weldTolerance: 0 });
	assert.equal(m3.vertexCount, 4);
	assert.equal(m3.triangleCount, 2, 'a sliver 1e-9 wide and 1 long is still a triangle');
	m3.dispose();
	// Default tolerance 1e-6: vertex 3 welds onto vertex 0, so triangle (3, 0, 2) has a repeated vertex.
	const m4 = np.mesh3d(new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1e-9, 0, 0]), [0, 1, 2, 3, 0, 2]);
	assert.equal(m4.vertexCount, 3);
	assert.equal(m4.skippedTriangles, 1, 'the second triangle becomes degenerate after welding');
	m4.dispose();
});

test('mesh3d: errors', () => {
	const v = [0, 0, 0, 1, 0, 0, 0, 1, 0];
	expectCode(() => np.mesh3d(v, [0, 1, 3]), 'NP_OUT_OF_RANGE');
	expectCode(() => np.mesh3d(v, [0, 1, -1]), 'NP_OUT_OF_RANGE');
	expectCode(() => np.mesh3d([0, 0, NaN, 1, 0, 0, 0, 1, 0], [0, 1, 2]), 'NP_NON_FINITE');
	expectCode(() => np.mesh3d([0, 0, 1e13, 1, 0, 0, 0, 1, 0], [0, 1, 2]), 'NP_NON_FINITE');
	expectCode(() => np.mesh3d([0, 0, 0, 1, 1, 1, 2, 2, 2], [0, 1, 2]), 'NP_DEGENERATE');
	expectCode(() => np.mesh3d(v, [0, 1]), 'NP_INVALID_ARGUMENT');
	expectCode(() => np.mesh3d(v, [0, 1, 1.5]), 'NP_INVALID_ARGUMENT');
	expectCode(() => np.mesh3d([0, 0], [0, 1, 2]), 'NP_INVALID_ARGUMENT');
	expectCode(() => np.mesh3d('abc', [0, 1, 2]), 'NP_INVALID_ARGUMENT');
	expectCode(() => np.mesh3d(v, [0, 1, 2], { weldTolerance: -1 }), 'NP_INVALID_ARGUMENT');
});

// Figure 4: T1 = (V1, V2, V3) and T2 = (V2, V4, V3) share the edge x + y = 2. Centre (0.9, 0.9, 0.45),
// radius 0.5: one face contact on T1, depth 0.05; T2's edge contact at (1, 1, 0) is a ghost.
test('figure 4: fear of the wireframe', () => {
	const m = np.mesh3d([0, 0, 0, 2, 0, 0, 0, 2, 0, 2, 2, 0], [0, 1, 2, 1, 3, 2]);
	const s = np.sphere(0.5);
	const pose = { position: [0.9, 0.9, 0.45] };
	const c = np.meshContacts(s, pose, m);
	assert.equal(c.length, 1);
	assert.equal(c[0].feature, 'face');
	assert.equal(c[0].triangle, 0);
	assert.equal(c[0].mesh, 0);
	assert.deepEqual(c[0].normal, [0, 0, -1]);
	assert.ok(Math.abs(c[0].depth - 0.05) < 1e-12);
	near(c[0].pointB, [0.9, 0.9, 0], 1e-12, 'pointB');
	consistent(c[0]);
	const all = np.meshContacts(s, pose, m, { removeInternalEdges: false });
	assert.equal(all.length, 2);
	const ghost = all.find((x) => x.triangle === 1);
	assert.equal(ghost.feature, 'edge');
	near(ghost.normal, unit(sub([1, 1, 0], pose.position)), 1e-12, 'ghost normal');
	s.dispose();
	m.dispose();
});

// Figure 6: T1's edge contact at (0.3, 0, 0) voids T2's vertex contact at the origin.
test('figure 6: vertex contact voided by an edge contact', () => {
	const m = np.mesh3d([0, 0, 0, 1, -1.5, 0, 2, 0, 0, -1, -1, 0, -1, 1, 0], [0, 1, 2, 0, 4, 3]);
	const s = np.sphere(0.4);
	const c = np.meshContacts(s, { position: [0.3, 0.2, 0.1] }, m);
	assert.equal(c.length, 1);
	assert.equal(c[0].feature, 'edge');
	near(c[0].pointB, [0.3, 0, 0], 1e-15, 'pointB');
	near(c[0].normal, unit([0, -0.2, -0.1]), 1e-15, 'normal');
	assert.equal(np.meshContacts(s, { position: [0.3, 0.2, 0.1] }, m, { removeInternalEdges: false }).length, 2);
	s.dispose();
	m.dispose();
});

// Figure 7: large contact distance; T2 and T3 in both orders give the same single face contact. The
// paper's initial algorithm keeps T3's wrong edge contact when T3 comes first.
test('figure 7: large contact distance, both orders', () => {
	const v = [-2, 1, 0, 0, 0, 0, 0, 2, 0, 1, 0.5, 0, 2, 2.5, 0];
	const T1 = [0, 1, 2], T2 = [1, 3, 2], T3 = [2, 3, 4];
	const s = np.sphere(0.35);
	const pose = { position: [-0.5, 1.2, 0.3] };
	for (const [order, tris] of [['T2 first', [...T1, ...T2, ...T3]], ['T3 first', [...T1, ...T3, ...T2]]]) {
		const m = np.mesh3d(v, tris);
		const c = np.meshContacts(s, pose, m, { margin: 0.6 });
		assert.equal(c.length, 1, order);
		assert.equal(c[0].feature, 'face', order);
		assert.equal(c[0].triangle, 0, order);
		assert.ok(Math.abs(c[0].depth - 0.05) < 1e-15, order);
		const initial = np.meshContacts(s, pose, m, { margin: 0.6, algorithm: 'initial' });
		assert.equal(initial.length, order === 'T3 first' ? 2 : 1, `${order}, initial algorithm`);
		assert.equal(np.meshContacts(s, pose, m, { margin: 0.6, removeInternalEdges: false }).length, 3);
		m.dispose();
	}
	s.dispose();
});

// Figure 8: centre exactly above the vertex shared by six triangles; T7 across T1's outer edge.
const S3 = Math.sqrt(3) / 2;
const fanV = [0, 0, 0, 1, 0, 0, 0.5, S3, 0, -0.5, S3, 0, -1, 0, 0, -0.5, -S3, 0, 0.5, -S3, 0, 1.5, S3, 0];
const fanT = [];
for (let k = 0; k < 6; k++) fanT.push(0, 1 + k, 1 + ((k + 1) % 6));
const t7 = [2, 1, 7];

function checkFigure8(c, what) {
	assert.equal(c.length, 1, what);
	assert.equal(c[0].feature, 'vertex', what);
	assert.notEqual(c[0].mesh === 0 && c[0].triangle === 6, true, `${what}: contact on T7`);
	near(c[0].pointB, [0, 0, 0], 0, `${what}: pointB`);
	assert.deepEqual(c[0].normal, [0, 0, -1], what);
	assert.ok(Math.abs(c[0].depth - 0.8) < 1e-15, what);
}

test('figure 8: vertex contacts processed before the farther T7 edge', () => {
	const m = np.mesh3d(fanV, [...fanT, ...t7]);
	const s = np.sphere(1);
	const pose = { position: [0, 0, 0.2] };
	checkFigure8(np.meshContacts(s, pose, m), 'one mesh');
	const initial = np.meshContacts(s, pose, m, { algorithm: 'initial' });
	assert.ok(initial.some((x) => x.triangle === 6 && x.feature === 'edge'), 'initial algorithm keeps the T7 edge');
	assert.equal(np.meshContacts(s, pose, m, { removeInternalEdges: false }).length, 7);
	m.dispose();
	s.dispose();
});

test('section 6: the same scenes split into meshes with duplicated vertices', () => {
	const s = np.sphere(1);
	const pose = { position: [0, 0, 0.2] };
	// Fan in one mesh, T7 (its own copies of H0, H1) in another, authored rotated by 90 degrees about z
	// and placed back by its transform.
	const fan = np.mesh3d(fanV.slice(0, 21), fanT);
	const w = [[0.5, S3, 0], [1, 0, 0], [1.5, S3, 0]];
	const local = w.flatMap(([x, y, z]) => [y, -x, z]); // rotate by -90 degrees
	const tri7 = np.mesh3d(local, [0, 1, 2]);
	const rot = { rotation: [0, 0, Math.sin(Math.PI / 4), Math.cos(Math.PI / 4)] };
	const c = np.meshContacts(s, pose, [{ mesh: tri7, transform: rot }, fan]);
	checkFigure8(c, 'two meshes');
	assert.equal(c[0].mesh, 1);
	assert.equal(np.meshContacts(s, pose, [{ mesh: tri7, transform: rot }, fan], { removeInternalEdges: false }).length, 7);
	fan.dispose();
	tri7.dispose();
	// Figure 4 split: T2 alone in mesh 0, T1 in mesh 1.
	const a = np.mesh3d([2, 0, 0, 2, 2, 0, 0, 2, 0], [0, 1, 2]);
	const b = np.mesh3d([0, 0, 0, 2, 0, 0, 0, 2, 0], [0, 1, 2]);
	const s5 = np.sphere(0.5);
	const c4 = np.meshContacts(s5, { position: [0.9, 0.9, 0.45] }, [a, b]);
	assert.equal(c4.length, 1);
	assert.equal(c4[0].mesh, 1);
	assert.equal(c4[0].feature, 'face');
	a.dispose();
	b.dispose();
	s.dispose();
	s5.dispose();
});

// A 16 x 16 ground of half-unit cells split into four meshes (each authored around its own origin
// and placed by a transform, two of them rotated): sphere, capsule and box slide across it and only
// ever get the ground normal; with removal off they meet ghost normals.
test('sliding over a ground made of four meshes', () => {
	const quads = [];
	for (let q = 0; q < 4; q++) {
		const { v, idx } = flatGrid(16, -4, 0.5, true);
		const angle = (q * Math.PI) / 2;
		quads.push({
			mesh: np.mesh3d(v, idx),
			transform: { position: [8 * (q & 1) + 4, 8 * (q >> 1) + 4, 0], rotation: [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)] },
		});
	}
	const yaw = [0, 0, Math.sin(Math.PI / 12), Math.cos(Math.PI / 12)];
	const cases = [
		['sphere', np.sphere(0.5), 0.45, 0.05, [0, 0, 0, 1]],
		['capsule', np.capsule3d(0.8, 0.3), 0.28, 0.02, yaw],
		['box', np.box3d(0.6, 0.4, 0.3), 0.29, 0.01, yaw],
	];
	for (const [name, shape, h, depth, rotation] of cases) {
		let ghosts = 0;
		for (let i = 0; i <= 200; i++) {
			const t = i / 200;
			const pose = { position: [3 + 9 * t, 5 + 6.3 * t, h], rotation };
			const c = np.meshContacts(shape, pose, quads, { margin: 0.02 });
			assert.ok(c.length > 0, `${name} step ${i}: no contact`);
			for (const x of c) {
				near(x.normal, [0, 0, -1], 1e-9, `${name} step ${i} normal`);
				assert.ok(Math.abs(x.depth - depth) < 1e-9, `${name} step ${i} depth ${x.depth}`);
				consistent(x);
			}
			const all = np.meshContacts(shape, pose, quads, { margin: 0.02, removeInternalEdges: false });
			if (all.some((x) => Math.abs(x.normal[2] + 1) > 1e-9)) ghosts++;
		}
		assert.ok(ghosts > 20, `${name}: without removal only ${ghosts} steps had ghost normals`);
		shape.dispose();
	}
	for (const q of quads) q.mesh.dispose();
});

test('hull shapes: a hexagonal prism resting on a grid gets its bottom corners, ground normal', () => {
	const { v, idx } = flatGrid(8, 0, 0.5, false);
	const m = np.mesh3d(v, idx);
	const pts = [];
	for (let k = 0; k < 6; k++) {
		const a = (k * Math.PI) / 3;
		pts.push([0.5 * Math.cos(a), 0.5 * Math.sin(a), -0.2], [0.5 * Math.cos(a), 0.5 * Math.sin(a), 0.2]);
	}
	const hull = np.hull3d(pts);
	for (const x of [1.3, 2.05, 2.5]) {
		const c = np.meshContacts(hull, { position: [x, 2.2, 0.19] }, m);
		assert.ok(c.length >= 3, `${c.length} contacts`);
		for (const k of c) {
			assert.deepEqual(k.normal, [0, 0, -1]);
			assert.ok(Math.abs(k.depth - 0.01) < 1e-9, `depth ${k.depth}`);
			consistent(k);
		}
	}
	hull.dispose();
	m.dispose();
});

test('reduce: at most four contacts per mesh, the deepest kept', () => {
	const { v, idx } = flatGrid(16, 0, 0.25, false);
	const m = np.mesh3d(v, idx);
	const box = np.box3d(0.9, 0.7, 0.3);
	const pose = { position: [2, 2, 0.28], rotation: [0, 0, Math.sin(0.2), Math.cos(0.2)] };
	const all = np.meshContacts(box, pose, m);
	const red = np.meshContacts(box, pose, m, { reduce: true });
	assert.ok(all.length > 4);
	assert.equal(red.length, 4);
	assert.equal(Math.max(...red.map((c) => c.depth)), Math.max(...all.map((c) => c.depth)));
	box.dispose();
	m.dispose();
});

test('meshContacts: argument errors', () => {
	const m = np.mesh3d([0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 1, 2]);
	const s = np.sphere(0.5);
	expectCode(() => np.meshContacts(s, { rotation: [0, 0, 0, 0] }, m), 'NP_INVALID_TRANSFORM');
	expectCode(() => np.meshContacts(s, { position: [NaN, 0, 0] }, m), 'NP_NON_FINITE');
	expectCode(() => np.meshContacts(s, null, [{ mesh: m, transform: { rotation: [0, 0, 0, 0] } }]), 'NP_INVALID_TRANSFORM');
	expectCode(() => np.meshContacts(s, null, m, { margin: -1 }), 'NP_INVALID_ARGUMENT');
	expectCode(() => np.meshContacts(s, null, m, { algorithm: 'magic' }), 'NP_INVALID_ARGUMENT');
	expectCode(() => np.meshContacts(s, null, 42), 'NP_INVALID_ARGUMENT');
	expectCode(() => np.meshContacts(m, null, m), 'NP_INVALID_ARGUMENT');
	const tri = np.triangle3d([0, 0, 0], [1, 0, 0], [0, 1, 0]);
	expectCode(() => np.meshContacts(tri, null, m), 'NP_INVALID_ARGUMENT');
	tri.dispose();
	m.dispose();
	expectCode(() => np.meshContacts(s, null, m), 'NP_DISPOSED');
	s.dispose();
	expectCode(() => np.meshContacts(s, null, [np.mesh3d([0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 1, 2])]), 'NP_DISPOSED');
});

test('memory: creating and disposing meshes leaks nothing', () => {
	const before = np.heapInUse();
	for (let k = 0; k < 20; k++) {
		const v = [], idx = [];
		for (let i = 0; i < 100; i++) v.push(i, 0, 0, i, 1, 0);
		for (let i = 0; i < 99; i++) idx.push(2 * i, 2 * i + 2, 2 * i + 1, 2 * i + 2, 2 * i + 3, 2 * i + 1);
		const m = np.mesh3d(v, idx);
		assert.ok(m.bytes > 0 && m.triangleCount === 198);
		m.dispose();
		m.dispose(); // twice is harmless
		try {
			np.mesh3d(v, [0, 1, 999]);
		} catch {
			// the failed creation must free its temporary blocks too
		}
	}
	assert.equal(np.heapInUse(), before);
});
