// A small 2D rigid-body world for the stacking demo: a page-side example of driving a sequential-
// impulse solver with the library's manifolds, not part of the library's API.
//
// Each step (after Catto's "Iterative Dynamics with Temporal Coherence", GDC 2005, and Box2D Lite):
//   1. contacts: np.manifold for every pair whose bounds touch (with a small speculative margin);
//   2. warm starting: each new point takes the impulses its pair's point with the same feature id
//      had last step (the library's ids name the features that made a point, so the same corner on
//      the same face keeps its id while the boxes rest on each other);
//   3. gravity into the velocities, the warm-start impulses applied, then `iterations` passes of
//      the normal and friction impulses, each accumulated and clamped (normal >= 0, |friction| <=
//      mu * normal), with Baumgarte position feedback on the penetration beyond a slop, and
//      speculative points allowed to close at most their gap in one step;
//   4. positions and angles from the velocities.
// Without warm starting every step starts from zero impulses: ten passes cannot carry the weight
// of a pyramid down to its base, so the stack sags and slides.

const cross = (ax, ay, bx, by) => ax * by - ay * bx;

export class World2D {
	/** `np`: the library; options: { iterations = 10, warmStarting = true, friction = 0.6, margin = 0.02 }. */
	constructor(np, options = {}) {
		this.np = np;
		this.iterations = options.iterations ?? 10;
		this.warmStarting = options.warmStarting ?? true;
		this.friction = options.friction ?? 0.6;
		this.margin = options.margin ?? 0.02;
		this.gravity = -10;
		this.bodies = [];
		this.pairs = new Map(); // "i,j" -> { points: [{ id, pn, pt }] } from the last step
		this.contacts = [];
		this.time = 0;
	}

	/** A box of half extents (hx, hy); mass 0 makes it static. Returns the body. */
	addBox(hx, hy, position, angle = 0, mass = 1) {
		const shape = this.np.box2d(hx, hy);
		const body = {
			shape, hx, hy,
			x: position[0], y: position[1], angle,
			vx: 0, vy: 0, w: 0,
			invMass: mass > 0 ? 1 / mass : 0,
			invInertia: mass > 0 ? 12 / (mass * (4 * hx * hx + 4 * hy * hy)) : 0,
			reach: Math.hypot(hx, hy),
		};
		this.bodies.push(body);
		return body;
	}

	/** Finds this step's contacts and gives each the impulses its feature id had last step. */
	collide() {
		const { np, bodies } = this;
		const next = new Map();
		this.contacts = [];
		for (let i = 0; i < bodies.length; i++) {
			for (let j = i + 1; j < bodies.length; j++) {
				const a = bodies[i];
				const b = bodies[j];
				if (a.invMass === 0 && b.invMass === 0) continue;
				const dx = b.x - a.x;
				const dy = b.y - a.y;
				const r = a.reach + b.reach + this.margin;
				if (dx * dx + dy * dy > r * r) continue;
				const m = np.manifold(a.shape, { position: [a.x, a.y], angle: a.angle }, b.shape, { position: [b.x, b.y], angle: b.angle }, { margin: this.margin });
				if (m.points.length === 0) continue;
				const key = `${i},${j}`;
				const old = this.pairs.get(key);
				const kept = [];
				for (const p of m.points) {
					const prev = this.warmStarting && old ? old.points.find((q) => q.id === p.id) : undefined;
					const c = {
						a, b, id: p.id,
						nx: m.normal[0], ny: m.normal[1],
						px: (p.pointA[0] + p.pointB[0]) / 2, py: (p.pointA[1] + p.pointB[1]) / 2,
						depth: p.depth,
						pn: prev ? prev.pn : 0, pt: prev ? prev.pt : 0,
					};
					this.contacts.push(c);
					kept.push(c);
				}
				next.set(key, { points: kept });
			}
		}
		this.pairs = next;
	}

