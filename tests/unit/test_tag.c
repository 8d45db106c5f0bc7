// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_tag: eligibility, comment style, boilerplate detection, placement
 * and diffs of the tagging series, table-driven and byte-exact.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "series/boilerplate.h"
#include "series/tag.h"
#include "tap.h"

static void test_eligible(void)
{
	static const struct {
		const char *path, *text;
		enum tag_reason reason;
		enum tag_style style;
	} t[] = {
		{ "a.c", "int a;\n", TAG_OK, TAG_STYLE_SLASH },
		{ "drivers/x.rs", "fn a() {}\n", TAG_OK, TAG_STYLE_SLASH },
		{ "arch/arm/boot/dts/a.dts", "/ {};\n", TAG_OK, TAG_STYLE_SLASH },
		{ "arch/arm/boot/dts/a.dtsi", "/ {};\n", TAG_OK, TAG_STYLE_SLASH },
		{ "a.h", "#define A\n", TAG_OK, TAG_STYLE_BLOCK },
		{ "head.S", "nop\n", TAG_OK, TAG_STYLE_BLOCK },
		{ "head.s", "nop\n", TAG_OK, TAG_STYLE_BLOCK },
		{ "vmlinux.lds", "SECTIONS {}\n", TAG_OK, TAG_STYLE_BLOCK },
		{ "vmlinux.lds.S", "SECTIONS {}\n", TAG_OK, TAG_STYLE_BLOCK },
		{ "x.h_shipped", "int x;\n", TAG_OK, TAG_STYLE_BLOCK },
		{ "s.sh", "echo\n", TAG_OK, TAG_STYLE_HASH },
		{ "s.py", "pass\n", TAG_OK, TAG_STYLE_HASH },
		{ "s.pl", "1;\n", TAG_OK, TAG_STYLE_HASH },
		{ "s.awk", "{}\n", TAG_OK, TAG_STYLE_HASH },
		{ "scripts/run", "#!/bin/sh\necho\n", TAG_OK, TAG_STYLE_HASH },
		{ "scripts/run", "#! /usr/bin/env python3\n", TAG_OK, TAG_STYLE_HASH },
		{ "scripts/run", "#!/usr/bin/env -S perl -w\n", TAG_OK, TAG_STYLE_HASH },
		{ "scripts/run", "#!/usr/bin/node\n", TAG_SKIP_NOT_SOURCE, TAG_STYLE_NONE },
		{ "scripts/run", "#!perl\n", TAG_SKIP_NOT_SOURCE, TAG_STYLE_NONE },
		{ "Makefile", "a\nb\nc\nd\ne\nf\n", TAG_OK, TAG_STYLE_HASH },
		{ "Kconfig.debug", "a\nb\nc\nd\ne\nf", TAG_OK, TAG_STYLE_HASH },
		{ "Kbuild", "a\nb\nc\nd\ne\n", TAG_SKIP_SHORT, TAG_STYLE_NONE },
		{ "Makefile", "obj-y += a.o\n", TAG_SKIP_SHORT, TAG_STYLE_NONE },
		{ "Documentation/a.c", "int a;\n", TAG_SKIP_DOC, TAG_STYLE_NONE },
		{ "tools/README.rst", "Title\n", TAG_SKIP_DOC, TAG_STYLE_NONE },
		{ "notes.txt", "x\n", TAG_SKIP_DOC, TAG_STYLE_NONE },
		{ "a.json", "{}\n", TAG_SKIP_NO_COMMENT, TAG_STYLE_NONE },
		{ "README", "x\n", TAG_SKIP_NOT_SOURCE, TAG_STYLE_NONE },
		{ "x_defconfig", "CONFIG_A=y\n", TAG_SKIP_NOT_SOURCE, TAG_STYLE_NONE },
		{ "empty.c", "", TAG_SKIP_EMPTY, TAG_STYLE_NONE },
		{ "bom.c", "\xef\xbb\xbf", TAG_SKIP_EMPTY, TAG_STYLE_NONE },
		{ ".c", "int a;\n", TAG_SKIP_NOT_SOURCE, TAG_STYLE_NONE },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		enum tag_style st;
		enum tag_reason r = tag_eligible(t[i].path, t[i].text,
						 strlen(t[i].text), &st);

		is_str(tag_reason_name(r), tag_reason_name(t[i].reason),
		       "eligible %zu: %s", i, t[i].path);
		is_int(st, t[i].style, "style %s", t[i].path);
	}
	{
		enum tag_style st;

		is_int(tag_eligible("bin.c", "a\0b\n", 4, &st), TAG_SKIP_BINARY,
		       "a NUL byte: binary");
	}
}

