// libxml2's ICU support makes encoding.h include the system's <unicode/ucnv.h>, whose enums
// clash with Foundation's own ICU copy (_FoundationICU) in builds that see both (scripts/fuzz.sh):
// guide never touches libxml2's encoding handlers (the only layout ICU changes), so it is left out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/globals.h>

// xmlFree is a global function pointer, which Swift 6 will not read outside an actor.
static inline void guide_xml_free(void *pointer) { xmlFree(pointer); }
