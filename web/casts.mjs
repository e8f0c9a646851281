// The casts playground: drag a ray across 2D shapes and a chain, sweep a shape along a translation,
// and scrub through the time of impact of two spinning shapes.
//
// Every number comes from the library: np.rayCast (shapes and the one-sided chain), np.shapeCast
// (shape against shape) and np.timeOfImpact, plus np.distance for the scrubbed pose. The page only
// poses, draws and words the results.
//
// The page is built around MODES, one per kind of cast, each with run(page) (ask the library),
// draw(view, page, result), explain(page, result) and rows(result) (the result list). Each mode has
// its own two handles (origin and tip), dragged with the pointer or moved with the keyboard:
//   ray        a ray from origin to tip against the five shapes and the chain
//   chain      the same ray against the chain alone, with its front sides marked: a chain is
//              one-sided, and the ray cast on the reversed chain (same points, back faces turned
//              front) shows where a ray that passed through came in from behind
//   shapeCast  a capsule starts at origin and moves by tip - origin; its first contact with each shape
//   toi        a rod sweeps from origin to tip turning 1.5 turns, a box sweeps right to left turning
//              the other way; the first contact, and a scrubber over the sweep
// Shape-cast mode casts against the chain too (np.shapeCast on a Chain2D: one-sided, ghost-free).
//
// The mode is in the URL (casts.html#mode=shapeCast), so a link opens the page on it.
//
// Controller (tests, embedding): window.__np
//   ready                       Promise, resolves once the library is loaded and the scene drawn
//   setMode(mode)               'ray' | 'chain' | 'shapeCast' | 'toi'; returns state()
//   setRay(origin, tip)         the current mode's handles, [x, y] world points; returns state()
//   setSolid(bool)              the rayCast option (ray mode); returns state()
//   setScrub(fraction)          toi mode: the pose shown, in [0, 1]; returns state()
//   scrubToContact()            toi mode: the scrubber to the first contact; returns state()
//   state() { ready, mode, origin, tip, direction, solid, shapes: [{ name, kind, transform }],
//             chain: { points }, hits: [...] (ray, chain, shapeCast: nearest first), nearest,
//             backHit (chain mode: the reversed chain's hit or null),
//             cast: { shape: { kind, vertices, radius }, angle, translation, hitPose } (shapeCast),
//             toi: { sweepA, sweepB, result, scrub, poseA, poseB, distance, contactPoseA, contactPoseB } }
//   toClient([x, y])            client pixels of a world point
import { init } from '../js/narrowphase.mjs';
import * as draw from './draw.mjs';
import { num, vec } from './format.mjs';

const { palette } = draw;
const $ = (sel) => document.querySelector(sel);
const lerp = (a, b, t) => a + (b - a) * t;
const lerp2 = (p, q, t) => [lerp(p[0], q[0], t), lerp(p[1], q[1], t)];

/** The scene's shapes: one of each kind, sharp and rounded. */
const SHAPES = [
	{ name: 'circle', make: (np) => np.circle(0.7), transform: { position: [-2.2, 1.1], angle: 0 } },
	{ name: 'box', make: (np) => np.box2d(0.8, 0.5), transform: { position: [0.2, 1.4], angle: 0.35 } },
	{ name: 'capsule', make: (np) => np.capsule2d(0.8, 0.35), transform: { position: [2.3, 0.6], angle: -0.8 } },
	{ name: 'triangle', make: (np) => np.polygon2d([[-0.8, -0.6], [0.9, -0.5], [0, 0.9]]), transform: { position: [-1.6, -1.3], angle: 0.2 } },
	{ name: 'rounded pentagon', make: (np) => np.polygon2d([[0.7, 0], [0.2, 0.66], [-0.57, 0.41], [-0.57, -0.41], [0.2, -0.66]], { radius: 0.2 }), transform: { position: [1.3, -1.3], angle: 0.5 } },
];

/** A ground listed right to left, so its segments face up (a chain collides on its right side). */
const CHAIN = [[4.1, -2.0], [3.0, -2.45], [1.6, -2.2], [0.2, -2.5], [-1.3, -2.25], [-2.9, -2.55], [-4.1, -2.1]];

/** The shape that shapeCast mode sweeps (turned by CAST_ANGLE, not turning while it moves). */
const CAST_SHAPE = (np) => np.capsule2d(0.3, 0.2);
const CAST_ANGLE = 0.6;

