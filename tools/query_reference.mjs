// The reference geometry of tools/gen_vectors_query.mjs (its header describes the method): every
// shape rebuilt in world space with this file's own arithmetic and cut by a ray piece by piece
// (half-spaces by Cyrus-Beck, discs, balls and cylinders by their quadratics, flat pieces by the
// plane crossing), signed distances by brute force over features for the second check, and the
// closest points on segments and triangles (Ericson's regions). Plain Node, never the library.
import {
	rotate, localCore, supportingPlanes, forEachInPlaneEdgePlane, vadd, vsub, vmul, vdot, vlen, vunit, vcross,
} from './genlib.mjs';

export const at = (o, t, d) => vadd(o, vmul(t, d));
export const zero = (dim) => new Array(dim).fill(0);

export const TIE = 1e-9; // crossings (or candidates) this close are ties: the normal / triangle is not unique

// ------------------------------------------------------------------------------------ 2D shapes
// 2D hull (Andrew's monotone chain), CCW; collinear and duplicate points dropped.
function hull2(points) {
	const pts = points.map((p) => p.slice()).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
	const turn = (a, b, p) => (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
	const chain = (list) => {
		const h = [];
		for (const p of list) {
			while (h.length >= 2 && turn(h[h.length - 2], h[h.length - 1], p) <= 1e-12) h.pop();
			h.push(p);
		}
		return h;
	};
	return chain(pts).slice(0, -1).concat(chain(pts.slice().reverse()).slice(0, -1));
}

function localCore2(spec) {
	switch (spec.type) {
		case 'circle': return { pts: [[0, 0]], r: spec.radius };
		case 'capsule': return { pts: [[-spec.halfLength, 0], [spec.halfLength, 0]], r: spec.radius };
		case 'box': {
			const w = spec.halfWidth, h = spec.halfHeight;
			return { pts: [[-w, -h], [w, -h], [w, h], [-w, h]], r: 0 };
		}
		case 'polygon': return { pts: hull2(spec.points), r: spec.radius };
	}
	throw new Error('unknown 2D shape ' + spec.type);
}

const apply2 = (xf, p) => {
	const c = Math.cos(xf.angle), s = Math.sin(xf.angle);
	return [c * p[0] - s * p[1] + xf.position[0], s * p[0] + c * p[1] + xf.position[1]];
};

// A plane { n, d, surface } of a half-space piece: n.x <= d; surface planes carry the shape's normal.
export const plane = (n, d, surface) => ({ n, d, surface });

/** A 2D shape in world space as convex pieces. */
export function world2(spec, xf) {
	const { pts: local, r } = localCore2(spec);
	const core = local.map((p) => apply2(xf, p));
	const pieces = [];
	const edgeCount = core.length === 1 ? 0 : core.length === 2 ? 2 : core.length;
	const edges = [];
	for (let i = 0; i < edgeCount; i++) {
		const a = core[i], b = core[(i + 1) % core.length];
		const e = vsub(b, a);
		edges.push({ a, b, e, n: vunit([e[1], -e[0]]) });
	}
	if (r === 0) {
		pieces.push({ kind: 'planes', planes: edges.map(({ a, n }) => plane(n, vdot(n, a), true)) });
	} else {
		for (const c of core) pieces.push({ kind: 'ball', c, r });
		for (const { a, b, e, n } of edges) {
			const u = vunit(e);
			pieces.push({ kind: 'planes', planes: [
				plane(n, vdot(n, a) + r, true), plane(vmul(-1, n), -vdot(n, a), false),
				plane(vmul(-1, u), -vdot(u, a), false), plane(u, vdot(u, b), false),
			] });
		}
	}
	return { dim: 2, core, r, pieces, solid: true, edges, scale: Math.max(1, ...core.flat().map(Math.abs)) };
}

// Signed distance of p to a 2D shape (negative inside): brute force over the core's features.
function signedDistance2(w, p) {
	const { core, r, edges } = w;
	if (core.length === 1) return vlen(vsub(p, core[0])) - r;
	let outside = Infinity, inside = -Infinity;
	for (const { a, b, n } of edges) {
		outside = Math.min(outside, vlen(vsub(p, closestOnSegment(p, a, b))));
		inside = Math.max(inside, vdot(n, vsub(p, a)));
	}
	return (core.length >= 3 && inside <= 0 ? inside : outside) - r;
}

export function closestOnSegment(p, a, b) {
	const e = vsub(b, a);
	const t = Math.min(1, Math.max(0, vdot(vsub(p, a), e) / vdot(e, e)));
	return vadd(a, vmul(t, e));
}

// ------------------------------------------------------------------------------------ 3D shapes
export const apply3 = (xf, p) => vadd(rotate(xf.rotation, p), xf.position);

/** A 3D shape in world space as convex pieces. */
export function world3(spec, xf) {
	const { pts: local, r } = localCore(spec);
	const core = local.map((p) => apply3(xf, p));
	const scale = Math.max(1, ...core.flat().map(Math.abs));
	const w = { dim: 3, core, r, pieces: [], solid: true, scale };
	if (spec.type === 'sphere' || spec.type === 'capsule') {
		for (const c of core) w.pieces.push({ kind: 'ball', c, r });
		if (core.length === 2) w.pieces.push({ kind: 'cylinder', a: core[0], b: core[1], r });
		return w;
	}
	let extent = 0;
	for (let k = 0; k < 3; k++) extent = Math.max(extent, Math.max(...core.map((p) => p[k])) - Math.min(...core.map((p) => p[k])));
	const eps = 1e-9 * extent;
	const { planes, flat } = supportingPlanes(core, extent, eps);
	if (!flat) {
		w.planes = planes.map(([n, d]) => plane(n, d, true));
		w.pieces.push({ kind: 'planes', planes: w.planes });
		return w;
	}
	// A flat polygon: its plane and its in-plane edge planes (outward, through the polygon's edges).
	const edgePlanes = [];
	forEachInPlaneEdgePlane(core, flat, eps, (s, d) => {
		if (!edgePlanes.some((e) => vdot(e.n, s) > 1 - 1e-12 && Math.abs(e.d - d) < eps)) edgePlanes.push(plane(s, d, true));
	});
	w.solid = false;
	w.triangle = spec.type === 'triangle';
	w.flat = { n: flat, d: vdot(flat, core[0]), edgePlanes, eps };
	w.pieces.push({ kind: 'flat', ...w.flat });
	return w;
}

// Closest point of a triangle to p (Ericson, "Real-Time Collision Detection" 5.1.5), with the
// feature it lies on ('face', 'edge' k = vertex k to k + 1, 'vertex' k) and how far p is from the
// nearest border between regions (small: the feature is ill-conditioned).
export function closestOnTriangle(p, a, b, c) {
	const ab = vsub(b, a), ac = vsub(c, a), ap = vsub(p, a);
	const d1 = vdot(ab, ap), d2 = vdot(ac, ap);
	const lab = vlen(ab), lac = vlen(ac), lbc = vlen(vsub(c, b));
	const margins = [];
	margins.push(Math.max(d1, d2) / Math.max(lab, lac));
	if (d1 <= 0 && d2 <= 0) return { q: a, feature: 'vertex', index: 0, margin: Math.min(Math.abs(d1) / lab, Math.abs(d2) / lac) };
	const bp = vsub(p, b), d3 = vdot(ab, bp), d4 = vdot(ac, bp);
	if (d3 >= 0 && d4 <= d3) return { q: b, feature: 'vertex', index: 1, margin: Math.min(Math.abs(d3) / lab, Math.abs(d3 - d4) / lbc) };
	const vc = d1 * d4 - d3 * d2;
	if (vc <= 0 && d1 >= 0 && d3 <= 0) {
		const v = d1 / (d1 - d3);
		return { q: vadd(a, vmul(v, ab)), feature: 'edge', index: 0, margin: Math.min(d1 / lab, -d3 / lab, Math.abs(vc) / (lab * vlen(vcross(ab, ac)))) };
	}
	const cp = vsub(p, c), d5 = vdot(ab, cp), d6 = vdot(ac, cp);
	if (d6 >= 0 && d5 <= d6) return { q: c, feature: 'vertex', index: 2, margin: Math.min(Math.abs(d6) / lac, Math.abs(d6 - d5) / lbc) };
	const vb = d5 * d2 - d1 * d6;
	if (vb <= 0 && d2 >= 0 && d6 <= 0) {
		const w = d2 / (d2 - d6);
		return { q: vadd(a, vmul(w, ac)), feature: 'edge', index: 2, margin: Math.min(d2 / lac, -d6 / lac, Math.abs(vb) / (lac * vlen(vcross(ab, ac)))) };
	}
	const va = d3 * d6 - d5 * d4;
	if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
		const w = (d4 - d3) / (d4 - d3 + (d5 - d6));
		return { q: vadd(b, vmul(w, vsub(c, b))), feature: 'edge', index: 1, margin: Math.min((d4 - d3) / lbc, (d5 - d6) / lbc, Math.abs(va) / (lbc * vlen(vcross(ab, ac)))) };
	}
	const den = 1 / (va + vb + vc);
	const v = vb * den, w = vc * den;
	const area = vlen(vcross(ab, ac));
	return { q: vadd(a, vadd(vmul(v, ab), vmul(w, ac))), feature: 'face', index: 0, margin: Math.min(va, vb, vc) / area };
}

