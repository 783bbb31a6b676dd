// guide-compile-units: compiles many snippet units in one process, each a fresh translation
// unit of clang's own library, and leaves for each what clang's command line would have
// left (its diagnostics, its exit status). Starting clang costs 13 of the 15 ms a snippet
// takes on the command line; libclang parses the same unit in about 4 (README, "Where a
// compile's time goes"). Runs inside the same sandbox and limits as clang (BatchRunner).
//
//   guide-compile-units --version LIBCLANG
//       prints the library's version (the check uses it only when it is clang's own)
//   guide-compile-units LIBCLANG SECONDS FOLDER COUNT
//       for each N below COUNT: parses FOLDER/N/snippet.m with the arguments in FOLDER/N/args
//       (NUL-separated), then writes FOLDER/N/err (diagnostics as clang prints them with
//       -fno-caret-diagnostics -fdiagnostics-show-option), FOLDER/N/out (empty) and, last,
//       FOLDER/N/status ("0" or "1": whether an error was reported).
//
// A unit gets SECONDS of its own (an interval timer whose signal ends the process); a unit
// libclang cannot parse (its arguments refused) gets no status, and one it crashed on ends
// the process: the caller compiles every unit without a status again, alone, on clang's
// command line, which reports what happened in its own words.
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>
#include "shim.h"

static GuideClang api;

/// The whole of a small file, NUL-terminated; NULL when it cannot be read.
static char *readAll(const char *path, size_t *size) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return NULL;
    size_t capacity = 4096, used = 0;
    char *bytes = malloc(capacity);
    for (;;) {
        if (used + 1 >= capacity) bytes = realloc(bytes, capacity *= 2);
        ssize_t got = read(fd, bytes + used, capacity - used - 1);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        used += (size_t)got;
    }
    close(fd);
    bytes[used] = 0;
    *size = used;
    return bytes;
}

/// Appends `text` to a growing buffer.
typedef struct { char *bytes; size_t used, capacity; } Text;
static void append(Text *text, const char *part) {
    size_t length = strlen(part);
    if (text->used + length + 1 > text->capacity) {
        while (text->used + length + 1 > text->capacity) text->capacity = text->capacity ? text->capacity * 2 : 4096;
        text->bytes = realloc(text->bytes, text->capacity);
    }
    memcpy(text->bytes + text->used, part, length + 1);
    text->used += length;
}

/// One diagnostic and then its notes, as clang's command line prints them: the place a `#line`
/// presumes, the severity, the text and the warning's option.
static void print(CXDiagnostic diagnostic, Text *out, int *errors) {
    static const char *severities[] = {"ignored", "note", "warning", "error", "fatal error"};
    int severity = api.getDiagnosticSeverity(diagnostic);
    if (severity < 1 || severity > 4) return;
    if (severity >= 3) *errors = 1;
    CXString file; unsigned line = 0, column = 0;
    api.getPresumedLocation(api.getDiagnosticLocation(diagnostic), &file, &line, &column);
    const char *fileName = api.getCString(file);
    char number[64];
    if (fileName && *fileName) {
        append(out, fileName);
        snprintf(number, sizeof number, ":%u:%u: ", line, column);
        append(out, number);
    }
    api.disposeString(file);
    append(out, severities[severity]);
    append(out, ": ");
    CXString spelling = api.getDiagnosticSpelling(diagnostic), disable;
    append(out, api.getCString(spelling));
    api.disposeString(spelling);
    CXString option = api.getDiagnosticOption(diagnostic, &disable);
    const char *optionText = api.getCString(option);
    if (optionText && *optionText) {
        append(out, " [");
        append(out, optionText);
        append(out, "]");
    }
    api.disposeString(option);
    api.disposeString(disable);
    append(out, "\n");
    CXDiagnosticSet notes = api.getChildDiagnostics(diagnostic);
    unsigned count = api.getNumDiagnosticsInSet(notes);
    for (unsigned index = 0; index < count; index++) print(api.getDiagnosticInSet(notes, index), out, errors);
}