/** timeOfImpact mode: a rod swept from the handles, turning 1.5 turns; a box swept the other way. */
const TOI_A = (np) => np.box2d(0.9, 0.08);
const TOI_B = (np) => np.polygon2d([[-0.45, -0.45], [0.45, -0.45], [0.45, 0.45], [-0.45, 0.45]], { radius: 0.05 });
const TOI_TURNS_A = 3 * Math.PI;
const SWEEP_B = { from: { position: [3.0, 0.4], angle: 0 }, to: { position: [-0.6, -0.2], angle: -2 } };

const rayDirection = (page) => [page.tip[0] - page.origin[0], page.tip[1] - page.origin[1]];

const rayDraw = (view, page, hits) => {
	const { origin, tip } = page;
	draw.segment(view, origin, tip, palette.muted, 1.5, [6, 5]);
	draw.segment(view, origin, hits.length ? hits[0].point : tip, palette.edge, 3);
	hits.forEach((h, i) => {
		draw.dot(view, h.point, i === 0 ? palette.edge : palette.muted, i === 0 ? 6 : 4.5);
		if (h.normal[0] !== 0 || h.normal[1] !== 0) draw.arrowDir(view, h.point, h.normal, i === 0 ? 40 : 26, i === 0 ? palette.ink : palette.muted, 2);
		draw.label(view, h.point, `t = ${num(h.fraction, 3)}`, { dx: 10, dy: -14, bold: i === 0, color: i === 0 ? palette.ink : palette.muted });
	});
};

const rayRow = (h) => `${h.shape}${h.segment !== undefined ? ` segment ${h.segment}` : ''}: t = ${num(h.fraction, 4)}, point ${vec(h.point, 3)}, normal ${vec(h.normal, 3)}${h.frontFace ? '' : ' (from inside)'}`;

