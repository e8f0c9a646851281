// Number and vector formatting for the EPA teaching page's labels, readouts and explanations,
// and the deep copy the page hands out so callers cannot change its state.

/** `x` with `digits` decimals, a real minus sign, and no "−0.000". '–' for a missing number. */
export function num(x, digits = 4) {
	if (x === null || x === undefined || Number.isNaN(x)) return '–';
	const s = x.toFixed(digits);
	return (s.startsWith('-') ? '−' + s.slice(1) : s).replace(/^−(0\.0+)$/, '$1');
}

export const vec = (v, digits = 3) => (v ? `(${num(v[0], digits)}, ${num(v[1], digits)})` : '–');
export const deg = (rad) => (rad * 180) / Math.PI;
export const clone = (x) => (x === undefined ? undefined : structuredClone(x));
