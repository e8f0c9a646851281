// The words of the EPA teaching page: the explanation of what the player shows at each frame
// (GJK's start, each EPA step, the result, or why there is no EPA when the shapes are apart), the
// table of the library's numbers, the world view's one-line readout and the Minkowski view's hint.
import { clipRows, explainClip, explainGjk, gjkRows } from './explainmore.mjs';
import { num, vec } from './format.mjs';

const $ = (sel) => document.querySelector(sel);

/** Tag, title and text (HTML) explaining the frame the player shows. */
export function explain(scene) {
	const { q } = scene;
	const info = scene.frameInfo();
	const pen = q && q.pen;
	const n = pen ? pen.steps.length : 0;
	const r = pen ? pen.radius : 0;
	const rounded = r > 0 ? ` The shapes are rounded (r<sub>A</sub>+r<sub>B</sub> = ${num(r, 3)}): EPA works on their cores, the dashed outline inside, and adds the radius at the end.` : '';
	switch (info.phase) {
		case 'loading':
			return { title: 'Loading the library…', text: '', tag: '' };
		case 'gjk':
			return explainGjk(scene, info);
		case 'clip':
			return explainClip(scene, info);
		case 'apart':
			return {
				tag: 'Result · apart',
				title: 'The origin is outside A − B: the shapes are apart',
				text: `A point of A − B is zero only where a point of A meets a point of B, so when the origin lies outside the difference the shapes do not touch. GJK then finds the closest point of A − B to the origin instead; its length, <b>${num(q.dist.distance, 4)}</b>, is the distance between the shapes, drawn in both views. EPA is only needed when they overlap: drag them together.`,
			};
		case 'start': {
			if (pen.stop === 'cores-separated') {
				return {
					tag: 'EPA · start',
					title: 'Only the rounded rims overlap',
					text: `The cores (dashed) are apart, so the origin is outside the core difference but inside its rounded outline. No polytope is needed: GJK's distance between the cores, subtracted from r<sub>A</sub>+r<sub>B</sub> = ${num(r, 3)}, gives the depth in closed form. Step to see it.`,
				};
			}
			if (pen.stop === 'point') {
				return {
					tag: 'EPA · start',
					title: 'Both cores are the same single point',
					text: `Two circles (or a circle and a point-like core) share their centre, so A − B is a disc around the origin of radius r<sub>A</sub>+r<sub>B</sub> = ${num(r, 3)}. Every direction is equally short: there is no edge to expand, and the library picks a fixed normal. Step to see the result.`,
				};
			}
			const k = pen.simplex.length;
			const what = k === 3 ? 'a triangle' : k === 2 ? 'a segment' : 'a single point';
			const edge = pen.startedFromEdge
				? ' The origin lies on or very close to one of its edges, where an edge normal would be unreliable, so EPA starts from that single edge taken twice, in both directions (the two normals point away from each other).'
				: ' EPA takes it as its first polytope.';
			return {
				tag: 'EPA · start',
				title: 'GJK found the origin inside A − B',
				text: `The shapes overlap. GJK proved it with ${what} of points of A − B (w0…) enclosing the origin O.${edge}${rounded} EPA will take ${n} step${n === 1 ? '' : 's'}: ${pen.iterations === 0 ? 'no expansion is needed, only' : `${pen.iterations} expansion${pen.iterations === 1 ? '' : 's'} of the polytope and`} a last check that finds no further progress.`,
			};
		}
		case 'step': {
			const st = info.step;
			const gap = st.supportDistance - st.edgeDistance;
			const shape = st.polytope.length === 2 ? 'is the edge pair: one segment taken in both directions, each with its own outward normal' : `has ${st.polytope.length} vertices`;
			const head = `The polytope ${shape}. Its edge closest to the origin (red) is at distance <b>${num(st.edgeDistance, 4)}</b>. EPA asks A − B for its furthest point along that edge's outward normal n: the support point s, at n·s = <b>${num(st.supportDistance, 4)}</b>${st.supportVertex ? `, made by A's vertex A${st.supportVertex.indexA} and B's vertex B${st.supportVertex.indexB} (ringed in the world view)` : ''}.`;
			let tail;
			if (st.stop === 'continue') {
				tail = ` That is ${num(gap, 4)} beyond the edge, so the boundary of A − B is further out there: the edge is split at s (dashed green) and the polytope grows.`;
			} else if (st.stop === 'converged') {
				tail = ` That is no further out than the edge (gap ${num(gap, 6)}): the edge already lies on the boundary of A − B, and every other edge is further from the origin. EPA stops: this edge gives the depth and normal.`;
			} else if (st.stop === 'max-iterations') {
				tail = ' The iteration bound was reached, so EPA stops with the best edge it has.';
			} else {
				tail = ` EPA stops (${st.stop}).`;
			}
			const kind = st.stop === 'continue' ? `expansion ${info.index + 1}` : 'the last check';
			return { tag: `EPA · step ${info.index + 1} of ${n} · ${kind}`, title: st.stop === 'continue' ? 'Expand towards the closest edge' : 'No further progress: done', text: head + tail };
		}
		case 'result': {
			let text;
			if (pen.stop === 'cores-separated') {
				text = `The cores are ${num(r - pen.depth, 4)} apart and the rounding adds ${num(r, 4)}, so the depth is <b>${num(pen.depth, 4)}</b> along n = ${vec(pen.normal, 4)}.`;
			} else if (pen.stop === 'point') {
				text = `Both cores are the same point, so any direction is as good as another; the library picks a fixed one. The depth is the rounding, <b>${num(pen.depth, 4)}</b>.`;
			} else {
				text = `The closest edge's distance${r > 0 ? ` plus the rounding (${num(r, 3)})` : ''} is the penetration depth, <b>${num(pen.depth, 4)}</b>, and its outward normal n = ${vec(pen.normal, 4)} points from A to B. The red arrow from O is depth·n: shifting A − B by it puts the origin on the boundary, which is moving B by depth·n (the dashed B in the world view) so the shapes just touch.`;
			}
			return {
				tag: 'EPA · result',
				title: `Penetration depth ${num(pen.depth, 4)}`,
				text: `${text} The world view shows the contact points the library's manifold derives from it (${q.manifold.points.length}).`,
			};
		}
		default:
			return { tag: '', title: '', text: '' };
	}
}

