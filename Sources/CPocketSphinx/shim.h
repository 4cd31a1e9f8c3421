#ifndef PAGERVOICE_CPOCKETSPHINX_SHIM_H
#define PAGERVOICE_CPOCKETSPHINX_SHIM_H
// PocketSphinx 5prealpha and sphinxbase from Debian (libpocketsphinx-dev, libsphinxbase-dev):
// the decoder, its command-line style configuration, finite-state grammars and the log switch.
#include <stdio.h>
#include <pocketsphinx.h>
#include <sphinxbase/cmd_ln.h>
#include <sphinxbase/err.h>
#include <sphinxbase/fsg_model.h>
#include <sphinxbase/logmath.h>
#endif
