#ifndef FLATBED_FUZZ_TIFF_SHIM_H
#define FLATBED_FUZZ_TIFF_SHIM_H
// Reading a TIFF back for fuzz-tiff. TIFFGetField is variadic, so Swift cannot call it: these
// wrappers can. Errors and warnings are silenced (the harness checks results, not messages).
#include <tiffio.h>
#include <stdint.h>

static inline void fuzz_tiff_silence(void) {
    TIFFSetErrorHandler(NULL);
    TIFFSetWarningHandler(NULL);
}

/// Width and height of the current directory; 0 when the tag is missing.
static inline void fuzz_tiff_size(TIFF *tiff, uint32_t *width, uint32_t *height) {
    *width = 0;
    *height = 0;
    TIFFGetField(tiff, TIFFTAG_IMAGEWIDTH, width);
    TIFFGetField(tiff, TIFFTAG_IMAGELENGTH, height);
}

/// Samples per pixel and bits per sample of the current directory (TIFF defaults when missing).
static inline void fuzz_tiff_format(TIFF *tiff, uint16_t *samples, uint16_t *bits) {
    *samples = 1;
    *bits = 1;
    TIFFGetFieldDefaulted(tiff, TIFFTAG_SAMPLESPERPIXEL, samples);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_BITSPERSAMPLE, bits);
}
#endif
