// The words for the stepper's GJK and manifold chapters: one explanation per frame (tag, title,
// HTML text) and the rows of numbers, all read from the library's traces (np.distance /
// np.penetration with { trace: true } for GJK, np.manifold with { trace: true } for the clipping).
import { num, vec } from './format.mjs';

/** "A2 − B0": the Minkowski point's source vertices on A and B. */
export const pairName = (v) => `A${v.indexA} − B${v.indexB}`;

const len = (v) => Math.hypot(v[0], v[1]);
const sub = (a, b) => [a[0] - b[0], a[1] - b[1]];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1];

/** Feature id as words: "A edge 1 · B vertex 3" (npManifoldPoint2.id layout). */
export function idName(id) {
	const ia = id & 0xff;
	const ib = (id >> 8) & 0xff;
	const ka = (id >> 16) & 1 ? 'edge' : 'vertex';
	const kb = (id >> 17) & 1 ? 'edge' : 'vertex';
	return `A ${ka} ${ia} · B ${kb} ${ib}`;
}

const STOP_WORDS = {
	overlap: 'the triangle contains the origin: the cores overlap, and GJK stops.',
	touching: 'the origin lies on the simplex itself: the cores touch (or overlap through this edge), and GJK stops.',
	repeated: 'that support point is already in the simplex, so no progress is possible: the simplex holds the closest features and GJK stops.',
	'no-progress': 'that support point is no closer to the origin along d than the simplex (up to rounding): GJK stops.',
	separated: 'the support plane lies beyond the origin by more than the radii: a separating axis, so the shapes are apart and the overlap test stops early.',
	'max-iterations': 'the iteration bound was reached (never seen on valid input).',
};

/** Which simplex points the closest-point solve dropped, and why (one sentence). */
function dropSentence(st) {
	const n = st.simplex.length;
	if (n <= 1) return '';
	const kept = st.simplex.filter((_, i) => st.kept[i]);
	const dropped = st.simplex.filter((_, i) => !st.kept[i]);
	if (dropped.length === 0) {
		if (n === 3) return ' Its closest point to the origin is inside the triangle: all three points are kept.';
		return ` Its closest point to the origin lies inside the segment (weights ${st.weights.map((w) => num(w, 3)).join(', ')}): both points are kept.`;
	}
	const region = kept.length === 1 ? `the corner ${pairName(kept[0])}` : `the edge ${kept.map(pairName).join(' – ')}`;
	return ` The origin lies in the Voronoi region of ${region}: the closest point is there, so ${dropped.map(pairName).join(' and ')} ${dropped.length === 1 ? 'does' : 'do'} not support it and ${dropped.length === 1 ? 'is' : 'are'} dropped.`;
}

/** Explanation of GJK step `info.index`. */
export function explainGjk(scene, info) {
	const { q } = scene;
	const steps = q.gjk.steps;
	const st = info.step;
	const k = info.index;
	const tag = `GJK · step ${k + 1} of ${steps.length}`;
	if (st.simplex.length === 0) {
		const s = st.support;
		return {
			tag,
			title: 'Start: one support point',
			text: `GJK looks for the point of A − B closest to the origin; the shapes overlap exactly when that is the origin itself. It starts with a direction, d = ${vec(st.direction, 3)} (B's position seen from A), and asks for the <b>support point</b> of A − B along d: A's farthest vertex along d (A${s.indexA}) minus B's farthest vertex along −d (B${s.indexB}), w = ${vec(s.w, 3)}. Hover a point in the Minkowski view to see the two vertices that made it.`,
		};
	}
	const n = st.simplex.length;
	const what = n === 1 ? 'a single point' : n === 2 ? 'a segment' : 'a triangle';
	let text = `The simplex is ${what}: ${st.simplex.map(pairName).join(', ')}.`;
	text += dropSentence(st);
	if (st.stop === 'overlap' || (st.stop === 'touching' && !st.support)) {
		text += ` Origin test: ${STOP_WORDS[st.stop]}`;
		return { tag, title: st.stop === 'overlap' ? 'The origin is inside: overlap' : 'The origin is on the simplex: touching', text };
	}
	const r = len(st.closest);
	text += ` The closest point is at distance <b>${num(r, 4)}</b> from the origin; the new search direction points from it towards the origin, d = ${vec(st.direction, 3)}. Along d the support point is ${pairName(st.support)}, w = ${vec(st.support.w, 3)}`;
	if (st.stop === 'continue') {
		const gain = dot(sub(st.support.w, st.simplex.filter((_, i) => st.kept[i])[0].w), st.direction) / len(st.direction);
		text += `, ${num(gain, 4)} further towards the origin than the simplex: it joins the simplex.`;
		return { tag, title: n === 3 ? 'Drop a point, search again' : 'Search towards the origin', text };
	}
	text += `: ${STOP_WORDS[st.stop]}`;
	return { tag, title: st.stop === 'separated' ? 'A separating axis: apart' : 'Closest features found', text };
}

