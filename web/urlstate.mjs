// The stepper's state in the URL, so a teacher can link a moment: both shapes (kind, parameters,
// pose), the frame shown, or a named preset.
//
//   #a=box:1.1,0.7@-0.9,0.2,0.15&b=circle:0.9@1,0,0&f=5
//   #preset=touching&f=3
//
// Shapes: circle:radius, box:hx,hy, capsule:halfLength,radius, polygon:rounding:x0,y0,x1,y1,...
// Poses: @x,y,angle (radians). Numbers are written in full (shortest round trip), so a link
// rebuilds exactly the scene it was taken from.

const numbers = (text) => text.split(',').filter((t) => t !== '').map(Number);

export function encodeShape({ kind, params: p, transform: t }) {
	let body;
	if (kind === 'circle') body = `${p.radius}`;
	else if (kind === 'box') body = `${p.hx},${p.hy}`;
	else if (kind === 'capsule') body = `${p.halfLength},${p.radius}`;
	else body = `${p.radius || 0}:${p.vertices.flat().join(',')}`;
	return `${kind}:${body}@${t.position[0]},${t.position[1]},${t.angle}`;
}

/** { kind, params, transform } from encodeShape's text; throws TypeError on nonsense. */
export function decodeShape(text) {
	const m = /^(circle|box|capsule|polygon):([^@]*)@(.*)$/.exec(text);
	if (!m) throw new TypeError(`bad shape in the URL: ${text}`);
	const [, kind, body, pose] = m;
	const [x, y, angle] = numbers(pose);
	let params;
	if (kind === 'polygon') {
		const [r, pts] = body.split(':');
		const flat = numbers(pts || '');
		const vertices = [];
		for (let i = 0; i + 1 < flat.length; i += 2) vertices.push([flat[i], flat[i + 1]]);
		params = { vertices, radius: Number(r) };
	} else {
		const v = numbers(body);
		params = kind === 'circle' ? { radius: v[0] } : kind === 'box' ? { hx: v[0], hy: v[1] } : { halfLength: v[0], radius: v[1] };
	}
	const all = [x, y, angle, ...Object.values(params).flat(2)];
	if (all.some((n) => typeof n !== 'number' || !Number.isFinite(n))) throw new TypeError(`bad number in the URL: ${text}`);
	return { kind, params, transform: { position: [x, y], angle } };
}

/** The hash for the scene's shapes and frame. */
export function encodeState(shapes, frame) {
	const h = new URLSearchParams();
	h.set('a', encodeShape(shapes.a));
	h.set('b', encodeShape(shapes.b));
	h.set('f', String(frame));
	return '#' + h.toString().replaceAll('%3A', ':').replaceAll('%40', '@').replaceAll('%2C', ',');
}

/** { preset?, a?, b?, frame? } from a location hash ('' gives {}). */
export function decodeState(hash) {
	const h = new URLSearchParams(hash.replace(/^#/, ''));
	const out = {};
	if (h.has('preset')) out.preset = h.get('preset');
	if (h.has('a') && h.has('b')) {
		out.a = decodeShape(h.get('a'));
		out.b = decodeShape(h.get('b'));
	}
	if (h.has('f')) {
		const f = Number(h.get('f'));
		if (Number.isInteger(f) && f >= 0) out.frame = f;
	}
	return out;
}
