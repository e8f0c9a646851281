// Scene state of the EPA teaching page, in one object: the library, the two shapes (kind,
// parameters, pose and the library's shape built from them), which shape is selected, the
// library's answers for the pair, and the player (frame shown, playing or not, speed).
//
// Every change of a shape or pose goes through update(), all or nothing: if the library refuses
// the new input, the scene is put back as it was. state() is the snapshot that
// window.narrowphaseDemo hands to scripts and tests (its fields are listed in demo.mjs).
import { DEFAULTS, KINDS } from './examples.mjs';
import { clone } from './format.mjs';

export function validTransform(t) {
	if (!t || typeof t !== 'object') throw new TypeError('transform must be { position: [x, y], angle }');
	const position = t.position === undefined ? [0, 0] : [Number(t.position[0]), Number(t.position[1])];
	const angle = t.angle === undefined ? 0 : Number(t.angle);
	return { position, angle };
}

export function checkWhich(which) {
	if (which !== 'a' && which !== 'b') throw new TypeError(`which must be 'a' or 'b', not ${JSON.stringify(which)}`);
}

const emptyShape = () => ({ kind: null, params: null, transform: null, shape: null, error: null });

export class Scene {
	constructor() {
		this.np = null; // the narrowphase library, once loaded
		this.loadError = null;
		this.shapes = { a: emptyShape(), b: emptyShape() };
		this.selected = 'b';
		this.q = null; // the library's answers for the current scene
		this.frame = 0;
		this.playing = false;
		this.speed = 1;
	}

	makeShape(kind, params) {
		const { np } = this;
		switch (kind) {
			case 'circle':
				return np.circle(params.radius);
			case 'box':
				return np.box2d(params.hx, params.hy);
			case 'capsule':
				return np.capsule2d(params.halfLength, params.radius);
			case 'polygon':
				return np.polygon2d(params.vertices, { radius: params.radius });
			default:
				throw Object.assign(new Error(`unknown shape kind ${JSON.stringify(kind)} (use ${KINDS.join(', ')})`), {
					code: 'NP_INVALID_ARGUMENT',
				});
		}
	}

	/** Builds the new shape first, so bad input leaves the old one in place. Call inside update(). */
	replaceShape(which, kind, params, transform) {
		checkWhich(which);
		const merged = { ...clone(DEFAULTS[kind] || {}), ...clone(params || {}) };
		const shape = this.makeShape(kind, merged);
		const s = this.shapes[which];
		s.kind = kind;
		s.params = merged;
		s.shape = shape;
		s.error = null;
		if (transform) s.transform = validTransform(transform);
	}

	/**
	 * Changes the scene all or nothing: runs `mutate`, then every query. If the library refuses
	 * anything (a bad shape, a transform out of range), the scene is put back as it was and the
	 * library's error is rethrown; replaced shapes are disposed only once the change has succeeded.
	 */
	update(mutate) {
		const { shapes } = this;
		const saved = { a: { ...shapes.a }, b: { ...shapes.b } };
		try {
			mutate();
			this.compute();
		} catch (err) {
			for (const w of ['a', 'b']) {
				if (shapes[w].shape && shapes[w].shape !== saved[w].shape) shapes[w].shape.dispose();
				Object.assign(shapes[w], saved[w]);
			}
			if (shapes.a.shape && shapes.b.shape) this.compute();
			throw err;
		}
		for (const w of ['a', 'b']) {
			if (saved[w].shape && saved[w].shape !== shapes[w].shape) saved[w].shape.dispose();
		}
	}

	compute() {
		const { np } = this;
		const A = this.shapes.a.shape;
		const B = this.shapes.b.shape;
		const ta = this.shapes.a.transform;
		const tb = this.shapes.b.transform;
		const wasDone = this.q !== null && this.atEnd();
		this.q = {
			pen: np.penetration(A, ta, B, tb, { trace: true }),
			manifold: np.manifold(A, ta, B, tb, { margin: 0 }),
			dist: np.distance(A, ta, B, tb),
			cso: np.minkowskiDifference(A, ta, B, tb),
		};
		// Moving a shape keeps the player where it was (at the result it stays at the result), so the
		// polytope of iteration k can be watched while dragging.
		this.frame = wasDone ? this.frameCount() - 1 : Math.min(this.frame, this.frameCount() - 1);
	}

