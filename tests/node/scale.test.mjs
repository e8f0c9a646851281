// Small shapes through the JS API (the wasm build), against closed forms: the pair queries of the
// smallest and largest scales give the answers of the same problem at unit size, scaled. Native
// counterparts: tests/native/test_scale2d.c and test_scale3d.c (every kind, bit for bit against
// the unit scale); here a few pairs whose answers have closed forms, so the expectation comes from
// the geometry, not from the library at another scale.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { init } from '../../js/narrowphase.mjs';

const np = await init();
const near = (got, want, rel, what) => assert.ok(Math.abs(got - want) <= rel * Math.abs(want), `${what}: got ${got}, want ${want}`);

test('2D boxes 1e-181 across, apart by a quarter of their width: not overlapping, the exact gap', () => {
	// Two axis-aligned boxes of half width h, B's centre 2.5 h along x: the gap is 0.5 h, closest
	// points on the facing edges. Before the tiny-pair scaling they overlapped at distance 0.
	for (const h of [2 ** -600, 1e-300, 2 ** -1000]) {
		const a = np.box2d(h, h), b = np.box2d(h, h);
		const ta = np.transform2d(0, 0, 0), tb = np.transform2d(2.5 * h, 0.25 * h, 0);
		assert.equal(np.overlap(a, ta, b, tb), false, `overlap at h = ${h}`);
		const d = np.distance(a, ta, b, tb);
		near(d.distance, 0.5 * h, 1e-12, `distance at h = ${h}`);
		assert.deepEqual(d.normal, [1, 0]);
		assert.equal(np.manifold(a, ta, b, tb).points.length, 0);
		const m = np.manifold(a, ta, b, tb, { margin: h }); // speculative: the gap within the margin
		assert.ok(m.points.length >= 1, `speculative points at h = ${h}`);
		for (const p of m.points) near(p.depth, -0.5 * h, 1e-12, `speculative depth at h = ${h}`);
		a.dispose();
		b.dispose();
	}
});

test('2D pentagon 1e-181 across: built (not degenerate), its vertices the input, the gap to a box exact', () => {
	// Before, npMakePolygon2 rejected it as degenerate (its turn tests multiply two lengths).
	const pts = [[-0.5, -0.3], [0.4, -0.4], [0.6, 0.1], [0.1, 0.5], [-0.4, 0.3]];
	for (const s of [2 ** -600, 2 ** -1000]) {
		const p = np.polygon2d(pts.map(([x, y]) => [x * s, y * s]));
		assert.deepEqual(p.vertices.map(([x, y]) => [x / s, y / s]).sort(), pts.slice().sort(), `vertices at s = ${s}`);
		// A box spanning x in [0.8, 1.2] s and y in [-0.1, 0.3] s: the pentagon's rightmost vertex
		// (0.6, 0.1) s faces the box's left edge, 0.2 s away.
		const box = np.box2d(0.2 * s, 0.2 * s);
		const d = np.distance(p, null, box, np.transform2d(s, 0.1 * s, 0));
		near(d.distance, 0.2 * s, 1e-12, `distance at s = ${s}`);
		assert.equal(np.overlap(p, null, box, np.transform2d(s, 0.1 * s, 0)), false);
		p.dispose();
		box.dispose();
	}
});

test('3D spheres 1e-20 to 1e-300 across: the normal along the centres, depth rA + rB - |d|', () => {
	// Before, a direction was taken only above 1e-12 (absolute): these spheres were "concentric",
	// normal A's up axis, depth 0.3 s for 0.262 s.
	for (const s of [1e-20, 1e-100, 1e-200, 1e-300]) {
		const a = np.sphere(s), b = np.sphere(s);
		const d = [0.3 * s, 1.7 * s, 0.2 * s];
		const len = Math.hypot(0.3, 1.7, 0.2) * s;
		const m = np.manifold(a, null, b, { position: d });
		assert.equal(m.points.length, 1, `one point at s = ${s}`);
		for (let k = 0; k < 3; k++) near(m.normal[k], d[k] / len, 1e-12, `normal[${k}] at s = ${s}`);
		near(m.points[0].depth, 2 * s - len, 1e-9, `depth at s = ${s}`);
		a.dispose();
		b.dispose();
	}
});

test('3D triangle 1e-91 across is a triangle (npMakeTriangle3 squared a cross product)', () => {
	const s = 2 ** -300;
	const t = np.triangle3d([-0.6 * s, 0, -0.4 * s], [0.7 * s, 0.1 * s, -0.3 * s], [0, -0.05 * s, 0.8 * s]);
	assert.equal(t.kind, 'triangle3d');
	// A sphere of radius s centred 0.5 s above the triangle's centroid, along its normal, touches
	// it 0.5 s deep.
	const e1 = [1.3, 0.1, 0.1], e2 = [0.6, -0.05, 1.2];
	const n = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
	const nl = Math.hypot(...n);
	const c = [(-0.6 + 0.7 + 0) / 3, (0 + 0.1 - 0.05) / 3, (-0.4 - 0.3 + 0.8) / 3];
	const centre = c.map((x, k) => (x + (0.5 * n[k]) / nl) * s);
	const ball = np.sphere(s);
	const p = np.penetration(t, null, ball, { position: centre });
	assert.ok(p !== null && p.overlapping !== false, 'overlapping');
	near(p.depth, 0.5 * s, 1e-9, 'depth');
	t.dispose();
	ball.dispose();
});
