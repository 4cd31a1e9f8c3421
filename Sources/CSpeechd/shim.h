#ifndef PAGERVOICE_CSPEECHD_SHIM_H
#define PAGERVOICE_CSPEECHD_SHIM_H
// libspeechd from Debian (libspeechd-dev): the client library of speech-dispatcher, the speech
// server Orca and other screen readers talk to (SSIP over a unix or TCP socket).
#include <speech-dispatcher/libspeechd.h>
#endif