	frameCount() {
		const { q } = this;
		if (!q) return 0;
		return q.pen ? q.pen.steps.length + 2 : 1;
	}

	atEnd() {
		return this.frame >= this.frameCount() - 1;
	}

	/** Moves the player to frame `f`, clamped to the frames there are. */
	setFrame(f) {
		this.frame = Math.max(0, Math.min(this.frameCount() - 1, f));
	}

	/** What the player shows at `frame`: start (GJK simplex), step k, the result, or apart. */
	frameInfo(f = this.frame) {
		const { q } = this;
		if (!q) return { phase: 'loading' };
		if (!q.pen) return { phase: 'apart' };
		const n = q.pen.steps.length;
		if (f <= 0) return { phase: 'start' };
		if (f <= n) return { phase: 'step', index: f - 1, step: q.pen.steps[f - 1] };
		return { phase: 'result' };
	}

	/** World position of a polygon's hull vertex i (the library's hull, posed; for the vertex handles). */
	vertexPoint(which, i) {
		const s = this.shapes[which];
		const v = s.shape.vertices[i];
		const { position, angle } = s.transform;
		const c = Math.cos(angle);
		const sn = Math.sin(angle);
		return [position[0] + c * v[0] - sn * v[1], position[1] + sn * v[0] + c * v[1]];
	}

	/** A world point in a shape's local frame (inverse pose; for dragging a polygon's vertex). */
	toLocal(which, p) {
		const { position, angle } = this.shapes[which].transform;
		const c = Math.cos(angle);
		const sn = Math.sin(angle);
		const dx = p[0] - position[0];
		const dy = p[1] - position[1];
		return [c * dx + sn * dy, -sn * dx + c * dy];
	}

	state() {
		const { q, shapes } = this;
		const info = this.frameInfo();
		const pen = q && q.pen;
		const steps = pen ? pen.steps.length : 0;
		// The library counts an iteration per expansion of the polytope; the trace has one step per
		// pass of the loop, so the last step (the one that finds no progress) expands nothing. Showing
		// a 'continue' step shows its expansion (dashed), so it counts.
		let iteration = 0;
		if (info.phase === 'step') iteration = info.index + (info.step.stop === 'continue' ? 1 : 0);
		else if (info.phase === 'result') iteration = pen.iterations;
		const snapshot = {};
		for (const w of ['a', 'b']) {
			snapshot[w] = { kind: shapes[w].kind, params: clone(shapes[w].params), transform: clone(shapes[w].transform) };
		}
		return {
			ready: q !== null,
			error: this.loadError ? String(this.loadError.message || this.loadError) : shapes.a.error || shapes.b.error || null,
			phase: info.phase,
			frame: this.frame,
			frames: this.frameCount(),
			iteration,
			iterations: pen ? pen.iterations : 0,
			done: info.phase === 'result' || info.phase === 'apart',
			overlapping: !!pen,
			depth: pen ? pen.depth : null,
			normal: pen ? clone(pen.normal) : null,
			pointA: pen ? clone(pen.pointA) : null,
			pointB: pen ? clone(pen.pointB) : null,
			stop: pen ? pen.stop : null,
			startedFromEdge: pen ? pen.startedFromEdge : null,
			radius: pen ? pen.radius : q ? q.cso.radius : null,
			simplex: pen ? clone(pen.simplex) : null,
			step: info.step ? clone(info.step) : null,
			stepIndex: info.phase === 'step' ? info.index : null,
			stepCount: steps,
			distance: q ? q.dist.distance : null,
			closestA: q ? clone(q.dist.pointA) : null,
			closestB: q ? clone(q.dist.pointB) : null,
			contacts: q ? clone(q.manifold.points) : [],
			shapes: snapshot,
			selected: this.selected,
			playing: this.playing,
			speed: this.speed,
		};
	}
}