// Distance of p to a 3D shape's surface, signed for solids (negative inside): brute force, the
// nearest point over every triangle of core vertex triples (inside a convex core they cover its
// surface), the deepest plane inside.
function signedDistance3(w, p) {
	const { core, r } = w;
	if (core.length === 1) return vlen(vsub(p, core[0])) - r;
	if (core.length === 2) return vlen(vsub(p, closestOnSegment(p, core[0], core[1]))) - r;
	if (w.solid) {
		const deepest = Math.max(...w.planes.map((pl) => vdot(pl.n, p) - pl.d));
		if (deepest <= 0) return deepest;
	}
	let best = Infinity;
	for (let i = 0; i < core.length; i++)
		for (let j = i + 1; j < core.length; j++)
			for (let k = j + 1; k < core.length; k++) {
				if (vlen(vcross(vsub(core[j], core[i]), vsub(core[k], core[i]))) < 1e-12) continue;
				best = Math.min(best, vlen(vsub(p, closestOnTriangle(p, core[i], core[j], core[k]).q)));
			}
	return best;
}

export const signedDistance = (w, p) => (w.dim === 2 ? signedDistance2(w, p) : signedDistance3(w, p));

// ------------------------------------------------------------------------------------ ray vs pieces
// A span: the ray is in the piece for t in [lo, hi]; loN / hiN: the shape's outward normals there
// (empty where the piece's boundary is inside the shape).