const MODES = {
	ray: {
		run(page) {
			const { np, origin } = page;
			const direction = rayDirection(page);
			if (direction[0] === 0 && direction[1] === 0) return [];
			const hits = [];
			for (const s of page.shapes) {
				const hit = np.rayCast(s.shape, s.transform, origin, direction, { maxFraction: 1, solid: page.solid });
				if (hit) hits.push({ shape: s.name, ...hit });
			}
			const hit = np.rayCast(page.chain, null, origin, direction, { maxFraction: 1 });
			if (hit) hits.push({ shape: 'chain', ...hit });
			return hits.sort((a, b) => a.fraction - b.fraction);
		},
		draw: rayDraw,
		explain(page, hits) {
			if (hits.length === 0) return 'The ray misses every shape and the chain: np.rayCast returned null for each (no hit within maxFraction 1).';
			const h = hits[0];
			if (h.fraction === 0 && !h.frontFace) return `The origin is inside the ${h.shape}: with solid on, the ray hits at t = 0 with a zero normal. Untick "solid" to get where it leaves the shape.`;
			const where = h.segment !== undefined ? ` (segment ${h.segment})` : '';
			return `The ray first enters the ${h.shape}${where} at t = ${num(h.fraction, 4)}, point ${vec(h.point, 3)}, where the surface normal is ${vec(h.normal, 3)} (it faces the ray: normal · direction < 0).`;
		},
		rows: (hits) => hits.map(rayRow),
	},
	chain: {
		run(page) {
			const { np, origin } = page;
			const direction = rayDirection(page);
			page.backHit = null;
			if (direction[0] === 0 && direction[1] === 0) return [];
			const hit = np.rayCast(page.chain, null, origin, direction, { maxFraction: 1 });
			// The reversed chain has the same segments with their sides swapped: its hit is where the
			// ray crosses a back face of the chain (segment i of the reversed chain is n - 1 - i here).
			const back = np.rayCast(page.chainReversed, null, origin, direction, { maxFraction: 1 });
			if (back) page.backHit = { ...back, segment: page.chain.segmentCount - 1 - back.segment };
			return hit ? [{ shape: 'chain', ...hit }] : [];
		},
		draw(view, page, hits) {
			rayDraw(view, page, hits);
			const b = page.backHit;
			if (b && (!hits.length || b.fraction < hits[0].fraction)) {
				draw.ring(view, b.point, palette.muted, 6, 2);
				draw.label(view, b.point, 'back face: passed', { dx: 10, dy: 16, color: palette.muted });
			}
		},
		explain(page, hits) {
			const b = page.backHit;
			const behind = b && (!hits.length || b.fraction < hits[0].fraction)
				? ` It crossed segment ${b.segment} from behind at t = ${num(b.fraction, 4)} and passed through: a chain is one-sided, only the side its ticks mark is solid.`
				: '';
			if (hits.length === 0) return `The ray does not hit the chain's front side: np.rayCast returned null.${behind || ' Drag the origin below the ground to see a ray pass through from behind.'}`;
			const h = hits[0];
			return `The ray hits the chain's segment ${h.segment} on its front side at t = ${num(h.fraction, 4)}, point ${vec(h.point, 3)}, normal ${vec(h.normal, 3)}.${behind}`;
		},
		rows(hits) {
			return hits.map(rayRow);
		},
	},
	shapeCast: {
		run(page) {
			const { np, origin } = page;
			const translation = rayDirection(page);
			const hits = [];
			const start = { position: origin, angle: CAST_ANGLE };
			for (const s of page.shapes) {
				const hit = np.shapeCast(page.castShape, start, translation, s.shape, s.transform);
				if (hit) hits.push({ shape: s.name, ...hit });
			}
			// The chain is one-sided: a capsule starting below the ground passes up through it.
			const onChain = np.shapeCast(page.castShape, start, translation, page.chain, null);
			if (onChain) hits.push({ shape: 'chain', ...onChain });
			return hits.sort((a, b) => a.fraction - b.fraction);
		},
		draw(view, page, hits) {
			const { origin, tip } = page;
			const c = page.castShape;
			draw.segment(view, origin, tip, palette.muted, 1.5, [6, 5]);
			draw.shape(view, c.vertices, c.radius, { position: origin, angle: CAST_ANGLE }, palette.muted, 'rgba(107, 115, 133, 0.08)', { dashedCore: false });
			if (!hits.length) {
				draw.shape(view, c.vertices, c.radius, { position: tip, angle: CAST_ANGLE }, palette.edge, 'rgba(214, 51, 108, 0.12)');
				return;
			}
			const h = hits[0];
			const pose = MODES.shapeCast.hitPose(page, h);
			draw.segment(view, origin, pose.position, palette.edge, 3);
			draw.shape(view, c.vertices, c.radius, pose, palette.edge, 'rgba(214, 51, 108, 0.16)');
			draw.dot(view, h.point, palette.edge, 6);
			draw.arrowDir(view, h.point, h.normal, 40, palette.ink, 2);
			draw.label(view, h.point, `t = ${num(h.fraction, 3)}`, { dx: 10, dy: -14, bold: true });
		},
		hitPose: (page, h) => ({ position: lerp2(page.origin, page.tip, h.fraction), angle: CAST_ANGLE }),
		explain(page, hits) {
			if (hits.length === 0) return 'Swept all the way, the capsule touches nothing: np.shapeCast returned null for every shape.';
			const h = hits[0];
			if (h.initialOverlap) return `The capsule already touches the ${h.shape} where it starts: np.shapeCast reports fraction 0 with an initial overlap ${num(h.penetration, 4)} deep, normal ${vec(h.normal, 3)}.`;
			return `The capsule first touches the ${h.shape} at fraction ${num(h.fraction, 4)} of its move (position ${vec(MODES.shapeCast.hitPose(page, h).position, 3)}), at point ${vec(h.point, 3)} where the ${h.shape}'s normal is ${vec(h.normal, 3)}.`;
		},
		rows: (hits) => hits.map((h) => `${h.shape}: fraction ${num(h.fraction, 4)}, point ${vec(h.point, 3)}, normal ${vec(h.normal, 3)}${h.initialOverlap ? ', initial overlap' : ''} (${h.iterations} iterations)`),
	},
	toi: {
		sweeps(page) {
			const sweepA = { from: { position: [...page.origin], angle: 0 }, to: { position: [...page.tip], angle: TOI_TURNS_A } };
			return { sweepA, sweepB: structuredClone(SWEEP_B) };
		},
		pose: (sweep, t) => ({ position: lerp2(sweep.from.position, sweep.to.position, t), angle: lerp(sweep.from.angle, sweep.to.angle, t) }),
		run(page) {
			const { np } = page;
			const { sweepA, sweepB } = MODES.toi.sweeps(page);
			const result = np.timeOfImpact(page.toiA, sweepA, page.toiB, sweepB);
			const poseA = MODES.toi.pose(sweepA, page.scrub);
			const poseB = MODES.toi.pose(sweepB, page.scrub);
			const d = np.distance(page.toiA, poseA, page.toiB, poseB);
			return { sweepA, sweepB, result, scrub: page.scrub, poseA, poseB, distance: d.distance, contactPoseA: MODES.toi.pose(sweepA, result.fraction), contactPoseB: MODES.toi.pose(sweepB, result.fraction) };
		},
		draw(view, page, r) {
			const { toiA: a, toiB: b } = page;
			for (let i = 0; i <= 10; i++) {
				const t = i / 10;
				draw.shape(view, a.vertices, a.radius, MODES.toi.pose(r.sweepA, t), 'rgba(44, 107, 214, 0.25)', 'rgba(0, 0, 0, 0)', { dashedCore: false });
				draw.shape(view, b.vertices, b.radius, MODES.toi.pose(r.sweepB, t), 'rgba(217, 115, 26, 0.25)', 'rgba(0, 0, 0, 0)', { dashedCore: false });
			}
			draw.segment(view, page.origin, page.tip, palette.muted, 1.5, [6, 5]);
			if (r.result.state === 'hit' || r.result.state === 'failed') {
				draw.shape(view, a.vertices, a.radius, r.contactPoseA, palette.edge, 'rgba(0, 0, 0, 0)', { dashedCore: false });
				draw.shape(view, b.vertices, b.radius, r.contactPoseB, palette.edge, 'rgba(0, 0, 0, 0)', { dashedCore: false });
				draw.dot(view, r.result.pointA, palette.edge, 6);
				draw.arrowDir(view, r.result.pointA, r.result.normal, 40, palette.ink, 2);
				draw.label(view, r.result.pointA, `first contact, t = ${num(r.result.fraction, 3)}`, { dx: 10, dy: -14, bold: true });
			}
			draw.shape(view, a.vertices, a.radius, r.poseA, palette.a, palette.aFill);
			draw.shape(view, b.vertices, b.radius, r.poseB, palette.b, palette.bFill);
		},
		explain(page, r) {
			const { result: res } = r;
			const now = ` Scrubbed to fraction ${num(page.scrub, 3)}, np.distance between the two poses is ${num(r.distance, 4)}.`;
			if (res.state === 'separated') return `Over the whole sweep the rod and the box never touch: np.timeOfImpact says 'separated' (fraction 1).${now}`;
			if (res.state === 'overlapped') return `The rod and the box overlap where they start: np.timeOfImpact says 'overlapped' (fraction 0), normal ${vec(res.normal, 3)}.${now}`;
			return `Turning as they go, the rod and the box first touch at fraction ${num(res.fraction, 4)} of the sweep (state '${res.state}', ${res.iterations} steps), at ${vec(res.pointA, 3)} with the normal from rod to box ${vec(res.normal, 3)}.${now}`;
		},
		rows: (r) => [
			`timeOfImpact: fraction ${num(r.result.fraction, 6)}, state ${r.result.state}, iterations ${r.result.iterations}`,
			`pointA ${vec(r.result.pointA, 4)}, pointB ${vec(r.result.pointB, 4)}, normal ${vec(r.result.normal, 4)}`,
			`at the scrubbed fraction ${num(r.scrub, 3)}: distance ${num(r.distance, 5)}`,
		],
	},
};

