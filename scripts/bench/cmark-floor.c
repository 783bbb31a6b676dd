/* The floor for `scripts/bench-build.sh`: cmark's own C renderer turning every
 * markdown file named on the command line into an HTML file, in one process.
 * Usage: cmark-floor OUTDIR FILE.md...  (writes OUTDIR/<n>.html) */
#include <cmark.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: cmark-floor OUTDIR FILE.md...\n"); return 2; }
    for (int i = 2; i < argc; i++) {
        FILE *in = fopen(argv[i], "rb");
        if (!in) { perror(argv[i]); return 1; }
        cmark_node *doc = cmark_parse_file(in, CMARK_OPT_DEFAULT);
        fclose(in);
        char *html = cmark_render_html(doc, CMARK_OPT_DEFAULT);
        char path[4096];
        snprintf(path, sizeof path, "%s/%d.html", argv[1], i - 2);
        FILE *out = fopen(path, "wb");
        if (!out) { perror(path); return 1; }
        fputs(html, out);
        fclose(out);
        free(html);
        cmark_node_free(doc);
    }
    return 0;
}