/** Number rows of a GJK frame. */
export function gjkRows(info) {
	const st = info.step;
	const rows = [['GJK step', `${info.index + 1}`]];
	st.simplex.forEach((v, i) => rows.push([`  ${pairName(v)}`, `${vec(v.w, 3)} ${st.kept[i] ? `weight ${num(st.weights[i], 3)}` : 'dropped'}`]));
	if (st.simplex.length > 0) rows.push(['Closest |v|', num(len(st.closest), 6)]);
	if (st.support) {
		rows.push(['Direction d', vec(st.direction, 4)]);
		rows.push(['Support w', `${pairName(st.support)} ${vec(st.support.w, 3)}`]);
	}
	rows.push(['Outcome', st.stop]);
	return rows;
}

const shapeName = (w) => w.toUpperCase();
const other = (w) => (w === 'a' ? 'b' : 'a');

/** Explanation of a manifold (clipping) frame. */
export function explainClip(scene, info) {
	const { q } = scene;
	const clip = q.manifold.clip;
	const pts = q.manifold.points;
	const tag = 'Manifold';
	switch (info.stage) {
		case 'closed-form':
			return {
				tag,
				title: 'A circle: closed form, nothing to clip',
				text: `A circle's core is a single point, so there is no face to clip: the contact is the closest point of the other core to the circle's centre, pushed out by the radii (${pts.length} point${pts.length === 1 ? '' : 's'}, depth ${pts.length ? num(pts[0].depth, 4) : '–'}).`,
			};
		case 'axes': {
			const ref = clip.attempts.length ? clip.attempts[0] : null;
			const refText = ref ? ` The reference face is ${shapeName(ref.refShape)}'s edge ${ref.refEdge}: A's best face is preferred unless B's separates clearly more (a fixed preference keeps the face, the normal and the ids from flipping between nearly equal faces through rounding).` : '';
			return {
				tag: `${tag} · separating axes`,
				title: 'Which face is the reference?',
				text: `The manifold starts over again from the shapes' faces (the separating-axis test on the cores): the largest separation along A's edge normals is <b>${num(clip.separationA, 4)}</b> (edge ${clip.edgeA}), along B's <b>${num(clip.separationB, 4)}</b> (edge ${clip.edgeB}). ${clip.separationA <= 0 && clip.separationB <= 0 ? 'Both are negative: no face normal separates the cores.' : 'A positive separation means the cores are apart along that normal; only the roundings (or the margin) can reach.'}${refText}`,
			};
		}
		case 'faces': {
			const a = clip.attempts[info.attempt];
			const again = info.attempt > 0 ? 'Second try, on the face with the largest separation. ' : '';
			const missed = a.missed ? ' The incident edge lies wholly beyond one side plane of the face: there is nothing to clip, so the library tries the best face next.' : ' Next, the incident edge is clipped to the face\'s two side planes.';
			return {
				tag: `${tag} · reference and incident`,
				title: 'Reference face and incident edge',
				text: `${again}Reference face: ${shapeName(a.refShape)}'s edge ${a.refEdge}, from ${vec(a.refStart, 3)} to ${vec(a.refEnd, 3)}, outward normal n = ${vec(a.refNormal, 3)}. Incident edge: the edge of ${shapeName(other(a.refShape))} whose normal is most against n, edge ${a.incidentEdge}; its ends sit at heights ${num(a.h[0], 3)} and ${num(a.h[1], 3)} above the face (negative: below it).${missed}`,
			};
		}
		case 'side0':
		case 'side1': {
			const a = clip.attempts[info.attempt];
			const plane = info.stage === 'side0' ? 1 : 2;
			const where = plane === 1 ? 'u = 0, through the face\'s first vertex' : `u = ${num(a.length, 3)}, through its last vertex`;
			const moved = [0, 1].filter((k) => a.clippedBy[k] === plane);
			const text = moved.length
				? `End ${moved.map((k) => k + 1).join(' and ')} of the incident edge lies outside (u = ${moved.map((k) => num(a.u[k], 3)).join(', ')}): it is moved along the edge onto the plane, to ${moved.map((k) => vec(a.points[k], 3)).join(', ')}, height ${moved.map((k) => num(a.heights[k], 3)).join(', ')}.`
				: 'Both ends of the incident edge are on the inner side: nothing is clipped here.';
			return { tag: `${tag} · clip ${plane} of 2`, title: `Clip against the side plane ${where}`, text: `Sutherland–Hodgman clipping keeps the part of the incident edge between the reference face's side planes. Side plane ${where}. ${text}` };
		}
		case 'kept': {
			const a = clip.attempts[clip.attempts.length - 1];
			const keptIds = new Set(pts.map((p) => p.id));
			const dropped = [0, 1].filter((k) => !keptIds.has(a.ids[k]) && !(k === 1 && a.ids[1] === a.ids[0]));
			const list = pts.map((p, i) => `point ${i + 1}: depth <b>${num(p.depth, 4)}</b>, id ${idName(p.id)}`).join('; ');
			const drop = dropped.length ? ` ${dropped.length === 1 ? 'One clipped end lies' : 'Both clipped ends lie'} above the face by more than the radii and the margin: dropped.` : ' Every clipped end lies on or below the face (within the radii): all are kept.';
			return {
				tag: `${tag} · kept points`,
				title: `${pts.length} contact point${pts.length === 1 ? '' : 's'}`,
				text: `Each clipped end becomes a contact at its depth below the face (the radii added).${drop} ${list}. The id names the features that made each point, so a solver can match points from one step to the next (warm starting).`,
			};
		}
		case 'closest':
			return {
				tag: `${tag} · closest features`,
				title: 'One point from the closest features',
				text: `Clipping gave no point (the faces only touch at an end, or the cores are apart and only the roundings reach), so the closest features of the two cores give a single contact: depth ${pts.length ? num(pts[0].depth, 4) : '–'}${pts.length ? `, id ${idName(pts[0].id)}` : ''}.`,
			};
		default:
			return { tag, title: '', text: '' };
	}
}

