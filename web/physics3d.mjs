// A small 3D rigid-body world for the stacking demo: boxes on a triangle-mesh floor, a page-side
// example of a sequential-impulse solver over the library's 3D queries (not library API).
//
// Contacts come from the library each step: np.manifold between boxes whose bounds touch (up to 4
// points), np.meshContacts between each box and the floor mesh (reduced to 4 points per box; with
// internal-edge removal unless the "ghost contacts" toggle asks for the naive per-triangle result).
// Warm starting goes through the library's persistent contacts: one np.contactCache3d per touching
// pair takes the step's points, matches them with last step's, and carries each matched point's
// user data, here the accumulated normal and two friction impulses, over (setUserData stores them
// back after the solve). The solver is the 2D one's (physics2d.mjs) in 3D: accumulated, clamped
// impulses with a box friction cone, Baumgarte feedback beyond a slop, speculative points.

const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const add = (a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (s, a) => [s * a[0], s * a[1], s * a[2]];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/** v rotated by the unit quaternion q = [x, y, z, w]. */
export function rotate(q, v) {
	const t = scale(2, cross(q, v));
	return add(add(v, scale(q[3], t)), cross(q, t));
}

/** A floor normal tilted by more than this (sine of the angle, about 0.6 degrees) counts as a ghost contact. */
export const GHOST_TILT = 0.01;

const conj = (q) => [-q[0], -q[1], -q[2], q[3]];

/** Two unit tangents orthogonal to the unit normal n. */
function tangents(n) {
	const t1 = Math.abs(n[0]) > 0.57 ? [n[1], -n[0], 0] : [0, n[2], -n[1]];
	const l = Math.hypot(...t1);
	const u = scale(1 / l, t1);
	return [u, cross(n, u)];
}

export class World3D {
	/** options: { iterations = 10, warmStarting = true, ghosts = false, friction = 0.6, margin = 0.02 }. */
	constructor(np, floor, options = {}) {
		this.np = np;
		this.floor = floor; // a Mesh3D at the identity pose
		this.iterations = options.iterations ?? 10;
		this.warmStarting = options.warmStarting ?? true;
		this.ghosts = options.ghosts ?? false;
		this.friction = options.friction ?? 0.6;
		this.margin = options.margin ?? 0.02;
		this.gravity = -10;
		this.bodies = [];
		this.caches = new Map(); // pair key -> ContactCache3D
		this.contacts = [];
		this.ghostCount = 0; // floor contacts so far whose normal is not straight down
		this.time = 0;
	}

	addBox(half, position, mass = 1) {
		const [hx, hy, hz] = half;
		const k = mass / 3;
		const body = {
			shape: this.np.box3d(hx, hy, hz), half,
			x: [...position], q: [0, 0, 0, 1], v: [0, 0, 0], w: [0, 0, 0],
			invMass: 1 / mass,
			// Inverse inertia of a solid box about its axes, in its own frame.
			invInertia: [1 / (k * (hy * hy + hz * hz)), 1 / (k * (hx * hx + hz * hz)), 1 / (k * (hx * hx + hy * hy))],
			reach: Math.hypot(hx, hy, hz),
		};
		this.bodies.push(body);
		return body;
	}

	pose(b) {
		return { position: b.x, rotation: b.q };
	}

	/** World inverse inertia times v. */
	invI(b, v) {
		if (b.invMass === 0) return [0, 0, 0];
		const local = rotate(conj(b.q), v);
		return rotate(b.q, [local[0] * b.invInertia[0], local[1] * b.invInertia[1], local[2] * b.invInertia[2]]);
	}

	cache(key) {
		let c = this.caches.get(key);
		if (!c) {
			c = this.np.contactCache3d({ breakDistance: 0.05, margin: this.margin });
			this.caches.set(key, c);
		}
		return c;
	}

	/** Feeds a pair's points to its cache and makes solver contacts from what it returns. */
	addContacts(key, a, b, manifold, normals) {
		const cache = this.cache(key);
		const points = cache.update(manifold, this.pose(a), b ? this.pose(b) : null);
		points.forEach((p, index) => {
			const n = normals ? normals.get(p.id) || manifold.normal : cache.normal;
			const warm = this.warmStarting ? p.user : [0, 0, 0];
			this.contacts.push({
				a, b: b || FLOOR, cache, index, n,
				p: scale(0.5, add(p.pointA, p.pointB)), depth: p.depth,
				pn: warm[0] || 0, pt: [warm[1] || 0, warm[2] || 0],
			});
		});
	}

	collide() {
		const { np, bodies } = this;
		this.contacts = [];
		const live = new Set();
		for (let i = 0; i < bodies.length; i++) {
			const a = bodies[i];
			// The floor (y = 0): only boxes that reach down to it; at most 4 points per box, ids
			// from the triangle and the feature.
			const found = a.x[1] - a.reach > this.margin ? [] : np.meshContacts(a.shape, this.pose(a), this.floor, {
				margin: this.margin, reduce: true, ...(this.ghosts ? { algorithm: 'all' } : {}),
			});
			if (found.length > 0) {
				const pts = found.slice(0, 4).map((c) => ({ pointA: c.pointA, pointB: c.pointB, depth: c.depth, id: c.triangle * 16 + (c.feature === 'face' ? 0 : c.feature === 'edge' ? 4 : 8) + c.featureIndex }));
				const normals = new Map(pts.map((p, k) => [p.id, found[k].normal]));
				// The floor is flat: a normal visibly off straight down (box to floor) is a ghost.
				this.ghostCount += found.slice(0, 4).filter((c) => Math.hypot(c.normal[0], c.normal[2]) > GHOST_TILT).length;
				this.addContacts(`f${i}`, a, null, { normal: found[0].normal, points: pts }, normals);
				live.add(`f${i}`);
			}
			for (let j = i + 1; j < bodies.length; j++) {
				const b = bodies[j];
				const d = sub(b.x, a.x);
				const r = a.reach + b.reach + this.margin;
				if (dot(d, d) > r * r) continue;
				const m = np.manifold(a.shape, this.pose(a), b.shape, this.pose(b), { margin: this.margin });
				if (m.points.length === 0) continue;
				this.addContacts(`${i},${j}`, a, b, m, null);
				live.add(`${i},${j}`);
			}
		}
		for (const [key, cache] of this.caches) {
			if (!live.has(key)) {
				cache.dispose();
				this.caches.delete(key);
			}
		}
	}

	/**
	 * One impulse direction of a contact, prepared once per step so the solver's passes are plain
	 * arithmetic: d, r × d on each body, the angular velocity change per unit impulse, the mass.
	 */
	row(c, d) {
		const { a, b } = c;
		const raXd = cross(sub(c.p, a.x), d);
		const angA = this.invI(a, raXd);
		let k = a.invMass + dot(raXd, angA);
		let rbXd = [0, 0, 0];
		let angB = [0, 0, 0];
		if (b.invMass > 0) {
			rbXd = cross(sub(c.p, b.x), d);
			angB = this.invI(b, rbXd);
			k += b.invMass + dot(rbXd, angB);
		}
		return { d, raXd, rbXd, angA, angB, mass: 1 / k };
	}

	/** Velocity of b relative to a at the contact, along the row's direction. */
	speed(c, r) {
		const { a, b } = c;
		const { d, raXd, rbXd } = r;
		let s = -(a.v[0] * d[0] + a.v[1] * d[1] + a.v[2] * d[2]) - (a.w[0] * raXd[0] + a.w[1] * raXd[1] + a.w[2] * raXd[2]);
		if (b.invMass > 0) s += b.v[0] * d[0] + b.v[1] * d[1] + b.v[2] * d[2] + b.w[0] * rbXd[0] + b.w[1] * rbXd[1] + b.w[2] * rbXd[2];
		return s;
	}

	/** Impulse `lambda` along the row: on b, and its opposite on a. */
	push(c, r, lambda) {
		const { a, b } = c;
		for (let k = 0; k < 3; k++) {
			a.v[k] -= a.invMass * lambda * r.d[k];
			a.w[k] -= lambda * r.angA[k];
			if (b.invMass > 0) {
				b.v[k] += b.invMass * lambda * r.d[k];
				b.w[k] += lambda * r.angB[k];
			}
		}
	}

	prepare(dt) {
		for (const c of this.contacts) {
			const [t1, t2] = tangents(c.n);
			c.rows = [this.row(c, c.n), this.row(c, t1), this.row(c, t2)];
			c.target = c.depth > 0 ? (0.2 / dt) * Math.max(0, c.depth - 0.005) : c.depth / dt;
			this.push(c, c.rows[0], c.pn);
			this.push(c, c.rows[1], c.pt[0]);
			this.push(c, c.rows[2], c.pt[1]);
		}
	}

	solve() {
		for (let k = 0; k < this.iterations; k++) {
			for (const c of this.contacts) {
				// Friction first (a box cone: each tangent within mu times the normal impulse so far).
				const limit = this.friction * c.pn;
				for (let s = 0; s < 2; s++) {
					const r = c.rows[1 + s];
					const pt = Math.max(-limit, Math.min(limit, c.pt[s] - r.mass * this.speed(c, r)));
					this.push(c, r, pt - c.pt[s]);
					c.pt[s] = pt;
				}
				const r = c.rows[0];
				const pn = Math.max(0, c.pn - r.mass * (this.speed(c, r) - c.target));
				this.push(c, r, pn - c.pn);
				c.pn = pn;
			}
		}
		// The accumulated impulses go back into the caches for next step's warm start.
		for (const c of this.contacts) c.cache.setUserData(c.index, [c.pn, c.pt[0], c.pt[1]]);
	}

	step(dt = 1 / 60) {
		this.collide();
		for (const b of this.bodies) b.v[1] += this.gravity * dt;
		this.prepare(dt);
		this.solve();
		for (const b of this.bodies) {
			b.x = add(b.x, scale(dt, b.v));
			// q += dt/2 * (w, 0) * q, then normalised.
			const [wx, wy, wz] = b.w;
			const [x, y, z, w] = b.q;
			const h = dt / 2;
			const q = [x + h * (wx * w + wy * z - wz * y), y + h * (wy * w + wz * x - wx * z), z + h * (wz * w + wx * y - wy * x), w - h * (wx * x + wy * y + wz * z)];
			const l = Math.hypot(...q);
			b.q = q.map((v) => v / l);
		}
		this.time += dt;
	}

	dispose() {
		for (const c of this.caches.values()) c.dispose();
		this.caches.clear();
		for (const b of this.bodies) b.shape.dispose();
		this.bodies = [];
	}
}

// The floor stands in for body b of floor contacts: static, never moved.
const FLOOR = { invMass: 0, x: [0, 0, 0], v: [0, 0, 0], w: [0, 0, 0] };

/** A flat floor at y = 0 made of a grid of triangles (n x n squares of size `cell`), facing up. */
export function floorMesh(np, n = 8, cell = 1) {
	const vertices = [];
	const indices = [];
	const o = (n * cell) / 2;
	for (let j = 0; j <= n; j++) for (let i = 0; i <= n; i++) vertices.push([i * cell - o, 0, j * cell - o]);
	for (let j = 0; j < n; j++) {
		for (let i = 0; i < n; i++) {
			const k = j * (n + 1) + i;
			indices.push(k, k + n + 1, k + 1, k + 1, k + n + 1, k + n + 2);
		}
	}
	return { mesh: np.mesh3d(vertices, indices), vertices, indices };
}

/** The 3D scene: a stack of `count` unit boxes on the floor, and a flat box sliding across it. */
export function tower(np, options = {}) {
	const floor = floorMesh(np);
	const world = new World3D(np, floor.mesh, options);
	world.floorGeometry = floor;
	const count = options.count ?? 6;
	for (let k = 0; k < count; k++) world.addBox([0.5, 0.5, 0.5], [-1.3, 0.5 + k, -1.3]);
	const slider = world.addBox([0.4, 0.25, 0.4], [-3, 0.25, 2.3]);
	slider.v = [4, 0, 0];
	world.slider = slider;
	return world;
}