static void test_line(void)
{
	static const struct {
		enum tag_style st;
		const char *want;
	} t[] = {
		{ TAG_STYLE_SLASH, "// SPDX-License-Identifier: GPL-2.0-only" },
		{ TAG_STYLE_BLOCK, "/* SPDX-License-Identifier: GPL-2.0-only */" },
		{ TAG_STYLE_HASH, "# SPDX-License-Identifier: GPL-2.0-only" },
		{ TAG_STYLE_RST, ".. SPDX-License-Identifier: GPL-2.0-only" },
	};
	char buf[128];

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		tag_line(t[i].st, "GPL-2.0-only", buf, sizeof(buf));
		is_str(buf, t[i].want, "tag line %zu", i);
	}
	is_int(tag_line(TAG_STYLE_NONE, "X", buf, sizeof(buf)), -22, "no style: -EINVAL");
}

#define GPL2 "This program is free software; you can redistribute it and/or\n" \
	" * modify it under the terms of the GNU General Public License version 2\n" \
	" * as published by the Free Software Foundation.\n"
#define GPL2P " * This program is free software; you can redistribute it and/or modify\n" \
	" * it under the terms of the GNU General Public License as published by\n" \
	" * the Free Software Foundation; either version 2 of the License, or\n" \
	" * (at your option) any later version.\n"
#define BSD2 " * Redistribution and use in source and binary forms, with or without\n" \
	" * modification, are permitted provided that the following conditions\n" \
	" * are met:\n * 1. Redistributions of source code must retain the above copyright\n" \
	" *    notice, this list of conditions and the following disclaimer.\n" \
	" * 2. Redistributions in binary form must reproduce the above copyright\n" \
	" *    notice, this list of conditions and the following disclaimer in the\n" \
	" *    documentation and/or other materials provided with the distribution.\n"
#define BSD3 BSD2 " * 3. Neither the name of the copyright holder nor the names of its\n" \
	" *    contributors may be used to endorse or promote products derived\n"
#define MIT " * Permission is hereby granted, free of charge, to any person obtaining a\n" \
	" * copy of this software and associated documentation files (the \"Software\"),\n"
#define ISC " * Permission to use, copy, modify, and/or distribute this software for any\n" \
	" * purpose with or without fee is hereby granted, provided that the above\n"

