// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_built_cmd: the words of kbuild commands as built_cmd_words() hands
 * them on, with their roles, and .incbin paths, byte for byte.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sbom/built_cmd.h"
#include "tap.h"

/* The words, "P:word" (program), "T:word" (linker script) or "I:word",
 * joined by spaces. */
struct words {
	char buf[4096];
	size_t len;
	int stop_at;		/* nonzero: return it at that word (1-based) */
	int n;
};

static int collect(const char *w, size_t len, enum built_word role, void *arg)
{
	static const char roles[] = { 'P', 'T', 'I' };
	struct words *ws = arg;

	if (strlen(w) != len)
		return -1;
	ws->len += snprintf(ws->buf + ws->len, sizeof(ws->buf) - ws->len, "%s%c:%s",
			    ws->len ? " " : "", roles[role], w);
	return ++ws->n == ws->stop_at ? 42 : 0;
}

static void words_are(const char *cmd, const char *want, const char *name)
{
	struct words ws = { .len = 0 };
	int ret = built_cmd_words(cmd, strlen(cmd), collect, &ws);

	is_int(ret, 0, "%s: returns 0", name);
	is_str(ws.buf, want, "%s", name);
}

static void incbin_is(const char *text, const char *want, const char *name)
{
	struct words ws = { .len = 0 };

	is_int(built_incbin(text, strlen(text), collect, &ws), 0, "%s: returns 0", name);
	is_str(ws.buf, want, "%s", name);
}

int main(void)
{
	struct words ws = { .stop_at = 2 };
	char *big;

	words_are("arch/x86/entry/vdso/vdso2c arch/x86/entry/vdso/vdso64.so.dbg "
		  "arch/x86/entry/vdso/vdso64.so arch/x86/entry/vdso/vdso-image-64.c",
		  "P:arch/x86/entry/vdso/vdso2c I:arch/x86/entry/vdso/vdso64.so.dbg "
		  "I:arch/x86/entry/vdso/vdso64.so I:arch/x86/entry/vdso/vdso-image-64.c",
		  "vdso2c: the program, then its inputs (the target among them)");
	words_are("ld -o v.so.dbg -shared -m elf_x86_64 -soname linux-vdso.so.1 "
		  "-T v.lds a.o b.o && sh /t/checkundef.sh 'nm' 'v.so.dbg'; "
		  "if objdump -R v.so.dbg | grep -E -h \"R_X|R_Y\"; then "
		  "(echo >&2 \"v: no\"; rm -f v.so.dbg; /bin/false); fi",
		  "P:ld I:elf_x86_64 I:linux-vdso.so.1 T:v.lds I:a.o I:b.o P:sh "
		  "P:/t/checkundef.sh I:nm I:v.so.dbg P:objdump I:v.so.dbg P:grep "
		  "I:R_X|R_Y P:echo I:v: no P:rm I:v.so.dbg P:/bin/false",
		  "ld with -T, -o dropped; sh's script; if, quotes, >&2, a subshell");
	words_are("objcopy  -O binary rm/realmode.elf rm/realmode.bin",
		  "P:objcopy I:binary I:rm/realmode.elf I:rm/realmode.bin",
		  "objcopy: options dropped, their arguments kept");
	words_are("arch/x86/tools/relocs --realmode rm/realmode.elf > rm/realmode.relocs",
		  "P:arch/x86/tools/relocs I:rm/realmode.elf",
		  "relocs: the output after > dropped");
	words_are("nm a.o b.o | sed -n -r -e 's/^([0-9a-f]+) [AB] (.+)$$/pa_\\2 = \\2;/p' "
		  "| sort | uniq > rm/pasyms.h",
		  "P:nm I:a.o I:b.o P:sed I:s/^([0-9a-f]+) [AB] (.+)$$/pa_\\2 = \\2;/p "
		  "P:sort P:uniq",
		  "a pipeline: each command's program");
	words_are("LC_ALL=C FOO=1 sh /t/scripts/syscalltbl.sh --abis common,64 "
		  "/t/syscall_64.tbl gen/syscalls_64.h",
		  "P:sh P:/t/scripts/syscalltbl.sh I:common,64 I:/t/syscall_64.tbl "
		  "I:gen/syscalls_64.h",
		  "assignments before the program; the interpreter's script");
	words_are("{ cat a.bin b.relocs | sh /t/xz_wrap.sh; printf \\\\x00; } > c.xz",
		  "P:cat I:a.bin I:b.relocs P:sh P:/t/xz_wrap.sh P:printf I:\\x00",
		  "a group: its commands, the output dropped");
	words_are("ld -Tsetup.ld a.o -o out < in.txt 2>/dev/null",
		  "P:ld T:setup.ld I:a.o I:in.txt I:2",
		  "-TPATH, the input after <, 2> dropped with its file");
	words_are("perl -w /t/x.pl in \"a\\\"b\" 'c d' e\\ f",
		  "P:perl P:/t/x.pl I:in I:a\"b I:c d I:e f",
		  "perl's script after its options; quotes and backslashes unquoted");
	words_are("", "", "an empty command");
	words_are("  ;; | && ( ) > ", "", "operators alone");
	words_are("'unclosed", "P:unclosed", "an unclosed quote ends with the text");

	/* A word too long for a path is dropped, not cut. */
	big = malloc(5000);
	if (big) {
		memset(big, 'x', 4999);
		memcpy(big, "cp ", 3);
		big[4999] = '\0';
		words_are(big, "P:cp", "a 4996-byte word: dropped");
		free(big);
	}

	/* The callback's nonzero return stops the walk with it. */
	is_int(built_cmd_words("a b c", 5, collect, &ws), 42, "a stop: its value");
	is_str(ws.buf, "P:a I:b", "... and no word after it");

	incbin_is("/* x */\n\t.incbin\t\"arch/x86/realmode/rm/realmode.bin\"\n"
		  "SYM(x)\n  .incbin  \"rm/realmode.relocs\" // two\n",
		  "I:arch/x86/realmode/rm/realmode.bin I:rm/realmode.relocs",
		  ".incbin: each path, in order");
	incbin_is(".incbin\"a\" .incbinx \"b\" .incbin c .incbin \"\" .incbin \"d\n\" "
		  ".incbin \"e\\\"f\" .incbin \"g",
		  "", ".incbin: no blank, another word, no quotes, empty, a line "
		  "break, an escape, unclosed: none");
	incbin_is(".incbin \"a\"", "I:a", ".incbin at the very end");
	return tap_done();
}