function spanPlanes(planes, o, d) {
	let lo = -Infinity, hi = Infinity, loN = [], hiN = [];
	const entering = [], leaving = [];
	for (const pl of planes) {
		const numer = pl.d - vdot(pl.n, o), den = vdot(pl.n, d);
		if (den === 0) {
			if (numer < 0) return null;
			continue;
		}
		(den < 0 ? entering : leaving).push({ t: numer / den, pl });
	}
	for (const e of entering) lo = Math.max(lo, e.t);
	for (const e of leaving) hi = Math.min(hi, e.t);
	if (!(lo <= hi)) return null;
	loN = entering.filter((e) => e.t >= lo - TIE * (1 + Math.abs(lo)) && e.pl.surface).map((e) => e.pl.n);
	hiN = leaving.filter((e) => e.t <= hi + TIE * (1 + Math.abs(hi)) && e.pl.surface).map((e) => e.pl.n);
	// An exact entry on a surface plane takes no part in a tie when it is not the last crossing.
	const exactLo = entering.filter((e) => e.t === lo && e.pl.surface);
	const exactHi = leaving.filter((e) => e.t === hi && e.pl.surface);
	return { lo, hi, loN, hiN, exactLo: exactLo.length, exactHi: exactHi.length };
}

function spanBall(c, r, o, d) {
	const dd = vdot(d, d);
	const s = vdot(vsub(c, o), d) / dd;
	const h = r * r - vdot(vsub(c, at(o, s, d)), vsub(c, at(o, s, d)));
	if (h < 0) return null;
	const half = Math.sqrt(h / dd);
	const lo = s - half, hi = s + half;
	return { lo, hi, loN: [vunit(vsub(at(o, lo, d), c))], hiN: [vunit(vsub(at(o, hi, d), c))] };
}

// The capsule's cylinder: radial distance to the axis a..b at most r, between the end planes.
function spanCylinder(a, b, r, o, d) {
	const u = vunit(vsub(b, a));
	const across = (v) => vsub(v, vmul(vdot(v, u), u));
	const oa = across(vsub(o, a)), da = across(d);
	const dd = vdot(da, da);
	let lo = -Infinity, hi = Infinity;
	if (dd === 0) {
		if (vdot(oa, oa) > r * r) return null;
	} else {
		const s = -vdot(oa, da) / dd;
		const m = vadd(oa, vmul(s, da));
		const h = r * r - vdot(m, m);
		if (h < 0) return null;
		const half = Math.sqrt(h / dd);
		lo = s - half;
		hi = s + half;
	}
	const caps = spanPlanes([plane(vmul(-1, u), -vdot(u, a), false), plane(u, vdot(u, b), false)], o, d);
	if (!caps) return null;
	const enter = Math.max(lo, caps.lo), leave = Math.min(hi, caps.hi);
	if (!(enter <= leave)) return null;
	const radial = (t) => [vunit(across(vsub(at(o, t, d), a)))];
	return { lo: enter, hi: leave, loN: enter === lo ? radial(lo) : [], hiN: leave === hi ? radial(hi) : [] };
}