static void test_boilerplate(void)
{
	static const struct {
		const char *name, *text;
		enum bp_verdict v;
		const char *id0, *id1;
	} t[] = {
		{ "none", "/*\n * Copyright (C) 2005 Foo\n */\nint a;\n", BP_NONE, NULL, NULL },
		{ "EXPORT_SYMBOL_GPL is no license", "EXPORT_SYMBOL_GPL(a);\n", BP_NONE, NULL, NULL },
		{ "GPL-2.0-only", "/*\n * " GPL2 " */\n", BP_FOUND, "GPL-2.0-only", NULL },
		{ "GPL-2.0-or-later", "/*\n" GPL2P " */\n", BP_FOUND, "GPL-2.0-or-later", NULL },
		{ "released under GPLv2", "/* This file is released under the GPLv2. */\n",
		  BP_FOUND, "GPL-2.0-only", NULL },
		{ "version 2 only", "# Licensed under the GPL version 2 only\n",
		  BP_FOUND, "GPL-2.0-only", NULL },
		{ "COPYING", "/* This file is subject to the terms and conditions of the GNU General\n"
		  " * Public License.  See the file \"COPYING\" in the main directory of this\n"
		  " * archive for more details. */\n", BP_FOUND, "GPL-2.0-only", NULL },
		{ "LGPL-2.1-or-later", "/* under the terms of the GNU Lesser General Public License as\n"
		  " * published by the Free Software Foundation; either version 2.1 of the\n"
		  " * License, or (at your option) any later version. */\n",
		  BP_FOUND, "LGPL-2.1-or-later", NULL },
		{ "LGPL-2.1-only", "/* under the terms of version 2.1 of the GNU Lesser General Public\n"
		  " * License as published by the Free Software Foundation. */\n",
		  BP_FOUND, "LGPL-2.1-only", NULL },
		{ "LGPL-2.0-or-later", "/* GNU Library General Public License ... either version 2 of\n"
		  " * the License, or (at your option) any later version. */\n",
		  BP_FOUND, "LGPL-2.0-or-later", NULL },
		{ "BSD-2-Clause", "/*\n" BSD2 " */\n", BP_FOUND, "BSD-2-Clause", NULL },
		{ "BSD-3-Clause", "/*\n" BSD3 " */\n", BP_FOUND, "BSD-3-Clause", NULL },
		{ "MIT", "/*\n" MIT " */\n", BP_FOUND, "MIT", NULL },
		{ "ISC", "/*\n" ISC " */\n", BP_FOUND, "ISC", NULL },
		{ "dual GPL/BSD-3", "/*\n" BSD3 " * Alternatively, this software may be distributed under the terms\n"
		  " * of the GNU General Public License (\"GPL\") version 2 as published by\n"
		  " * the Free Software Foundation.\n */\n", BP_FOUND, "GPL-2.0-only", "BSD-3-Clause" },
		{ "dual GPL+/MIT", "/* dual licensed\n" GPL2P MIT " */\n", BP_FOUND,
		  "GPL-2.0-or-later", "MIT" },
		{ "dual BSD/GPLv2, either license", "/*\n * This file is provided under a dual"
		  " BSD/GPLv2 license.  When using or\n * redistributing this file, you may do"
		  " so under either license.\n" GPL2 BSD3 " */\n", BP_FOUND, "GPL-2.0-only",
		  "BSD-3-Clause" },
		{ "GPL and BSD, no dual statement", "/*\n" GPL2P BSD2 " */\n", BP_AMBIGUOUS,
		  "GPL-2.0-or-later", "BSD-2-Clause" },
		{ "GPL and LGPL", "/* GNU General Public License or GNU Lesser General Public License */\n",
		  BP_AMBIGUOUS, "GPL", "LGPL" },
		{ "GPL without a version: review, the tree made it GPL-1.0+ and GPL-2.0",
		  "/* Released under the terms of the GNU GPL */\n",
		  BP_UNKNOWN, "GPL", NULL },
		{ "LGPL without a version", "/* Released under the terms of the GNU LGPL */\n",
		  BP_UNKNOWN, "LGPL", NULL },
		{ "kernel-base/COPYING, no GPL word",
		  "/*\n *  For licencing details see kernel-base/COPYING\n */\n",
		  BP_FOUND, "GPL-2.0-only", NULL },
		{ "Zlib", "/* This software is provided 'as-is', without any express or implied\n"
		  " * warranty.  Permission is granted to anyone to use this software for\n"
		  " * any purpose, including commercial applications, and to alter it and\n"
		  " * redistribute it freely, subject to the following restrictions: */\n",
		  BP_FOUND, "Zlib", NULL },
		{ "only and or later", "/* GPL version 2 only, or (at your option) version 2 or later */\n",
		  BP_UNKNOWN, "GPL", NULL },
		{ "GPLv3", "/* either version 3 of the License, or (at your option) any later"
		  " version of the GNU General Public License */\n", BP_UNKNOWN, "GPL", NULL },
		{ "BSD-4-Clause", "/*\n" BSD3 " * All advertising materials mentioning features */\n",
		  BP_UNKNOWN, "BSD", NULL },
		{ "unknown wording", "/* Licensed under the Foo Public Licence */\n",
		  BP_UNKNOWN, NULL, NULL },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct bp_match m;

		boilerplate_detect(t[i].text, strlen(t[i].text), &m);
		is_int(m.verdict, t[i].v, "boilerplate %s: verdict", t[i].name);
		is_str(m.nids > 0 ? m.ids[0] : NULL, t[i].id0, "boilerplate %s: id 0", t[i].name);
		is_str(m.nids > 1 ? m.ids[1] : NULL, t[i].id1, "boilerplate %s: id 1", t[i].name);
	}
}

/*
 * Wording from real kernel files (6.1, 6.12), one per class of mistake
 * the series must not make: what is recognised, and why a person
 * decides instead.  @ids are the recognised licenses joined with ", ".
 */