	/** Effective masses, bias, and the warm-start impulses applied. */
	prepare(dt) {
		for (const c of this.contacts) {
			const { a, b } = c;
			c.rax = c.px - a.x; c.ray = c.py - a.y;
			c.rbx = c.px - b.x; c.rby = c.py - b.y;
			const rnA = cross(c.rax, c.ray, c.nx, c.ny);
			const rnB = cross(c.rbx, c.rby, c.nx, c.ny);
			c.massN = 1 / (a.invMass + b.invMass + a.invInertia * rnA * rnA + b.invInertia * rnB * rnB);
			const tx = -c.ny;
			const ty = c.nx;
			const rtA = cross(c.rax, c.ray, tx, ty);
			const rtB = cross(c.rbx, c.rby, tx, ty);
			c.massT = 1 / (a.invMass + b.invMass + a.invInertia * rtA * rtA + b.invInertia * rtB * rtB);
			// Penetrating: push out the part beyond the slop; apart (speculative): close at most the gap.
			c.target = c.depth > 0 ? (0.2 / dt) * Math.max(0, c.depth - 0.005) : c.depth / dt;
			this.apply(c, c.pn * c.nx + c.pt * tx, c.pn * c.ny + c.pt * ty);
		}
	}

	/** Impulse (px, py) on b at the contact, its opposite on a. */
	apply(c, px, py) {
		const { a, b } = c;
		a.vx -= a.invMass * px; a.vy -= a.invMass * py;
		a.w -= a.invInertia * cross(c.rax, c.ray, px, py);
		b.vx += b.invMass * px; b.vy += b.invMass * py;
		b.w += b.invInertia * cross(c.rbx, c.rby, px, py);
	}

	/** Velocity of b relative to a at the contact. */
	relative(c) {
		const { a, b } = c;
		return [
			b.vx - b.w * c.rby - (a.vx - a.w * c.ray),
			b.vy + b.w * c.rbx - (a.vy + a.w * c.rax),
		];
	}

	solve() {
		for (let k = 0; k < this.iterations; k++) {
			for (const c of this.contacts) {
				const tx = -c.ny;
				const ty = c.nx;
				// Friction first, bounded by the normal impulse accumulated so far.
				let [dvx, dvy] = this.relative(c);
				const limit = this.friction * c.pn;
				const pt = Math.max(-limit, Math.min(limit, c.pt - c.massT * (dvx * tx + dvy * ty)));
				const dt = pt - c.pt;
				c.pt = pt;
				this.apply(c, dt * tx, dt * ty);
				[dvx, dvy] = this.relative(c);
				const pn = Math.max(0, c.pn - c.massN * (dvx * c.nx + dvy * c.ny - c.target));
				const dn = pn - c.pn;
				c.pn = pn;
				this.apply(c, dn * c.nx, dn * c.ny);
			}
		}
	}

	step(dt = 1 / 60) {
		this.collide();
		for (const b of this.bodies) if (b.invMass > 0) b.vy += this.gravity * dt;
		this.prepare(dt);
		this.solve();
		for (const b of this.bodies) {
			if (b.invMass === 0) continue;
			b.x += b.vx * dt;
			b.y += b.vy * dt;
			b.angle += b.w * dt;
		}
		this.time += dt;
	}

	dispose() {
		for (const b of this.bodies) b.shape.dispose();
		this.bodies = [];
	}
}

/** The 2D scene: a ground box and a pyramid of 20 boxes (rows of 6, 5, 4, 3, 2) resting on it. */
export function pyramid(np, options) {
	const world = new World2D(np, options);
	world.addBox(12, 0.5, [0, -0.5], 0, 0);
	const h = 0.5;
	for (let row = 0; row < 5; row++) {
		const n = 6 - row;
		for (let i = 0; i < n; i++) world.addBox(h, h, [(i - (n - 1) / 2) * 1.05, h + row * 2 * h], 0, 1);
	}
	return world;
}
