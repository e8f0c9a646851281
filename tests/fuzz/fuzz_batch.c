// libFuzzer harness: the batches (batch.h) on up to 6 decoded pairs of 2D or 3D shapes (or null
// pointers) with raw transform numbers and margins. Checks: the batch stops exactly at the first
// pair the single call's transform check rejects (npMakeRot2 of a bounded angle then
// npValidateTransform2 in 2D; npMakeTransform3 in 3D), with that check's code, index and side;
// and every record it wrote (all of them when it accepts) equals the single call bit for bit.
#include "fuzz.h"

#include "narrowphase/batch.h"

enum { MAX_PAIRS = 6 };

static int same(const void* a, const void* b, size_t n) { return memcmp(a, b, n) == 0; }

// What the batch must answer for one side's transform: the single call's check (2D). Both shapes
// are checked before either transform, as the single calls do.
static npResult check2(const double* x, npTransform2* xf)
{
	if (!(x[2] >= -NP_HUGE && x[2] <= NP_HUGE))
		return NP_ERR_NON_FINITE;
	*xf = npMakeTransform2(x[0], x[1], x[2]);
	return npValidateTransform2(*xf);
}

static npResult check3(const double* x, npTransform3* xf)
{
	return npMakeTransform3((npVec3){ x[0], x[1], x[2] }, (npQuat){ x[3], x[4], x[5], x[6] }, xf);
}

static void run2(FzIn* in, int n)
{
	static npShape2 shapes[2];
	int ok0 = fzShape2(in, &shapes[0]) == NP_OK, ok1 = fzShape2(in, &shapes[1]) == NP_OK;
	const npShape2 *sa[MAX_PAIRS], *sb[MAX_PAIRS];
	double xa[3 * MAX_PAIRS], xb[3 * MAX_PAIRS];
	for (int i = 0; i < n; ++i)
	{
		uint8_t pick = fzByte(in);
		sa[i] = (pick & 3) == 3 || !ok0 ? NULL : &shapes[0];
		sb[i] = (pick >> 2 & 3) == 3 || !ok1 ? NULL : &shapes[1];
		for (int k = 0; k < 3; ++k)
		{
			xa[3 * i + k] = fzByte(in) < 200 ? (k == 0 ? 0.0 : fzNumber(in)) : fzNumber(in);
			xb[3 * i + k] = fzNumber(in);
		}
	}
	npPairs2 pairs = { n, sa, xa, sb, xb };
	uint8_t pc[MAX_PAIRS];
	double nrm[2 * MAX_PAIRS], pA[4 * MAX_PAIRS], pB[4 * MAX_PAIRS], d[2 * MAX_PAIRS];
	uint32_t id[2 * MAX_PAIRS];
	npManifoldBatch mb = { pc, nrm, pA, pB, d, id };
	int okM;
	double margin = fzMargin(in, &okM);
	npBatchError e;
	npResult r = npManifoldBatch2(&pairs, margin, &mb, &e);
	if (!(margin >= 0.0 && margin <= NP_HUGE))
	{
		FZ_CHECK(r != NP_OK && e.index == -1, "bad margin %.17g accepted (%d)", margin, (int)r);
		return;
	}
	for (int i = 0; i < n; ++i)
	{
		npTransform2 ta, tb;
		npResult ra = sa[i] == NULL ? NP_ERR_INVALID_ARGUMENT : NP_OK;
		npResult rb = ra == NP_OK && sb[i] == NULL ? NP_ERR_INVALID_ARGUMENT : NP_OK;
		if (ra == NP_OK && rb == NP_OK)
			ra = check2(xa + 3 * i, &ta);
		if (ra == NP_OK && rb == NP_OK)
			rb = check2(xb + 3 * i, &tb);
		if (ra != NP_OK || rb != NP_OK)
		{
			FZ_CHECK(r == (ra != NP_OK ? ra : rb) && e.index == i && e.side == (ra != NP_OK ? 0 : 1),
					 "2D pair %d: batch %d at %d/%d, single %d/%d", i, (int)r, e.index, e.side, (int)ra, (int)rb);
			return;
		}
		npManifold2 m = npCollide2(sa[i], ta, sb[i], tb, margin);
		int okR = pc[i] == m.pointCount && same(nrm + 2 * i, &m.normal, 16);
		for (int k = 0; k < m.pointCount; ++k)
			okR = okR && same(pA + 4 * i + 2 * k, &m.points[k].pointA, 16) && same(pB + 4 * i + 2 * k, &m.points[k].pointB, 16) &&
				  same(d + 2 * i + k, &m.points[k].depth, 8) && id[2 * i + k] == m.points[k].id;
		FZ_CHECK(okR, "2D pair %d: batched manifold differs from npCollide2", i);
		uint8_t o;
		npPairs2 one = { 1, sa + i, xa + 3 * i, sb + i, xb + 3 * i };
		FZ_CHECK(npOverlapBatch2(&one, &o, NULL) == NP_OK && o == (npOverlap2(sa[i], ta, sb[i], tb) ? 1 : 0), "2D pair %d: overlap", i);
	}
	FZ_CHECK(r == NP_OK && e.index == -1, "2D batch rejected valid pairs (%d at %d)", (int)r, e.index);
}