static void test_wording(void)
{
	static const struct {
		const char *name, *text;
		enum bp_verdict v;
		const char *ids, *why;
	} t[] = {
		/* A second license named in the head is never dropped. */
		{ "lib/test_kmod.c: GPL-2.0+ or copyleft-next",
		  "/*\n * This program is free software; you can redistribute it and/or modify it\n"
		  " * under the terms of the GNU General Public License as published by the Free\n"
		  " * Software Foundation; either version 2 of the License, or at your option any\n"
		  " * later version; or, when distributed separately from the Linux kernel or\n"
		  " * when incorporated into other software packages, subject to the following\n"
		  " * license:\n *\n"
		  " * This program is free software; you can redistribute it and/or modify it\n"
		  " * under the terms of copyleft-next (version 0.3.1 or later) as published\n"
		  " * at http://copyleft-next.org/.\n */\n",
		  BP_FOUND, "GPL-2.0-or-later, copyleft-next-0.3.1", NULL },
		{ "include/sound/sof.h: a dual BSD/GPLv2 license, BSD's variant unsaid",
		  "/*\n * This file is provided under a dual BSD/GPLv2 license.  When using or\n"
		  " * redistributing this file, you may do so under either license.\n *\n"
		  " * Copyright(c) 2018 Intel Corporation. All rights reserved.\n */\n",
		  BP_AMBIGUOUS, "GPL-2.0-only, BSD", "BSD without its text or its variant" },
		{ "drivers/net/wireless/intersil/orinoco/hermes_dld.c: MPL-1.1 or GPL",
		  " * The contents of this file are subject to the Mozilla Public License\n"
		  " * Version 1.1 (the \"License\"); you may not use this file except in\n"
		  " * compliance with the License. You may obtain a copy of the License\n"
		  " * at http://www.mozilla.org/MPL/\n *\n"
		  " * Alternatively, the contents of this file may be used under the\n"
		  " * terms of the GNU General Public License version 2 (the \"GPL\"), in\n"
		  " * which case the provisions of the GPL are applicable instead of the\n"
		  " * above.\n",
		  BP_FOUND, "GPL-2.0-only, MPL-1.1", NULL },
		{ "crypto/blake2b_generic.c: CC0, OpenSSL or Apache",
		  " * This is based on the original BLAKE2b reference implementation, which\n"
		  " * is licensed under the terms of the CC0, the OpenSSL Licence, or the\n"
		  " * Apache Public License 2.0, at your option.  The terms of these licenses\n"
		  " * can be found at:\n *\n"
		  " *	- CC0 1.0 Universal : http://creativecommons.org/publicdomain/zero/1.0\n"
		  " *	- OpenSSL license   : https://www.openssl.org/source/license.html\n"
		  " *	- Apache 2.0        : https://www.apache.org/licenses/LICENSE-2.0\n",
		  BP_AMBIGUOUS, "Apache-2.0, another license", "a license LICENSES/ does not hold" },
		{ "include/uapi/linux/tipc.h: 'Neither the names' is BSD-3-Clause",
		  "/*\n" BSD2 " * 3. Neither the names of the copyright holders nor the names of its\n"
		  " *    contributors may be used to endorse or promote products derived from\n"
		  " *    this software without specific prior written permission.\n *\n"
		  " * Alternatively, this software may be distributed under the terms of the\n"
		  " * GNU General Public License (\"GPL\") version 2 as published by the Free\n"
		  " * Software Foundation.\n */\n",
		  BP_FOUND, "GPL-2.0-only, BSD-3-Clause", NULL },
		{ "arch/arm/boot/dts/sun8i-t3-cqa3t-bv3.dts: GPL or X11, MIT text",
		  " * This file is dual-licensed: you can use it either under the terms\n"
		  " * of the GPL or the X11 license, at your option.\n *\n"
		  " *  a) This file is free software; you can redistribute it and/or\n"
		  " *     modify it under the terms of the GNU General Public License as\n"
		  " *     published by the Free Software Foundation; either version 2 of the\n"
		  " *     License, or (at your option) any later version.\n *\n"
		  " *  b) Permission is hereby granted, free of charge, to any person\n"
		  " *     obtaining a copy of this software and associated documentation\n",
		  BP_FOUND, "GPL-2.0-or-later, MIT", NULL },
		/* The X11 license by name is X11, never dropped. */
		{ "arch/arm64/boot/dts/sprd/sc9836.dtsi: a dual GPLv2 or X11 license",
		  "/*\n * Spreadtrum SC9836 SoC DTS file\n *\n"
		  " * Copyright (C) 2014, Spreadtrum Communications Inc.\n *\n"
		  " * This file is licensed under a dual GPLv2 or X11 license.\n */\n",
		  BP_FOUND, "GPL-2.0-only, X11", NULL },
		{ "arch/arm/boot/dts/imx51-ts4800.dts: the X11 license or the GPL v2 (or later)",
		  "/*\n * Copyright 2015 Savoir-faire Linux\n *\n"
		  " * Licensed under the X11 license or the GPL v2 (or later)\n */\n",
		  BP_FOUND, "GPL-2.0-or-later, X11", NULL },
		/* Public domain: never a tag by rule. */
		{ "lib/xz/xz_dec_syms.c: public domain, and MODULE_LICENSE(\"GPL\")",
		  "/*\n * XZ decoder module information\n *\n"
		  " * Author: Lasse Collin <lasse.collin@tukaani.org>\n *\n"
		  " * This file has been put into the public domain.\n"
		  " * You can do whatever you want with this file.\n */\n"
		  "#include <linux/module.h>\nMODULE_LICENSE(\"GPL\");\n",
		  BP_UNKNOWN, "public domain", BP_WHY_PUBLIC_DOMAIN },
		{ "lib/crypto/poly1305.c: GPL-2.0+ with public domain code in it",
		  " * Based on public domain code by Andrew Moon and Daniel J. Bernstein.\n"
		  "EXPORT_SYMBOL_GPL(poly1305_init_generic);\n",
		  BP_UNKNOWN, "public domain", BP_WHY_PUBLIC_DOMAIN },
		/* "only" against "or later": the wording the rules missed. */
		{ "include/uapi/video/sisfb.h: 'of the named License, or any later version'",
		  " * it under the terms of the GNU General Public License as published by\n"
		  " * the Free Software Foundation; either version 2 of the named License,\n"
		  " * or any later version.\n",
		  BP_FOUND, "GPL-2.0-or-later", NULL },
		{ "arch/powerpc/include/uapi/asm/epapr_hcalls.h: 'of that License or ... any later version'",
		  " * This file is provided under a dual BSD/GPL license.  When using or\n"
		  " * redistributing this file, you may do so under either license.\n" BSD3
		  " * ALTERNATIVELY, this software may be distributed under the terms of the\n"
		  " * GNU General Public License (\"GPL\") as published by the Free Software\n"
		  " * Foundation, either version 2 of that License or (at your option) any\n"
		  " * later version.\n",
		  BP_FOUND, "GPL-2.0-or-later, BSD-3-Clause", NULL },
		{ "drivers/usb/host/ohci-hcd.c: 'licenced under the GPL', no version",
		  " * This file is licenced under the GPL.\n",
		  BP_UNKNOWN, "GPL", "GPL without a version" },
		{ "drivers/media/usb/gspca/etoms.c: 'GPL Linux driver' names no version",
		  " * Etoms Et61x151 GPL Linux driver by Michel Xhaard (09/09/2004)\n",
		  BP_UNKNOWN, "GPL", "GPL without a version" },
		/* EXPORT_SYMBOL_GPL is no license, an FSF copyright line no text. */
		{ "crypto/cast_common.c: FSF copyright and EXPORT_SYMBOL_GPL",
		  " * Copyright \xc2\xa9 1998, 1999, 2000, 2001 Free Software Foundation, Inc.\n"
		  "EXPORT_SYMBOL_GPL(cast_s1);\n",
		  BP_UNKNOWN, "", "license wording, no known boilerplate" },
		{ "net/ipv4: 'the BSD Socket Interface' names no license",
		  " *		INET is implemented using the  BSD Socket\n"
		  " *		interface as the means of communication with the user level.\n"
		  " *		This program is free software; you can redistribute it and/or\n"
		  " *		modify it under the terms of the GNU General Public License\n"
		  " *		as published by the Free Software Foundation; either version\n"
		  " *		2 of the License, or (at your option) any later version.\n",
		  BP_FOUND, "GPL-2.0-or-later", NULL },
		{ "drivers/media/dvb-frontends/mxl5xx_regs.h: a proprietary license",
		  " * This program may alternatively be licensed under a proprietary license from\n"
		  " * MaxLinear, Inc.\n",
		  BP_UNKNOWN, "another license", "a license LICENSES/ does not hold" },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct bp_match m;
		char ids[256] = "";

		boilerplate_detect(t[i].text, strlen(t[i].text), &m);
		for (int k = 0, n = 0; k < m.nids; k++)
			n += snprintf(ids + n, sizeof(ids) - n, "%s%s", k ? ", " : "", m.ids[k]);
		is_int(m.verdict, t[i].v, "%s: verdict", t[i].name);
		is_str(ids, t[i].ids, "%s: recognised", t[i].name);
		is_str(m.why, t[i].why, "%s: why", t[i].name);
	}
}

