// np.manifold with 3D shapes and options.out (js/api3d.mjs): the refilled object must equal a fresh
// result field for field (same numbers, same point count), shrink and grow with the point count,
// keep its identity, and reject a malformed out. Also checks the transform fast path against the
// slow one (missing fields, typed arrays as position/rotation).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { init, NarrowphaseError } from '../../js/narrowphase.mjs';

const np = await init();

function quat(axis, angle) {
	const len = Math.hypot(axis[0], axis[1], axis[2]);
	const s = Math.sin(angle / 2) / len;
	return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)];
}

test('options.out refills in place and equals a fresh manifold', () => {
	const ground = np.box3d(1, 1, 1), cube = np.box3d(0.5, 0.5, 0.5), ball = np.sphere(0.5);
	const ta = { position: [0, 0, 0], rotation: [0, 0, 0, 1] };
	const out = { normal: [0, 0, 0], points: [] };
	const points = out.points;
	// Poses giving 4 points, 1 point (sphere), none (apart), then 4 again: the array shrinks and grows.
	const cases = [
		[cube, { position: [0.1, 1.45, 0.2], rotation: quat([0.05, 1, 0.05], 0.4) }, 4],
		[ball, { position: [0.2, 1.4, -0.1], rotation: [0, 0, 0, 1] }, 1],
		[cube, { position: [0, 3, 0], rotation: [0, 0, 0, 1] }, 0],
		[cube, { position: [-0.2, 1.47, 0.1], rotation: quat([0, 1, 0], -0.3) }, 4],
	];
	for (const [shape, tb, count] of cases) {
		const fresh = np.manifold(ground, ta, shape, tb);
		const got = np.manifold(ground, ta, shape, tb, { out });
		assert.equal(got, out);
		assert.equal(got.points, points);
		assert.equal(fresh.points.length, count);
		if (count > 0) assert.deepEqual(got.normal, fresh.normal);
		assert.deepEqual(got.points, fresh.points);
	}
	assert.throws(() => np.manifold(ground, ta, cube, ta, { out: { normal: [0, 0], points: [] } }), NarrowphaseError);
	assert.throws(() => np.manifold(ground, ta, cube, ta, { out: { normal: [0, 0, 0] } }), NarrowphaseError);
	ground.dispose();
	cube.dispose();
	ball.dispose();
});

test('transform forms: arrays, typed arrays, missing fields give the same manifold', () => {
	const ground = np.box3d(1, 1, 1), cube = np.box3d(0.5, 0.5, 0.5);
	const q = quat([0.05, 1, 0.05], 0.4);
	const ref = np.manifold(ground, { position: [0, 0, 0], rotation: [0, 0, 0, 1] }, cube, { position: [0.1, 1.45, 0.2], rotation: q });
	assert.equal(ref.points.length, 4);
	const same = [
		np.manifold(ground, undefined, cube, { position: new Float64Array([0.1, 1.45, 0.2]), rotation: new Float64Array(q) }),
		np.manifold(ground, {}, cube, { position: [0.1, 1.45, 0.2], rotation: q }),
		np.manifold(ground, { rotation: [0, 0, 0, 1] }, cube, { position: [0.1, 1.45, 0.2], rotation: q }),
		np.manifold(ground, { position: [0, 0, 0] }, cube, { position: [0.1, 1.45, 0.2], rotation: q }, { margin: 0 }),
	];
	for (const m of same) assert.deepEqual(m, ref);
	ground.dispose();
	cube.dispose();
});
