// Input handling of the EPA teaching page, apart from the shape editors (editors.mjs): dragging
// in the world view (move a shape, turn it by its handle, reshape a polygon by a corner), the
// wheel, the world view's keys (select, move, rotate), and the player's keys, buttons, speed
// and Examples menu.
import { EXAMPLES } from './examples.mjs';

/** Pointer, wheel and keys on the world view. `demo` gives scene, worldView, editors, render(), select(). */
export class WorldInput {
	constructor(demo) {
		this.demo = demo;
		this.drag = null; // { which, id, mode: 'move' | 'rotate' | 'vertex', ... } while a pointer drags
		const canvas = demo.worldView.canvas;
		canvas.addEventListener('pointerdown', (e) => this.onPointerDown(e));
		canvas.addEventListener('pointermove', (e) => this.onPointerMove(e));
		canvas.addEventListener('pointerup', (e) => this.endDrag(e));
		canvas.addEventListener('pointercancel', (e) => this.endDrag(e));
		canvas.addEventListener('wheel', (e) => this.onWheel(e), { passive: false });
		canvas.addEventListener('keydown', (e) => this.onKey(e));
	}

	eventPoint(e) {
		const rect = this.demo.worldView.canvas.getBoundingClientRect();
		return [e.clientX - rect.left, e.clientY - rect.top];
	}

	onPointerDown(e) {
		const { scene, worldView: view } = this.demo;
		const { canvas } = view;
		if (!scene.q || (e.pointerType === 'mouse' && e.button !== 0)) return;
		const [px, py] = this.eventPoint(e);
		const p = view.toWorld(px, py);
		const tol = e.pointerType === 'touch' ? 22 : 11;
		const v = view.vertexAt(scene, px, py, e.pointerType === 'touch' ? 16 : 8);
		const h = v === null ? view.handleAt(scene, px, py, tol) : null;
		const w = v !== null ? scene.selected : h || view.shapeAt(scene, p, e.pointerType === 'touch' ? 10 : 2);
		if (!w) return;
		e.preventDefault();
		canvas.focus({ preventScroll: true, focusVisible: false });
		scene.selected = w;
		const t = scene.shapes[w].transform;
		if (v !== null) {
			this.drag = { which: w, id: e.pointerId, mode: 'vertex', index: v, hull: structuredClone(scene.shapes[w].shape.vertices) };
		} else if (h) {
			this.drag = { which: w, id: e.pointerId, mode: 'rotate', grab: Math.atan2(p[1] - t.position[1], p[0] - t.position[0]) - t.angle };
		} else {
			this.drag = { which: w, id: e.pointerId, mode: 'move', offset: [t.position[0] - p[0], t.position[1] - p[1]] };
		}
		canvas.setPointerCapture(e.pointerId);
		canvas.classList.add('dragging');
		this.demo.render();
	}

	onPointerMove(e) {
		const { scene, worldView: view } = this.demo;
		if (!scene.q) return;
		const [px, py] = this.eventPoint(e);
		const p = view.toWorld(px, py);
		const { drag } = this;
		if (!drag || drag.id !== e.pointerId) {
			if (e.pointerType === 'mouse') {
				view.canvas.style.cursor =
					view.vertexAt(scene, px, py, 8) !== null ? 'move' : view.handleAt(scene, px, py, 11) ? 'alias' : view.shapeAt(scene, p, 2) ? 'grab' : '';
			}
			return;
		}
		const s = scene.shapes[drag.which];
		const { which, mode } = drag;
		try {
			scene.update(() => {
				if (mode === 'move') {
					s.transform = { position: [p[0] + drag.offset[0], p[1] + drag.offset[1]], angle: s.transform.angle };
				} else if (mode === 'vertex') {
					// Move one hull vertex; the library takes the hull again (a vertex dragged inside
					// vanishes; a degenerate result is refused and the shape keeps its last valid form).
					const local = scene.toLocal(which, p).map((x) => +x.toFixed(3));
					const points = drag.hull.map((v, i) => (i === drag.index ? local : v.map((x) => +x.toFixed(3))));
					scene.replaceShape(which, 'polygon', { vertices: points, radius: s.params.radius });
				} else {
					const a = Math.atan2(p[1] - s.transform.position[1], p[0] - s.transform.position[0]) - drag.grab;
					s.transform = { position: s.transform.position, angle: Math.atan2(Math.sin(a), Math.cos(a)) };
				}
			});
		} catch {
			return; // the library refused this pose or shape: keep the last valid one
		}
		this.demo.render();
		this.demo.editors.sync(which, { params: mode === 'vertex' });
	}