/* The same wording under different names, years and comment styles is
 * one fingerprint; the tag line and MODULE_LICENSE() do not count. */
static void test_fingerprint(void)
{
	static const char *const same[] = {
		"/*\n * Copyright (C) 2005 Foo <foo@example.org>\n *\n"
		" * This file is provided under a dual BSD/GPLv2 license.  When using or\n"
		" * redistributing this file, you may do so under either license.\n */\nint a;\n",
		"// SPDX-License-Identifier: (GPL-2.0-only OR BSD-3-Clause)\n//\n"
		"// This file is provided under a dual BSD/GPLv2 license.  When using or\n"
		"// redistributing this file, you may do so under either license.\n//\n"
		"// Copyright(c) 2018 Intel Corporation. All rights reserved.\n"
		"//\n// Author: Liam Girdwood <liam.r.girdwood@linux.intel.com>\n//\n"
		"int b;\nMODULE_LICENSE(\"Dual BSD/GPL\");\n",
		"#!/bin/sh\n# This file is provided under a dual BSD/GPLv2 license.  When using or\n"
		"# redistributing this file, you may do so under either license.\n",
		"#!/bin/sh\n# SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause\n"
		"# This file is provided under a dual BSD/GPLv2 license.  When using or\n"
		"# redistributing this file, you may do so under either license.\n",
	};
	char words[80];
	uint64_t fp = boilerplate_fingerprint(same[0], strlen(same[0]), words, sizeof(words));

	ok(fp != 0, "a license wording has a fingerprint");
	is_str(words, "this file is provided under a dual bsd gplv2 license when using or redistributi",
	       "its words, truncated");
	for (size_t i = 1; i < sizeof(same) / sizeof(same[0]); i++)
		ok(boilerplate_fingerprint(same[i], strlen(same[i]), NULL, 0) == fp,
		   "same wording, other names, comments, tag: fingerprint %zu", i);
	ok(boilerplate_fingerprint("/* Released under the GPL v2. */\n", 33, NULL, 0) != fp,
	   "another wording, another fingerprint");
	is_int(boilerplate_fingerprint("/* Copyright (C) 2005 Foo */\nEXPORT_SYMBOL_GPL(a);\n",
				       50, NULL, 0), 0, "no license wording: 0");
	is_int(boilerplate_fingerprint("// SPDX-License-Identifier: GPL-2.0\nint a;\n",
				       41, NULL, 0), 0, "a tag alone: 0");
}

