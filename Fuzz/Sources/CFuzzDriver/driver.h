#ifndef FLATBED_FUZZ_DRIVER_H
#define FLATBED_FUZZ_DRIVER_H
// libFuzzer's entry for programs that have their own main (-sanitize=fuzzer links it in).
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
#endif
