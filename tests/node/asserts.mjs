// Assertions shared by the Node API tests (api2d.test.mjs, api3d.test.mjs).
import assert from 'node:assert/strict';

import { NarrowphaseError } from '../../js/narrowphase.mjs';

/** Asserts that fn throws a NarrowphaseError with `code` (and a message matching the pattern); returns it. */
export function throwsCode(fn, code, messagePattern) {
	let caught = null;
	try {
		fn();
	} catch (e) {
		caught = e;
	}
	assert.ok(caught !== null, `expected ${code} to be thrown`);
	assert.ok(caught instanceof NarrowphaseError, `expected a NarrowphaseError, got ${caught}`);
	assert.ok(caught instanceof Error);
	assert.equal(caught.code, code, caught.message);
	if (messagePattern) assert.match(caught.message, messagePattern);
	return caught;
}

/** Asserts |actual - expected| <= tol. */
export function close(actual, expected, tol = 1e-12, what = '') {
	assert.ok(Math.abs(actual - expected) <= tol, `${what} ${actual} != ${expected} (tol ${tol})`);
}

/** Asserts two arrays of numbers have the same length and agree within tol. */
export function closeVec(actual, expected, tol = 1e-12, what = '') {
	assert.equal(actual.length, expected.length, what);
	for (let i = 0; i < expected.length; i++) close(actual[i], expected[i], tol, `${what}[${i}]`);
}

/** Deterministic random numbers in [0, 1): the generators' xorshift32 (tools/genlib.mjs). */
export { xorshift32 as makeRand } from '../../tools/genlib.mjs';

/** Asserts bit-identical numbers (Object.is: -0 differs from 0). */
export function sameNumbers(actual, expected, what) {
	assert.equal(actual.length, expected.length, what);
	for (let i = 0; i < expected.length; i++) {
		if (!Object.is(actual[i], expected[i])) assert.fail(`${what}[${i}]: ${actual[i]} != ${expected[i]}`);
	}
}