	endDrag(e) {
		if (!this.drag || this.drag.id !== e.pointerId) return;
		this.drag = null;
		const { canvas } = this.demo.worldView;
		canvas.classList.remove('dragging');
		if (canvas.hasPointerCapture(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
	}

	onWheel(e) {
		const { scene, worldView: view } = this.demo;
		if (!scene.q) return;
		const [px, py] = this.eventPoint(e);
		const w = view.shapeAt(scene, view.toWorld(px, py), 2);
		if (!w) return;
		e.preventDefault();
		const s = scene.shapes[w];
		const pixels = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY; // lines to pixels
		const a = s.transform.angle - pixels * 0.003;
		scene.update(() => {
			s.transform = { position: s.transform.position, angle: Math.atan2(Math.sin(a), Math.cos(a)) };
		});
		scene.selected = w;
		this.demo.render();
		this.demo.editors.sync(w, { params: false });
	}

	/** 1/2 (or a/b) select, arrows move (Shift: further), Q/E rotate the selected shape. */
	onKey(e) {
		const { scene } = this.demo;
		if (!scene.q || e.altKey || e.ctrlKey || e.metaKey) return;
		const s = scene.shapes[scene.selected];
		const d = e.shiftKey ? 0.25 : 0.05;
		const turn = (e.shiftKey ? 15 : 5) * (Math.PI / 180);
		const [x, y] = s.transform.position;
		const angle = s.transform.angle;
		let t = null;
		switch (e.key) {
			case '1':
			case 'a':
				this.demo.select('a');
				break;
			case '2':
			case 'b':
				this.demo.select('b');
				break;
			case 'ArrowLeft':
				t = { position: [x - d, y], angle };
				break;
			case 'ArrowRight':
				t = { position: [x + d, y], angle };
				break;
			case 'ArrowUp':
				t = { position: [x, y + d], angle };
				break;
			case 'ArrowDown':
				t = { position: [x, y - d], angle };
				break;
			case 'q':
			case 'Q':
				t = { position: [x, y], angle: angle + turn };
				break;
			case 'e':
			case 'E':
				t = { position: [x, y], angle: angle - turn };
				break;
			default:
				return;
		}
		e.preventDefault();
		e.stopPropagation();
		if (!t) return;
		try {
			scene.update(() => {
				s.transform = t;
			});
		} catch {
			return; // out of the library's range: stay put
		}
		this.demo.render();
		this.demo.editors.sync(scene.selected, { params: false });
	}
}

/** The player's keys (anywhere but in a form field), buttons, speed menu and Examples menu. */
export function bindPlayerControls(demo) {
	const $ = (sel) => document.querySelector(sel);
	document.addEventListener('keydown', (e) => onPlayerKey(demo, e));
	$('#btn-step').addEventListener('click', () => demo.step());
	$('#btn-back').addEventListener('click', () => demo.back());
	$('#btn-reset').addEventListener('click', () => demo.reset());
	$('#btn-end').addEventListener('click', () => demo.end());
	$('#btn-play').addEventListener('click', () => demo.togglePlay());

	const exampleMenu = $('#example');
	for (const [name, ex] of Object.entries(EXAMPLES)) exampleMenu.append(new Option(ex.label, name));
	exampleMenu.addEventListener('change', () => {
		if (exampleMenu.value) demo.loadExample(exampleMenu.value);
	});

	$('#speed').addEventListener('change', (e) => demo.setSpeed(Number(e.target.value) || 1));
	for (const b of document.querySelectorAll('[data-chapter]')) b.addEventListener('click', () => demo.gotoChapter(b.dataset.chapter));
	bindCsoHover(demo);
}

/**
 * Linked views: a pointer over a GJK point or an EPA support point in the Minkowski view (hover with a mouse, a tap on a
 * touch screen) rings the vertices of A and B that made it in the world view.
 */
function bindCsoHover(demo) {
	const canvas = demo.csoView.canvas;
	const pick = (e) => {
		const rect = canvas.getBoundingClientRect();
		const hit = demo.csoView.pointAt(e.clientX - rect.left, e.clientY - rect.top, e.pointerType === 'touch' ? 22 : 12);
		if (hit !== demo.scene.hover) demo.setHover(hit);
	};
	canvas.addEventListener('pointermove', pick);
	canvas.addEventListener('pointerdown', pick);
	canvas.addEventListener('pointerleave', (e) => {
		if (e.pointerType === 'mouse' && demo.scene.hover) demo.setHover(null);
	});
}

function onPlayerKey(demo, e) {
	if (!demo.scene.q || e.altKey || e.ctrlKey || e.metaKey) return;
	const tag = e.target && e.target.tagName;
	if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
	const onButton = tag === 'BUTTON';
	switch (e.key) {
		case 'ArrowRight':
			demo.step();
			break;
		case 'ArrowLeft':
			demo.back();
			break;
		case ' ':
			if (onButton) return; // Space presses the focused button
			demo.togglePlay();
			break;
		case 'Home':
		case 'r':
		case 'R':
			demo.reset();
			break;
		case 'End':
			demo.end();
			break;
		case 'PageDown':
			demo.chapter(1);
			break;
		case 'PageUp':
			demo.chapter(-1);
			break;
		default:
			return;
	}
	e.preventDefault();
}
