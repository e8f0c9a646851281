// 2D chains, part 4: the uniform grid that answers box queries (the midphase of contacts and casts).
//
// The BVH (chain2d.c) serves the nearest-first queries (rays, closest points); box queries use a
// uniform grid instead (Ericson, RTCD 7.1): a box query then costs a few cell reads whatever the
// chain's size, where a tree descent costs a dependent load and a likely branch miss per level
// (measured: 80 ns at 1,000 segments, 320 ns at 100,000, for a box touching two segments).
//  - Cell size: at least the average segment length (a segment then spans few cells), at least
//    sqrt(area / n) (about one cell per segment), and at least the larger extent / n (a flat or
//    thin chain gets a row of cells, not a huge empty grid). So there are at most about 3n cells.
//  - Each segment is listed in every cell its bounding box meets (compressed rows: cellStart, then
//    the items). A long diagonal segment's box covers many cells; when the items would exceed 8n
//    the cell size doubles and the count is redone, so the memory stays linear (npChainBytes2
//    reserves 4n + 4 cell starts and 8n + 64 items).
//  - Cells are stored column by column when the grid is wider than high (row by row otherwise),
//    so the cells a query meets across the short side are neighbours in memory.
//  - A query visits the cells its box meets; a segment listed in several of them is reported only
//    in the first cell (in row order) shared by its box and the query's, with no marks to clear;
//    its own box is tested against the query box; the (few) results are sorted by segment index.
//  - An item is the segment index shifted left by NP_CHAIN_ITEM_SHIFT with three flags (chain2d.h):
//    whether the cell is in the segment's first column and first row (so the query drops a
//    segment already reported in an earlier cell without loading its points: a box on a terrain
//    meets ~17 items for ~5 segments), and whether both its joints are surely flat (the contacts
//    then skip loading the neighbours' normals). All three are what the query and the contacts
//    would compute themselves, from the same functions, so results are the same bit for bit.
// Cell coordinates come from one function for building and querying, so both agree exactly.
#include "chain2d_private.h"
#include "vec2.h"
#include "codesize.h"

#include <math.h>

NP_COLD size_t npChainGridCells2(int segmentCount)
{
	return 4u * (size_t)segmentCount + 4u;
}

NP_COLD size_t npChainGridItems2(int segmentCount)
{
	return 8u * (size_t)segmentCount + 64u;
}

static inline int cellCoord(double x, double origin, double inverse, int count)
{
	double f = (x - origin) * inverse;
	if (!(f >= 0.0))
		return 0;
	if (f >= (double)count)
		return count - 1;
	return (int)f;
}

typedef struct cellRange
{
	int x0, x1, y0, y1;
} cellRange;

static inline cellRange cellsOf(const npChain2* c, npVec2 lo, npVec2 hi)
{
	double inv = c->inverseCellSize;
	return (cellRange){ cellCoord(lo.x, c->lower.x, inv, c->gridWidth), cellCoord(hi.x, c->lower.x, inv, c->gridWidth),
						cellCoord(lo.y, c->lower.y, inv, c->gridHeight), cellCoord(hi.y, c->lower.y, inv, c->gridHeight) };
}

// A cell's place in cellStart: along the grid's longer side, so the few cells across it that a
// query meets (a terrain's grid is a long strip, two or three cells high) are neighbours in memory,
// and so are their items: one cache line each instead of one per row on a long chain.
static inline int cellIndex(const npChain2* c, int x, int y)
{
	return c->gridWidth >= c->gridHeight ? x * c->gridHeight + y : y * c->gridWidth + x;
}

static inline void segmentBounds(const npChain2* c, int s, npVec2* lo, npVec2* hi)
{
	npVec2 a, b;
	npChainSegmentPoints2(c, s, &a, &b);
	*lo = v2(npMin(a.x, b.x), npMin(a.y, b.y));
	*hi = v2(npMax(a.x, b.x), npMax(a.y, b.y));
}

