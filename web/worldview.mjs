// The world view of the EPA teaching page: shapes A and B in their poses, their rotation handles
// and a selected polygon's corner squares, the contact points and normal when they overlap (and B
// moved by depth·normal at the result), the closest points when they are apart. Also the view's
// hit tests for the pointer: which shape, handle or corner lies under a pixel.
import * as draw from './draw.mjs';
import { idName } from './explainmore.mjs';
import { num } from './format.mjs';

const { palette } = draw;

const WORLD_HALF_SPAN = 3.2; // world units visible from the centre to the nearest canvas edge

/** The unselected shape first, so the selected one is drawn on top and hit first. */
const drawOrder = (scene) => (scene.selected === 'a' ? ['b', 'a'] : ['a', 'b']);
const hitOrder = (scene) => (scene.selected === 'a' ? ['a', 'b'] : ['b', 'a']);

export class WorldView extends draw.View {
	/** Rotation handle of a shape: a knob on its local x axis just outside its outline (UI only). */
	handlePoint(scene, which) {
		const s = scene.shapes[which];
		let extent = 0;
		for (const v of s.shape.vertices) extent = Math.max(extent, Math.hypot(v[0], v[1]));
		const r = extent + s.shape.radius + 26 / this.scale;
		const { position, angle } = s.transform;
		return [position[0] + r * Math.cos(angle), position[1] + r * Math.sin(angle)];
	}

	/** Which shape is under a world point? Asks the library: overlap with a tiny probe circle. */
	shapeAt(scene, p, tolerancePx) {
		const { np } = scene;
		const probe = np.circle(Math.max(tolerancePx, 1) / this.scale);
		try {
			for (const w of hitOrder(scene)) {
				const s = scene.shapes[w];
				if (np.overlap(s.shape, s.transform, probe, { position: p, angle: 0 })) return w;
			}
			return null;
		} finally {
			probe.dispose();
		}
	}

	/** Index of the selected polygon's hull vertex under the pointer, or null. */
	vertexAt(scene, px, py, tolerancePx) {
		const w = scene.selected;
		if (scene.shapes[w].kind !== 'polygon') return null;
		let best = null;
		let bestDistance = tolerancePx;
		scene.shapes[w].shape.vertices.forEach((v, i) => {
			const [x, y] = this.toScreen(scene.vertexPoint(w, i));
			const d = Math.hypot(x - px, y - py);
			if (d <= bestDistance) {
				best = i;
				bestDistance = d;
			}
		});
		return best;
	}

	handleAt(scene, px, py, tolerancePx) {
		for (const w of hitOrder(scene)) {
			const [hx, hy] = this.toScreen(this.handlePoint(scene, w));
			if (Math.hypot(hx - px, hy - py) <= tolerancePx) return w;
		}
		return null;
	}

	draw(scene) {
		this.center = [0, 0];
		this.scale = Math.min(this.width, this.height) / (2 * WORLD_HALF_SPAN);
		this.begin();
		this.grid(1);
		if (!scene.q) return;
		this.drawGhost(scene);
		this.drawShapes(scene);
		this.drawCorners(scene);
		const info = scene.frameInfo();
		if (info.phase === 'clip') this.drawClip(scene, info);
		else if (scene.q.pen) {
			// GJK does not know the contact points yet: its frames show only the vertices it uses.
			if (info.phase !== 'gjk') this.drawContacts(scene.q.manifold);
		}
		else this.drawClosestPoints(scene.q.dist);
		// Linked views: the vertices of A and B that made the hovered (or the current) GJK or EPA point.
		const linked = scene.linkedVertex(info);
		if (linked) this.drawVertexPair(linked);
	}

	/** The two core vertices behind a Minkowski point w = wA − wB, ringed and joined. */
	drawVertexPair(v) {
		draw.segment(this, v.wA, v.wB, palette.support, 1.5, [4, 4]);
		draw.ring(this, v.wA, palette.a, 9, 3);
		draw.ring(this, v.wB, palette.b, 9, 3);
		draw.label(this, v.wA, `A${v.indexA}`, { dx: -12, dy: -14, align: 'right', color: palette.a, bold: true });
		draw.label(this, v.wB, `B${v.indexB}`, { dx: 12, dy: -14, color: palette.b, bold: true });
	}

