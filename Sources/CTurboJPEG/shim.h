#include <turbojpeg.h>

/* TJERR_WARNING as a plain int, for comparing with tjGetErrorCode(). */
static inline int ctj_error_warning(void) { return TJERR_WARNING; }