static void test_decide(void)
{
	static const struct {
		const char *path, *text;
		int uapi;
		enum tag_kind kind;
		const char *expr;
	} t[] = {
		{ "a.c", "int a;\n", 0, TAG_K_NOLICENSE, "GPL-2.0-only" },
		{ "include/uapi/a.h", "#define A\n", 1, TAG_K_UAPI,
		  "GPL-2.0-only WITH Linux-syscall-note" },
		{ "a.c", "/*\n * " GPL2 " */\n", 0, TAG_K_BOILERPLATE, "GPL-2.0-only" },
		{ "include/uapi/a.h", "/*\n" GPL2P " */\n", 1, TAG_K_BOILERPLATE,
		  "GPL-2.0-or-later WITH Linux-syscall-note" },
		{ "include/uapi/a.h", "/*\n" BSD3 " * Alternatively, this software may be"
		  " distributed under the terms of the GNU General Public License"
		  " version 2 as published by the Free Software Foundation */\n", 1,
		  TAG_K_BOILERPLATE, "(GPL-2.0-only WITH Linux-syscall-note) OR BSD-3-Clause" },
		{ "include/uapi/a.h", "/*\n" MIT " */\n", 1, TAG_K_BOILERPLATE, "MIT" },
		{ "a.c", "int a;\nMODULE_LICENSE(\"GPL\");\n", 0, TAG_K_REVIEW, "" },
		{ "a.c", "/*\n" GPL2P BSD2 " */\n", 0, TAG_K_REVIEW,
		  "GPL-2.0-or-later, BSD-2-Clause" },
		{ "README", "hello\n", 0, TAG_K_SKIP, "" },
		/* checkpatch.pl: "DT binding headers should be licensed
		 * (GPL-2.0-only OR .*)" */
		{ "include/dt-bindings/clock/x.h", "#define X 1\n", 0, TAG_K_REVIEW,
		  "GPL-2.0-only" },
		{ "include/dt-bindings/clock/x.h", "/*\n" GPL2P " */\n", 0, TAG_K_REVIEW,
		  "GPL-2.0-or-later" },
		{ "include/dt-bindings/clock/x.h", "/*\n" BSD2 " * Alternatively, this"
		  " software may be distributed under the terms of the GNU General"
		  " Public License version 2 as published by the Free Software"
		  " Foundation */\n", 0, TAG_K_BOILERPLATE, "GPL-2.0-only OR BSD-2-Clause" },
		/* A misspelt or malformed tag line is repaired, not doubled. */
		{ "drivers/soc/litex/Kconfig", "# SPDX-License_Identifier: GPL-2.0\n"
		  "\nmenu \"x\"\n\nconfig A\n\tbool \"a\"\nendmenu\n", 0, TAG_K_FIXED,
		  "GPL-2.0" },
		{ "a.h", "/* SPDX-License-Identifier GPL-2.0-only */\nint a;\n", 0,
		  TAG_K_FIXED, "GPL-2.0-only" },
		{ "a.c", "// spdx-license-identifier: (GPL-2.0 OR MIT\nint a;\n", 0,
		  TAG_K_REVIEW, "(GPL-2.0 OR MIT" },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct tag_decision d;

		is_int(tag_decide(t[i].path, t[i].text, strlen(t[i].text), t[i].uapi,
				  NULL, NULL, NULL, &d), 0, "decide %zu: ok", i);
		is_int(d.kind, t[i].kind, "decide %zu %s: kind", i, t[i].path);
		is_str(d.expr, t[i].expr, "decide %zu %s: expression", i, t[i].path);
	}
}

