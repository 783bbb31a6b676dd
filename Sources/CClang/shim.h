// The part of libclang's C API (clang-c/Index.h) guide uses, loaded at run time: the highlighter's
// tokens, and the snippet check's worker (Sources/GuideCompileUnits) and its diagnostics.
//
// Debian installs libclang per LLVM version: /usr/lib/llvm-N/lib/libclang.so.1 and
// /usr/lib/llvm-N/include/clang-c/, neither on the default search paths (and the Swift
// toolchain ships a libclang of its own in /opt/swift/usr/lib). So nothing is linked and no
// include path is needed: guide_clang_load() dlopens the newest Debian libclang installed
// and fills a table of function pointers. The declarations below are copied from
// clang-c/Index.h, whose C ABI is stable across LLVM versions; HighlightTests checks them
// against the installed header.
#ifndef GUIDE_CCLANG_SHIM_H
#define GUIDE_CCLANG_SHIM_H

#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>

typedef void *CXIndex;
typedef struct CXTranslationUnitImpl *CXTranslationUnit;
typedef void *CXFile;

struct CXUnsavedFile {
    const char *Filename;
    const char *Contents;
    unsigned long Length;
};

typedef struct { const void *ptr_data[2]; unsigned int_data; } CXSourceLocation;
typedef struct { const void *ptr_data[2]; unsigned begin_int_data; unsigned end_int_data; } CXSourceRange;
typedef struct { unsigned int_data[4]; void *ptr_data; } CXToken;
typedef struct { const void *data; unsigned private_flags; } CXString;

// enum CXTokenKind
enum { GuideCXToken_Punctuation = 0, GuideCXToken_Keyword = 1, GuideCXToken_Identifier = 2,
       GuideCXToken_Literal = 3, GuideCXToken_Comment = 4 };
// enum CXTranslationUnit_Flags (the two used)
enum { GuideCXTranslationUnit_KeepGoing = 0x200, GuideCXTranslationUnit_SingleFileParse = 0x400 };

typedef void *CXDiagnostic;
typedef void *CXDiagnosticSet;
// enum CXErrorCode (the one the snippet check's worker tells apart)
enum { GuideCXError_Crashed = 2 };

/// The libclang functions guide calls (signatures as in clang-c/Index.h): the highlighter's
/// tokens, and the diagnostics of the snippet check's worker (guide-compile-units).
typedef struct GuideClang {
    CXIndex (*createIndex)(int excludeDeclarationsFromPCH, int displayDiagnostics);
    int (*parseTranslationUnit2)(CXIndex, const char *source_filename, const char *const *command_line_args,
                                 int num_command_line_args, struct CXUnsavedFile *unsaved_files,
                                 unsigned num_unsaved_files, unsigned options, CXTranslationUnit *out_TU);
    void (*disposeTranslationUnit)(CXTranslationUnit);
    int (*reparseTranslationUnit)(CXTranslationUnit, unsigned num_unsaved_files,
                                  struct CXUnsavedFile *unsaved_files, unsigned options);
    CXFile (*getFile)(CXTranslationUnit, const char *file_name);
    CXSourceLocation (*getLocationForOffset)(CXTranslationUnit, CXFile, unsigned offset);
    CXSourceRange (*getRange)(CXSourceLocation begin, CXSourceLocation end);
    void (*tokenize)(CXTranslationUnit, CXSourceRange, CXToken **tokens, unsigned *num_tokens);
    void (*disposeTokens)(CXTranslationUnit, CXToken *tokens, unsigned num_tokens);
    int (*getTokenKind)(CXToken);
    CXSourceRange (*getTokenExtent)(CXTranslationUnit, CXToken);
    CXSourceLocation (*getRangeStart)(CXSourceRange);
    CXSourceLocation (*getRangeEnd)(CXSourceRange);
    void (*getSpellingLocation)(CXSourceLocation, CXFile *file, unsigned *line, unsigned *column, unsigned *offset);
    CXString (*getClangVersion)(void);
    const char *(*getCString)(CXString);
    void (*disposeString)(CXString);
    unsigned (*getNumDiagnostics)(CXTranslationUnit);
    CXDiagnostic (*getDiagnostic)(CXTranslationUnit, unsigned index);
    void (*disposeDiagnostic)(CXDiagnostic);
    int (*getDiagnosticSeverity)(CXDiagnostic);   // enum CXDiagnosticSeverity: 0 ignored … 4 fatal
    CXSourceLocation (*getDiagnosticLocation)(CXDiagnostic);
    void (*getPresumedLocation)(CXSourceLocation, CXString *filename, unsigned *line, unsigned *column);
    CXString (*getDiagnosticSpelling)(CXDiagnostic);
    CXString (*getDiagnosticOption)(CXDiagnostic, CXString *disable);
    CXDiagnosticSet (*getChildDiagnostics)(CXDiagnostic);
    unsigned (*getNumDiagnosticsInSet)(CXDiagnosticSet);
    CXDiagnostic (*getDiagnosticInSet)(CXDiagnosticSet, unsigned index);
} GuideClang;

