// The EPA teaching page: two shapes in a world view, their Minkowski difference beside it, and a
// player that walks through the library's own EPA trace one iteration at a time.
//
// Every number and every point drawn comes from the narrowphase library:
//   np.penetration(..., { trace: true })  depth, normal, witness points, GJK's final simplex, EPA steps
//   np.manifold(...)                      contact points on both shapes
//   np.distance(...)                      distance and closest points when the shapes are apart
//   np.minkowskiDifference(...)           the CSO outline (core polygon + rounding radius)
//   shape.vertices / shape.radius         the shapes' outlines
// The page adds no geometry of its own: it only maps coordinates to pixels and hit-tests the
// pointer with np.overlap against a tiny probe circle.
//
// Scriptable controller, for tests and for pages that embed this one: window.narrowphaseDemo
//
//   ready                       Promise, resolves once the library is loaded and the scene drawn
//   setShape(which, kind, params, transform)
//       which      'a' | 'b'
//       kind       'circle' | 'box' | 'capsule' | 'polygon'
//       params     per kind (missing fields take the defaults below):
//                    circle   { radius }                  disc radius
//                    box      { hx, hy }                  half width, half height
//                    capsule  { halfLength, radius }      segment (-halfLength,0)..(halfLength,0) + radius
//                    polygon  { vertices, radius }        points [[x, y], ...] (the library takes their
//                                                         convex hull), rounding radius (default 0)
//       transform  { position: [x, y], angle }  (radians); omitted: the shape keeps its pose
//     Rebuilds the shape through the library (throws the library's Error, with .code, on bad
//     input; the old shape stays), recomputes every query and goes back to EPA's first step.
//   setTransform(which, transform)   moves a shape, keeping the current step (as dragging does)
//   loadExample(name)                one of narrowphaseDemo.examples (the Examples menu)
//   step(), back(), reset(), end()   move through the EPA steps; each returns state()
//   play(), pause()                  animate at the selected speed
//   state()   {
//       ready, error,               loaded? last error message (or null)
//       phase,                      'start' (GJK simplex) | 'step' | 'result' | 'apart' | 'loading'
//       frame, frames,              position in the player, number of positions
//       iteration,                  polytope expansions shown so far (0 at the start, `iterations` at the end)
//       iterations,                 EPA iterations (expansions) of the library's run (np.penetration().iterations)
//       stepIndex, stepCount,       which trace step is shown (null outside 'step'), how many there are
//                                   (iterations + 1 when EPA converged: the last step finds no progress)
//       done,                       at the result (or apart: nothing to step)
//       overlapping,                np.penetration() !== null
//       depth, normal, pointA, pointB, stop, startedFromEdge, radius,  the library's final answer
//       step,                       the trace step shown (or null): polytope, closestEdge, edgeNormal,
//                                   edgeDistance, support, supportDistance, stop
//       simplex,                    GJK's final simplex
//       distance, closestA, closestB,  np.distance()
//       contacts,                   np.manifold().points
//       shapes: { a: { kind, params, transform }, b: ... }, selected, playing, speed
//     }
//   worldToClient([x, y]), csoToClient([x, y])  client (viewport) pixels of a point in either view
//   handleToClient(which)       client pixels of a shape's rotation handle
//   select(which)               makes 'a' or 'b' the shape the keyboard moves
import { init } from '../js/narrowphase.mjs';
import * as draw from './draw.mjs';

const { palette } = draw;

const DEFAULTS = {
	circle: { radius: 0.9 },
	box: { hx: 1.1, hy: 0.7 },
	capsule: { halfLength: 0.9, radius: 0.5 },
	polygon: {
		vertices: [
			[-1.2, -0.6],
			[0.9, -1.0],
			[1.4, 0.3],
			[0.2, 1.2],
			[-0.9, 0.8],
		],
		radius: 0,
	},
};

const INITIAL = {
	a: { kind: 'polygon', params: DEFAULTS.polygon, transform: { position: [-0.9, 0.2], angle: 0.15 } },
	b: { kind: 'box', params: { hx: 1.0, hy: 0.65 }, transform: { position: [0.85, -0.35], angle: 0.6 } },
};

/** Ready-made scenes for the cases the explanation talks about (Examples menu). */
const EXAMPLES = {
	triangle: {
		label: 'Polygon vs box: EPA from GJK\'s triangle',
		a: INITIAL.a,
		b: INITIAL.b,
	},
	edge: {
		label: 'Origin on a simplex edge: start from the edge pair',
		a: { kind: 'box', params: { hx: 1, hy: 1 }, transform: { position: [-0.7, 0], angle: 0 } },
		b: { kind: 'box', params: { hx: 1, hy: 1 }, transform: { position: [0.8, 0], angle: 0 } },
	},
	rounded: {
		label: 'Rounded polygon vs capsule: EPA on the cores',
		a: { kind: 'polygon', params: { vertices: [[-1, -1], [1, -1], [0, 1.2]], radius: 0.2 }, transform: { position: [-0.3, -0.2], angle: 0 } },
		b: { kind: 'capsule', params: { halfLength: 1.1, radius: 0.3 }, transform: { position: [-0.1, 0.2], angle: -0.4 } },
	},
	rims: {
		label: 'Only the rounded rims overlap: no EPA needed',
		a: { kind: 'circle', params: { radius: 1 }, transform: { position: [-0.8, -0.1], angle: 0 } },
		b: { kind: 'capsule', params: { halfLength: 0.8, radius: 0.5 }, transform: { position: [0.55, 0.3], angle: 0.5 } },
	},
	deep: {
		label: 'Deep overlap: several expansions',
		a: { kind: 'polygon', params: { vertices: [[-1.3, -0.4], [-0.5, -1.2], [0.8, -1.1], [1.4, 0], [0.7, 1.1], [-0.6, 1.2], [-1.4, 0.5]], radius: 0 }, transform: { position: [-0.3, 0], angle: 0 } },
		b: { kind: 'polygon', params: { vertices: [[-0.9, -0.7], [0.9, -0.8], [1.1, 0.5], [0, 1.1], [-1, 0.6]], radius: 0 }, transform: { position: [0.5, 0.25], angle: 0.4 } },
	},
	apart: {
		label: 'Apart: GJK distance, no EPA',
		a: { kind: 'box', params: { hx: 0.9, hy: 0.6 }, transform: { position: [-1.5, -0.3], angle: 0.3 } },
		b: { kind: 'circle', params: { radius: 0.7 }, transform: { position: [1.3, 0.5], angle: 0 } },
	},
};

