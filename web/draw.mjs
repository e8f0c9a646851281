// Canvas drawing for the EPA teaching page.
//
// Nothing here answers a geometric question: every point, normal and distance drawn comes from
// the narrowphase library (penetration with trace, manifold, distance, minkowskiDifference and the
// shapes' own core vertices and radius). This module only maps world coordinates (y up) to CSS
// pixels and strokes what it is given.

/** Colours shared by the canvases and the legend (style.css mirrors them). */
export const palette = {
	ink: '#1d2330',
	muted: '#6b7385',
	grid: '#e7eaf0',
	axis: '#cfd5e0',
	a: '#2c6bd6',
	aFill: 'rgba(44, 107, 214, 0.16)',
	b: '#d9731a',
	bFill: 'rgba(217, 115, 26, 0.16)',
	cso: '#7b5cc4',
	csoFill: 'rgba(123, 92, 196, 0.10)',
	simplex: '#7b5cc4',
	polytope: '#1f9d6b',
	polytopeFill: 'rgba(31, 157, 107, 0.16)',
	edge: '#d6336c',
	support: '#1d2330',
	normal: '#d6336c',
	distance: '#0f8a8a',
	halo: 'rgba(255, 255, 255, 0.92)',
};

/**
 * A canvas with a world-to-screen mapping. Its backing store follows the element's CSS size times
 * devicePixelRatio, so lines stay crisp on HiDPI screens; drawing coordinates are CSS pixels.
 */
export class View {
	constructor(canvas) {
		this.canvas = canvas;
		this.ctx = canvas.getContext('2d');
		this.width = 1; // CSS pixels
		this.height = 1;
		this.dpr = 1;
		this.center = [0, 0]; // world point shown at the middle of the canvas
		this.scale = 50; // CSS pixels per world unit
	}

	/** Matches the backing store to the element's size; returns true when it changed. */
	resize() {
		const rect = this.canvas.getBoundingClientRect();
		const dpr = window.devicePixelRatio || 1;
		const w = Math.max(1, Math.round(rect.width));
		const h = Math.max(1, Math.round(rect.height));
		const bw = Math.max(1, Math.round(w * dpr));
		const bh = Math.max(1, Math.round(h * dpr));
		if (bw === this.canvas.width && bh === this.canvas.height && w === this.width && h === this.height) return false;
		this.canvas.width = bw;
		this.canvas.height = bh;
		this.width = w;
		this.height = h;
		this.dpr = dpr;
		return true;
	}

	/** World [x, y] (y up) to CSS pixels [px, py] (y down) relative to the canvas. */
	toScreen(p) {
		return [this.width / 2 + (p[0] - this.center[0]) * this.scale, this.height / 2 - (p[1] - this.center[1]) * this.scale];
	}

	/** CSS pixels relative to the canvas to world [x, y]. */
	toWorld(px, py) {
		return [this.center[0] + (px - this.width / 2) / this.scale, this.center[1] - (py - this.height / 2) / this.scale];
	}

	/** Clears the canvas and resets the transform to CSS pixels. */
	begin(background = '#ffffff') {
		const { ctx } = this;
		ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
		ctx.fillStyle = background;
		ctx.fillRect(0, 0, this.width, this.height);
		ctx.lineJoin = 'round';
		ctx.lineCap = 'round';
	}

	/** Puts the canvas into world units posed by `transform` ({ position, angle }), for building a path. */
	pushPose(transform) {
		const { ctx } = this;
		const [sx, sy] = this.toScreen(transform.position);
		ctx.save();
		ctx.translate(sx, sy);
		ctx.scale(this.scale, -this.scale);
		ctx.rotate(transform.angle);
	}

	pop() {
		this.ctx.restore();
	}

	/** A light grid with the axes, every `step` world units. */
	grid(step = 1) {
		const { ctx } = this;
		const [x0, y1] = this.toWorld(0, 0);
		const [x1, y0] = this.toWorld(this.width, this.height);
		ctx.lineWidth = 1;
		ctx.strokeStyle = palette.grid;
		ctx.beginPath();
		for (let x = Math.ceil(x0 / step) * step; x <= x1; x += step) {
			const px = Math.round(this.toScreen([x, 0])[0]) + 0.5;
			ctx.moveTo(px, 0);
			ctx.lineTo(px, this.height);
		}
		for (let y = Math.ceil(y0 / step) * step; y <= y1; y += step) {
			const py = Math.round(this.toScreen([0, y])[1]) + 0.5;
			ctx.moveTo(0, py);
			ctx.lineTo(this.width, py);
		}
		ctx.stroke();
		const [ox, oy] = this.toScreen([0, 0]);
		ctx.strokeStyle = palette.axis;
		ctx.beginPath();
		ctx.moveTo(Math.round(ox) + 0.5, 0);
		ctx.lineTo(Math.round(ox) + 0.5, this.height);
		ctx.moveTo(0, Math.round(oy) + 0.5);
		ctx.lineTo(this.width, Math.round(oy) + 0.5);
		ctx.stroke();
	}
}

