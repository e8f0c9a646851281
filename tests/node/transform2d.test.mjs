// Prepared 2D transforms (np.transform2d): every 2D query given one returns the same bits as with
// the plain transform { position, angle }, including rays (which read only x, y, angle); the
// rotation is the library's own; bad numbers are rejected at creation; a plain transform after a
// prepared one in the same slot is read as plain again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../js/narrowphase.mjs';
import { throwsCode } from './asserts.mjs';

const np = await init();
let s = 5;
const rand = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296);

test('queries with prepared transforms equal those with plain transforms, bit for bit', () => {
	const shapes = [np.box2d(0.5, 0.3), np.circle(0.4), np.capsule2d(0.5, 0.2), np.polygon2d([[0, 0], [1, 0.1], [0.6, 0.9], [-0.1, 0.5]], { radius: 0.05 })];
	let touching = 0;
	for (let i = 0; i < 400; i++) {
		const a = shapes[i % 4], b = shapes[(i >> 2) % 4];
		const pa = { position: [2 * rand() - 1, 2 * rand() - 1], angle: 20 * rand() - 10 };
		const pb = { position: [pa.position[0] + 2 * rand() - 1, pa.position[1] + 2 * rand() - 1], angle: 20 * rand() - 10 };
		const ta = np.transform2d(pa.position[0], pa.position[1], pa.angle);
		const tb = np.transform2d(pb.position[0], pb.position[1], pb.angle);
		const o = np.overlap(a, pa, b, pb);
		touching += o ? 1 : 0;
		assert.equal(np.overlap(a, ta, b, tb), o);
		assert.deepEqual(np.manifold(a, ta, b, tb, { margin: 0.01 }), np.manifold(a, pa, b, pb, { margin: 0.01 }));
		assert.deepEqual(np.distance(a, ta, b, tb), np.distance(a, pa, b, pb));
		assert.deepEqual(np.penetration(a, ta, b, tb), np.penetration(a, pa, b, pb));
		// Mixed: prepared A, plain B (the slots are independent), and plain after prepared.
		assert.deepEqual(np.manifold(a, ta, b, pb), np.manifold(a, pa, b, pb));
		assert.deepEqual(np.manifold(a, pa, b, tb), np.manifold(a, pa, b, pb));
		assert.deepEqual(np.rayCast(a, ta, [-3, 0.1], [6, 0.2]), np.rayCast(a, pa, [-3, 0.1], [6, 0.2]));
	}
	assert.ok(touching > 80 && touching < 320, `${touching} of 400 touch`);
	for (const sh of shapes) sh.dispose();
});

test('a prepared transform is immutable and holds the library rotation', () => {
	const t = np.transform2d(1, 2, Math.PI / 2);
	assert.ok(t instanceof np.Transform2D);
	assert.deepEqual(t.position, [1, 2]);
	assert.equal(t.angle, Math.PI / 2);
	assert.ok(Math.abs(t.rotation[0]) < 1e-15 && Math.abs(t.rotation[1] - 1) < 1e-15);
	assert.ok(Object.isFrozen(t) && Object.isFrozen(t.position) && Object.isFrozen(t.rotation));
	assert.deepEqual(np.transform2d(0, 0, 0).rotation, [1, 0]);
	throwsCode(() => np.transform2d(0, NaN, 0), 'NP_NON_FINITE', /y/);
	throwsCode(() => np.transform2d(0, 0, 2e12), 'NP_NON_FINITE', /angle/);
	throwsCode(() => np.transform2d('1', 0, 0), 'NP_INVALID_ARGUMENT', /x/);
	throwsCode(() => new np.Transform2D(1, 2, 3), 'NP_INVALID_ARGUMENT');
});

// The shim skips validating a prepared transform (it was checked when made), so an object that
// only looks like one (instanceof passes for Object.create(prototype)) must still be validated.
test('an object made without transform2d is validated like a plain transform', () => {
	const box = np.box2d(0.5, 0.5);
	const fake = (x, c) => Object.create(np.Transform2D.prototype, {
		_x: { value: x }, _y: { value: 0 }, _c: { value: c }, _s: { value: 0 }, angle: { value: 0 }, position: { value: [x, 0] },
	});
	for (const query of ['overlap', 'distance', 'penetration', 'manifold']) {
		throwsCode(() => np[query](box, fake(NaN, 1), box, undefined), 'NP_NON_FINITE', /transform A/);
		throwsCode(() => np[query](box, undefined, box, fake(Infinity, 1)), 'NP_NON_FINITE', /transform B/);
	}
	// Read as { position, angle }: the same answer as the plain transform.
	assert.deepEqual(np.manifold(box, fake(0.3, 5), box, undefined), np.manifold(box, { position: [0.3, 0], angle: 0 }, box, undefined));
});
