// guide-compile-units: compiles many snippet units in one process, each a fresh translation
// unit of clang's own library, and leaves for each what clang's command line would have
// left (its diagnostics, its exit status). Starting clang costs 13 of the 15 ms a snippet
// takes on the command line; libclang parses the same unit in about 4 (README, "Where a
// compile's time goes"). Runs inside the same sandbox and limits as clang (BatchRunner).
//
//   guide-compile-units --version LIBCLANG
//       prints the library's version (the check uses it only when it is clang's own)
//   guide-compile-units LIBCLANG SECONDS FOLDER
//       reads units from standard input, each a line "ARGUMENTS-LENGTH TEXT-LENGTH" and then
//       that many bytes of arguments (each NUL-terminated) and of the unit's text. Unit N is
//       parsed as FOLDER/N/snippet.m, a file that is never written (libclang reads the text
//       from memory: creating files where a previous run just deleted many is slow on ext4).
//       For each unit it writes to standard output a line "N STATUS LENGTH" (STATUS 1 when an
//       error was reported) and then LENGTH bytes of diagnostics as clang prints them with
//       -fno-caret-diagnostics -fdiagnostics-show-option.
//
// Each answer is written as soon as its unit is done, so a caller may send the next unit then
// (guide keeps a worker for a whole check: WorkerPool). A unit gets SECONDS of its own (an
// interval timer whose signal ends the process); a unit libclang cannot parse (its arguments
// refused) gets STATUS -1, and one it crashed on ends the process: the caller compiles such a
// unit again, alone, on clang's command line, which reports what happened in its own words.
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>
#include "shim.h"

static GuideClang api;

/// Exactly `size` bytes of standard input into `bytes`; 0 at its end or on an error.
static int readExactly(char *bytes, size_t size) {
    while (size > 0) {
        ssize_t got = read(0, bytes, size);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return 0;
        bytes += got; size -= (size_t)got;
    }
    return 1;
}

/// A unit's header line, "ARGUMENTS-LENGTH TEXT-LENGTH"; 0 at the end of the input.
static int readHeader(size_t *argumentsSize, size_t *textSize) {
    char line[64];
    size_t used = 0;
    for (;;) {
        if (used + 1 >= sizeof line || !readExactly(line + used, 1)) return 0;
        if (line[used] == '\n') break;
        used++;
    }
    line[used] = 0;
    unsigned long arguments = 0, text = 0;
    if (sscanf(line, "%lu %lu", &arguments, &text) != 2 || arguments > (64ul << 20) || text > (256ul << 20)) return 0;
    *argumentsSize = arguments;
    *textSize = text;
    return 1;
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

/// All of `bytes` to standard output.
static int writeAll(const char *bytes, size_t size) {
    while (size > 0) {
        ssize_t wrote = write(1, bytes, size);
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote <= 0) return -1;
        bytes += wrote; size -= (size_t)wrote;
    }
    return 0;
}

/// Compiles unit N of the input, its arguments and text given; says STATUS -1 when libclang could not.
static void compile(CXIndex index, const char *folder, long unit, double seconds, char *arguments, size_t argumentsSize,
                    const char *text, size_t textSize) {
    // The arguments, and spell checking on: libclang turns clang's "did you mean" off unless asked.
    int count = 0;
    for (size_t at = 0; at < argumentsSize; at++) if (arguments[at] == 0) count++;
    const char **argv = malloc(sizeof(char *) * (size_t)(count + 1));
    int argc = 0;
    for (size_t at = 0; at < argumentsSize; at += strlen(arguments + at) + 1) argv[argc++] = arguments + at;
    argv[argc++] = "-fspell-checking";
    char path[4200];
    snprintf(path, sizeof path, "%s/%ld/snippet.m", folder, unit);
    struct CXUnsavedFile source = {path, text, (unsigned long)textSize};

    // Its own time: a signal blocked by a handler that left by a jump would never arrive.
    sigset_t alarm;
    sigemptyset(&alarm);
    sigaddset(&alarm, SIGALRM);
    sigprocmask(SIG_UNBLOCK, &alarm, NULL);
    struct itimerval timer = {{0, 0}, {(time_t)seconds, (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6)}};
    setitimer(ITIMER_REAL, &timer, NULL);   // SIGALRM's default action ends the process
    CXTranslationUnit translationUnit = NULL;
    int failed = api.parseTranslationUnit2(index, path, argv, argc, &source, 1, 0, &translationUnit);
    struct itimerval off = {{0, 0}, {0, 0}};
    setitimer(ITIMER_REAL, &off, NULL);
    free(argv);
    // A crash libclang recovered from (running out of memory, say) leaves the process in no
    // state to trust: the rest of the batch goes to the command line.
    if (failed == GuideCXError_Crashed) exit(3);
    if (failed || !translationUnit) {
        char refused[64];
        int size = snprintf(refused, sizeof refused, "%ld -1 0\n", unit);
        if (writeAll(refused, (size_t)size) != 0) exit(4);
        return;
    }

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
    char header[96];
    int headerSize = snprintf(header, sizeof header, "%ld %d %zu\n", unit, errors, out.used);
    // One write where it fits: a unit's line and diagnostics arrive together or not at all.
    Text record = {0};
    append(&record, header);
    if (out.used) append(&record, out.bytes);
    if (writeAll(record.bytes, (size_t)headerSize + out.used) != 0) exit(4);
    free(record.bytes);
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
    if (argc != 4) {
        fprintf(stderr, "usage: guide-compile-units LIBCLANG SECONDS FOLDER < UNITS | --version LIBCLANG\n");
        return 2;
    }
    if (guide_clang_load_path(&api, argv[1]) != 0) {
        fprintf(stderr, "guide-compile-units: cannot load %s\n", argv[1]);
        return 2;
    }
    double seconds = atof(argv[2]);
    CXIndex index = api.createIndex(0, 0);
    size_t argumentsSize = 0, textSize = 0;
    for (long unit = 0; readHeader(&argumentsSize, &textSize); unit++) {
        char *arguments = malloc(argumentsSize + 1), *text = malloc(textSize + 1);
        if (!readExactly(arguments, argumentsSize) || !readExactly(text, textSize)) return 2;
        arguments[argumentsSize] = 0;
        text[textSize] = 0;
        compile(index, argv[3], unit, seconds > 0 ? seconds : 30, arguments, argumentsSize, text, textSize);
        free(arguments);
        free(text);
    }
    return 0;
}
