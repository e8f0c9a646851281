// The casts playground: drag a ray across 2D shapes and read the library's answer for each.
//
// Every number comes from np.rayCast (one call per shape, maxFraction 1: the ray is the segment
// from the origin handle to the tip handle). The page only draws and words the results.
//
// The page is built around MODES, one entry per kind of cast, each with run(scene) (ask the
// library), draw(view, scene, result) and explain(scene, result). Only 'ray' exists today.
// HOOK(shape-cast), HOOK(toi), HOOK(chain) below mark where the other queries plug in when they
// land in the library (np.shapeCast, np.timeOfImpact, chain shapes): add a MODES entry, enable its
// radio button in casts.html, and extend state(). Nothing here imitates them meanwhile.
//
// Controller (tests, embedding): window.__np
//   ready                       Promise, resolves once the library is loaded and the scene drawn
//   setRay(origin, tip)         both [x, y] world points; returns state()
//   setSolid(bool)              the rayCast option; returns state()
//   state() { ready, mode, origin, tip, direction, solid, shapes: [{ name, kind, transform }],
//             hits: [{ shape, fraction, point, normal, frontFace }] (hits only, nearest first),
//             nearest (the first hit or null) }
//   toClient([x, y])            client pixels of a world point
import { init } from '../js/narrowphase.mjs';
import * as draw from './draw.mjs';
import { num, vec } from './format.mjs';

const { palette } = draw;
const $ = (sel) => document.querySelector(sel);

/** The scene's shapes: one of each kind, sharp and rounded. */
const SHAPES = [
	{ name: 'circle', make: (np) => np.circle(0.7), transform: { position: [-2.2, 1.1], angle: 0 } },
	{ name: 'box', make: (np) => np.box2d(0.8, 0.5), transform: { position: [0.2, 1.4], angle: 0.35 } },
	{ name: 'capsule', make: (np) => np.capsule2d(0.8, 0.35), transform: { position: [2.3, 0.6], angle: -0.8 } },
	{ name: 'triangle', make: (np) => np.polygon2d([[-0.8, -0.6], [0.9, -0.5], [0, 0.9]]), transform: { position: [-1.6, -1.3], angle: 0.2 } },
	{ name: 'rounded pentagon', make: (np) => np.polygon2d([[0.7, 0], [0.2, 0.66], [-0.57, 0.41], [-0.57, -0.41], [0.2, -0.66]], { radius: 0.2 }), transform: { position: [1.3, -1.3], angle: 0.5 } },
	// HOOK(chain): a chain shape goes here when the library has one (np.chain2d): rays against it
	// report which segment they hit.
];

const MODES = {
	ray: {
		run(scene) {
			const { np, origin, tip } = scene;
			const direction = [tip[0] - origin[0], tip[1] - origin[1]];
			if (direction[0] === 0 && direction[1] === 0) return [];
			const hits = [];
			for (const s of scene.shapes) {
				const hit = np.rayCast(s.shape, s.transform, origin, direction, { maxFraction: 1, solid: scene.solid });
				if (hit) hits.push({ shape: s.name, ...hit });
			}
			return hits.sort((a, b) => a.fraction - b.fraction);
		},
		draw(view, scene, hits) {
			const { origin, tip } = scene;
			const end = hits.length ? hits[0].point : tip;
			draw.segment(view, origin, tip, palette.muted, 1.5, [6, 5]);
			draw.segment(view, origin, end, palette.edge, 3);
			hits.forEach((h, i) => {
				draw.dot(view, h.point, i === 0 ? palette.edge : palette.muted, i === 0 ? 6 : 4.5);
				if (h.normal[0] !== 0 || h.normal[1] !== 0) draw.arrowDir(view, h.point, h.normal, i === 0 ? 40 : 26, i === 0 ? palette.ink : palette.muted, 2);
				draw.label(view, h.point, `t = ${num(h.fraction, 3)}`, { dx: 10, dy: -14, bold: i === 0, color: i === 0 ? palette.ink : palette.muted });
			});
		},
		explain(scene, hits) {
			if (hits.length === 0) return 'The ray misses every shape: np.rayCast returned null for each (no hit within maxFraction 1).';
			const h = hits[0];
			if (h.fraction === 0 && !h.frontFace) return `The origin is inside the ${h.shape}: with solid on, the ray hits at t = 0 with a zero normal. Untick "solid" to get where it leaves the shape.`;
			return `The ray first enters the ${h.shape} at t = ${num(h.fraction, 4)}, point ${vec(h.point, 3)}, where the surface normal is ${vec(h.normal, 3)} (it faces the ray: normal · direction < 0).`;
		},
	},
	// HOOK(shape-cast): shapeCast: { run: sweep a shape along origin -> tip with np.shapeCast; draw the
	// hit pose, point and normal; explain }.
	// HOOK(toi): toi: { run: np.timeOfImpact between two spinning shapes; a scrubber over the sweep
	// with the first-contact pose marked; explain }.
};

class CastsPage {
	constructor() {
		this.view = new draw.View($('#casts-canvas'));
		this.np = null;
		this.shapes = [];
		this.mode = 'ray';
		this.origin = [-3.4, -0.2];
		this.tip = [3.2, 1.2];
		this.solid = true;
		this.hits = [];
		this.drag = null;
		new ResizeObserver(() => this.view.resize() && this.render()).observe(this.view.canvas);
		this.bindInput();
	}

	async start() {
		this.view.resize();
		this.np = await init();
		this.shapes = SHAPES.map((s) => ({ name: s.name, shape: s.make(this.np), transform: s.transform }));
		this.update();
		document.documentElement.dataset.ready = 'true';
	}

	update() {
		this.hits = MODES[this.mode].run(this);
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
		const hitNames = new Set(this.hits.map((h) => h.shape));
		for (const s of this.shapes) {
			const colour = hitNames.has(s.name) ? palette.b : palette.a;
			draw.shape(v, s.shape.vertices, s.shape.radius, s.transform, colour, hitNames.has(s.name) ? palette.bFill : palette.aFill);
			draw.label(v, s.transform.position, s.name, { align: 'center', color: palette.muted });
		}
		MODES[this.mode].draw(v, this, this.hits);
		draw.dot(v, this.origin, palette.ink, 8);
		draw.ring(v, this.tip, palette.edge, 9, 3);
		$('#summary').textContent = MODES[this.mode].explain(this, this.hits);
		$('#results').replaceChildren(...this.hits.map((h) => {
			const li = document.createElement('li');
			li.textContent = `${h.shape}: t = ${num(h.fraction, 4)}, point ${vec(h.point, 3)}, normal ${vec(h.normal, 3)}${h.frontFace ? '' : ' (from inside)'}`;
			return li;
		}));
	}

	state() {
		const direction = [this.tip[0] - this.origin[0], this.tip[1] - this.origin[1]];
		return {
			ready: this.np !== null,
			mode: this.mode,
			origin: [...this.origin],
			tip: [...this.tip],
			direction,
			solid: this.solid,
			shapes: this.shapes.map((s) => ({ name: s.name, kind: s.shape.kind, transform: structuredClone(s.transform) })),
			hits: structuredClone(this.hits),
			nearest: this.hits.length ? structuredClone(this.hits[0]) : null,
		};
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
	}
}

const page = new CastsPage();
const api = {
	ready: null,
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
	state: () => page.state(),
	toClient(p) {
		const r = page.view.canvas.getBoundingClientRect();
		const [x, y] = page.view.toScreen(p);
		return { x: r.left + x, y: r.top + y };
	},
};
window.__np = api;
api.ready = page.start().then(() => api);
