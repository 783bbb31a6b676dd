// Debian's libpcre2-dev (pkg-config libpcre2-8): the regular expressions the book writes
// (snippet annotations) are matched with PCRE2 under a step budget; see BoundedPattern.swift.
//
// pcre2.h names every function by a macro over its code-unit width (pcre2_compile is
// pcre2_compile_8); Swift sees only the real names, so Swift code calls the `_8` ones.
#ifndef GUIDE_CPCRE2_SHIM_H
#define GUIDE_CPCRE2_SHIM_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdint.h>

/// What one bounded match may still spend, shared by every start position and subject.
typedef struct GuideMatchBudget {
    uint64_t spent;
    uint64_t limit;
    /// The subject position of the previous callout (0 at the start of each subject).
    size_t lastPosition;
} GuideMatchBudget;

/// The callout PCRE2_AUTO_CALLOUT puts before every item of the pattern. It charges one step
/// plus the characters the matcher moved over since the previous callout (a repeat such as
/// \w+ scans a whole word in one item, and jumping to the next start position scans too),
/// and stops the match with PCRE2_ERROR_CALLOUT once the budget is spent.
static inline int guide_pcre2_charge(pcre2_callout_block *block, void *data) {
    GuideMatchBudget *budget = (GuideMatchBudget *)data;
    size_t position = block->current_position;
    size_t moved = position > budget->lastPosition ? position - budget->lastPosition
                                                   : budget->lastPosition - position;
    budget->lastPosition = position;
    budget->spent += 1 + moved;
    return budget->spent > budget->limit ? PCRE2_ERROR_CALLOUT : 0;
}

/// Makes every match run through `context` charge `budget` (a C function pointer is simpler
/// to pass from here than from Swift).
static inline void guide_pcre2_set_budget(pcre2_match_context *context, GuideMatchBudget *budget) {
    pcre2_set_callout(context, guide_pcre2_charge, budget);
}

#endif
