// Scene state of the teaching page, in one object: the library, the two shapes (kind, parameters,
// pose and the library's shape built from them), which shape is selected, the library's answers for
// the pair (with its GJK, EPA and clipping traces), and the player (frame shown, playing or not,
// speed).
//
// The player's frames, in order (buildFrames): one per GJK step of the library's trace; then, when
// the shapes overlap, EPA's start, one per EPA step and EPA's result; then the manifold: the
// separating axes, for each clipping attempt the reference face and incident edge and the two
// side-plane clips, and the kept points (or the closed form / closest features). When the shapes
// are apart the GJK steps end in the distance ('apart').
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
		this.hover = null; // a traced GJK point under the pointer in the Minkowski view (linked views)
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
		const q = {
			pen: np.penetration(A, ta, B, tb, { trace: true }),
			manifold: np.manifold(A, ta, B, tb, { margin: 0, trace: true }),
			dist: np.distance(A, ta, B, tb, { trace: true }),
			cso: np.minkowskiDifference(A, ta, B, tb),
		};
		// GJK as it ran for the answer shown: the penetration's own GJK when they overlap.
		q.gjk = q.pen ? q.pen.gjk : q.dist.gjk;
		q.frames = buildFrames(q);
		this.q = q;
		// Moving a shape keeps the player where it was (at the result it stays at the result), so the
		// polytope of iteration k can be watched while dragging.
		this.frame = wasDone ? this.frameCount() - 1 : Math.min(this.frame, this.frameCount() - 1);
	}

	frameCount() {
		return this.q ? this.q.frames.length : 0;
	}

	/** First frame of each chapter ('gjk', 'epa', 'manifold'), or undefined when it has none. */
	chapterStart(chapter) {
		if (!this.q) return undefined;
		const i = this.q.frames.findIndex((f) => f.chapter === chapter);
		return i < 0 ? undefined : i;
	}

	atEnd() {
		return this.frame >= this.frameCount() - 1;
	}

	/** Moves the player to frame `f`, clamped to the frames there are. */
	setFrame(f) {
		this.frame = Math.max(0, Math.min(this.frameCount() - 1, f));
	}

	/** What the player shows at `frame` (one of buildFrames' records). */
	frameInfo(f = this.frame) {
		const { q } = this;
		if (!q) return { phase: 'loading', chapter: null };
		return q.frames[Math.max(0, Math.min(q.frames.length - 1, f))];
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

	/** Linked views: the traced point whose vertices of A and B the world view rings (the hovered
	 *  one, else the current GJK step's support point or the current EPA step's), or null. */
	linkedVertex(info = this.frameInfo()) {
		if (this.hover) return this.hover;
		if (info.phase === 'gjk') return info.step.support || info.step.simplex[info.step.simplex.length - 1];
		if (info.phase === 'step') return info.step.supportVertex || null;
		return null;
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
		else if (info.phase === 'result' || info.chapter === 'manifold') iteration = pen ? pen.iterations : 0;
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
			done: this.frame >= this.frameCount() - 1,
			chapter: info.chapter,
			chapters: q ? { gjk: this.chapterStart('gjk'), epa: this.chapterStart('epa'), manifold: this.chapterStart('manifold') } : {},
			gjkIndex: info.phase === 'gjk' ? info.index : null,
			gjkCount: q ? q.gjk.steps.length : 0,
			gjkStep: info.phase === 'gjk' ? clone(info.step) : null,
			gjkStop: q ? q.gjk.steps[q.gjk.steps.length - 1].stop : null,
			clipStage: info.phase === 'clip' ? info.stage : null,
			clipAttempt: info.phase === 'clip' && info.attempt !== undefined ? info.attempt : null,
			clip: q ? clone(q.manifold.clip) : null,
			normalManifold: q ? clone(q.manifold.normal) : null,
			overlapping: !!pen,
			depth: pen ? pen.depth : null,
			normal: pen ? clone(pen.normal) : null,
			pointA: pen ? clone(pen.pointA) : null,
			pointB: pen ? clone(pen.pointB) : null,
			stop: pen ? pen.stop : null,
			startedFromEdge: pen ? pen.startedFromEdge : null,
			radius: pen ? pen.radius : q ? q.cso.radius : null,
			simplex: pen ? clone(pen.simplex) : null,
			step: info.phase === 'step' ? clone(info.step) : null,
			stepIndex: info.phase === 'step' ? info.index : null,
			stepCount: steps,
			distance: q ? q.dist.distance : null,
			closestA: q ? clone(q.dist.pointA) : null,
			closestB: q ? clone(q.dist.pointB) : null,
			contacts: q ? clone(q.manifold.points) : [],
			shapes: snapshot,
			selected: this.selected,
			hover: clone(this.hover),
			linked: clone(this.linkedVertex(info)),
			playing: this.playing,
			speed: this.speed,
		};
	}
}

/** The player's frames for the library's answers `q` (see the outline at the top). */
export function buildFrames(q) {
	const frames = q.gjk.steps.map((step, index) => ({ phase: 'gjk', chapter: 'gjk', index, step }));
	if (!q.pen) {
		frames.push({ phase: 'apart', chapter: 'gjk' });
		return frames;
	}
	frames.push({ phase: 'start', chapter: 'epa' });
	q.pen.steps.forEach((step, index) => frames.push({ phase: 'step', chapter: 'epa', index, step }));
	frames.push({ phase: 'result', chapter: 'epa' });
	const clip = q.manifold.clip;
	const add = (stage, attempt) => frames.push({ phase: 'clip', chapter: 'manifold', stage, attempt });
	if (clip.path === 'closed-form') {
		add('closed-form');
		return frames;
	}
	if (clip.path === 'not-run') return frames;
	add('axes');
	clip.attempts.forEach((a, i) => {
		add('faces', i);
		if (a.missed) return;
		add('side0', i);
		add('side1', i);
	});
	add(clip.path === 'closest' ? 'closest' : 'kept');
	return frames;
}
