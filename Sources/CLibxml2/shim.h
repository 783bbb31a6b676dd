#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/globals.h>

// xmlFree is a global function pointer, which Swift 6 will not read outside an actor.
static inline void guide_xml_free(void *pointer) { xmlFree(pointer); }
