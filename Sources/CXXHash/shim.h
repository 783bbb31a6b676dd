// Debian's libxxhash-dev (pkg-config libxxhash): XXH3-128, the hash of guide's cache keys,
// seals and fingerprints (see GuideModel's Digest.swift, the one file that calls it).
#ifndef GUIDE_CXXHASH_SHIM_H
#define GUIDE_CXXHASH_SHIM_H

#include <xxhash.h>

// On x86-64 the library picks the widest vector unit the processor has (AVX2, AVX-512) at run
// time through its `_dispatch` entry points; the plain ones are built for SSE2, the baseline,
// and hashed the seals of a ×200 rebuild's records at half the speed. The same hashes either way.
#if defined(__x86_64__)
#define XXH_DISPATCH_DISABLE_REPLACE
#include <xxh_x86dispatch.h>
static inline XXH_errorcode guide_xxh3_128_update(XXH3_state_t *state, const void *input, size_t length) {
    return XXH3_128bits_update_dispatch(state, input, length);
}
static inline XXH128_hash_t guide_xxh3_128(const void *input, size_t length) {
    return XXH3_128bits_dispatch(input, length);
}
#else
static inline XXH_errorcode guide_xxh3_128_update(XXH3_state_t *state, const void *input, size_t length) {
    return XXH3_128bits_update(state, input, length);
}
static inline XXH128_hash_t guide_xxh3_128(const void *input, size_t length) {
    return XXH3_128bits(input, length);
}
#endif

#endif
