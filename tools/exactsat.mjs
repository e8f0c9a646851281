// Exact separating-axis cast of two point sets (convex polytopes given by their points) moving
// linearly, in rational arithmetic (BigInt), for tools/gen_vectors_cast3d.mjs's needle casts.
//
// Every double is a dyadic rational, so with every coordinate scaled by 2^1100 (exact: no double
// has bits below 2^-1074) the points, the translation, every candidate axis (unnormalised cross
// products: face normals from every point triple of one set, edge-pair axes from every point pair
// of one set crossed with every point pair of the other) and every projection are exact integers.
// Along any axis u the two projections are intervals whose ends move linearly in t, so the shapes
// are apart along u before the entry time t0(u) and after the exit time t1(u); no contact can come
// before max t0 over any set of axes, and over these (which hold every face normal and edge-pair
// direction of the two hulls) the first contact is exactly max t0 when it is at most min t1. On a
// needle 1e7 long and 1 wide a face normal computed in doubles is off by about 1e-9 rad (two of its
// edges are nearly parallel), which moves its projections by 0.01: the double version (satCast in
// the generator) is then only a lower bound, loose by that much.
const S = 1100n;

/** x * 2^1100 as a BigInt, exactly. */
export function toBig(x) {
	if (x === 0) return 0n;
	const view = new DataView(new ArrayBuffer(8));
	view.setFloat64(0, x);
	const hi = view.getUint32(0), lo = view.getUint32(4);
	const exp = (hi >>> 20) & 0x7ff;
	let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
	let e = -1074;
	if (exp !== 0) {
		mant |= 1n << 52n;
		e = exp - 1075;
	}
	const v = mant << (BigInt(e) + S);
	return hi >>> 31 ? -v : v;
}

const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const isZero = (a) => a[0] === 0n && a[1] === 0n && a[2] === 0n;
// Rationals n / d with d > 0.
const frac = (n, d) => (d < 0n ? { n: -n, d: -d } : { n, d });
const less = (a, b) => a.n * b.d < b.n * a.d;

function axes(A, B) {
	const out = [];
	for (const P of [A, B])
		for (let i = 0; i < P.length; i++)
			for (let j = i + 1; j < P.length; j++)
				for (let k = j + 1; k < P.length; k++) {
					const c = cross(sub(P[j], P[i]), sub(P[k], P[i]));
					if (!isZero(c)) out.push(c);
				}
	const pairs = (P) => {
		const e = [];
		for (let i = 0; i < P.length; i++) for (let j = i + 1; j < P.length; j++) e.push(sub(P[j], P[i]));
		return e;
	};
	const eb = pairs(B);
	for (const a of pairs(A))
		for (const b of eb) {
			const c = cross(a, b);
			if (!isZero(c)) out.push(c);
		}
	return out;
}

/** Whether the hulls of two point sets (world points as doubles) overlap or touch: no axis separates them. */
export function exactSatOverlap(a, b) {
	const A = a.map((p) => p.map(toBig)), B = b.map((p) => p.map(toBig));
	for (const u of axes(A, B)) {
		const pa = A.map((p) => dot(p, u)), pb = B.map((p) => dot(p, u));
		const a0 = pa.reduce((m, x) => (x < m ? x : m)), a1 = pa.reduce((m, x) => (x > m ? x : m));
		const b0 = pb.reduce((m, x) => (x < m ? x : m)), b1 = pb.reduce((m, x) => (x > m ? x : m));
		if (a1 < b0 || b1 < a0) return false;
	}
	return true;
}

/**
 * The first t in [0, maxFraction] at which the hull of `a` moved by t * r touches the hull of `b`
 * (world points as doubles): { hit: false } or { hit: true, t (the nearest double), initial }.
 */
export function exactSatCast(a, b, r, maxFraction = 1) {
	const A = a.map((p) => p.map(toBig)), B = b.map((p) => p.map(toBig)), R = r.map(toBig);
	let enter = null, exit = null;
	for (const u of axes(A, B)) {
		const pa = A.map((p) => dot(p, u)), pb = B.map((p) => dot(p, u));
		const a0 = pa.reduce((m, x) => (x < m ? x : m)), a1 = pa.reduce((m, x) => (x > m ? x : m));
		const b0 = pb.reduce((m, x) => (x < m ? x : m)), b1 = pb.reduce((m, x) => (x > m ? x : m));
		const s = dot(u, R);
		if (s === 0n) {
			if (a1 < b0 || b1 < a0) return { hit: false };
			continue;
		}
		const t0 = s > 0n ? frac(b0 - a1, s) : frac(b1 - a0, s);
		const t1 = s > 0n ? frac(b1 - a0, s) : frac(b0 - a1, s);
		if (enter === null || less(enter, t0)) enter = t0;
		if (exit === null || less(t1, exit)) exit = t1;
	}
	const mf = frac(toBig(maxFraction), 1n << S);
	if (less(exit, enter) || exit.n < 0n || less(mf, enter)) return { hit: false };
	if (enter.n <= 0n) return { hit: true, t: 0, initial: true };
	// The nearest double below: 2^-80 is far below any tolerance here.
	const t = Number((enter.n << 80n) / enter.d) / 2 ** 80;
	return { hit: true, t, initial: false, exit: Number((exit.n << 80n) / exit.d) / 2 ** 80 };
}
