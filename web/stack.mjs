// The stacking demo: a 2D pyramid (physics2d.mjs) and a 3D stack on a mesh floor (physics3d.mjs),
// stepped at 60 Hz, drawn, and measured: the largest distance any box has moved from where it
// started, against the tolerance the page states.
//
// Controller (tests, embedding): window.__np
//   ready                         Promise, resolves once the library is loaded and the scenes built
//   reset({ warmStarting, ghosts }) rebuilds both scenes with these options; returns state()
//   run(seconds)                  steps both scenes `seconds` of simulated time at full speed (no
//                                 drawing in between); returns state()
//   pause(), play()               the real-time animation
//   state() { ready, time, warmStarting, ghosts, tolerance,
//             drift2d, drift3d (largest distance from the start), turn2d, turn3d (largest rotation, rad),
//             boxes2d: [{ x, y, angle }], boxes3d: [{ position, rotation }], ghostContacts (3D, last step),
//             ghostContactsTotal (3D, every step since the reset),
//             standing2d, standing3d }
import { init } from '../js/narrowphase.mjs';
import * as draw from './draw.mjs';
import { num } from './format.mjs';
import { pyramid } from './physics2d.mjs';
import { GHOST_TILT, rotate, tower } from './physics3d.mjs';

const { palette } = draw;
const $ = (sel) => document.querySelector(sel);
const TOLERANCE = 0.05; // world units (boxes are 1 across) and radians
const DT = 1 / 60;

class StackPage {
	constructor() {
		this.view2 = new draw.View($('#canvas2d'));
		this.view3 = new draw.View($('#canvas3d'));
		this.np = null;
		this.options = { warmStarting: true, ghosts: false };
		this.playing = true;
		this.last = 0;
		for (const v of [this.view2, this.view3]) new ResizeObserver(() => v.resize() && this.render()).observe(v.canvas);
		$('#tolerance').textContent = `${TOLERANCE} (and ${TOLERANCE} rad)`;
		$('#play').addEventListener('click', () => (this.playing ? this.pause() : this.play()));
		$('#reset').addEventListener('click', () => this.reset(this.options));
		$('#run60').addEventListener('click', () => this.run(60));
		$('#warm').addEventListener('change', (e) => this.reset({ ...this.options, warmStarting: e.target.checked }));
		$('#ghosts').addEventListener('change', (e) => this.reset({ ...this.options, ghosts: e.target.checked }));
	}

	async start() {
		this.view2.resize();
		this.view3.resize();
		this.np = await init();
		this.reset(this.options);
		requestAnimationFrame((t) => this.tick(t));
	}

	reset(options) {
		this.options = { warmStarting: options.warmStarting !== false, ghosts: !!options.ghosts };
		$('#warm').checked = this.options.warmStarting;
		$('#ghosts').checked = this.options.ghosts;
		if (this.w2) this.w2.dispose();
		if (this.w3) this.w3.dispose();
		this.w2 = pyramid(this.np, { warmStarting: this.options.warmStarting });
		this.w3 = tower(this.np, this.options);
		this.start2 = this.w2.bodies.map((b) => ({ x: b.x, y: b.y, angle: b.angle }));
		this.start3 = this.w3.bodies.map((b) => ({ x: [...b.x] }));
		this.time = 0;
		this.render();
		return this.state();
	}

	step() {
		this.w2.step(DT);
		this.w3.step(DT);
		this.time += DT;
	}

	run(seconds) {
		const steps = Math.round(seconds / DT);
		for (let i = 0; i < steps; i++) this.step();
		this.render();
		return this.state();
	}

	tick(t) {
		if (this.playing && this.np) {
			// Real time, at most 4 steps per frame (a slow machine just runs slower).
			const due = Math.min(4, Math.max(1, Math.round((t - this.last) / (1000 * DT))));
			for (let i = 0; i < due; i++) this.step();
			this.render();
		}
		this.last = t;
		requestAnimationFrame((u) => this.tick(u));
	}

	pause() {
		this.playing = false;
		$('#play').textContent = 'Play';
		return this.state();
	}

	play() {
		this.playing = true;
		$('#play').textContent = 'Pause';
		return this.state();
	}

	/** The stack's 6 boxes (the slider is not part of the stack). */
	stackBodies() {
		return this.w3.bodies.filter((b) => b !== this.w3.slider);
	}

	state() {
		if (!this.w2) return { ready: false };
		const boxes2 = this.w2.bodies.slice(1);
		const start2 = this.start2.slice(1);
		const drift2d = Math.max(...boxes2.map((b, i) => Math.hypot(b.x - start2[i].x, b.y - start2[i].y)));
		const turn2d = Math.max(...boxes2.map((b, i) => Math.abs(b.angle - start2[i].angle)));
		const stack = this.stackBodies();
		const drift3d = Math.max(...stack.map((b, i) => Math.hypot(b.x[0] - this.start3[i].x[0], b.x[1] - this.start3[i].x[1], b.x[2] - this.start3[i].x[2])));
		const turn3d = Math.max(...stack.map((b) => 2 * Math.acos(Math.min(1, Math.abs(b.q[3])))));
		return {
			ready: true,
			time: this.time,
			warmStarting: this.options.warmStarting,
			ghosts: this.options.ghosts,
			tolerance: TOLERANCE,
			drift2d, turn2d, drift3d, turn3d,
			standing2d: drift2d <= TOLERANCE && turn2d <= TOLERANCE,
			standing3d: drift3d <= TOLERANCE && turn3d <= TOLERANCE,
			boxes2d: boxes2.map((b) => ({ x: b.x, y: b.y, angle: b.angle })),
			boxes3d: stack.map((b) => ({ position: [...b.x], rotation: [...b.q] })),
			ghostContacts: this.ghostContacts(),
			ghostContactsTotal: this.w3.ghostCount,
		};
	}

