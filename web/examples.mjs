// The teaching page's shape kinds, their default parameters, the scene it opens with, and the
// ready-made scenes of the Examples menu: one for each case the explanations talk about, and the
// presets for the cases that break other implementations, each with a note (`note`, HTML) on what
// goes wrong elsewhere and what this library does (the page shows it; the browser test checks the
// library really behaves as the note says).

export const KINDS = ['circle', 'box', 'capsule', 'polygon'];

export const DEFAULTS = {
	circle: { radius: 0.9 },
	box: { hx: 1.1, hy: 0.7 },
	capsule: { halfLength: 0.9, radius: 0.5 },
	polygon: {
		vertices: [
			[-1.2, -0.6],
			[0.9, -1.0],
			[1.4, 0.3],
			[0.2, 1.2],
			[-0.9, 0.8],
		],
		radius: 0,
	},
};

export const INITIAL = {
	a: { kind: 'polygon', params: DEFAULTS.polygon, transform: { position: [-0.9, 0.2], angle: 0.15 } },
	b: { kind: 'box', params: { hx: 1.0, hy: 0.65 }, transform: { position: [0.85, -0.35], angle: 0.6 } },
};

/** Ready-made scenes for the cases the explanation talks about (Examples menu). */
export const EXAMPLES = {
	triangle: {
		label: 'Polygon vs box: EPA from GJK\'s triangle',
		a: INITIAL.a,
		b: INITIAL.b,
	},
	touching: {
		label: 'Preset · just touching',
		note: 'The boxes share a face with zero gap. Implementations that compare a distance with an epsilon, or run EPA with a fixed tolerance, flicker between "apart" and "overlapping" here and may return a tiny depth with an arbitrary normal. GJK here needs no tolerance: support points are vertices, so it stops exactly when the origin lies on the simplex ("touching"). Overlap is true (touching counts), the distance is 0, EPA (started from the edge pair) gives depth 0 along the face normal, and the manifold has two points at depth 0.',
		a: { kind: 'box', params: { hx: 1, hy: 1 }, transform: { position: [-1, 0], angle: 0 } },
		b: { kind: 'box', params: { hx: 1, hy: 1 }, transform: { position: [1, 0.3], angle: 0 } },
	},
	edge: {
		label: 'Origin on a simplex edge: start from the edge pair',
		note: 'GJK ends with the origin exactly on an edge of its simplex. An EPA that starts from that flat triangle (or segment) takes an edge normal from a zero-length vector: it may return a wrong normal, a zero depth or NaN. The library notices the origin on (or within rounding of) an edge and starts EPA from that edge taken twice, with two opposite normals, so the first expansion is well defined.',
		a: { kind: 'box', params: { hx: 1, hy: 1 }, transform: { position: [-0.7, 0], angle: 0 } },
		b: { kind: 'box', params: { hx: 1, hy: 1 }, transform: { position: [0.8, 0], angle: 0 } },
	},
	rounded: {
		label: 'Preset · rounded shapes: EPA on the cores',
		note: 'A rounded triangle and a capsule. Engines that approximate round ends by polygons lose accuracy, and EPA run on the rounded outline itself needs many iterations to converge on a curve (and never quite does). The library runs GJK and EPA on the sharp cores (dashed) and adds r<sub>A</sub> + r<sub>B</sub> at the end, exactly; the manifold pushes its points out by the radii the same way.',
		a: { kind: 'polygon', params: { vertices: [[-1, -1], [1, -1], [0, 1.2]], radius: 0.2 }, transform: { position: [-0.3, -0.2], angle: 0 } },
		b: { kind: 'capsule', params: { halfLength: 1.1, radius: 0.3 }, transform: { position: [-0.1, 0.2], angle: -0.4 } },
	},
	rims: {
		label: 'Only the rounded rims overlap: no EPA needed',
		a: { kind: 'circle', params: { radius: 1 }, transform: { position: [-0.8, -0.1], angle: 0 } },
		b: { kind: 'capsule', params: { halfLength: 0.8, radius: 0.5 }, transform: { position: [0.55, 0.3], angle: 0.5 } },
	},
	coincident: {
		label: 'Preset · coincident identical shapes',
		note: 'Two identical boxes at the same pose. A − B is symmetric about the origin and the centres coincide, so a solver that pushes apart along the centre-to-centre direction divides by zero, and a GJK that starts from that direction starts from a zero vector. GJK here starts from a fixed axis when the centres coincide, ends with the origin on a segment, and EPA (from the edge pair) finds the true minimum: the box\'s full height, 1.2, along its short axis.',
		a: { kind: 'box', params: { hx: 1, hy: 0.6 }, transform: { position: [0.2, 0.1], angle: 0.4 } },
		b: { kind: 'box', params: { hx: 1, hy: 0.6 }, transform: { position: [0.2, 0.1], angle: 0.4 } },
	},
	sliver: {
		label: 'Preset · a thin sliver',
		note: 'A plank 4 long and 0.004 thick crosses a box. Its Minkowski difference is nearly flat: GJK\'s triangles have areas near rounding noise, and solvers that decide the origin test from a signed area compared with a fixed epsilon drop the wrong point or cycle. The library\'s Voronoi tests use edge dot products first and only the sign of the areas; a collinear simplex falls back to its edge. GJK proves the overlap in a few steps, and the manifold clips the box\'s edge against the plank\'s long face.',
		a: { kind: 'polygon', params: { vertices: [[-2, -0.002], [2, -0.001], [2, 0.001], [-2, 0.002]], radius: 0 }, transform: { position: [0, 0], angle: 0.05 } },
		b: { kind: 'box', params: { hx: 0.6, hy: 0.6 }, transform: { position: [0.3, 0.55], angle: 0.3 } },
	},
	deep: {
		label: 'Preset · deep overlap: several expansions',
		note: 'B sits deep inside A. Shortcuts that push apart along the centre-to-centre direction, or that test only a few axes, pick the wrong way out when one shape is deep in the other. EPA expands the polytope until its closest edge is on the boundary of A − B: the depth is the true shortest way out, and the manifold clips on the face it crosses.',
		a: { kind: 'polygon', params: { vertices: [[-2.2, -1.1], [2.1, -1.3], [2.4, 1.0], [-1.9, 1.3]], radius: 0 }, transform: { position: [-0.2, 0], angle: 0 } },
		b: { kind: 'polygon', params: { vertices: [[-0.45, -0.35], [0.45, -0.4], [0.55, 0.25], [0, 0.55], [-0.5, 0.3]], radius: 0 }, transform: { position: [0.3, 0.15], angle: 0.4 } },
	},
	apart: {
		label: 'Apart: GJK distance, no EPA',
		a: { kind: 'box', params: { hx: 0.9, hy: 0.6 }, transform: { position: [-1.5, -0.3], angle: 0.3 } },
		b: { kind: 'circle', params: { radius: 0.7 }, transform: { position: [1.3, 0.5], angle: 0 } },
	},
};
