// The WebAssembly shim behind js/apibatch.mjs: marshalling only (see batch.h for the queries).
//
// JS cannot pass structs, so a batch call passes one io block of doubles (NPWB_IO_*, from
// tools/iolayout.mjs): the pair count, the byte addresses of the four input arrays it copied into
// wasm memory (shape pointers as uint32, transforms as doubles), the margin and the addresses of
// the result arrays, in the order of the batch struct's fields. The shim rebuilds the structs,
// runs the batch and writes the index and side of a rejected pair back (NPWB_IO_ERR_*). Each
// function returns the npResult.
#include "binding_layout.h"
#include "narrowphase/batch.h"

#include <stdint.h>

/// The batch functions of js/apibatch.mjs (exported; declared here, used only from JS).
int npwOverlapBatch2(double* io);
int npwManifoldBatch2(double* io);
int npwPenetrationBatch2(double* io);
int npwDistanceBatch2(double* io);
int npwOverlapBatch3(double* io);
int npwManifoldBatch3(double* io);
int npwPenetrationBatch3(double* io);
int npwDistanceBatch3(double* io);

// A byte address written by JS as a double.
static void* address(const double* io, int k)
{
	return (void*)(uintptr_t)io[k];
}

static void* field(const double* io, int k)
{
	return address(io, NPWB_IO_FIELDS + k);
}

static npPairs2 pairs2(const double* io)
{
	return (npPairs2){ (int)io[NPWB_IO_COUNT], address(io, NPWB_IO_SHAPES_A), address(io, NPWB_IO_XF_A),
					   address(io, NPWB_IO_SHAPES_B), address(io, NPWB_IO_XF_B) };
}

static npPairs3 pairs3(const double* io)
{
	return (npPairs3){ (int)io[NPWB_IO_COUNT], address(io, NPWB_IO_SHAPES_A), address(io, NPWB_IO_XF_A),
					   address(io, NPWB_IO_SHAPES_B), address(io, NPWB_IO_XF_B) };
}

static npManifoldBatch manifolds(const double* io)
{
	return (npManifoldBatch){ field(io, 0), field(io, 1), field(io, 2), field(io, 3), field(io, 4), field(io, 5) };
}

static npPenetrationBatch penetrations(const double* io)
{
	return (npPenetrationBatch){ field(io, 0), field(io, 1), field(io, 2), field(io, 3), field(io, 4), field(io, 5) };
}

static npDistanceBatch distances(const double* io)
{
	return (npDistanceBatch){ field(io, 0), field(io, 1), field(io, 2), field(io, 3), field(io, 4) };
}

static int finish(double* io, npResult r, npBatchError e)
{
	io[NPWB_IO_ERR_INDEX] = (double)e.index;
	io[NPWB_IO_ERR_SIDE] = (double)e.side;
	return (int)r;
}

int npwOverlapBatch2(double* io)
{
	npPairs2 p = pairs2(io);
	npBatchError e;
	return finish(io, npOverlapBatch2(&p, field(io, 0), &e), e);
}

int npwManifoldBatch2(double* io)
{
	npPairs2 p = pairs2(io);
	npManifoldBatch out = manifolds(io);
	npBatchError e;
	return finish(io, npManifoldBatch2(&p, io[NPWB_IO_MARGIN], &out, &e), e);
}

int npwPenetrationBatch2(double* io)
{
	npPairs2 p = pairs2(io);
	npPenetrationBatch out = penetrations(io);
	npBatchError e;
	return finish(io, npPenetrationBatch2(&p, &out, &e), e);
}

int npwDistanceBatch2(double* io)
{
	npPairs2 p = pairs2(io);
	npDistanceBatch out = distances(io);
	npBatchError e;
	return finish(io, npDistanceBatch2(&p, &out, &e), e);
}

int npwOverlapBatch3(double* io)
{
	npPairs3 p = pairs3(io);
	npBatchError e;
	return finish(io, npOverlapBatch3(&p, field(io, 0), &e), e);
}

int npwManifoldBatch3(double* io)
{
	npPairs3 p = pairs3(io);
	npManifoldBatch out = manifolds(io);
	npBatchError e;
	return finish(io, npManifoldBatch3(&p, io[NPWB_IO_MARGIN], &out, &e), e);
}

int npwPenetrationBatch3(double* io)
{
	npPairs3 p = pairs3(io);
	npPenetrationBatch out = penetrations(io);
	npBatchError e;
	return finish(io, npPenetrationBatch3(&p, &out, &e), e);
}

int npwDistanceBatch3(double* io)
{
	npPairs3 p = pairs3(io);
	npDistanceBatch out = distances(io);
	npBatchError e;
	return finish(io, npDistanceBatch3(&p, &out, &e), e);
}