/** Number rows of a manifold frame. */
export function clipRows(scene, info) {
	const { q } = scene;
	const clip = q.manifold.clip;
	const rows = [['Path', clip.path]];
	if (info.stage === 'axes') {
		rows.push(['Separation A', `${num(clip.separationA, 6)} (edge ${clip.edgeA})`]);
		rows.push(['Separation B', `${num(clip.separationB, 6)} (edge ${clip.edgeB})`]);
	}
	if (info.attempt !== undefined) {
		const a = clip.attempts[info.attempt];
		rows.push(['Reference', `${a.refShape.toUpperCase()} edge ${a.refEdge}`]);
		rows.push(['Normal n', vec(a.refNormal, 4)]);
		rows.push(['Incident', `${other(a.refShape).toUpperCase()} edge ${a.incidentEdge}`]);
		rows.push(['Face length', num(a.length, 4)]);
		[0, 1].forEach((k) => rows.push([`  end ${k + 1}`, `u ${num(a.u[k], 3)} h ${num(a.h[k], 3)}${a.clippedBy[k] ? ` → clipped, h ${num(a.heights[k], 3)}` : ''}`]));
	}
	q.manifold.points.forEach((p, i) => rows.push([`Point ${i + 1}`, `depth ${num(p.depth, 4)} · ${idName(p.id)}`]));
	return rows;
}