// Sets the grid's size for cell size `size`; returns the number of items it would hold, or -1 when
// the cells or the items would not fit.
NP_COLD static long long sizeGrid(npChain2* c, double size)
{
	double w = c->upper.x - c->lower.x, h = c->upper.y - c->lower.y;
	double nx = floor(w / size) + 1.0, ny = floor(h / size) + 1.0;
	if (nx * ny > (double)npChainGridCells2(c->segmentCount) - 1.0)
		return -1;
	c->cellSize = size;
	c->inverseCellSize = 1.0 / size;
	c->gridWidth = (int)nx;
	c->gridHeight = (int)ny;
	long long items = 0;
	for (int s = 0; s < c->segmentCount; ++s)
	{
		npVec2 lo, hi;
		segmentBounds(c, s, &lo, &hi);
		cellRange r = cellsOf(c, lo, hi);
		items += (long long)(r.x1 - r.x0 + 1) * (long long)(r.y1 - r.y0 + 1);
	}
	return items <= (long long)npChainGridItems2(c->segmentCount) ? items : -1;
}

// How far a chain-space joint sine may move when the chain is placed: its normals are unit vectors,
// rotated by a rotation whose squared length is within 2e-6 of 1 (npValidateTransform2), which
// changes their cross product by about 1e-15 (scale and rounding), far below this band.
#define JOINT_BAND 1.0e-12

// True when both joints of the segment lie inside its own chain and are surely flat or concave,
// decided on the chain-space normals: a sine below NP_CHAIN_FLAT_SINE - JOINT_BAND stays at most
// NP_CHAIN_FLAT_SINE in world space, so npResolveChainSegment2's test would say the same wherever
// the chain is placed. Anything else (an open chain's end segments, whose neighbours may be other
// chains or ghosts; convex or borderline joints) is left to the contacts to resolve in full.
NP_COLD static bool bothJointsFlat(const npChain2* c, int segment)
{
	int n = c->segmentCount;
	if (!c->loop && (segment == 0 || segment == n - 1))
		return false;
	int prev = segment > 0 ? segment - 1 : n - 1;
	int next = segment < n - 1 ? segment + 1 : 0;
	npVec2 normal = c->normals[segment];
	return v2Cross(c->normals[prev], normal) < NP_CHAIN_FLAT_SINE - JOINT_BAND &&
		   v2Cross(normal, c->normals[next]) < NP_CHAIN_FLAT_SINE - JOINT_BAND;
}

void npBuildChainGrid2(npChain2* c, int32_t* cellStart, int32_t* items)
{
	int n = c->segmentCount;
	double w = c->upper.x - c->lower.x, h = c->upper.y - c->lower.y;
	double length = 0.0;
	for (int s = 0; s < n; ++s)
	{
		npVec2 a, b;
		npGetChainSegment2(c, s, &a, &b);
		length += v2Distance(a, b);
	}
	double size = npMax(npMax(length / n, sqrt(w * h / n)), npMax(w, h) / n);
	// A chain a few subnormals across rounds all three to 0 (its segments' lengths underflow), and
	// doubling 0 never ended (fuzz_chains2d): start from one cell over the whole chain then.
	if (!(size > 0.0))
		size = npMax(w, h);
	// Doubling ends (size > 0: w or h is, as segments have length): one cell holding every segment
	// once always fits.
	while (sizeGrid(c, size) < 0)
		size *= 2.0;

	int cells = c->gridWidth * c->gridHeight;
	for (int i = 0; i <= cells; ++i)
		cellStart[i] = 0;
	for (int pass = 0; pass < 2; ++pass)
	{
		// Pass 0 counts the items per cell (into cellStart[cell + 1]); pass 1 places them, using
		// cellStart[cell] as the cell's fill position and restoring it afterwards.
		for (int s = 0; s < n; ++s)
		{
			npVec2 lo, hi;
			segmentBounds(c, s, &lo, &hi);
			cellRange r = cellsOf(c, lo, hi);
			int32_t item = (int32_t)s << NP_CHAIN_ITEM_SHIFT;
			if (pass == 1 && bothJointsFlat(c, s))
				item |= NP_CHAIN_ITEM_FLAT;
			for (int y = r.y0; y <= r.y1; ++y)
				for (int x = r.x0; x <= r.x1; ++x)
				{
					int cell = cellIndex(c, x, y);
					if (pass == 0)
						cellStart[cell + 1] += 1;
					else
						items[cellStart[cell]++] =
							item | (x == r.x0 ? NP_CHAIN_ITEM_FIRST_X : 0) | (y == r.y0 ? NP_CHAIN_ITEM_FIRST_Y : 0);
				}
		}
		if (pass == 0)
		{
			for (int i = 0; i < cells; ++i)
				cellStart[i + 1] += cellStart[i];
		}
		else
		{
			for (int i = cells; i > 0; --i)
				cellStart[i] = cellStart[i - 1];
			cellStart[0] = 0;
		}
	}
	c->cellStart = cellStart;
	c->cellItems = items;
}

