#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <tiffio.h>

// TIFFSetField is variadic, which Swift cannot call: one typed wrapper per value kind.
// (Variadic uint16 and float arguments are promoted to int and double, as libtiff expects.)
static inline int flatbed_tiff_set_int(TIFF *tiff, uint32_t tag, int value) {
    return TIFFSetField(tiff, tag, value);
}
static inline int flatbed_tiff_set_uint32(TIFF *tiff, uint32_t tag, uint32_t value) {
    return TIFFSetField(tiff, tag, value);
}
static inline int flatbed_tiff_set_double(TIFF *tiff, uint32_t tag, double value) {
    return TIFFSetField(tiff, tag, value);
}
static inline int flatbed_tiff_get_uint32(TIFF *tiff, uint32_t tag, uint32_t *value) {
    return TIFFGetField(tiff, tag, value);
}

// libtiff's first error message for one handle, kept instead of being printed to stderr.
typedef struct { char message[512]; } flatbed_tiff_error;

static inline int flatbed_tiff_record_error(TIFF *tiff, void *user, const char *module, const char *format, va_list arguments) {
    (void)tiff; (void)module;
    flatbed_tiff_error *error = (flatbed_tiff_error *)user;
    if (error != NULL && error->message[0] == 0) vsnprintf(error->message, sizeof error->message, format, arguments);
    return 1;  // handled: the global handler (stderr) is not called
}

static inline int flatbed_tiff_ignore_warning(TIFF *tiff, void *user, const char *module, const char *format, va_list arguments) {
    (void)tiff; (void)user; (void)module; (void)format; (void)arguments;
    return 1;
}

// Opens `descriptor` (which libtiff closes with the handle) with errors recorded in `error`.
static inline TIFF *flatbed_tiff_fdopen(int descriptor, const char *name, const char *mode, flatbed_tiff_error *error) {
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (options == NULL) return NULL;
    TIFFOpenOptionsSetErrorHandlerExtR(options, flatbed_tiff_record_error, error);
    TIFFOpenOptionsSetWarningHandlerExtR(options, flatbed_tiff_ignore_warning, NULL);
    TIFF *tiff = TIFFFdOpenExt(descriptor, name, mode, options);
    TIFFOpenOptionsFree(options);
    return tiff;
}
