// The Minkowski view of the EPA teaching page: the CSO A − B (core and rounded outline) and the
// origin, with what the player shows over it: GJK's final simplex at the start, the polytope, its
// closest edge, normal and support point at each EPA step, the penetration vector at the result,
// and the closest point when the shapes are apart. The view keeps its zoom while the CSO fits.
import * as draw from './draw.mjs';
import { pairName } from './explainmore.mjs';
import { num } from './format.mjs';

const { palette } = draw;

/** Grid spacing of 1, 2 or 5 times a power of ten, about one line every 48 px. */
function gridStep(scale) {
	const target = 48 / scale;
	const p = 10 ** Math.floor(Math.log10(target));
	for (const m of [1, 2, 5, 10]) if (m * p >= target) return m * p;
	return 10 * p;
}

export class CsoView extends draw.View {
	constructor(canvas) {
		super(canvas);
		this.fitted = null; // canvas size when the zoom was last fitted
		this.hot = []; // GJK and EPA support points drawn in this frame, for hovering: { vertex }
	}

	/** The traced GJK or EPA support point (with its source vertices) under a CSS pixel, or null. */
	pointAt(px, py, tolerancePx) {
		let best = null;
		let bestDistance = tolerancePx;
		for (const h of this.hot) {
			const [x, y] = this.toScreen(h.vertex.w);
			const d = Math.hypot(x - px, y - py);
			if (d <= bestDistance) {
				best = h.vertex;
				bestDistance = d;
			}
		}
		return best;
	}

	/** Fits the CSO and the origin; refits only when the content leaves the view or gets small. */
	fit(cso) {
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
		const w = Math.max(x1 - x0, 1e-3);
		const h = Math.max(y1 - y0, 1e-3);
		const ideal = Math.min((this.width - 48) / w, (this.height - 48) / h);
		const inside = this.fitted && this.fitted.width === this.width && this.fitted.height === this.height && (() => {
			const a = this.toScreen([x0, y1]);
			const b = this.toScreen([x1, y0]);
			return a[0] >= 16 && a[1] >= 16 && b[0] <= this.width - 16 && b[1] <= this.height - 16;
		})();
		if (!inside || this.scale > ideal * 1.0001 || this.scale < ideal * 0.6) {
			this.scale = ideal;
			this.center = [(x0 + x1) / 2, (y0 + y1) / 2];
			this.fitted = { width: this.width, height: this.height };
		}
	}

	draw(scene) {
		const { q } = scene;
		if (!q) {
			this.begin();
			return;
		}
		this.fit(q.cso);
		this.begin();
		this.grid(gridStep(this.scale));
		const identity = { position: [0, 0], angle: 0 };
		draw.shape(this, q.cso.vertices, q.cso.radius, identity, palette.cso, palette.csoFill, { dashedCore: true });

		const info = scene.frameInfo();
		this.hot = [];
		if (info.phase === 'gjk') this.drawGjk(info.step, scene.hover);
		else if (info.phase === 'clip') this.drawResult(q.pen);
		else if (info.phase === 'apart') this.drawClosestPoint(q.dist);
		else if (info.phase === 'start') this.drawSimplex(q.pen.simplex);
		else if (info.phase === 'step') this.drawStep(info.step, scene.hover);
		else this.drawResult(q.pen);
	}

	/** Apart: the point of A − B closest to the origin, at the distance between the shapes. */
	drawClosestPoint({ pointA, pointB, distance }) {
		const c = [pointA[0] - pointB[0], pointA[1] - pointB[1]];
		draw.origin(this);
		draw.segment(this, [0, 0], c, palette.distance, 2.5, [6, 5]);
		draw.dot(this, c, palette.distance, 5);
		draw.label(this, c, `closest point, distance ${num(distance, 3)}`, { dx: 10, dy: -12, color: palette.distance, bold: true });
	}

	/**
	 * One GJK step: the simplex (dropped points crossed out), its closest point to the origin, the
	 * search direction and the support point found along it. `hover`: a point to ring.
	 */
	drawGjk(st, hover) {
		const { ctx } = this;
		const pts = st.simplex.map((v) => v.w);
		if (pts.length >= 2) {
			draw.polyline(this, pts, pts.length === 3);
			ctx.save();
			if (pts.length === 3) {
				ctx.fillStyle = 'rgba(123, 92, 196, 0.14)';
				ctx.fill();
			}
			ctx.strokeStyle = palette.simplex;
			ctx.lineWidth = 2.5;
			ctx.stroke();
			ctx.restore();
			// The kept part (a vertex or an edge) drawn over it.
			const kept = st.simplex.filter((_, i) => st.kept[i]).map((v) => v.w);
			if (kept.length === 2) draw.segment(this, kept[0], kept[1], palette.polytope, 4.5);
		}
		draw.origin(this, st.direction);
		if (pts.length > 0 && st.stop !== 'overlap') {
			draw.segment(this, [0, 0], st.closest, palette.distance, 2, [5, 4]);
			draw.dot(this, st.closest, palette.distance, 4.5);
		}
		if (st.support) {
			const from = pts.length > 0 ? st.closest : [0, 0];
			const l = Math.hypot(st.direction[0], st.direction[1]);
			const unit = [st.direction[0] / l, st.direction[1] / l];
			if (pts.length === 0) draw.arrowDir(this, [0, 0], unit, 44, palette.ink, 2);
			else if (Math.hypot(...st.closest) * this.scale > 8) draw.arrowDir(this, from, unit, 40, palette.ink, 2);
			draw.label(this, from, 'd', { dx: 10, dy: 12, bold: true });
		}
		st.simplex.forEach((v, i) => {
			this.hot.push({ vertex: v });
			if (st.kept[i] || pts.length <= 1) {
				draw.dot(this, v.w, palette.simplex, 5.5);
			} else {
				// Dropped: a grey point with a cross.
				draw.dot(this, v.w, palette.muted, 5);
				const [x, y] = this.toScreen(v.w);
				ctx.save();
				ctx.strokeStyle = palette.edge;
				ctx.lineWidth = 2;
				ctx.beginPath();
				ctx.moveTo(x - 7, y - 7);
				ctx.lineTo(x + 7, y + 7);
				ctx.moveTo(x + 7, y - 7);
				ctx.lineTo(x - 7, y + 7);
				ctx.stroke();
				ctx.restore();
			}
			draw.label(this, v.w, pairName(v), { dx: 9, dy: -11, color: st.kept[i] ? palette.simplex : palette.muted, bold: true });
		});
		if (st.support) {
			this.hot.push({ vertex: st.support });
			draw.dot(this, st.support.w, palette.support, 6.5);
			draw.label(this, st.support.w, `support ${pairName(st.support)}`, { dx: 12, dy: 14, bold: true });
		}
		if (hover) draw.ring(this, hover.w, palette.edge, 11, 2.5);
	}

