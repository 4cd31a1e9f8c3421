#ifndef PAGERVOICE_CPCAUDIO_SHIM_H
#define PAGERVOICE_CPCAUDIO_SHIM_H
// libpcaudio-dev ships no .pc file, so the header is named directly.
#include <pcaudiolib/audio.h>
#include <stdarg.h>

// pcaudiolib 1.2 exports one constructor per backend but only declares the "try them all" one.
// `--audio pulse` and `--audio alsa` must mean exactly that backend, so declare the two we use
// (same signatures as pcaudiolib's src/pulseaudio.c and src/alsa.c).
struct audio_object *
create_pulseaudio_object(const char *device,
                         const char *application_name,
                         const char *description);

struct audio_object *
create_alsa_object(const char *device,
                   const char *application_name,
                   const char *description);

// ALSA's library reports errors by calling a variadic handler that prints `ALSA lib …` lines to
// stderr. Swift cannot define a variadic C function, so the silent handler lives here and Swift
// only passes in the `snd_lib_error_set_handler` it looked up with dlsym (libasound is loaded
// because pcaudiolib links it; we never link or include ALSA ourselves).
static inline void
pagervoice_alsa_silent_error_handler(const char *file, int line, const char *function,
                                     int err, const char *fmt, ...)
{
	(void)file; (void)line; (void)function; (void)err; (void)fmt;
}

typedef void (*pagervoice_alsa_error_handler_t)(const char *, int, const char *, int, const char *, ...);
typedef int (*pagervoice_alsa_set_error_handler_t)(pagervoice_alsa_error_handler_t);

static inline int
pagervoice_alsa_silence_errors(void *snd_lib_error_set_handler)
{
	if (!snd_lib_error_set_handler)
		return -1;
	return ((pagervoice_alsa_set_error_handler_t)snd_lib_error_set_handler)(pagervoice_alsa_silent_error_handler);
}

#endif