// A flat polygon: the plane crossing if it lies on the polygon; a ray in the plane, clipped by the
// in-plane edge planes.
function spanFlat(f, o, d) {
	const den = vdot(f.n, d), numer = f.d - vdot(f.n, o);
	if (den === 0) {
		if (numer !== 0) return null;
		return spanPlanes(f.edgePlanes, o, d);
	}
	const t = numer / den;
	const q = at(o, t, d);
	if (f.edgePlanes.some((pl) => vdot(pl.n, q) - pl.d > f.eps)) return null;
	const facing = den < 0 ? f.n : vmul(-1, f.n);
	return { lo: t, hi: t, loN: [facing], hiN: [vmul(-1, facing)] };
}

function span(piece, o, d) {
	switch (piece.kind) {
		case 'planes': return spanPlanes(piece.planes, o, d);
		case 'ball': return spanBall(piece.c, piece.r, o, d);
		case 'cylinder': return spanCylinder(piece.a, piece.b, piece.r, o, d);
		case 'flat': return spanFlat(piece, o, d);
	}
	throw new Error(piece.kind);
}

// Distinct normals (within 1e-9).
function distinct(normals) {
	const out = [];
	for (const n of normals) if (!out.some((m) => vlen(vsub(m, n)) < 1e-9)) out.push(n);
	return out;
}

/** The reference ray cast: { hit, fraction, point, normal (unique) or null, frontFace }. */
export function castShape(w, o, d, { maxFraction = 1, solid = true } = {}) {
	const spans = w.pieces.map((p) => span(p, o, d)).filter(Boolean);
	const inside = spans.some((s) => s.lo <= 0 && s.hi >= 0);
	if (inside && solid) return { hit: true, fraction: 0, point: o, normal: zero(w.dim), frontFace: false, inside: true };
	let t, normals;
	if (inside) {
		t = Math.max(...spans.map((s) => s.hi));
		normals = spans.filter((s) => s.hi >= t - TIE * (1 + t)).flatMap((s) => s.hiN.map((n) => vmul(-1, n)));
	} else {
		const ahead = spans.filter((s) => s.lo >= 0);
		if (!ahead.length) return { hit: false };
		t = Math.min(...ahead.map((s) => s.lo));
		normals = ahead.filter((s) => s.lo <= t + TIE * (1 + t)).flatMap((s) => s.loN);
	}
	if (t > maxFraction) return { hit: false };
	const unique = distinct(normals);
	if (!unique.length) throw new Error('reference: a hit without a surface normal');
	return { hit: true, fraction: t, point: at(o, t, d), normal: unique.length === 1 ? unique[0] : null, frontFace: !inside, inside };
}

// The second check: the ray sampled against the signed distance.
export function sampleCheck(w, o, d, options, ref, what) {
	const maxFraction = options.maxFraction ?? 1;
	const gap = (t) => signedDistance(w, at(o, t, d));
	const eps = 1e-9 * w.scale;
	const fail = (msg) => { throw new Error(`second check failed for ${what}: ${msg}`); };
	if (!ref.hit) {
		// A ray from inside (solid: false) whose exit lies beyond maxFraction misses too.
		if (gap(0) <= eps && !(options.solid ?? true)) return;
		for (let k = 0; k <= 256; k++) if (gap((maxFraction * k) / 256) < -eps) fail(`a miss passes inside at ${k}/256`);
		return;
	}
	if (ref.inside && (options.solid ?? true)) {
		if (gap(0) > eps) fail('solid hit at 0 but the origin is outside');
		return;
	}
	if (Math.abs(gap(ref.fraction)) > eps) fail(`hit point is ${gap(ref.fraction)} off the surface`);
	for (let k = 0; k < 64; k++) {
		const t = (ref.fraction * k) / 64;
		const g = gap(t);
		if (ref.frontFace && g < -eps && w.solid) fail(`sample ${k}/64 before the entry is inside`);
		if (ref.frontFace && !w.solid && g <= 0 && t < ref.fraction - 1e-9) fail(`sample ${k}/64 before the hit touches the polygon`);
		if (!ref.frontFace && w.solid && g > eps) fail(`sample ${k}/64 before the exit is outside`);
	}
}