/**
 * Appends to the current path the outline of a convex core inflated by `radius`: offset edges
 * joined by arcs around each vertex. Works for 1 point (a disc), 2 points (a stadium) and polygons.
 * `vertices` must be counter-clockwise (as the library gives them). Units are the current
 * transform's.
 */
export function roundedPath(ctx, vertices, radius) {
	const n = vertices.length;
	if (n === 0) return;
	if (radius <= 0) {
		ctx.moveTo(vertices[0][0], vertices[0][1]);
		for (let i = 1; i < n; i++) ctx.lineTo(vertices[i][0], vertices[i][1]);
		ctx.closePath();
		return;
	}
	if (n === 1) {
		ctx.moveTo(vertices[0][0] + radius, vertices[0][1]);
		ctx.arc(vertices[0][0], vertices[0][1], radius, 0, 2 * Math.PI);
		ctx.closePath();
		return;
	}
	// Outward normal angle of edge i -> i+1 of a counter-clockwise outline (drawing only).
	const normalAngle = (i) => {
		const p = vertices[i];
		const q = vertices[(i + 1) % n];
		return Math.atan2(-(q[0] - p[0]), q[1] - p[1]);
	};
	let previous = normalAngle(n - 1);
	for (let i = 0; i < n; i++) {
		const next = normalAngle(i);
		let end = next;
		while (end < previous) end += 2 * Math.PI;
		// arc() joins from the current point with a straight line: that line is the offset edge.
		ctx.arc(vertices[i][0], vertices[i][1], radius, previous, end, false);
		previous = next;
	}
	ctx.closePath();
}

/** Straight polyline through world points (optionally closed), in CSS pixels. */
export function polyline(view, points, closed = false) {
	const { ctx } = view;
	ctx.beginPath();
	points.forEach((p, i) => {
		const [x, y] = view.toScreen(p);
		if (i === 0) ctx.moveTo(x, y);
		else ctx.lineTo(x, y);
	});
	if (closed) ctx.closePath();
}

export function segment(view, p, q, color, width = 2, dash = []) {
	const { ctx } = view;
	const [x0, y0] = view.toScreen(p);
	const [x1, y1] = view.toScreen(q);
	ctx.save();
	ctx.strokeStyle = color;
	ctx.lineWidth = width;
	ctx.setLineDash(dash);
	ctx.beginPath();
	ctx.moveTo(x0, y0);
	ctx.lineTo(x1, y1);
	ctx.stroke();
	ctx.restore();
}

/** An arrow between two world points, head at `q`. */
export function arrow(view, p, q, color, width = 2.5) {
	const { ctx } = view;
	const [x0, y0] = view.toScreen(p);
	const [x1, y1] = view.toScreen(q);
	const len = Math.hypot(x1 - x0, y1 - y0);
	ctx.save();
	ctx.strokeStyle = color;
	ctx.fillStyle = color;
	ctx.lineWidth = width;
	if (len < 1e-9) {
		ctx.restore();
		return;
	}
	const ux = (x1 - x0) / len;
	const uy = (y1 - y0) / len;
	const head = Math.min(11 + width, len * 0.6);
	ctx.beginPath();
	ctx.moveTo(x0, y0);
	ctx.lineTo(x1 - ux * head * 0.8, y1 - uy * head * 0.8);
	ctx.stroke();
	ctx.beginPath();
	ctx.moveTo(x1, y1);
	ctx.lineTo(x1 - ux * head - uy * head * 0.45, y1 - uy * head + ux * head * 0.45);
	ctx.lineTo(x1 - ux * head + uy * head * 0.45, y1 - uy * head - ux * head * 0.45);
	ctx.closePath();
	ctx.fill();
	ctx.restore();
}

/** An arrow from a world point in a world direction with a fixed length in CSS pixels. */
export function arrowDir(view, p, dir, pixels, color, width = 2.5) {
	const q = [p[0] + (dir[0] * pixels) / view.scale, p[1] + (dir[1] * pixels) / view.scale];
	arrow(view, p, q, color, width);
}