/** The library's numbers for the scene, [label, value] rows (the current step's too). */
function numberRows(scene) {
	const { q } = scene;
	const info = scene.frameInfo();
	const pen = q && q.pen;
	const rows = [];
	if (!q) return rows;
	if (info.phase === 'gjk') return gjkRows(info);
	if (info.phase === 'clip') return clipRows(scene, info);
	rows.push(['Overlap', pen ? 'yes' : 'no']);
	if (pen) {
		rows.push(['Depth', num(pen.depth, 6)]);
		rows.push(['Normal A→B', vec(pen.normal, 4)]);
		rows.push(['EPA iterations', `${pen.iterations} (${pen.stop})`]);
		rows.push(['Contact points', String(q.manifold.points.length)]);
		q.manifold.points.forEach((c, i) => rows.push([`  point ${i + 1}`, `A ${vec(c.pointA, 3)} depth ${num(c.depth, 4)}`]));
		if (info.phase === 'step') {
			const st = info.step;
			rows.push(['Edge distance', num(st.edgeDistance, 6)]);
			rows.push(['Support n·s', num(st.supportDistance, 6)]);
			rows.push(['Gap', num(st.supportDistance - st.edgeDistance, 6)]);
		}
	} else {
		rows.push(['Distance', num(q.dist.distance, 6)]);
		rows.push(['Closest on A', vec(q.dist.pointA, 3)]);
		rows.push(['Closest on B', vec(q.dist.pointB, 3)]);
	}
	return rows;
}

/** One line under the world view: overlapping by how much, or apart by how far. */
function worldReadout({ q }) {
	if (!q) return '';
	if (q.pen) {
		const m = q.manifold.points.length;
		return `Overlapping by ${num(q.pen.depth, 4)} along n = ${vec(q.pen.normal, 3)}; ${m} contact point${m === 1 ? '' : 's'}.`;
	}
	return `Apart: distance ${num(q.dist.distance, 4)} between the closest points.`;
}

/** The Minkowski view's subtitle: is the origin inside, and the rounding. */
function csoHint({ q }) {
	let hint = 'every point of A minus every point of B';
	if (q) hint = q.pen ? 'the origin O is inside: the shapes overlap' : 'the origin O is outside: the shapes are apart';
	if (q && q.cso.radius > 0) hint += ` · rounded by r = ${num(q.cso.radius, 3)}`;
	return hint;
}

/** Writes every piece of text into the page. */
export function renderText(scene) {
	const e = explain(scene);
	$('#explain-step').textContent = e.tag;
	$('#explain-title').textContent = e.title;
	$('#explain-text').innerHTML = e.text;
	$('#numbers').replaceChildren(
		...numberRows(scene).flatMap(([k, v]) => {
			const dt = document.createElement('dt');
			dt.textContent = k;
			const dd = document.createElement('dd');
			dd.textContent = v;
			return [dt, dd];
		}),
	);
	$('#world-readout').textContent = worldReadout(scene);
	$('#cso-hint').textContent = csoHint(scene);
}

/** Shown instead when the library cannot be loaded. */
export function renderLoadError(err) {
	$('#explain-title').textContent = 'Could not load the narrowphase library';
	$('#explain-text').textContent = `${err.message}. Build it with "make wasm" and serve the repository with "make demo".`;
}