/// Fills `api` from an opened libclang. Returns 0, or -2 when a function is missing.
// RTLD_LAZY (below): binding all of libclang's and LLVM's symbols up front would add a tenth
// of a second to every start; only the functions here are used, and dlsym checks each one.
static inline int guide_clang_fill(GuideClang *api, void *handle) {
#define GUIDE_CLANG_SYMBOL(field, name) \
    if ((*(void **)&api->field = dlsym(handle, #name)) == NULL) return -2;
    GUIDE_CLANG_SYMBOL(createIndex, clang_createIndex)
    GUIDE_CLANG_SYMBOL(parseTranslationUnit2, clang_parseTranslationUnit2)
    GUIDE_CLANG_SYMBOL(disposeTranslationUnit, clang_disposeTranslationUnit)
    GUIDE_CLANG_SYMBOL(reparseTranslationUnit, clang_reparseTranslationUnit)
    GUIDE_CLANG_SYMBOL(getFile, clang_getFile)
    GUIDE_CLANG_SYMBOL(getLocationForOffset, clang_getLocationForOffset)
    GUIDE_CLANG_SYMBOL(getRange, clang_getRange)
    GUIDE_CLANG_SYMBOL(tokenize, clang_tokenize)
    GUIDE_CLANG_SYMBOL(disposeTokens, clang_disposeTokens)
    GUIDE_CLANG_SYMBOL(getTokenKind, clang_getTokenKind)
    GUIDE_CLANG_SYMBOL(getTokenExtent, clang_getTokenExtent)
    GUIDE_CLANG_SYMBOL(getRangeStart, clang_getRangeStart)
    GUIDE_CLANG_SYMBOL(getRangeEnd, clang_getRangeEnd)
    GUIDE_CLANG_SYMBOL(getSpellingLocation, clang_getSpellingLocation)
    GUIDE_CLANG_SYMBOL(getClangVersion, clang_getClangVersion)
    GUIDE_CLANG_SYMBOL(getCString, clang_getCString)
    GUIDE_CLANG_SYMBOL(disposeString, clang_disposeString)
    GUIDE_CLANG_SYMBOL(getNumDiagnostics, clang_getNumDiagnostics)
    GUIDE_CLANG_SYMBOL(getDiagnostic, clang_getDiagnostic)
    GUIDE_CLANG_SYMBOL(disposeDiagnostic, clang_disposeDiagnostic)
    GUIDE_CLANG_SYMBOL(getDiagnosticSeverity, clang_getDiagnosticSeverity)
    GUIDE_CLANG_SYMBOL(getDiagnosticLocation, clang_getDiagnosticLocation)
    GUIDE_CLANG_SYMBOL(getPresumedLocation, clang_getPresumedLocation)
    GUIDE_CLANG_SYMBOL(getDiagnosticSpelling, clang_getDiagnosticSpelling)
    GUIDE_CLANG_SYMBOL(getDiagnosticOption, clang_getDiagnosticOption)
    GUIDE_CLANG_SYMBOL(getChildDiagnostics, clang_getChildDiagnostics)
    GUIDE_CLANG_SYMBOL(getNumDiagnosticsInSet, clang_getNumDiagnosticsInSet)
    GUIDE_CLANG_SYMBOL(getDiagnosticInSet, clang_getDiagnosticInSet)
#undef GUIDE_CLANG_SYMBOL
    return 0;
}

/// Loads the newest Debian libclang (/usr/lib/llvm-N/lib/libclang.so.1), else a libclang.so.1 on the
/// loader's path, and fills `api`: the highlighter's. Returns 0 on success; `path` receives the file tried last.
static inline int guide_clang_load(GuideClang *api, char *path, size_t pathSize) {
    void *handle = NULL;
    for (int version = 40; version >= 13 && handle == NULL; version--) {
        snprintf(path, pathSize, "/usr/lib/llvm-%d/lib/libclang.so.1", version);
        handle = dlopen(path, RTLD_LAZY | RTLD_LOCAL);
    }
    if (handle == NULL) {
        snprintf(path, pathSize, "libclang.so.1");
        handle = dlopen(path, RTLD_LAZY | RTLD_LOCAL);
    }
    if (handle == NULL) return -1;
    return guide_clang_fill(api, handle);
}

/// Loads the libclang at `path` (the one beside the clang that checks snippets) and fills
/// `api`: the snippet check's worker. Returns 0 on success.
static inline int guide_clang_load_path(GuideClang *api, const char *path) {
    void *handle = dlopen(path, RTLD_LAZY | RTLD_LOCAL);
    if (handle == NULL) return -1;
    return guide_clang_fill(api, handle);
}

#endif
