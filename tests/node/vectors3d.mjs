// 3D dispatch for the Node shared-vector runner (tests/node/vectors.test.mjs).
//
// OWNED BY THE 3D HELPER: replace this stub with the 3D checks through the JS API, mirroring
// tests/native/vectors3d.c. `run` is a VectorRun (vectors.test.mjs): run.fail(msg), run.near(what,
// got, want, tol), run.put(key, value) to add " key=value" to the results line (format numbers
// with helpers.hex / helpers.hexPoint, exactly as the C side does, for the bit-identity check;
// helpers.num decodes numbers stored as "NaN"/"Infinity" strings).
// Return false for a vector this runner cannot run: it then counts as a failure.
export function runVector3(np, vector, run, helpers) {
	void np;
	void vector;
	void run;
	void helpers;
	return false;
}