static void run3(FzIn* in, int n)
{
	static npShape3 shapes[2];
	static npHull3 hulls[2];
	int ok0 = fzShape3(in, &shapes[0], &hulls[0]) == NP_OK, ok1 = fzShape3(in, &shapes[1], &hulls[1]) == NP_OK;
	const npShape3 *sa[MAX_PAIRS], *sb[MAX_PAIRS];
	double xa[7 * MAX_PAIRS], xb[7 * MAX_PAIRS];
	for (int i = 0; i < n; ++i)
	{
		uint8_t pick = fzByte(in);
		sa[i] = (pick & 3) == 3 || !ok0 ? NULL : &shapes[0];
		sb[i] = (pick >> 2 & 3) == 3 || !ok1 ? NULL : &shapes[1];
		for (int k = 0; k < 7; ++k)
		{
			xa[7 * i + k] = fzNumber(in);
			xb[7 * i + k] = fzNumber(in);
		}
	}
	npPairs3 pairs = { n, sa, xa, sb, xb };
	double dist[MAX_PAIRS], pa[3 * MAX_PAIRS], pb[3 * MAX_PAIRS], nrm[3 * MAX_PAIRS];
	uint32_t it[MAX_PAIRS];
	npDistanceBatch db = { dist, pa, pb, nrm, it };
	npBatchError e;
	npResult r = npDistanceBatch3(&pairs, &db, &e);
	for (int i = 0; i < n; ++i)
	{
		npTransform3 ta, tb;
		npResult ra = sa[i] == NULL ? NP_ERR_INVALID_ARGUMENT : NP_OK;
		npResult rb = ra == NP_OK && sb[i] == NULL ? NP_ERR_INVALID_ARGUMENT : NP_OK;
		if (ra == NP_OK && rb == NP_OK)
			ra = check3(xa + 7 * i, &ta);
		if (ra == NP_OK && rb == NP_OK)
			rb = check3(xb + 7 * i, &tb);
		if (ra != NP_OK || rb != NP_OK)
		{
			FZ_CHECK(r == (ra != NP_OK ? ra : rb) && e.index == i && e.side == (ra != NP_OK ? 0 : 1),
					 "3D pair %d: batch %d at %d/%d, single %d/%d", i, (int)r, e.index, e.side, (int)ra, (int)rb);
			return;
		}
		npDistanceResult3 dd = npDistance3(sa[i], ta, sb[i], tb);
		FZ_CHECK(same(dist + i, &dd.distance, 8) && same(pa + 3 * i, &dd.pointA, 24) && same(pb + 3 * i, &dd.pointB, 24) &&
					 same(nrm + 3 * i, &dd.normal, 24) && it[i] == (uint32_t)dd.iterations,
				 "3D pair %d: batched distance differs from npDistance3", i);
	}
	FZ_CHECK(r == NP_OK && e.index == -1, "3D batch rejected valid pairs (%d at %d)", (int)r, e.index);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FzIn in = fzOpen(data, size);
	uint8_t head = fzByte(&in);
	int n = head % (MAX_PAIRS + 1);
	if (head & 0x80)
		run3(&in, n);
	else
		run2(&in, n);
	return 0;
}