export function dot(view, p, color, radius = 4, ring = '#ffffff') {
	const { ctx } = view;
	const [x, y] = view.toScreen(p);
	ctx.save();
	ctx.beginPath();
	ctx.arc(x, y, radius, 0, 2 * Math.PI);
	ctx.fillStyle = color;
	ctx.fill();
	if (ring) {
		ctx.lineWidth = 1.5;
		ctx.strokeStyle = ring;
		ctx.stroke();
	}
	ctx.restore();
}

/** A ring (hollow dot), used for the second witness point so both stay visible when equal. */
export function ring(view, p, color, radius = 6, width = 2) {
	const { ctx } = view;
	const [x, y] = view.toScreen(p);
	ctx.save();
	ctx.beginPath();
	ctx.arc(x, y, radius, 0, 2 * Math.PI);
	ctx.lineWidth = width;
	ctx.strokeStyle = color;
	ctx.stroke();
	ctx.restore();
}

/** The origin marker of the Minkowski view: a small cross in a circle. */
export function origin(view, away = null) {
	const { ctx } = view;
	const [x, y] = view.toScreen([0, 0]);
	ctx.save();
	ctx.strokeStyle = palette.ink;
	ctx.lineWidth = 1.5;
	ctx.beginPath();
	ctx.arc(x, y, 5, 0, 2 * Math.PI);
	ctx.moveTo(x - 9, y);
	ctx.lineTo(x + 9, y);
	ctx.moveTo(x, y - 9);
	ctx.lineTo(x, y + 9);
	ctx.stroke();
	ctx.restore();
	// The label goes beside `away` (a world direction drawn from the origin), at right angles to it.
	const d = away && (away[0] !== 0 || away[1] !== 0) ? [away[1], -away[0]] : [-0.6, -0.8];
	const len = Math.hypot(d[0], d[1]);
	label(view, [0, 0], 'O', { dx: (16 * d[0]) / len, dy: (-16 * d[1]) / len, color: palette.ink, align: 'center', bold: true });
}

/**
 * Text at a world point, offset by (dx, dy) CSS pixels, with a white halo so it stays legible over
 * lines and fills.
 */
export function label(view, p, text, { dx = 0, dy = 0, color = palette.ink, align = 'left', bold = false, size = 12.5 } = {}) {
	const { ctx } = view;
	const [x, y] = view.toScreen(p);
	ctx.save();
	ctx.font = `${bold ? '600 ' : ''}${size}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
	ctx.textAlign = align;
	ctx.textBaseline = 'middle';
	ctx.lineJoin = 'round';
	ctx.lineWidth = 4;
	ctx.strokeStyle = palette.halo;
	// Keep labels inside the canvas.
	const w = ctx.measureText(text).width;
	let tx = x + dx;
	if (align === 'left') tx = Math.min(Math.max(tx, 4), view.width - w - 4);
	else if (align === 'right') tx = Math.min(Math.max(tx, w + 4), view.width - 4);
	else tx = Math.min(Math.max(tx, w / 2 + 4), view.width - w / 2 - 4);
	const ty = Math.min(Math.max(y + dy, 10), view.height - 10);
	ctx.strokeText(text, tx, ty);
	ctx.fillStyle = color;
	ctx.fillText(text, tx, ty);
	ctx.restore();
}

/** A shape posed in the world: rounded outline filled and stroked, plus its core when rounded. */
export function shape(view, vertices, radius, transform, stroke, fill, { selected = false, dashedCore = true } = {}) {
	const { ctx } = view;
	view.pushPose(transform);
	ctx.beginPath();
	roundedPath(ctx, vertices, radius);
	view.pop();
	ctx.save();
	ctx.fillStyle = fill;
	ctx.fill();
	ctx.strokeStyle = stroke;
	ctx.lineWidth = selected ? 3 : 2;
	ctx.stroke();
	ctx.restore();
	if (radius > 0 && dashedCore) {
		view.pushPose(transform);
		ctx.beginPath();
		if (vertices.length === 1) {
			ctx.moveTo(vertices[0][0], vertices[0][1]);
			ctx.lineTo(vertices[0][0], vertices[0][1]);
		} else {
			roundedPath(ctx, vertices, 0);
		}
		view.pop();
		ctx.save();
		ctx.strokeStyle = stroke;
		ctx.globalAlpha = 0.55;
		ctx.lineWidth = vertices.length === 1 ? 4 : 1.25;
		ctx.setLineDash(vertices.length === 1 ? [] : [5, 4]);
		ctx.stroke();
		ctx.restore();
	}
}