// The grid query on raw items (segment << NP_CHAIN_ITEM_SHIFT | flags): npQueryChain2's contract,
// for the contacts, which read the flat-joints flag.
int npQueryChainItems2(const npChain2* chain, npVec2 lower, npVec2 upper, int32_t* out, int capacity)
{
	if (chain == NULL || !(lower.x <= upper.x) || !(lower.y <= upper.y) || lower.x > chain->upper.x ||
		upper.x < chain->lower.x || lower.y > chain->upper.y || upper.y < chain->lower.y)
		return 0;
	// The cell range in locals: a cellRange returned by value goes through memory in wasm.
	double inv = chain->inverseCellSize;
	int x0 = cellCoord(lower.x, chain->lower.x, inv, chain->gridWidth);
	int x1 = cellCoord(upper.x, chain->lower.x, inv, chain->gridWidth);
	int y0 = cellCoord(lower.y, chain->lower.y, inv, chain->gridHeight);
	int y1 = cellCoord(upper.y, chain->lower.y, inv, chain->gridHeight);
	int found = 0;
	for (int y = y0; y <= y1; ++y)
		for (int x = x0; x <= x1; ++x)
		{
			// Reported in an earlier cell? The segment is listed here, so its first column is at most
			// x: in the query's first column it is new; further right only when this is its first
			// column (the item's flag, set at creation from the same cellCoord); the same for rows.
			// Tested before the box, so a duplicate costs no load of its points.
			int32_t skip = (x > x0 ? NP_CHAIN_ITEM_FIRST_X : 0) | (y > y0 ? NP_CHAIN_ITEM_FIRST_Y : 0);
			int cell = cellIndex(chain, x, y);
			for (int k = chain->cellStart[cell]; k < chain->cellStart[cell + 1]; ++k)
			{
				int32_t item = chain->cellItems[k];
				if ((item & skip) != skip)
					continue;
				npVec2 lo, hi;
				segmentBounds(chain, item >> NP_CHAIN_ITEM_SHIFT, &lo, &hi);
				if (lo.x > upper.x || hi.x < lower.x || lo.y > upper.y || hi.y < lower.y)
					continue;
				if (found < capacity)
					out[found] = item;
				found += 1;
			}
		}

	// Increasing segment order (insertion sort: a query finds a handful). The items of different
	// segments compare as their segments do (the flags are below the index).
	int kept = found < capacity ? found : capacity;
	for (int i = 1; i < kept; ++i)
	{
		int32_t s = out[i];
		int j = i;
		for (; j > 0 && out[j - 1] > s; --j)
			out[j] = out[j - 1];
		out[j] = s;
	}
	return found;
}

int npQueryChain2(const npChain2* chain, npVec2 lower, npVec2 upper, int32_t* out, int capacity)
{
	int found = npQueryChainItems2(chain, lower, upper, out, capacity);
	int kept = found < capacity ? found : capacity;
	for (int i = 0; i < kept; ++i)
		out[i] >>= NP_CHAIN_ITEM_SHIFT;
	return found;
}
