#include <png.h>

/* Function-like macros of libpng's simplified API, as functions Swift can call. */

/* PNG_IMAGE_VERSION, for png_image.version. */
static inline png_uint_32 cpng_image_version(void) { return PNG_IMAGE_VERSION; }

/* Bytes in one row of `image` at its current format, with no padding. */
static inline png_uint_32 cpng_image_row_stride(const png_image *image) {
    return PNG_IMAGE_ROW_STRIDE(*image);
}

/* Bytes needed for the whole of `image` at its current format. */
static inline size_t cpng_image_size(const png_image *image) {
    return PNG_IMAGE_SIZE(*image);
}

/* True when the last call failed (an error, not just a warning). */
static inline int cpng_image_failed(const png_image *image) {
    return PNG_IMAGE_FAILED(*image);
}

/* An upper bound on the bytes png_image_write_to_memory can produce for `image`. */
static inline size_t cpng_image_png_size_max(const png_image *image) {
    return PNG_IMAGE_PNG_SIZE_MAX(*image);
}

/* PNG_FORMAT_* values (macros built from other macros, which Swift does not import). */
static inline png_uint_32 cpng_format_gray(void) { return PNG_FORMAT_GRAY; }
static inline png_uint_32 cpng_format_rgb(void) { return PNG_FORMAT_RGB; }
static inline png_uint_32 cpng_format_rgba(void) { return PNG_FORMAT_RGBA; }
static inline png_uint_32 cpng_format_linear_rgb_alpha(void) { return PNG_FORMAT_LINEAR_RGB_ALPHA; }
static inline png_uint_32 cpng_format_flag_linear(void) { return PNG_FORMAT_FLAG_LINEAR; }
