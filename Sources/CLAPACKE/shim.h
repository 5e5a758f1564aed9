#ifndef COOKCAST_CLAPACKE_SHIM_H
#define COOKCAST_CLAPACKE_SHIM_H
#include <lapacke.h>
#endif
