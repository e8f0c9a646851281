// Input through the shape editors of the EPA teaching page: one form per shape (kind, its
// parameters, polygon points, pose), kept in sync with the scene, applied through the library as
// the user types, with the library's message beside the form when it refuses the input.
import { DEFAULTS } from './examples.mjs';
import { deg } from './format.mjs';

/** The editor form's fields for the kind's parameters, read as numbers (blank is NaN). */
function readParams(fields, kind) {
	const f = fields;
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

/** A random convex-ish polygon: 3 to 8 points around the origin, 2 decimals. */
function randomVertices() {
	const count = 3 + Math.floor(Math.random() * 6);
	const angles = Array.from({ length: count }, () => Math.random() * 2 * Math.PI).sort((x, y) => x - y);
	return angles.map((t) => {
		const r = 0.6 + Math.random() * 0.8;
		return [+(r * Math.cos(t)).toFixed(2), +(r * Math.sin(t)).toFixed(2)];
	});
}

export class Editors {
	/** `demo` gives the scene, render() and select(which). */
	constructor(demo) {
		this.demo = demo;
		const rows = document.getElementById('editor-rows').content;
		this.roots = {};
		for (const which of ['a', 'b']) {
			this.roots[which] = document.querySelector(`.editor[data-which="${which}"]`);
			this.roots[which].append(rows.cloneNode(true));
		}
		for (const which of ['a', 'b']) this.listen(which);
	}

	listen(which) {
		const root = this.roots[which];
		root.addEventListener('input', (e) => {
			if (e.target.tagName !== 'TEXTAREA') return this.onInput(which, e);
			this.onPointsTyped(which);
		});
		root.addEventListener('change', (e) => this.onInput(which, e));
		root.querySelector('[name="randomise"]').addEventListener('click', () => this.randomPolygon(which));
		root.addEventListener('focusin', () => this.demo.select(which));
	}

	fields(which) {
		return Object.fromEntries([...this.roots[which].querySelectorAll('[name]')].map((el) => [el.name, el]));
	}

	/** Puts the scene's values into the form (never into the field being typed in). */
	sync(which, { pose = true, params = true } = {}) {
		const s = this.demo.scene.shapes[which];
		const root = this.roots[which];
		const f = this.fields(which);
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
		root.querySelector('.error').textContent = s.error || '';
	}

	showError(which, err) {
		this.demo.scene.shapes[which].error = err.code ? `${err.message} (${err.code})` : err.message;
		this.sync(which, { pose: false, params: false });
	}

	onInput(which, event) {
		const el = event.target;
		const { scene } = this.demo;
		if (!el.name || !scene.q) return;
		const s = scene.shapes[which];
		try {
			scene.update(() => {
				if (el.name === 'x' || el.name === 'y' || el.name === 'angle') {
					const f = this.fields(which);
					const x = Number(f.x.value);
					const y = Number(f.y.value);
					const a = (Number(f.angle.value) * Math.PI) / 180;
					if (![x, y, a].every(Number.isFinite)) return;
					s.transform = { position: [x, y], angle: a };
				} else if (el.name === 'kind') {
					scene.replaceShape(which, el.value, s.kind === el.value ? s.params : DEFAULTS[el.value]);
				} else {
					scene.replaceShape(which, s.kind, readParams(this.fields(which), s.kind));
				}
				s.error = null;
			});
			this.sync(which, { pose: el.name === 'kind' });
			this.demo.render();
		} catch (err) {
			this.showError(which, err);
		}
	}

	/** While typing points, apply each valid state silently; errors show on 'change' (blur). */
	onPointsTyped(which) {
		const { scene } = this.demo;
		try {
			scene.update(() => scene.replaceShape(which, 'polygon', readParams(this.fields(which), 'polygon')));
			this.sync(which, { pose: false, params: false });
			this.demo.render();
		} catch {
			// incomplete input: keep the last valid polygon
		}
	}

	randomPolygon(which) {
		const { scene } = this.demo;
		const vertices = randomVertices();
		const rounding = scene.shapes[which].kind === 'polygon' ? scene.shapes[which].params.radius : 0;
		try {
			scene.update(() => scene.replaceShape(which, 'polygon', { vertices, radius: rounding }));
		} catch (err) {
			// A random draw can be degenerate (all points nearly collinear): the library says so; retry.
			if (err.code === 'NP_DEGENERATE') return this.randomPolygon(which);
			return this.showError(which, err);
		}
		this.sync(which);
		this.demo.render();
	}
}