const WORLD_HALF_SPAN = 3.2; // world units visible from the centre to the nearest canvas edge
const KINDS = ['circle', 'box', 'capsule', 'polygon'];

let np = null;
let loadError = null;
const scene = {
	a: { kind: null, params: null, transform: null, shape: null, error: null },
	b: { kind: null, params: null, transform: null, shape: null, error: null },
	selected: 'b',
};
let q = null; // the library's answers for the current scene
let frame = 0;
let playing = false;
let speed = 1;
let timer = 0;

const $ = (sel, root = document) => root.querySelector(sel);
const worldView = new draw.View($('#world-canvas'));
const csoView = new draw.View($('#cso-canvas'));

// ------------------------------------------------------------------ formatting

function num(x, digits = 4) {
	if (x === null || x === undefined || Number.isNaN(x)) return '–';
	const s = x.toFixed(digits);
	return (s.startsWith('-') ? '−' + s.slice(1) : s).replace(/^−(0\.0+)$/, '$1');
}
const vec = (v, digits = 3) => (v ? `(${num(v[0], digits)}, ${num(v[1], digits)})` : '–');
const deg = (rad) => (rad * 180) / Math.PI;
const clone = (x) => (x === undefined ? undefined : structuredClone(x));

// ------------------------------------------------------------------ shapes through the library

function validTransform(t) {
	if (!t || typeof t !== 'object') throw new TypeError('transform must be { position: [x, y], angle }');
	const position = t.position === undefined ? [0, 0] : [Number(t.position[0]), Number(t.position[1])];
	const angle = t.angle === undefined ? 0 : Number(t.angle);
	return { position, angle };
}