static int writeFile(const char *path, const char *bytes, size_t size) {
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) return -1;
    while (size > 0) {
        ssize_t wrote = write(fd, bytes, size);
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote <= 0) { close(fd); return -1; }
        bytes += wrote; size -= (size_t)wrote;
    }
    return close(fd);
}

/// Compiles FOLDER/N; leaves no status when libclang could not.
static void compile(CXIndex index, const char *folder, long unit, double seconds) {
    char path[4096];
    size_t argumentsSize = 0;
    snprintf(path, sizeof path, "%s/%ld/args", folder, unit);
    char *arguments = readAll(path, &argumentsSize);
    if (!arguments) return;
    // The arguments, and spell checking on: libclang turns clang's "did you mean" off unless asked.
    int count = 0;
    for (size_t at = 0; at < argumentsSize; at++) if (arguments[at] == 0) count++;
    const char **argv = malloc(sizeof(char *) * (size_t)(count + 1));
    int argc = 0;
    for (size_t at = 0; at < argumentsSize; at += strlen(arguments + at) + 1) argv[argc++] = arguments + at;
    argv[argc++] = "-fspell-checking";
    snprintf(path, sizeof path, "%s/%ld/snippet.m", folder, unit);

    // Its own time: a signal blocked by a handler that left by a jump would never arrive.
    sigset_t alarm;
    sigemptyset(&alarm);
    sigaddset(&alarm, SIGALRM);
    sigprocmask(SIG_UNBLOCK, &alarm, NULL);
    struct itimerval timer = {{0, 0}, {(time_t)seconds, (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6)}};
    setitimer(ITIMER_REAL, &timer, NULL);   // SIGALRM's default action ends the process
    CXTranslationUnit translationUnit = NULL;
    int failed = api.parseTranslationUnit2(index, path, argv, argc, NULL, 0, 0, &translationUnit);
    struct itimerval off = {{0, 0}, {0, 0}};
    setitimer(ITIMER_REAL, &off, NULL);
    free(argv);
    free(arguments);
    // A crash libclang recovered from (running out of memory, say) leaves the process in no
    // state to trust: the rest of the batch goes to the command line.
    if (failed == GuideCXError_Crashed) exit(3);
    if (failed || !translationUnit) return;

    Text out = {0};
    append(&out, "");
    int errors = 0;
    unsigned diagnostics = api.getNumDiagnostics(translationUnit);
    for (unsigned at = 0; at < diagnostics; at++) {
        CXDiagnostic diagnostic = api.getDiagnostic(translationUnit, at);
        print(diagnostic, &out, &errors);
        api.disposeDiagnostic(diagnostic);
    }
    api.disposeTranslationUnit(translationUnit);
    char file[4200];
    snprintf(file, sizeof file, "%s/%ld/err", folder, unit);
    int ok = writeFile(file, out.bytes, out.used) == 0;
    snprintf(file, sizeof file, "%s/%ld/out", folder, unit);
    ok = ok && writeFile(file, "", 0) == 0;
    snprintf(file, sizeof file, "%s/%ld/status", folder, unit);
    if (ok) writeFile(file, errors ? "1\n" : "0\n", 2);
    free(out.bytes);
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "--version") == 0) {
        if (guide_clang_load_path(&api, argv[2]) != 0) return 2;
        CXString version = api.getClangVersion();
        printf("%s\n", api.getCString(version));
        api.disposeString(version);
        return 0;
    }
    if (argc != 5) {
        fprintf(stderr, "usage: guide-compile-units LIBCLANG SECONDS FOLDER COUNT | --version LIBCLANG\n");
        return 2;
    }
    if (guide_clang_load_path(&api, argv[1]) != 0) {
        fprintf(stderr, "guide-compile-units: cannot load %s\n", argv[1]);
        return 2;
    }
    double seconds = atof(argv[2]);
    long count = atol(argv[4]);
    CXIndex index = api.createIndex(0, 0);
    for (long unit = 0; unit < count; unit++) compile(index, argv[3], unit, seconds > 0 ? seconds : 30);
    return 0;
}
