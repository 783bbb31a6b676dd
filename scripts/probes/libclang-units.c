// Probe for issue #22's 3 ms a snippet (README, "Where a compile's time goes"): parses each
// unit given with the toolchain's libclang, a fresh translation unit each, and prints its
// diagnostics as clang's command line does (presumed file:line:column, severity, text,
// [option], then the notes). Not part of guide; kept to measure the worker it would become.
//   gcc -O2 -I/usr/lib/llvm-14/include -o /tmp/probe scripts/probes/libclang-units.c
//       /opt/swift/usr/lib/libclang.so -Wl,-rpath,/opt/swift/usr/lib   (one line)
//   /tmp/probe REPEATS unit.m... -- CLANG_FLAGS... -fspell-checking
// (libclang turns spell checking off unless asked; the timing of all repeats goes to stderr.)
#include <clang-c/Index.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <time.h>
static void show(CXDiagnostic d) {
    static const char *names[] = {"ignored", "note", "warning", "error", "fatal error"};
    CXString file; unsigned line, column;
    clang_getPresumedLocation(clang_getDiagnosticLocation(d), &file, &line, &column);
    CXString text = clang_getDiagnosticSpelling(d), option = clang_getDiagnosticOption(d, 0);
    const char *o = clang_getCString(option);
    if (strlen(clang_getCString(file))) printf("%s:%u:%u: ", clang_getCString(file), line, column);
    printf("%s: %s", names[clang_getDiagnosticSeverity(d)], clang_getCString(text));
    if (o && *o) printf(" [%s]", o);
    printf("\n");
    clang_disposeString(file); clang_disposeString(text); clang_disposeString(option);
    CXDiagnosticSet kids = clang_getChildDiagnostics(d);
    for (unsigned k = 0; k < clang_getNumDiagnosticsInSet(kids); k++) show(clang_getDiagnosticInSet(kids, k));
}
// (usage above)
int main(int argc, char **argv) {
    int reps = atoi(argv[1]); int sep = 2; while (strcmp(argv[sep], "--")) sep++;
    const char **args = (const char **)(argv + sep + 1); int nargs = argc - sep - 1;
    CXIndex index = clang_createIndex(0, 0);
    struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a); int units = 0;
    for (int r = 0; r < reps; r++) for (int f = 2; f < sep; f++) {
        CXTranslationUnit tu;
        enum CXErrorCode e = clang_parseTranslationUnit2(index, argv[f], args, nargs, 0, 0, CXTranslationUnit_None, &tu);
        units++;
        if (e) { printf("parse failed %s %d\n", argv[f], e); continue; }
        if (r == 0) {
            unsigned n = clang_getNumDiagnostics(tu);
            for (unsigned i = 0; i < n; i++) { CXDiagnostic d = clang_getDiagnostic(tu, i); show(d); clang_disposeDiagnostic(d); }
        }
        clang_disposeTranslationUnit(tu);
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    fprintf(stderr, "%d units, %.2f ms each\n", units, ((b.tv_sec-a.tv_sec)*1e3 + (b.tv_nsec-a.tv_nsec)/1e6)/units);
    return 0;
}