/* The repair keeps the comment, the expression and the line's end. */
static void test_fix(void)
{
	static const struct {
		const char *in, *old, *out, *expr;
		unsigned line;
	} t[] = {
		{ "# SPDX-License_Identifier: GPL-2.0\n#\n", "# SPDX-License_Identifier: GPL-2.0\n",
		  "# SPDX-License-Identifier: GPL-2.0\n", "GPL-2.0", 1 },
		{ "#!/bin/sh\n# SPDX-License-Identifier=GPL-2.0\r\necho\n",
		  "# SPDX-License-Identifier=GPL-2.0\r\n",
		  "# SPDX-License-Identifier: GPL-2.0\r\n", "GPL-2.0", 2 },
		{ "/* SPDX_LICENSE_IDENTIFIER:  MIT */\nint a;\n",
		  "/* SPDX_LICENSE_IDENTIFIER:  MIT */\n",
		  "/* SPDX-License-Identifier: MIT */\n", "MIT", 1 },
		{ "int a;\n// SPDX-License-Identifier GPL-2.0", "// SPDX-License-Identifier GPL-2.0",
		  "// SPDX-License-Identifier: GPL-2.0", "GPL-2.0", 2 },
	};
	struct tag_edit e;
	char expr[64];

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		is_int(tag_fix_make(t[i].in, strlen(t[i].in), &e, expr, sizeof(expr)), 0,
		       "fix %zu: found", i);
		ok(e.len == strlen(t[i].out) && !memcmp(e.text, t[i].out, e.len),
		   "fix %zu: the repaired line", i);
		ok(e.old_len == strlen(t[i].old) && !memcmp(t[i].in + e.off, t[i].old, e.old_len),
		   "fix %zu: the line it replaces", i);
		is_str(expr, t[i].expr, "fix %zu: the expression", i);
		is_int(e.line, t[i].line, "fix %zu: its line", i);
		tag_edit_release(&e);
	}
	is_int(tag_fix_make("// SPDX-License-Identifier: MIT\n", 32, &e, NULL, 0), -ENOENT,
	       "fix: a right tag line is no malformed one");
}

/* A diff with blob ids cut out: "index X..Y 100644" becomes "index". */
static char *diff_of(const char *path, uint32_t mode, const char *buf, size_t len,
		     const char *tagline, char **newbuf, size_t *newlen)
{
	struct tag_edit e;
	unsigned ins = 0, del = 0;
	char *out = NULL, *p, *q;
	size_t n;
	FILE *f;

	if (tag_edit_make(buf, len, tagline, &e))
		return NULL;
	f = open_memstream(&out, &n);
	tag_diff(f, path, mode, buf, len, &e, &ins, &del);
	fclose(f);
	tag_edit_apply(buf, len, &e, newbuf, newlen);
	tag_edit_release(&e);
	p = strstr(out, "\nindex ");
	if (p && (q = strchr(p + 1, '\n'))) {
		p += 6;
		memmove(p, q, strlen(q) + 1);
	}
	return out;
}

