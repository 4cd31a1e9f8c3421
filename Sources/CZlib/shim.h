#ifndef PAGERVOICE_CZLIB_SHIM_H
#define PAGERVOICE_CZLIB_SHIM_H
// zlib from Debian (zlib1g-dev): inflate, for the compressed data of PNG screenshots.
#include <zlib.h>
#endif