const DEFAULT_HANDLES = {
	ray: { origin: [-3.4, -0.2], tip: [3.2, 1.2] },
	chain: { origin: [-3.6, -2.75], tip: [-0.4, -0.9] },
	shapeCast: { origin: [-3.5, -0.1], tip: [3.3, 0.9] },
	toi: { origin: [-3.2, 0.1], tip: [1.6, -0.1] },
};

class CastsPage {
	constructor() {
		this.view = new draw.View($('#casts-canvas'));
		this.np = null;
		this.shapes = [];
		this.mode = 'ray';
		this.handles = structuredClone(DEFAULT_HANDLES);
		this.solid = true;
		this.scrub = 0;
		this.result = [];
		this.backHit = null;
		this.drag = null;
		new ResizeObserver(() => this.view.resize() && this.render()).observe(this.view.canvas);
		this.bindInput();
	}

	get origin() { return this.handles[this.mode].origin; }
	set origin(p) { this.handles[this.mode].origin = p; }
	get tip() { return this.handles[this.mode].tip; }
	set tip(p) { this.handles[this.mode].tip = p; }

	async start() {
		this.view.resize();
		const np = await init();
		this.shapes = SHAPES.map((s) => ({ name: s.name, shape: s.make(np), transform: s.transform }));
		this.chain = np.chain2d(CHAIN);
		this.chainReversed = np.chain2d([...CHAIN].reverse());
		this.castShape = CAST_SHAPE(np);
		this.toiA = TOI_A(np);
		this.toiB = TOI_B(np);
		this.np = np;
		// The mode can be linked: casts.html#mode=toi (the handles start where the mode's defaults are).
		const linked = /(?:^#|&)mode=(\w+)/.exec(location.hash);
		if (linked && MODES[linked[1]]) this.setMode(linked[1]);
		else this.update();
		document.documentElement.dataset.ready = 'true';
	}

	setMode(mode) {
		if (!MODES[mode]) throw new TypeError(`unknown mode ${mode}`);
		this.mode = mode;
		for (const input of document.querySelectorAll('input[name="mode"]')) input.checked = input.value === mode;
		$('#ray-options').hidden = mode !== 'ray';
		$('#toi-options').hidden = mode !== 'toi';
		history.replaceState(null, '', mode === 'ray' ? location.pathname + location.search : `#mode=${mode}`);
		return this.update();
	}

	update() {
		if (!this.np) return this.state();
		this.result = MODES[this.mode].run(this);
		if (this.mode === 'toi') {
			const mark = $('#contact-mark');
			const f = this.result.result.fraction;
			mark.style.left = `${100 * f}%`;
			mark.hidden = !(this.result.result.state === 'hit' || this.result.result.state === 'failed');
			$('#scrub').value = String(this.scrub);
			$('#scrub-value').textContent = num(this.scrub, 3);
		}
		this.render();
		return this.state();
	}

	render() {
		const v = this.view;
		v.center = [0, 0];
		v.scale = Math.min(v.width / 8.4, v.height / 5.6);
		v.begin();
		v.grid(1);
		if (!this.np) return;
		const mode = this.mode;
		if (mode !== 'toi') {
			const hitNames = new Set(Array.isArray(this.result) ? this.result.map((h) => h.shape) : []);
			for (const s of this.shapes) {
				const faded = mode === 'chain';
				const hit = hitNames.has(s.name);
				draw.shape(v, s.shape.vertices, s.shape.radius, s.transform, faded ? palette.axis : hit ? palette.b : palette.a, faded ? 'rgba(0, 0, 0, 0.02)' : hit ? palette.bFill : palette.aFill);
				draw.label(v, s.transform.position, s.name, { align: 'center', color: palette.muted });
			}
			this.drawChain(v, hitNames.has('chain'));
		}
		MODES[mode].draw(v, this, this.result);
		draw.dot(v, this.origin, palette.ink, 8);
		draw.ring(v, this.tip, palette.edge, 9, 3);
		$('#summary').textContent = MODES[mode].explain(this, this.result);
		$('#results').replaceChildren(...MODES[mode].rows(this.result).map((text) => {
			const li = document.createElement('li');
			li.textContent = text;
			return li;
		}));
	}

	/** The chain as a polyline, with a short tick on the front (solid) side of each segment. */
	drawChain(v, hit) {
		draw.polyline(v, CHAIN);
		v.ctx.save();
		v.ctx.strokeStyle = hit ? palette.b : palette.polytope;
		v.ctx.lineWidth = 3;
		v.ctx.stroke();
		v.ctx.restore();
		for (let i = 0; i + 1 < CHAIN.length; i++) {
			const [p, q] = [CHAIN[i], CHAIN[i + 1]];
			const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
			// Right-hand normal of p -> q: the chain's front side (drawing only).
			const n = [(q[1] - p[1]) / len, -(q[0] - p[0]) / len];
			for (const t of [0.25, 0.5, 0.75]) draw.arrowDir(v, lerp2(p, q, t), n, 10, palette.polytope, 1.5);
		}
		draw.label(v, CHAIN[CHAIN.length - 1], 'chain', { dx: 4, dy: -12, color: palette.polytope });
	}

	state() {
		const base = {
			ready: this.np !== null,
			mode: this.mode,
			origin: [...this.origin],
			tip: [...this.tip],
			direction: rayDirection(this),
			solid: this.solid,
			shapes: this.shapes.map((s) => ({ name: s.name, kind: s.shape.kind, transform: structuredClone(s.transform) })),
			chain: { points: structuredClone(CHAIN) },
			hits: [],
			nearest: null,
			backHit: null,
			cast: null,
			toi: null,
		};
		if (!this.np) return base;
		if (this.mode === 'toi') {
			const r = this.result;
			base.toi = structuredClone(r);
			return base;
		}
		base.hits = structuredClone(this.result);
		base.nearest = this.result.length ? structuredClone(this.result[0]) : null;
		if (this.mode === 'chain') base.backHit = structuredClone(this.backHit);
		if (this.mode === 'shapeCast') {
			const c = this.castShape;
			base.cast = {
				shape: { kind: c.kind, vertices: structuredClone(c.vertices), radius: c.radius },
				angle: CAST_ANGLE,
				translation: rayDirection(this),
				hitPose: base.nearest ? MODES.shapeCast.hitPose(this, base.nearest) : null,
			};
		}
		return base;
	}

	bindInput() {
		const canvas = this.view.canvas;
		const at = (e) => {
			const r = canvas.getBoundingClientRect();
			return this.view.toWorld(e.clientX - r.left, e.clientY - r.top);
		};
		canvas.addEventListener('pointerdown', (e) => {
			const p = at(e);
			const tol = (e.pointerType === 'touch' ? 24 : 14) / this.view.scale;
			const dTip = Math.hypot(p[0] - this.tip[0], p[1] - this.tip[1]);
			const dOrigin = Math.hypot(p[0] - this.origin[0], p[1] - this.origin[1]);
			if (Math.min(dTip, dOrigin) > tol) return;
			this.drag = { end: dTip < dOrigin ? 'tip' : 'origin', id: e.pointerId };
			canvas.setPointerCapture(e.pointerId);
			e.preventDefault();
		});
		canvas.addEventListener('pointermove', (e) => {
			if (!this.drag || this.drag.id !== e.pointerId) return;
			this[this.drag.end] = at(e);
			this.update();
		});
		const end = (e) => {
			if (this.drag && this.drag.id === e.pointerId) this.drag = null;
		};
		canvas.addEventListener('pointerup', end);
		canvas.addEventListener('pointercancel', end);
		canvas.addEventListener('keydown', (e) => {
			const step = 0.1;
			const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }[e.key];
			if (!d) return;
			const which = e.shiftKey ? 'tip' : 'origin';
			this[which] = [this[which][0] + d[0], this[which][1] + d[1]];
			this.update();
			e.preventDefault();
		});
		$('#solid').addEventListener('change', (e) => {
			this.solid = e.target.checked;
			this.update();
		});
		for (const input of document.querySelectorAll('input[name="mode"]')) {
			input.addEventListener('change', (e) => e.target.checked && this.setMode(e.target.value));
		}
		$('#scrub').addEventListener('input', (e) => {
			this.scrub = Number(e.target.value);
			this.update();
		});
		$('#to-contact').addEventListener('click', () => {
			if (this.mode === 'toi') this.scrub = this.result.result.fraction;
			this.update();
		});
	}
}

const page = new CastsPage();
const api = {
	ready: null,
	setMode: (mode) => page.setMode(mode),
	setRay(origin, tip) {
		page.origin = [Number(origin[0]), Number(origin[1])];
		page.tip = [Number(tip[0]), Number(tip[1])];
		return page.update();
	},
	setSolid(solid) {
		page.solid = !!solid;
		$('#solid').checked = page.solid;
		return page.update();
	},
	setScrub(fraction) {
		const f = Number(fraction);
		if (!Number.isFinite(f)) throw new TypeError(`setScrub: a fraction in [0, 1], not ${fraction}`);
		page.scrub = Math.min(1, Math.max(0, f));
		return page.update();
	},
	scrubToContact() {
		if (page.mode === 'toi') page.scrub = page.result.result.fraction;
		return page.update();
	},
	state: () => page.state(),
	toClient(p) {
		const r = page.view.canvas.getBoundingClientRect();
		const [x, y] = page.view.toScreen(p);
		return { x: r.left + x, y: r.top + y };
	},
};
window.__np = api;
api.ready = page.start().then(() => api);
