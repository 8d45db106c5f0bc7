// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_toml: libFuzzer harness for index/reuse/toml.c, the TOML subset of
 * REUSE.toml, with the REUSE.toml glob matcher and the extraction of
 * REUSE information from a file's text (reuse_text.h) over the same
 * bytes.  A document that parses is checked against what toml.h
 * promises: the top table first and unnamed, strings without NUL, an
 * integer or a string having exactly the shape its type says.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "util/error.h"
#include "reuse/reuse_global.h"
#include "reuse/reuse_text.h"
#include "reuse/toml.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_value(const struct toml_value *v)
{
	if ((v->type == TOML_INT && v->nstr) ||
	    (v->type == TOML_STRING && v->nstr != 1))
		__builtin_trap();
	for (size_t i = 0; i < v->nstr; i++) {
		if (!v->str[i])
			__builtin_trap();
		/* each string against a path, and a path against it */
		reuse_toml_glob_match(v->str[i], "src/a/b.c");
		reuse_toml_glob_match("src/**/*.c", v->str[i]);
		reuse_dep5_glob_match(v->str[i], "src/a/b.c");
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct spdx_error err = { 0 };
	struct toml_doc *doc;
	struct reuse_text t;
	int r = toml_parse(&doc, (const char *)data, size, "REUSE.toml", &err);

	if (r) {
		if (doc || !err.msg[0] || strchr(err.msg, '\n'))
			__builtin_trap();
	} else {
		if (!doc->ntables || doc->tables[0].name)
			__builtin_trap();
		for (size_t i = 0; i < doc->ntables; i++) {
			if (i && !doc->tables[i].name)
				__builtin_trap();
			for (size_t k = 0; k < doc->tables[i].npairs; k++)
				check_value(&doc->tables[i].pairs[k].val);
		}
		toml_free(doc);
	}
	if (!reuse_text_extract(&t, (const char *)data, size)) {
		for (size_t i = 0; i < t.nexprs; i++)
			if (strchr(t.exprs[i], '\n'))
				__builtin_trap();
		reuse_text_release(&t);
	}
	reuse_text_is_binary((const char *)data, size);
	return 0;
}