function makeShape(kind, params) {
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
function replaceShape(which, kind, params, transform) {
	if (which !== 'a' && which !== 'b') throw new TypeError(`which must be 'a' or 'b', not ${JSON.stringify(which)}`);
	const merged = { ...clone(DEFAULTS[kind] || {}), ...clone(params || {}) };
	const shape = makeShape(kind, merged);
	const s = scene[which];
	s.kind = kind;
	s.params = merged;
	s.shape = shape;
	s.error = null;
	if (transform) s.transform = validTransform(transform);
}

// ------------------------------------------------------------------ queries and the player

/**
 * Changes the scene all or nothing: runs `mutate`, then every query. If the library refuses
 * anything (a bad shape, a transform out of range), the scene is put back as it was and the
 * library's error is rethrown; replaced shapes are disposed only once the change has succeeded.
 */
function update(mutate) {
	const saved = { a: { ...scene.a }, b: { ...scene.b } };
	try {
		mutate();
		compute();
	} catch (err) {
		for (const w of ['a', 'b']) {
			if (scene[w].shape && scene[w].shape !== saved[w].shape) scene[w].shape.dispose();
			Object.assign(scene[w], saved[w]);
		}
		if (scene.a.shape && scene.b.shape) compute();
		throw err;
	}
	for (const w of ['a', 'b']) {
		if (saved[w].shape && saved[w].shape !== scene[w].shape) saved[w].shape.dispose();
	}
}

function compute() {
	const A = scene.a.shape;
	const B = scene.b.shape;
	const ta = scene.a.transform;
	const tb = scene.b.transform;
	const wasDone = q !== null && frame === frameCount() - 1;
	q = {
		pen: np.penetration(A, ta, B, tb, { trace: true }),
		manifold: np.manifold(A, ta, B, tb, { margin: 0 }),
		dist: np.distance(A, ta, B, tb),
		cso: np.minkowskiDifference(A, ta, B, tb),
	};
	// Moving a shape keeps the player where it was (at the result it stays at the result), so the
	// polytope of iteration k can be watched while dragging.
	frame = wasDone ? frameCount() - 1 : Math.min(frame, frameCount() - 1);
}

function frameCount() {
	if (!q) return 0;
	return q.pen ? q.pen.steps.length + 2 : 1;
}

/** What the player shows at `frame`: start (GJK simplex), step k, the result, or apart. */
function frameInfo(f = frame) {
	if (!q) return { phase: 'loading' };
	if (!q.pen) return { phase: 'apart' };
	const n = q.pen.steps.length;
	if (f <= 0) return { phase: 'start' };
	if (f <= n) return { phase: 'step', index: f - 1, step: q.pen.steps[f - 1] };
	return { phase: 'result' };
}

function setFrame(f) {
	const count = frameCount();
	frame = Math.max(0, Math.min(count - 1, f));
	render();
	return state();
}

function stopTimer() {
	if (timer) clearTimeout(timer);
	timer = 0;
}

function schedule() {
	stopTimer();
	if (!playing) return;
	timer = setTimeout(() => {
		timer = 0;
		if (!playing) return;
		if (frame >= frameCount() - 1) {
			pause();
			return;
		}
		setFrame(frame + 1);
		if (frame >= frameCount() - 1) pause();
		else schedule();
	}, 1000 / speed);
}

function play() {
	if (!q) return state();
	if (frame >= frameCount() - 1) frame = 0; // play from the start again
	playing = true;
	render();
	schedule();
	return state();
}

function pause() {
	playing = false;
	stopTimer();
	render();
	return state();
}

// ------------------------------------------------------------------ state for scripts and tests

function state() {
	const info = frameInfo();
	const pen = q && q.pen;
	const steps = pen ? pen.steps.length : 0;
	// The library counts an iteration per expansion of the polytope; the trace has one step per
	// pass of the loop, so the last step (the one that finds no progress) expands nothing. Showing
	// a 'continue' step shows its expansion (dashed), so it counts.
	let iteration = 0;
	if (info.phase === 'step') iteration = info.index + (info.step.stop === 'continue' ? 1 : 0);
	else if (info.phase === 'result') iteration = pen.iterations;
	const shapes = {};
	for (const w of ['a', 'b']) {
		shapes[w] = { kind: scene[w].kind, params: clone(scene[w].params), transform: clone(scene[w].transform) };
	}
	return {
		ready: q !== null,
		error: loadError ? String(loadError.message || loadError) : scene.a.error || scene.b.error || null,
		phase: info.phase,
		frame,
		frames: frameCount(),
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
		shapes,
		selected: scene.selected,
		playing,
		speed,
	};
}

function clientPoint(view, p) {
	const rect = view.canvas.getBoundingClientRect();
	const [x, y] = view.toScreen(p);
	return { x: rect.left + x, y: rect.top + y };
}

// ------------------------------------------------------------------ world view

/** Rotation handle of a shape: a knob on its local x axis just outside its outline (UI only). */
function handlePoint(which) {
	const s = scene[which];
	let extent = 0;
	for (const v of s.shape.vertices) extent = Math.max(extent, Math.hypot(v[0], v[1]));
	const r = extent + s.shape.radius + 26 / worldView.scale;
	const { position, angle } = s.transform;
	return [position[0] + r * Math.cos(angle), position[1] + r * Math.sin(angle)];
}

/** World position of a polygon's hull vertex i (the library's hull, posed; for the vertex handles). */
function vertexPoint(which, i) {
	const s = scene[which];
	const v = s.shape.vertices[i];
	const { position, angle } = s.transform;
	const c = Math.cos(angle);
	const sn = Math.sin(angle);
	return [position[0] + c * v[0] - sn * v[1], position[1] + sn * v[0] + c * v[1]];
}

/** A world point in a shape's local frame (inverse pose; for dragging a polygon's vertex). */
function toLocal(which, p) {
	const { position, angle } = scene[which].transform;
	const c = Math.cos(angle);
	const sn = Math.sin(angle);
	const dx = p[0] - position[0];
	const dy = p[1] - position[1];
	return [c * dx + sn * dy, -sn * dx + c * dy];
}

function drawWorld() {
	const view = worldView;
	view.center = [0, 0];
	view.scale = Math.min(view.width, view.height) / (2 * WORLD_HALF_SPAN);
	view.begin();
	view.grid(1);
	if (!q) return;
	const info = frameInfo();
	const pen = q.pen;
	const order = scene.selected === 'a' ? ['b', 'a'] : ['a', 'b'];

	// The penetration vector made visible: a ghost of B moved by depth * normal just touches A.
	if (pen && info.phase === 'result' && pen.depth > 0) {
		const t = scene.b.transform;
		const moved = { position: [t.position[0] + pen.depth * pen.normal[0], t.position[1] + pen.depth * pen.normal[1]], angle: t.angle };
		view.ctx.save();
		view.ctx.setLineDash([6, 5]);
		draw.shape(view, scene.b.shape.vertices, scene.b.shape.radius, moved, palette.b, 'rgba(217, 115, 26, 0.05)', { dashedCore: false });
		view.ctx.restore();
	}

	for (const w of order) {
		const s = scene[w];
		draw.shape(view, s.shape.vertices, s.shape.radius, s.transform, palette[w], palette[w + 'Fill'], { selected: scene.selected === w });
	}
	for (const w of order) {
		const s = scene[w];
		const h = handlePoint(w);
		view.ctx.save();
		view.ctx.globalAlpha = scene.selected === w ? 1 : 0.5;
		draw.segment(view, s.transform.position, h, palette[w], 1.25, [2, 3]);
		draw.dot(view, h, palette[w], scene.selected === w ? 7 : 6);
		view.ctx.restore();
		draw.dot(view, s.transform.position, palette[w], 3, null);
		draw.label(view, s.transform.position, w.toUpperCase(), { dx: 7, dy: -9, color: palette[w], bold: true, size: 15 });
	}

	// The selected polygon's hull vertices can be dragged: small squares.
	const sel = scene[scene.selected];
	if (sel.kind === 'polygon') {
		const { ctx } = view;
		sel.shape.vertices.forEach((v, i) => {
			const [x, y] = view.toScreen(vertexPoint(scene.selected, i));
			ctx.save();
			ctx.fillStyle = '#ffffff';
			ctx.strokeStyle = palette[scene.selected];
			ctx.lineWidth = 1.75;
			ctx.fillRect(x - 4, y - 4, 8, 8);
			ctx.strokeRect(x - 4, y - 4, 8, 8);
			ctx.restore();
		});
	}

	if (pen) {
		// Contact manifold: point on A (filled), point on B (ring), and their depth.
		const pts = q.manifold.points;
		pts.forEach((c) => {
			draw.segment(view, c.pointA, c.pointB, palette.normal, 2);
			draw.dot(view, c.pointA, palette.a, 4.5);
			draw.ring(view, c.pointB, palette.b, 6.5, 2);
		});
		if (pts.length > 0) {
			const n = q.manifold.normal;
			const base = pts.length === 2 ? [(pts[0].pointA[0] + pts[1].pointA[0]) / 2, (pts[0].pointA[1] + pts[1].pointA[1]) / 2] : pts[0].pointA;
			draw.arrowDir(view, base, n, 46, palette.normal, 2.5);
			const tip = [base[0] + (n[0] * 58) / view.scale, base[1] + (n[1] * 58) / view.scale];
			draw.label(view, tip, 'n', { align: 'center', color: palette.normal, bold: true, size: 14 });
			// Depth labels sit beside their point along the contact tangent, away from the other point.
			const t = [-n[1], n[0]];
			pts.forEach((c, i) => {
				let side = i === 0 ? -1 : 1;
				if (pts.length === 2) {
					const other = pts[1 - i].pointB;
					side = (c.pointB[0] - other[0]) * t[0] + (c.pointB[1] - other[1]) * t[1] >= 0 ? 1 : -1;
				}
				const dx = side * t[0] * 16;
				const dy = -side * t[1] * 16;
				draw.label(view, c.pointB, `${num(c.depth, 3)}`, {
					dx,
					dy,
					align: Math.abs(dx) < 6 ? 'center' : dx < 0 ? 'right' : 'left',
					color: palette.ink,
				});
			});
		}
	} else {
		const { pointA, pointB, distance } = q.dist;
		draw.segment(view, pointA, pointB, palette.distance, 2, [6, 5]);
		draw.dot(view, pointA, palette.a, 4.5);
		draw.dot(view, pointB, palette.b, 4.5);
		const mid = [(pointA[0] + pointB[0]) / 2, (pointA[1] + pointB[1]) / 2];
		draw.label(view, mid, `distance ${num(distance, 3)}`, { dx: 10, dy: -12, color: palette.distance, bold: true });
	}
}

// ------------------------------------------------------------------ Minkowski view

let csoFit = null;

/** Fits the CSO and the origin; refits only when the content leaves the view or gets small. */
function fitCso() {
	const { cso } = q;
	const r = cso.radius;
	let x0 = 0;
	let x1 = 0;
	let y0 = 0;
	let y1 = 0;
	for (const v of cso.vertices) {
		x0 = Math.min(x0, v[0] - r);
		x1 = Math.max(x1, v[0] + r);
		y0 = Math.min(y0, v[1] - r);
		y1 = Math.max(y1, v[1] + r);
	}
	const view = csoView;
	const w = Math.max(x1 - x0, 1e-3);
	const h = Math.max(y1 - y0, 1e-3);
	const ideal = Math.min((view.width - 48) / w, (view.height - 48) / h);
	const inside = csoFit && csoFit.width === view.width && csoFit.height === view.height && (() => {
		const a = view.toScreen([x0, y1]);
		const b = view.toScreen([x1, y0]);
		return a[0] >= 16 && a[1] >= 16 && b[0] <= view.width - 16 && b[1] <= view.height - 16;
	})();
	if (!inside || view.scale > ideal * 1.0001 || view.scale < ideal * 0.6) {
		view.scale = ideal;
		view.center = [(x0 + x1) / 2, (y0 + y1) / 2];
		csoFit = { width: view.width, height: view.height };
	}
}

function gridStep(scale) {
	const target = 48 / scale; // about one line every 48 px
	const p = 10 ** Math.floor(Math.log10(target));
	for (const m of [1, 2, 5, 10]) if (m * p >= target) return m * p;
	return 10 * p;
}

function drawCso() {
	const view = csoView;
	if (!q) {
		view.begin();
		return;
	}
	fitCso();
	view.begin();
	view.grid(gridStep(view.scale));
	const { ctx } = view;
	const { cso } = q;
	const pen = q.pen;
	const info = frameInfo();
	const identity = { position: [0, 0], angle: 0 };

	draw.shape(view, cso.vertices, cso.radius, identity, palette.cso, palette.csoFill, { dashedCore: true });

	if (info.phase === 'apart') {
		const { pointA, pointB, distance } = q.dist;
		const c = [pointA[0] - pointB[0], pointA[1] - pointB[1]];
		draw.origin(view);
		draw.segment(view, [0, 0], c, palette.distance, 2.5, [6, 5]);
		draw.dot(view, c, palette.distance, 5);
		draw.label(view, c, `closest point, distance ${num(distance, 3)}`, { dx: 10, dy: -12, color: palette.distance, bold: true });
		return;
	}

	if (info.phase === 'start') {
		const s = pen.simplex;
		if (s.length >= 2) {
			draw.polyline(view, s, s.length === 3);
			ctx.save();
			if (s.length === 3) {
				ctx.fillStyle = 'rgba(123, 92, 196, 0.18)';
				ctx.fill();
			}
			ctx.strokeStyle = palette.simplex;
			ctx.lineWidth = 2.5;
			ctx.stroke();
			ctx.restore();
		}
		s.forEach((p, i) => {
			draw.dot(view, p, palette.simplex, 5);
			draw.label(view, p, `w${i}`, { dx: 8, dy: -10, color: palette.simplex, bold: true });
		});
		draw.origin(view);
		return;
	}

	if (info.phase === 'step') {
		const st = info.step;
		const poly = st.polytope;
		const n = poly.length;
		draw.polyline(view, poly, true);
		ctx.save();
		ctx.fillStyle = palette.polytopeFill;
		ctx.fill();
		ctx.strokeStyle = palette.polytope;
		ctx.lineWidth = 2;
		ctx.stroke();
		ctx.restore();
		const e0 = poly[st.closestEdge];
		const e1 = poly[(st.closestEdge + 1) % n];
		const nrm = st.edgeNormal;
		const foot = [nrm[0] * st.edgeDistance, nrm[1] * st.edgeDistance];
		const level = [nrm[0] * st.supportDistance, nrm[1] * st.supportDistance];
		// The support point's level line (dotted): all of A - B lies on the origin's side of it.
		const tangent = [-nrm[1], nrm[0]];
		const reach = Math.max(view.width, view.height) / view.scale;
		draw.segment(view, [level[0] - tangent[0] * reach, level[1] - tangent[1] * reach], [level[0] + tangent[0] * reach, level[1] + tangent[1] * reach], palette.muted, 1, [3, 4]);
		if (st.stop === 'continue') {
			// The expansion this step makes: the edge is replaced by two edges through the support point.
			draw.segment(view, e0, st.support, palette.polytope, 2, [6, 4]);
			draw.segment(view, st.support, e1, palette.polytope, 2, [6, 4]);
		}
		draw.segment(view, e0, e1, palette.edge, 4.5);
		poly.forEach((p) => draw.dot(view, p, palette.polytope, 4));
		// Origin to the closest edge: its distance is this iteration's candidate depth.
		draw.segment(view, [0, 0], foot, palette.edge, 2);
		draw.dot(view, foot, palette.edge, 3.5, null);
		// The edge's outward normal n, drawn at a fixed length from the edge's closest point.
		draw.arrowDir(view, foot, nrm, 34, palette.ink, 1.75);
		draw.label(view, [foot[0] + (nrm[0] * 44) / view.scale, foot[1] + (nrm[1] * 44) / view.scale], 'n', { align: 'center', bold: true });
		draw.dot(view, st.support, palette.support, 6);
		draw.origin(view, nrm);
		const side = { dx: 12, dy: -12 };
		// The edge distance sits beside O, opposite the normal (inside the polytope, clear of the edge).
		const ldx = -30 * nrm[0];
		draw.label(view, [0, 0], `d = ${num(st.edgeDistance, 3)}`, {
			dx: ldx,
			dy: 30 * nrm[1],
			align: Math.abs(ldx) < 12 ? 'center' : ldx < 0 ? 'right' : 'left',
			color: palette.edge,
			bold: true,
		});
		draw.label(view, st.support, `support, n·s = ${num(st.supportDistance, 3)}`, { ...side, color: palette.ink, bold: true });
		return;
	}

	// Result: the final polytope, its closest edge and the penetration vector depth * normal.
	const steps = pen.steps;
	if (steps.length > 0) {
		const last = steps[steps.length - 1];
		const poly = last.polytope;
		draw.polyline(view, poly, true);
		ctx.save();
		ctx.fillStyle = 'rgba(31, 157, 107, 0.08)';
		ctx.fill();
		ctx.strokeStyle = palette.polytope;
		ctx.globalAlpha = 0.6;
		ctx.lineWidth = 1.5;
		ctx.stroke();
		ctx.restore();
		draw.segment(view, poly[last.closestEdge], poly[(last.closestEdge + 1) % poly.length], palette.edge, 4.5);
	}
	const tip = [pen.normal[0] * pen.depth, pen.normal[1] * pen.depth];
	draw.origin(view, pen.normal);
	draw.arrow(view, [0, 0], tip, palette.normal, 3.5);
	if (pen.radius > 0 && steps.length > 0) {
		const core = steps[steps.length - 1].edgeDistance;
		draw.dot(view, [pen.normal[0] * core, pen.normal[1] * core], palette.polytope, 4.5);
	}
	draw.label(view, tip, `depth ${num(pen.depth, 4)}`, { dx: 12, dy: -12, color: palette.normal, bold: true, size: 13.5 });
}

// ------------------------------------------------------------------ words

function explain() {
	const info = frameInfo();
	const pen = q && q.pen;
	const n = pen ? pen.steps.length : 0;
	const r = pen ? pen.radius : 0;
	const rounded = r > 0 ? ` The shapes are rounded (r<sub>A</sub>+r<sub>B</sub> = ${num(r, 3)}): EPA works on their cores, the dashed outline inside, and adds the radius at the end.` : '';
	switch (info.phase) {
		case 'loading':
			return { title: 'Loading the library…', text: '', tag: '' };
		case 'apart':
			return {
				tag: 'No overlap',
				title: 'The origin is outside A − B: the shapes are apart',
				text: `A point of A − B is zero only where a point of A meets a point of B, so when the origin lies outside the difference the shapes do not touch. GJK then finds the closest point of A − B to the origin instead; its length, <b>${num(q.dist.distance, 4)}</b>, is the distance between the shapes, drawn in both views. EPA is only needed when they overlap: drag them together.`,
			};
		case 'start': {
			if (pen.stop === 'cores-separated') {
				return {
					tag: 'Start',
					title: 'Only the rounded rims overlap',
					text: `The cores (dashed) are apart, so the origin is outside the core difference but inside its rounded outline. No polytope is needed: GJK's distance between the cores, subtracted from r<sub>A</sub>+r<sub>B</sub> = ${num(r, 3)}, gives the depth in closed form. Step to see it.`,
				};
			}
			if (pen.stop === 'point') {
				return {
					tag: 'Start',
					title: 'Both cores are the same single point',
					text: `Two circles (or a circle and a point-like core) share their centre, so A − B is a disc around the origin of radius r<sub>A</sub>+r<sub>B</sub> = ${num(r, 3)}. Every direction is equally short: there is no edge to expand, and the library picks a fixed normal. Step to see the result.`,
				};
			}
			const k = pen.simplex.length;
			const what = k === 3 ? 'a triangle' : k === 2 ? 'a segment' : 'a single point';
			const edge = pen.startedFromEdge
				? ' The origin lies on or very close to one of its edges, where an edge normal would be unreliable, so EPA starts from that single edge taken twice, in both directions (the two normals point away from each other).'
				: ' EPA takes it as its first polytope.';
			return {
				tag: 'Start · GJK',
				title: 'GJK found the origin inside A − B',
				text: `The shapes overlap. GJK proved it with ${what} of points of A − B (w0…) enclosing the origin O.${edge}${rounded} EPA will take ${n} step${n === 1 ? '' : 's'}: ${pen.iterations === 0 ? 'no expansion is needed, only' : `${pen.iterations} expansion${pen.iterations === 1 ? '' : 's'} of the polytope and`} a last check that finds no further progress.`,
			};
		}
		case 'step': {
			const st = info.step;
			const gap = st.supportDistance - st.edgeDistance;
			const shape = st.polytope.length === 2 ? 'is the edge pair: one segment taken in both directions, each with its own outward normal' : `has ${st.polytope.length} vertices`;
			const head = `The polytope ${shape}. Its edge closest to the origin (red) is at distance <b>${num(st.edgeDistance, 4)}</b>. EPA asks A − B for its furthest point along that edge's outward normal n: the support point s, at n·s = <b>${num(st.supportDistance, 4)}</b>.`;
			let tail;
			if (st.stop === 'continue') {
				tail = ` That is ${num(gap, 4)} beyond the edge, so the boundary of A − B is further out there: the edge is split at s (dashed green) and the polytope grows.`;
			} else if (st.stop === 'converged') {
				tail = ` That is no further out than the edge (gap ${num(gap, 6)}): the edge already lies on the boundary of A − B, and every other edge is further from the origin. EPA stops: this edge gives the depth and normal.`;
			} else if (st.stop === 'max-iterations') {
				tail = ' The iteration bound was reached, so EPA stops with the best edge it has.';
			} else {
				tail = ` EPA stops (${st.stop}).`;
			}
			const kind = st.stop === 'continue' ? `expansion ${info.index + 1}` : 'the last check';
			return { tag: `Step ${info.index + 1} of ${n} · ${kind}`, title: st.stop === 'continue' ? 'Expand towards the closest edge' : 'No further progress: done', text: head + tail };
		}
		case 'result': {
			let text;
			if (pen.stop === 'cores-separated') {
				text = `The cores are ${num(r - pen.depth, 4)} apart and the rounding adds ${num(r, 4)}, so the depth is <b>${num(pen.depth, 4)}</b> along n = ${vec(pen.normal, 4)}.`;
			} else if (pen.stop === 'point') {
				text = `Both cores are the same point, so any direction is as good as another; the library picks a fixed one. The depth is the rounding, <b>${num(pen.depth, 4)}</b>.`;
			} else {
				text = `The closest edge's distance${r > 0 ? ` plus the rounding (${num(r, 3)})` : ''} is the penetration depth, <b>${num(pen.depth, 4)}</b>, and its outward normal n = ${vec(pen.normal, 4)} points from A to B. The red arrow from O is depth·n: shifting A − B by it puts the origin on the boundary, which is moving B by depth·n (the dashed B in the world view) so the shapes just touch.`;
			}
			return {
				tag: 'Result',
				title: `Penetration depth ${num(pen.depth, 4)}`,
				text: `${text} The world view shows the contact points the library's manifold derives from it (${q.manifold.points.length}).`,
			};
		}
		default:
			return { tag: '', title: '', text: '' };
	}
}

function renderText() {
	const info = frameInfo();
	const pen = q && q.pen;
	const e = explain();
	$('#explain-step').textContent = e.tag;
	$('#explain-title').textContent = e.title;
	$('#explain-text').innerHTML = e.text;
	const count = frameCount();
	$('#progress-bar').style.width = count > 1 ? `${(100 * frame) / (count - 1)}%` : '100%';
	const atStart = frame <= 0;
	const atEnd = frame >= count - 1;
	$('#btn-reset').disabled = !q || atStart;
	$('#btn-back').disabled = !q || atStart;
	$('#btn-step').disabled = !q || atEnd;
	$('#btn-end').disabled = !q || atEnd;
	$('#btn-play').disabled = !q || count <= 1;
	$('#play-icon').setAttribute('d', playing ? 'M4 3h3v10H4zM9 3h3v10H9z' : 'M4 3v10l8-5z');
	$('#play-text').textContent = playing ? 'Pause' : 'Play';
	$('#btn-play').setAttribute('aria-pressed', String(playing));

	const rows = [];
	if (q) {
		rows.push(['Overlap', pen ? 'yes' : 'no']);
		if (pen) {
			rows.push(['Depth', num(pen.depth, 6)]);
			rows.push(['Normal A→B', vec(pen.normal, 4)]);
			rows.push(['EPA iterations', `${pen.iterations} (${pen.stop})`]);
			rows.push(['Contact points', String(q.manifold.points.length)]);
			q.manifold.points.forEach((c, i) => rows.push([`  point ${i + 1}`, `A ${vec(c.pointA, 3)} depth ${num(c.depth, 4)}`]));
			if (info.phase === 'step') {
				const st = info.step;
				rows.push(['Edge distance', num(st.edgeDistance, 6)]);
				rows.push(['Support n·s', num(st.supportDistance, 6)]);
				rows.push(['Gap', num(st.supportDistance - st.edgeDistance, 6)]);
			}
		} else {
			rows.push(['Distance', num(q.dist.distance, 6)]);
			rows.push(['Closest on A', vec(q.dist.pointA, 3)]);
			rows.push(['Closest on B', vec(q.dist.pointB, 3)]);
		}
	}
	const dl = $('#numbers');
	dl.replaceChildren(
		...rows.flatMap(([k, v]) => {
			const dt = document.createElement('dt');
			dt.textContent = k;
			const dd = document.createElement('dd');
			dd.textContent = v;
			return [dt, dd];
		}),
	);

	let world = '';
	if (q) {
		if (pen) {
			const m = q.manifold.points.length;
			world = `Overlapping by ${num(pen.depth, 4)} along n = ${vec(pen.normal, 3)}; ${m} contact point${m === 1 ? '' : 's'}.`;
		} else {
			world = `Apart: distance ${num(q.dist.distance, 4)} between the closest points.`;
		}
	}
	$('#world-readout').textContent = world;
}

// ------------------------------------------------------------------ editors

const editors = { a: $('.editor[data-which="a"]'), b: $('.editor[data-which="b"]') };

function fieldsOf(which) {
	const root = editors[which];
	return Object.fromEntries([...root.querySelectorAll('[name]')].map((el) => [el.name, el]));
}

function syncEditor(which, { pose = true, params = true } = {}) {
	const s = scene[which];
	const root = editors[which];
	const f = fieldsOf(which);
	const active = document.activeElement;
	const put = (el, v) => {
		if (el && el !== active) el.value = v;
	};
	if (params) {
		put(f.kind, s.kind);
		for (const el of root.querySelectorAll('[data-kinds]')) el.hidden = !el.dataset.kinds.split(' ').includes(s.kind);
		const p = s.params;
		if (s.kind === 'circle' || s.kind === 'capsule') put(f.radius, p.radius);
		if (s.kind === 'capsule') put(f.halfLength, p.halfLength);
		if (s.kind === 'box') {
			put(f.hx, p.hx);
			put(f.hy, p.hy);
		}
		if (s.kind === 'polygon') {
			put(f.rounding, p.radius);
			put(f.vertices, p.vertices.map((v) => `${v[0]} ${v[1]}`).join('\n'));
		}
	}
	if (pose) {
		put(f.x, +s.transform.position[0].toFixed(3));
		put(f.y, +s.transform.position[1].toFixed(3));
		put(f.angle, +deg(s.transform.angle).toFixed(1));
	}
	$('.error', root).textContent = s.error || '';
}

function paramsFromEditor(which, kind) {
	const f = fieldsOf(which);
	const n = (el) => (el.value.trim() === '' ? NaN : Number(el.value));
	switch (kind) {
		case 'circle':
			return { radius: n(f.radius) };
		case 'box':
			return { hx: n(f.hx), hy: n(f.hy) };
		case 'capsule':
			return { halfLength: n(f.halfLength), radius: n(f.radius) };
		case 'polygon': {
			const numbers = (f.vertices.value.match(/[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?/gi) || []).map(Number);
			if (numbers.length % 2) throw Object.assign(new Error('points need an x and a y each'), { code: 'NP_INVALID_ARGUMENT' });
			const vertices = [];
			for (let i = 0; i < numbers.length; i += 2) vertices.push([numbers[i], numbers[i + 1]]);
			return { vertices, radius: f.rounding.value.trim() === '' ? 0 : Number(f.rounding.value) };
		}
		default:
			return {};
	}
}

function showError(which, err) {
	scene[which].error = err.code ? `${err.message} (${err.code})` : err.message;
	syncEditor(which, { pose: false, params: false });
}

function onEditorInput(which, event) {
	const el = event.target;
	if (!el.name || !q) return;
	const s = scene[which];
	try {
		update(() => {
			if (el.name === 'x' || el.name === 'y' || el.name === 'angle') {
				const f = fieldsOf(which);
				const x = Number(f.x.value);
				const y = Number(f.y.value);
				const a = (Number(f.angle.value) * Math.PI) / 180;
				if (![x, y, a].every(Number.isFinite)) return;
				s.transform = { position: [x, y], angle: a };
			} else if (el.name === 'kind') {
				replaceShape(which, el.value, s.kind === el.value ? s.params : DEFAULTS[el.value]);
			} else {
				replaceShape(which, s.kind, paramsFromEditor(which, s.kind));
			}
			s.error = null;
		});
		syncEditor(which, { pose: el.name === 'kind' });
		render();
	} catch (err) {
		showError(which, err);
	}
}

function randomPolygon(which) {
	const count = 3 + Math.floor(Math.random() * 6);
	const angles = Array.from({ length: count }, () => Math.random() * 2 * Math.PI).sort((x, y) => x - y);
	const vertices = angles.map((t) => {
		const r = 0.6 + Math.random() * 0.8;
		return [+(r * Math.cos(t)).toFixed(2), +(r * Math.sin(t)).toFixed(2)];
	});
	const rounding = scene[which].kind === 'polygon' ? scene[which].params.radius : 0;
	try {
		update(() => replaceShape(which, 'polygon', { vertices, radius: rounding }));
	} catch (err) {
		// A random draw can be degenerate (all points nearly collinear): the library says so; retry.
		if (err.code === 'NP_DEGENERATE') return randomPolygon(which);
		return showError(which, err);
	}
	syncEditor(which);
	render();
}

for (const which of ['a', 'b']) {
	const root = editors[which];
	root.addEventListener('input', (e) => {
		if (e.target.tagName !== 'TEXTAREA') return onEditorInput(which, e);
		// While typing points, apply each valid state silently; errors show on 'change' (blur).
		try {
			update(() => replaceShape(which, 'polygon', paramsFromEditor(which, 'polygon')));
			syncEditor(which, { pose: false, params: false });
			render();
		} catch {
			// incomplete input: keep the last valid polygon
		}
	});
	root.addEventListener('change', (e) => onEditorInput(which, e));
	root.querySelector('[name="randomise"]').addEventListener('click', () => randomPolygon(which));
	root.addEventListener('focusin', () => select(which));
}

function select(which) {
	if (scene.selected === which) return;
	scene.selected = which;
	render();
}

// ------------------------------------------------------------------ pointer, wheel, keyboard

let drag = null;

/** Which shape is under a world point? Asks the library: overlap with a tiny probe circle. */
function shapeAt(p, tolerancePx) {
	const probe = np.circle(Math.max(tolerancePx, 1) / worldView.scale);
	try {
		const order = scene.selected === 'a' ? ['a', 'b'] : ['b', 'a'];
		for (const w of order) {
			if (np.overlap(scene[w].shape, scene[w].transform, probe, { position: p, angle: 0 })) return w;
		}
		return null;
	} finally {
		probe.dispose();
	}
}

/** Index of the selected polygon's hull vertex under the pointer, or null. */
function vertexAt(px, py, tolerancePx) {
	const w = scene.selected;
	if (scene[w].kind !== 'polygon') return null;
	let best = null;
	let bestDistance = tolerancePx;
	scene[w].shape.vertices.forEach((v, i) => {
		const [x, y] = worldView.toScreen(vertexPoint(w, i));
		const d = Math.hypot(x - px, y - py);
		if (d <= bestDistance) {
			best = i;
			bestDistance = d;
		}
	});
	return best;
}

function handleAt(px, py, tolerancePx) {
	const order = scene.selected === 'a' ? ['a', 'b'] : ['b', 'a'];
	for (const w of order) {
		const [hx, hy] = worldView.toScreen(handlePoint(w));
		if (Math.hypot(hx - px, hy - py) <= tolerancePx) return w;
	}
	return null;
}

function eventPoint(e) {
	const rect = worldView.canvas.getBoundingClientRect();
	return [e.clientX - rect.left, e.clientY - rect.top];
}

const canvas = worldView.canvas;
canvas.addEventListener('pointerdown', (e) => {
	if (!q || (e.pointerType === 'mouse' && e.button !== 0)) return;
	const [px, py] = eventPoint(e);
	const p = worldView.toWorld(px, py);
	const tol = e.pointerType === 'touch' ? 22 : 11;
	const v = vertexAt(px, py, e.pointerType === 'touch' ? 16 : 8);
	const h = v === null ? handleAt(px, py, tol) : null;
	const w = v !== null ? scene.selected : h || shapeAt(p, e.pointerType === 'touch' ? 10 : 2);
	if (!w) return;
	e.preventDefault();
	canvas.focus({ preventScroll: true, focusVisible: false });
	scene.selected = w;
	const t = scene[w].transform;
	if (v !== null) {
		drag = { which: w, id: e.pointerId, mode: 'vertex', index: v, hull: structuredClone(scene[w].shape.vertices) };
	} else if (h) {
		drag = { which: w, id: e.pointerId, mode: 'rotate', grab: Math.atan2(p[1] - t.position[1], p[0] - t.position[0]) - t.angle };
	} else {
		drag = { which: w, id: e.pointerId, mode: 'move', offset: [t.position[0] - p[0], t.position[1] - p[1]] };
	}
	canvas.setPointerCapture(e.pointerId);
	canvas.classList.add('dragging');
	render();
});

canvas.addEventListener('pointermove', (e) => {
	if (!q) return;
	const [px, py] = eventPoint(e);
	const p = worldView.toWorld(px, py);
	if (!drag || drag.id !== e.pointerId) {
		if (e.pointerType === 'mouse') {
			canvas.style.cursor = vertexAt(px, py, 8) !== null ? 'move' : handleAt(px, py, 11) ? 'alias' : shapeAt(p, 2) ? 'grab' : '';
		}
		return;
	}
	const s = scene[drag.which];
	const { which, mode } = drag;
	try {
		update(() => {
			if (mode === 'move') {
				s.transform = { position: [p[0] + drag.offset[0], p[1] + drag.offset[1]], angle: s.transform.angle };
			} else if (mode === 'vertex') {
				// Move one hull vertex; the library takes the hull again (a vertex dragged inside
				// vanishes; a degenerate result is refused and the shape keeps its last valid form).
				const local = toLocal(which, p).map((x) => +x.toFixed(3));
				const points = drag.hull.map((v, i) => (i === drag.index ? local : v.map((x) => +x.toFixed(3))));
				replaceShape(which, 'polygon', { vertices: points, radius: s.params.radius });
			} else {
				const a = Math.atan2(p[1] - s.transform.position[1], p[0] - s.transform.position[0]) - drag.grab;
				s.transform = { position: s.transform.position, angle: Math.atan2(Math.sin(a), Math.cos(a)) };
			}
		});
	} catch {
		return; // the library refused this pose or shape: keep the last valid one
	}
	render();
	syncEditor(which, { params: mode === 'vertex' });
});

function endDrag(e) {
	if (!drag || drag.id !== e.pointerId) return;
	drag = null;
	canvas.classList.remove('dragging');
	if (canvas.hasPointerCapture(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
}
canvas.addEventListener('pointerup', endDrag);
canvas.addEventListener('pointercancel', endDrag);

canvas.addEventListener(
	'wheel',
	(e) => {
		if (!q) return;
		const [px, py] = eventPoint(e);
		const w = shapeAt(worldView.toWorld(px, py), 2);
		if (!w) return;
		e.preventDefault();
		const s = scene[w];
		const px_ = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY; // lines to pixels
		const a = s.transform.angle - px_ * 0.003;
		update(() => {
			s.transform = { position: s.transform.position, angle: Math.atan2(Math.sin(a), Math.cos(a)) };
		});
		scene.selected = w;
		render();
		syncEditor(w, { params: false });
	},
	{ passive: false },
);

canvas.addEventListener('keydown', (e) => {
	if (!q || e.altKey || e.ctrlKey || e.metaKey) return;
	const s = scene[scene.selected];
	const d = e.shiftKey ? 0.25 : 0.05;
	const [x, y] = s.transform.position;
	let t = null;
	switch (e.key) {
		case '1':
		case 'a':
			select('a');
			break;
		case '2':
		case 'b':
			select('b');
			break;
		case 'ArrowLeft':
			t = { position: [x - d, y], angle: s.transform.angle };
			break;
		case 'ArrowRight':
			t = { position: [x + d, y], angle: s.transform.angle };
			break;
		case 'ArrowUp':
			t = { position: [x, y + d], angle: s.transform.angle };
			break;
		case 'ArrowDown':
			t = { position: [x, y - d], angle: s.transform.angle };
			break;
		case 'q':
		case 'Q':
			t = { position: [x, y], angle: s.transform.angle + (e.shiftKey ? 15 : 5) * (Math.PI / 180) };
			break;
		case 'e':
		case 'E':
			t = { position: [x, y], angle: s.transform.angle - (e.shiftKey ? 15 : 5) * (Math.PI / 180) };
			break;
		default:
			return;
	}
	e.preventDefault();
	e.stopPropagation();
	if (t) {
		try {
			update(() => {
				s.transform = t;
			});
		} catch {
			return; // out of the library's range: stay put
		}
		render();
		syncEditor(scene.selected, { params: false });
	}
});

document.addEventListener('keydown', (e) => {
	if (!q || e.altKey || e.ctrlKey || e.metaKey) return;
	const tag = e.target && e.target.tagName;
	if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
	const onButton = tag === 'BUTTON';
	switch (e.key) {
		case 'ArrowRight':
			api.step();
			break;
		case 'ArrowLeft':
			api.back();
			break;
		case ' ':
			if (onButton) return; // Space presses the focused button
			if (playing) pause();
			else play();
			break;
		case 'Home':
		case 'r':
		case 'R':
			api.reset();
			break;
		case 'End':
			api.end();
			break;
		default:
			return;
	}
	e.preventDefault();
});

$('#btn-step').addEventListener('click', () => api.step());
$('#btn-back').addEventListener('click', () => api.back());
$('#btn-reset').addEventListener('click', () => api.reset());
$('#btn-end').addEventListener('click', () => api.end());
$('#btn-play').addEventListener('click', () => (playing ? pause() : play()));
const exampleMenu = $('#example');
for (const [name, ex] of Object.entries(EXAMPLES)) exampleMenu.append(new Option(ex.label, name));
exampleMenu.addEventListener('change', () => {
	if (exampleMenu.value) api.loadExample(exampleMenu.value);
});

$('#speed').addEventListener('change', (e) => {
	speed = Number(e.target.value) || 1;
	if (playing) schedule();
});

// ------------------------------------------------------------------ rendering

function render() {
	drawWorld();
	drawCso();
	renderText();
	let hint = 'every point of A minus every point of B';
	if (q) hint = q.pen ? 'the origin O is inside: the shapes overlap' : 'the origin O is outside: the shapes are apart';
	if (q && q.cso.radius > 0) hint += ` · rounded by r = ${num(q.cso.radius, 3)}`;
	$('#cso-hint').textContent = hint;
}

function resize() {
	const a = worldView.resize();
	const b = csoView.resize();
	if (a || b) render();
}
new ResizeObserver(resize).observe(worldView.canvas);
new ResizeObserver(resize).observe(csoView.canvas);
window.addEventListener('resize', resize);

// ------------------------------------------------------------------ the controller

const api = {
	ready: null,
	setShape(which, kind, params, transform) {
		if (!np) throw new Error('narrowphase is not loaded yet: await narrowphaseDemo.ready');
		update(() => replaceShape(which, kind, params, transform));
		frame = 0;
		syncEditor(which);
		render();
		return state();
	},
	setTransform(which, transform) {
		if (which !== 'a' && which !== 'b') throw new TypeError(`which must be 'a' or 'b', not ${JSON.stringify(which)}`);
		update(() => {
			scene[which].transform = validTransform(transform);
		});
		syncEditor(which, { params: false });
		render();
		return state();
	},
	step: () => setFrame(frame + 1),
	back: () => setFrame(frame - 1),
	reset() {
		playing = false;
		stopTimer();
		return setFrame(0);
	},
	end() {
		playing = false;
		stopTimer();
		return setFrame(frameCount() - 1);
	},
	play,
	pause,
	state,
	select(which) {
		select(which);
		return state();
	},
	examples: Object.keys(EXAMPLES),
	loadExample(name) {
		const ex = EXAMPLES[name];
		if (!ex) throw new TypeError(`unknown example ${JSON.stringify(name)} (one of ${Object.keys(EXAMPLES).join(', ')})`);
		update(() => {
			replaceShape('a', ex.a.kind, ex.a.params, ex.a.transform);
			replaceShape('b', ex.b.kind, ex.b.params, ex.b.transform);
		});
		playing = false;
		stopTimer();
		frame = 0;
		syncEditor('a');
		syncEditor('b');
		$('#example').value = name;
		render();
		return state();
	},
	worldToClient: (p) => clientPoint(worldView, p),
	handleToClient: (which) => clientPoint(worldView, handlePoint(which)),
	csoToClient: (p) => clientPoint(csoView, p),
};
window.narrowphaseDemo = api;

async function start() {
	worldView.resize();
	csoView.resize();
	render();
	try {
		np = await init();
	} catch (err) {
		loadError = err;
		$('#explain-title').textContent = 'Could not load the narrowphase library';
		$('#explain-text').textContent = `${err.message}. Build it with "make wasm" and serve the repository with "make demo".`;
		throw err;
	}
	update(() => {
		for (const w of ['a', 'b']) replaceShape(w, INITIAL[w].kind, INITIAL[w].params, INITIAL[w].transform);
	});
	frame = 0;
	syncEditor('a');
	syncEditor('b');
	worldView.resize();
	csoView.resize();
	render();
	document.documentElement.dataset.ready = 'true';
	return api;
}
api.ready = start();