	/** Floor contacts of the last step whose normal is not straight down (the floor is flat). */
	ghostContacts() {
		return this.w3.contacts.filter((c) => c.b.invMass === 0 && Math.hypot(c.n[0], c.n[2]) > GHOST_TILT).length;
	}

	render() {
		if (!this.w2) return;
		this.render2d();
		this.render3d();
		const s = this.state();
		const verdict = (ok) => (ok ? 'standing' : 'moved beyond the tolerance');
		$('#readout2d').textContent = `t = ${num(s.time, 1)} s · worst box moved ${num(s.drift2d, 4)}, turned ${num(s.turn2d, 4)} rad: ${verdict(s.standing2d)}.`;
		$('#readout3d').textContent = `t = ${num(s.time, 1)} s · worst box moved ${num(s.drift3d, 4)}, turned ${num(s.turn3d, 4)} rad: ${verdict(s.standing3d)} · ${s.ghostContacts} ghost contact(s) this step.`;
	}

	render2d() {
		const v = this.view2;
		v.center = [0, 2.6];
		v.scale = Math.min(v.width / 9, v.height / 6.5);
		v.begin();
		v.grid(1);
		this.w2.bodies.forEach((b, i) => {
			const verts = [[-b.hx, -b.hy], [b.hx, -b.hy], [b.hx, b.hy], [-b.hx, b.hy]];
			const moved = i > 0 && Math.hypot(b.x - this.start2[i].x, b.y - this.start2[i].y) > TOLERANCE;
			draw.shape(v, verts, 0, { position: [b.x, b.y], angle: b.angle }, i === 0 ? palette.muted : moved ? palette.edge : palette.a, i === 0 ? 'rgba(107,115,133,0.15)' : palette.aFill);
		});
		for (const c of this.w2.contacts) draw.dot(v, [c.px, c.py], palette.b, 2.5, null);
	}

	render3d() {
		const v = this.view3;
		v.begin();
		// Isometric: the floor's corners and the stack's top fit (x - z spans 16, the height about 11.3).
		const s = Math.min(v.width / 14.5, v.height / 12);
		const project = ([x, y, z]) => [v.width / 2 + (x - z) * 0.87 * s, v.height * 0.05 + 7.3 * s - (y - (x + z) * 0.5) * s];
		const { ctx } = v;
		const line = (p, q, colour, width) => {
			ctx.beginPath();
			ctx.moveTo(...project(p));
			ctx.lineTo(...project(q));
			ctx.strokeStyle = colour;
			ctx.lineWidth = width;
			ctx.stroke();
		};
		const { vertices, indices } = this.w3.floorGeometry;
		for (let i = 0; i < indices.length; i += 3) {
			const [a, b, c] = [indices[i], indices[i + 1], indices[i + 2]].map((k) => vertices[k]);
			line(a, b, palette.grid, 1);
			line(b, c, palette.grid, 1);
			line(c, a, palette.grid, 1);
		}
		for (const b of this.w3.bodies) {
			const corners = [];
			for (const sx of [-1, 1]) for (const sy of [-1, 1]) for (const sz of [-1, 1]) {
				const p = rotate(b.q, [sx * b.half[0], sy * b.half[1], sz * b.half[2]]);
				corners.push([p[0] + b.x[0], p[1] + b.x[1], p[2] + b.x[2]]);
			}
			const colour = b === this.w3.slider ? palette.b : palette.a;
			for (let i = 0; i < 8; i++) for (const bit of [1, 2, 4]) if (!(i & bit)) line(corners[i], corners[i | bit], colour, 2);
		}
		for (const c of this.w3.contacts) {
			const ghost = c.b.invMass === 0 && Math.hypot(c.n[0], c.n[2]) > GHOST_TILT;
			if (ghost) line(c.p, [c.p[0] - 0.6 * c.n[0], c.p[1] - 0.6 * c.n[1], c.p[2] - 0.6 * c.n[2]], palette.edge, 2.5);
			const [x, y] = project(c.p);
			ctx.beginPath();
			ctx.arc(x, y, 2.5, 0, 2 * Math.PI);
			ctx.fillStyle = ghost ? palette.edge : palette.b;
			ctx.fill();
		}
	}
}

const page = new StackPage();
const api = {
	ready: null,
	reset: (options = {}) => page.reset(options),
	run: (seconds) => page.run(seconds),
	pause: () => page.pause(),
	play: () => page.play(),
	state: () => page.state(),
};
window.__np = api;
api.ready = page.start().then(() => api);
