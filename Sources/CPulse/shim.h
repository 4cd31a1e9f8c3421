#ifndef PAGERVOICE_CPULSE_SHIM_H
#define PAGERVOICE_CPULSE_SHIM_H
// libpulse from Debian (libpulse-dev): the asynchronous API, for connecting with a deadline and
// for streams whose buffer we size ourselves, and the simple API for blocking record streams.
#include <pulse/pulseaudio.h>
#include <pulse/simple.h>
#include <pulse/error.h>
#endif