	/** Start: GJK's final simplex around the origin, EPA's first polytope. */
	drawSimplex(s) {
		const { ctx } = this;
		if (s.length >= 2) {
			draw.polyline(this, s, s.length === 3);
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
			draw.dot(this, p, palette.simplex, 5);
			draw.label(this, p, `w${i}`, { dx: 8, dy: -10, color: palette.simplex, bold: true });
		});
		draw.origin(this);
	}

	/** One EPA step: the polytope, its closest edge and normal, the support point and its level. */
	drawStep(st, hover) {
		const { ctx } = this;
		const poly = st.polytope;
		const n = poly.length;
		draw.polyline(this, poly, true);
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
		const reach = Math.max(this.width, this.height) / this.scale;
		draw.segment(this, [level[0] - tangent[0] * reach, level[1] - tangent[1] * reach], [level[0] + tangent[0] * reach, level[1] + tangent[1] * reach], palette.muted, 1, [3, 4]);
		if (st.stop === 'continue') {
			// The expansion this step makes: the edge is replaced by two edges through the support point.
			draw.segment(this, e0, st.support, palette.polytope, 2, [6, 4]);
			draw.segment(this, st.support, e1, palette.polytope, 2, [6, 4]);
		}
		draw.segment(this, e0, e1, palette.edge, 4.5);
		poly.forEach((p) => draw.dot(this, p, palette.polytope, 4));

		// Origin to the closest edge: its distance is this iteration's candidate depth.
		draw.segment(this, [0, 0], foot, palette.edge, 2);
		draw.dot(this, foot, palette.edge, 3.5, null);
		// The edge's outward normal n, drawn at a fixed length from the edge's closest point.
		draw.arrowDir(this, foot, nrm, 34, palette.ink, 1.75);
		draw.label(this, [foot[0] + (nrm[0] * 44) / this.scale, foot[1] + (nrm[1] * 44) / this.scale], 'n', { align: 'center', bold: true });
		draw.dot(this, st.support, palette.support, 6);
		// Linked views: the support point can be hovered to ring the vertices of A and B behind it.
		if (st.supportVertex) this.hot.push({ vertex: st.supportVertex });
		if (hover) draw.ring(this, hover.w, palette.edge, 11, 2.5);
		draw.origin(this, nrm);

		// The edge distance sits beside O, opposite the normal (inside the polytope, clear of the edge).
		const ldx = -30 * nrm[0];
		draw.label(this, [0, 0], `d = ${num(st.edgeDistance, 3)}`, {
			dx: ldx,
			dy: 30 * nrm[1],
			align: Math.abs(ldx) < 12 ? 'center' : ldx < 0 ? 'right' : 'left',
			color: palette.edge,
			bold: true,
		});
		draw.label(this, st.support, `support, n·s = ${num(st.supportDistance, 3)}`, { dx: 12, dy: -12, color: palette.ink, bold: true });
	}

	/** Result: the final polytope, its closest edge and the penetration vector depth * normal. */
	drawResult(pen) {
		const { ctx } = this;
		const steps = pen.steps;
		if (steps.length > 0) {
			const last = steps[steps.length - 1];
			const poly = last.polytope;
			draw.polyline(this, poly, true);
			ctx.save();
			ctx.fillStyle = 'rgba(31, 157, 107, 0.08)';
			ctx.fill();
			ctx.strokeStyle = palette.polytope;
			ctx.globalAlpha = 0.6;
			ctx.lineWidth = 1.5;
			ctx.stroke();
			ctx.restore();
			draw.segment(this, poly[last.closestEdge], poly[(last.closestEdge + 1) % poly.length], palette.edge, 4.5);
		}
		const tip = [pen.normal[0] * pen.depth, pen.normal[1] * pen.depth];
		draw.origin(this, pen.normal);
		draw.arrow(this, [0, 0], tip, palette.normal, 3.5);
		if (pen.radius > 0 && steps.length > 0) {
			const core = steps[steps.length - 1].edgeDistance;
			draw.dot(this, [pen.normal[0] * core, pen.normal[1] * core], palette.polytope, 4.5);
		}
		draw.label(this, tip, `depth ${num(pen.depth, 4)}`, { dx: 12, dy: -12, color: palette.normal, bold: true, size: 13.5 });
	}
}
