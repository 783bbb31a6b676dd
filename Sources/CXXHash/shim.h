// Debian's libxxhash-dev (pkg-config libxxhash): XXH3-128, the hash of guide's cache keys,
// seals and fingerprints (see GuideModel's Digest.swift, the one file that calls it).
#ifndef GUIDE_CXXHASH_SHIM_H
#define GUIDE_CXXHASH_SHIM_H

#include <xxhash.h>

#endif