	/** A manifold frame: the reference face, incident edge, side planes and clipped ends. */
	drawClip(scene, info) {
		const { q } = scene;
		const clip = q.manifold.clip;
		if (info.stage === 'kept' || info.stage === 'closest' || info.stage === 'closed-form') {
			this.drawContacts(q.manifold);
			q.manifold.points.forEach((p) => draw.label(this, p.pointA, idName(p.id), { dx: -10, dy: 16, align: 'right', color: palette.muted }));
			if (info.stage !== 'kept') return;
		}
		const axesOnly = info.stage === 'axes';
		const a = clip.attempts[axesOnly ? 0 : info.attempt ?? clip.attempts.length - 1];
		if (!a) return;
		const refColour = palette[a.refShape];
		const incColour = palette[a.refShape === 'a' ? 'b' : 'a'];
		draw.segment(this, a.refStart, a.refEnd, refColour, 6);
		const mid = [(a.refStart[0] + a.refEnd[0]) / 2, (a.refStart[1] + a.refEnd[1]) / 2];
		draw.arrowDir(this, mid, a.refNormal, 40, refColour, 2.5);
		draw.label(this, mid, 'reference', { dx: 0, dy: 18, align: 'center', color: refColour, bold: true });
		if (axesOnly || info.stage === 'kept') return;
		draw.segment(this, a.incStart, a.incEnd, incColour, 5);
		draw.label(this, a.incStart, 'incident', { dx: 8, dy: 16, color: incColour, bold: true });
		if (info.stage === 'faces') return;
		// Side planes: lines through the face's ends along the normal; the current one solid.
		const reach = 8;
		const n = a.refNormal;
		[a.refStart, a.refEnd].forEach((p, k) => {
			const current = (info.stage === 'side0' && k === 0) || (info.stage === 'side1' && k === 1);
			const done = info.stage === 'side1' && k === 0;
			if (!current && !done) return;
			draw.segment(this, [p[0] - reach * n[0], p[1] - reach * n[1]], [p[0] + reach * n[0], p[1] + reach * n[1]], palette.edge, current ? 2 : 1, current ? [] : [5, 4]);
		});
		const upto = info.stage === 'side0' ? 1 : 2;
		[0, 1].forEach((k) => {
			const by = a.clippedBy[k];
			const end = k === 0 ? a.incStart : a.incEnd;
			const moved = by !== 0 && by <= upto;
			if (moved) {
				draw.segment(this, end, a.points[k], palette.muted, 1.5, [3, 3]);
				draw.ring(this, end, palette.muted, 5, 1.5);
			}
			draw.dot(this, moved ? a.points[k] : end, palette.support, 5);
		});
	}

	/** The penetration vector made visible: a ghost of B moved by depth * normal just touches A. */
	drawGhost(scene) {
		const { pen } = scene.q;
		if (!(pen && scene.frameInfo().phase === 'result' && pen.depth > 0)) return;
		const b = scene.shapes.b;
		const t = b.transform;
		const moved = { position: [t.position[0] + pen.depth * pen.normal[0], t.position[1] + pen.depth * pen.normal[1]], angle: t.angle };
		this.ctx.save();
		this.ctx.setLineDash([6, 5]);
		draw.shape(this, b.shape.vertices, b.shape.radius, moved, palette.b, 'rgba(217, 115, 26, 0.05)', { dashedCore: false });
		this.ctx.restore();
	}

	/** Both shapes, then their rotation handles and labels. */
	drawShapes(scene) {
		const order = drawOrder(scene);
		for (const w of order) {
			const s = scene.shapes[w];
			draw.shape(this, s.shape.vertices, s.shape.radius, s.transform, palette[w], palette[w + 'Fill'], { selected: scene.selected === w });
		}
		for (const w of order) {
			const s = scene.shapes[w];
			const h = this.handlePoint(scene, w);
			this.ctx.save();
			this.ctx.globalAlpha = scene.selected === w ? 1 : 0.5;
			draw.segment(this, s.transform.position, h, palette[w], 1.25, [2, 3]);
			draw.dot(this, h, palette[w], scene.selected === w ? 7 : 6);
			this.ctx.restore();
			draw.dot(this, s.transform.position, palette[w], 3, null);
			draw.label(this, s.transform.position, w.toUpperCase(), { dx: 7, dy: -9, color: palette[w], bold: true, size: 15 });
		}
	}

	/** The selected polygon's hull vertices can be dragged: small squares. */
	drawCorners(scene) {
		const sel = scene.shapes[scene.selected];
		if (sel.kind !== 'polygon') return;
		const { ctx } = this;
		sel.shape.vertices.forEach((v, i) => {
			const [x, y] = this.toScreen(scene.vertexPoint(scene.selected, i));
			ctx.save();
			ctx.fillStyle = '#ffffff';
			ctx.strokeStyle = palette[scene.selected];
			ctx.lineWidth = 1.75;
			ctx.fillRect(x - 4, y - 4, 8, 8);
			ctx.strokeRect(x - 4, y - 4, 8, 8);
			ctx.restore();
		});
	}

	/** Contact manifold: point on A (filled), point on B (ring), the normal and each depth. */
	drawContacts(manifold) {
		const pts = manifold.points;
		pts.forEach((c) => {
			draw.segment(this, c.pointA, c.pointB, palette.normal, 2);
			draw.dot(this, c.pointA, palette.a, 4.5);
			draw.ring(this, c.pointB, palette.b, 6.5, 2);
		});
		if (pts.length === 0) return;

		const n = manifold.normal;
		const base = pts.length === 2 ? [(pts[0].pointA[0] + pts[1].pointA[0]) / 2, (pts[0].pointA[1] + pts[1].pointA[1]) / 2] : pts[0].pointA;
		draw.arrowDir(this, base, n, 46, palette.normal, 2.5);
		const tip = [base[0] + (n[0] * 58) / this.scale, base[1] + (n[1] * 58) / this.scale];
		draw.label(this, tip, 'n', { align: 'center', color: palette.normal, bold: true, size: 14 });

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
			draw.label(this, c.pointB, `${num(c.depth, 3)}`, {
				dx,
				dy,
				align: Math.abs(dx) < 6 ? 'center' : dx < 0 ? 'right' : 'left',
				color: palette.ink,
			});
		});
	}

	/** Apart: the closest points and the distance between them. */
	drawClosestPoints({ pointA, pointB, distance }) {
		draw.segment(this, pointA, pointB, palette.distance, 2, [6, 5]);
		draw.dot(this, pointA, palette.a, 4.5);
		draw.dot(this, pointB, palette.b, 4.5);
		const mid = [(pointA[0] + pointB[0]) / 2, (pointA[1] + pointB[1]) / 2];
		draw.label(this, mid, `distance ${num(distance, 3)}`, { dx: 10, dy: -12, color: palette.distance, bold: true });
	}
}
