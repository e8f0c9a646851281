// The EPA teaching page's shape kinds, their default parameters, the scene it opens with, and the
// ready-made scenes of the Examples menu (one for each case the explanations talk about).

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
	edge: {
		label: 'Origin on a simplex edge: start from the edge pair',
		a: { kind: 'box', params: { hx: 1, hy: 1 }, transform: { position: [-0.7, 0], angle: 0 } },
		b: { kind: 'box', params: { hx: 1, hy: 1 }, transform: { position: [0.8, 0], angle: 0 } },
	},
	rounded: {
		label: 'Rounded polygon vs capsule: EPA on the cores',
		a: { kind: 'polygon', params: { vertices: [[-1, -1], [1, -1], [0, 1.2]], radius: 0.2 }, transform: { position: [-0.3, -0.2], angle: 0 } },
		b: { kind: 'capsule', params: { halfLength: 1.1, radius: 0.3 }, transform: { position: [-0.1, 0.2], angle: -0.4 } },
	},
	rims: {
		label: 'Only the rounded rims overlap: no EPA needed',
		a: { kind: 'circle', params: { radius: 1 }, transform: { position: [-0.8, -0.1], angle: 0 } },
		b: { kind: 'capsule', params: { halfLength: 0.8, radius: 0.5 }, transform: { position: [0.55, 0.3], angle: 0.5 } },
	},
	deep: {
		label: 'Deep overlap: several expansions',
		a: { kind: 'polygon', params: { vertices: [[-1.3, -0.4], [-0.5, -1.2], [0.8, -1.1], [1.4, 0], [0.7, 1.1], [-0.6, 1.2], [-1.4, 0.5]], radius: 0 }, transform: { position: [-0.3, 0], angle: 0 } },
		b: { kind: 'polygon', params: { vertices: [[-0.9, -0.7], [0.9, -0.8], [1.1, 0.5], [0, 1.1], [-1, 0.6]], radius: 0 }, transform: { position: [0.5, 0.25], angle: 0.4 } },
	},
	apart: {
		label: 'Apart: GJK distance, no EPA',
		a: { kind: 'box', params: { hx: 0.9, hy: 0.6 }, transform: { position: [-1.5, -0.3], angle: 0.3 } },
		b: { kind: 'circle', params: { radius: 0.7 }, transform: { position: [1.3, 0.5], angle: 0 } },
	},
};
