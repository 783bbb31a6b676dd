// Debian's libssl-dev (pkg-config libcrypto): OpenSSL's SHA-256, for the one hash that ends up
// in the book's own files, the accept ledgers' content hashes (GuideMerge's ContentHash.swift,
// the one file that calls it). Cache keys use XXH3 instead (CXXHash).
#ifndef GUIDE_CLIBCRYPTO_SHIM_H
#define GUIDE_CLIBCRYPTO_SHIM_H

#include <openssl/sha.h>
#include <openssl/evp.h>

#endif
