// Small 3D helpers shared by the vector generators (tools/gen_vectors3d*.mjs). They are the
// generators' own arithmetic, independent of the library: plain doubles, the rotation written
// out as a matrix from the quaternion, support functions by scanning every point.
export const add = (a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const mul = (s, a) => [s * a[0], s * a[1], s * a[2]];
export const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const len = (a) => Math.sqrt(dot(a, a));
export const unit = (a) => mul(1 / len(a), a);

export const ID = [0, 0, 0, 1];

// v' = q v q* for a unit quaternion q = [x, y, z, w], written out as a matrix.
export function rotate(q, v) {
	const [x, y, z, w] = q;
	return [
		(w * w + x * x - y * y - z * z) * v[0] + 2 * (x * y - w * z) * v[1] + 2 * (x * z + w * y) * v[2],
		2 * (x * y + w * z) * v[0] + (w * w - x * x + y * y - z * z) * v[1] + 2 * (y * z - w * x) * v[2],
		2 * (x * z - w * y) * v[0] + 2 * (y * z + w * x) * v[1] + (w * w - x * x - y * y + z * z) * v[2],
	];
}
/** World point of local point v under transform t = { position, rotation }. */
export const apply = (t, v) => add(rotate(t.rotation, v), t.position);

/** Local core vertices and radius of a shape spec (a sphere's core is its centre, a capsule's its segment). */
export function localCore(spec) {
	switch (spec.type) {
		case 'sphere': return { pts: [[0, 0, 0]], r: spec.radius };
		case 'capsule': return { pts: [[0, -spec.halfHeight, 0], [0, spec.halfHeight, 0]], r: spec.radius };
		case 'box': {
			const [hx, hy, hz] = spec.halfExtents;
			const pts = [];
			for (let i = 0; i < 8; i++) pts.push([i & 1 ? hx : -hx, i & 2 ? hy : -hy, i & 4 ? hz : -hz]);
			return { pts, r: 0 };
		}
		case 'hull': case 'triangle': return { pts: spec.points.map((p) => p.slice()), r: 0 };
	}
	throw new Error('unknown shape ' + spec.type);
}

/** Support value max over pts of dot(p, n). */
export function support(pts, n) {
	let m = -Infinity;
	for (const p of pts) m = Math.max(m, dot(p, n));
	return m;
}