#define HDR(p) "diff --git a/" p " b/" p "\nindex\n--- a/" p "\n+++ b/" p "\n"

static void test_diff(void)
{
	static const struct {
		const char *name, *path, *old;
		size_t oldlen;
		const char *tag, *diff, *new;
	} t[] = {
		{ "line 1", "a.c", "a\nb\nc\nd\n", 0, "// T",
		  HDR("a.c") "@@ -1,3 +1,4 @@\n+// T\n a\n b\n c\n", "// T\na\nb\nc\nd\n" },
		{ "short file", "a.c", "a\n", 0, "// T",
		  HDR("a.c") "@@ -1 +1,2 @@\n+// T\n a\n", "// T\na\n" },
		{ "no final newline", "a.c", "a\nb", 0, "// T",
		  HDR("a.c") "@@ -1,2 +1,3 @@\n+// T\n a\n b\n\\ No newline at end of file\n",
		  "// T\na\nb" },
		{ "shebang", "s", "#!/bin/sh\na\nb\nc\nd\n", 0, "# T",
		  HDR("s") "@@ -1,4 +1,5 @@\n #!/bin/sh\n+# T\n a\n b\n c\n",
		  "#!/bin/sh\n# T\na\nb\nc\nd\n" },
		{ "shebang only, no newline", "s", "#!/bin/sh", 0, "# T",
		  HDR("s") "@@ -1 +1,2 @@\n-#!/bin/sh\n\\ No newline at end of file\n"
		  "+#!/bin/sh\n+# T\n\\ No newline at end of file\n", "#!/bin/sh\n# T" },
		{ "xml declaration", "a.xml", "<?xml version=\"1.0\"?>\n<a/>\n", 0, "<!-- T -->",
		  HDR("a.xml") "@@ -1,2 +1,3 @@\n <?xml version=\"1.0\"?>\n+<!-- T -->\n <a/>\n",
		  "<?xml version=\"1.0\"?>\n<!-- T -->\n<a/>\n" },
		{ "CRLF", "a.c", "a\r\nb\r\n", 0, "// T",
		  HDR("a.c") "@@ -1,2 +1,3 @@\n+// T\r\n a\r\n b\r\n", "// T\r\na\r\nb\r\n" },
		{ "BOM", "a.c", "\xef\xbb\xbf" "a\nb\n", 0, "// T",
		  HDR("a.c") "@@ -1,2 +1,3 @@\n-\xef\xbb\xbf" "a\n+\xef\xbb\xbf// T\n+a\n b\n",
		  "\xef\xbb\xbf// T\na\nb\n" },
		{ "quoted path", "d/\xc3\xa9.c", "a\n", 0, "// T",
		  "diff --git \"a/d/\\303\\251.c\" \"b/d/\\303\\251.c\"\nindex\n"
		  "--- \"a/d/\\303\\251.c\"\n+++ \"b/d/\\303\\251.c\"\n@@ -1 +1,2 @@\n+// T\n a\n",
		  "// T\na\n" },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		size_t n = t[i].oldlen ? t[i].oldlen : strlen(t[i].old), nl;
		char *nb = NULL, *d = diff_of(t[i].path, 0100644, t[i].old, n, t[i].tag, &nb, &nl);

		is_str(d, t[i].diff, "diff: %s", t[i].name);
		is_str(nb, t[i].new, "new content: %s", t[i].name);
		free(d);
		free(nb);
	}
}

static void test_blob_id(void)
{
	struct tag_edit e;
	unsigned ins = 0, del = 0;
	char *out = NULL;
	size_t n;
	FILE *f;

	/* printf 'a\n' | git hash-object --stdin: 78981922613b2afb... */
	tag_edit_make("a\n", 2, "// T", &e);
	f = open_memstream(&out, &n);
	tag_diff(f, "x", 0100755, "a\n", 2, &e, &ins, &del);
	fclose(f);
	ok(strstr(out, "index 78981922613b..") != NULL, "old blob id as git hash-object");
	ok(strstr(out, " 100755\n") != NULL, "executable mode");
	is_int(ins, 1, "one insertion");
	is_int(del, 0, "no deletion");
	tag_edit_release(&e);
	free(out);
	is_int(tag_edit_make("", 0, "// T", &e), -22, "empty file: -EINVAL");
}

int main(void)
{
	test_eligible();
	test_line();
	test_boilerplate();
	test_wording();
	test_fingerprint();
	test_decide();
	test_fix();
	test_diff();
	test_blob_id();
	return tap_done();
}
