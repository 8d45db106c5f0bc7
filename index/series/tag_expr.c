// SPDX-License-Identifier: GPL-2.0-only
/*
 * tag_expr: what the series may write, checked; legacy spellings
 * (tag_expr.h).
 */
#include <errno.h>
#include <string.h>

#include "spdx/expr.h"
#include "series/tag_expr.h"

int tag_expr_check(const char *text, const struct licenses *lic,
		   struct expr_error *err)
{
	struct expr *e;
	int ret;

	if (expr_kernel_strict(text, strlen(text), err))
		return -EINVAL;
	if (!lic)
		return 0;
	ret = expr_parse(&e, text, strlen(text), err);
	if (ret)
		return ret == -ENOMEM ? ret : -EINVAL;
	ret = expr_validate(e, lic, err) ? -EINVAL : 0;
	expr_free(e);
	return ret;
}

const char *tag_legacy_id(const char *id)
{
	static const char *const map[][2] = {
		{ "GPL-1.0-only", "GPL-1.0" }, { "GPL-1.0-or-later", "GPL-1.0+" },
		{ "GPL-2.0-only", "GPL-2.0" }, { "GPL-2.0-or-later", "GPL-2.0+" },
		{ "GPL-3.0-only", "GPL-3.0" }, { "GPL-3.0-or-later", "GPL-3.0+" },
		{ "LGPL-2.1-only", "LGPL-2.1" }, { "LGPL-2.1-or-later", "LGPL-2.1+" },
		{ "LGPL-2.0-only", "LGPL-2.0" }, { "LGPL-2.0-or-later", "LGPL-2.0+" },
		{ "LGPL-3.0-only", "LGPL-3.0" }, { "LGPL-3.0-or-later", "LGPL-3.0+" },
	};

	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(id, map[i][0]))
			return map[i][1];
	return id;
}
