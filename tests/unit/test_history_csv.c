// SPDX-License-Identifier: GPL-2.0-only
/*
 * history_write_csv(): the header with one column per license any row
 * names (sorted, a license a row lacks counting 0), dates in UTC, and
 * subjects quoted as CSV quotes them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history/history.h"
#include "tap.h"

/* The CSV of @n rows, malloc'd. */
static char *csv_of(const struct history_commit *c, const struct history_row *rows,
		    size_t n, int *ret)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	*ret = history_write_csv(f, c, rows, n);
	fclose(f);
	return buf;
}

int main(void)
{
	struct history_license l0[] = { { "MIT", 2 }, { "GPL-2.0", 5 } };
	struct history_license l1[] = { { "Apache-2.0", 1 }, { "GPL-2.0", 6 } };
	struct history_commit c[] = {
		{ "1111111111111111111111111111111111111111", 0, "plain", { 0 }, 0 },
		{ "2222222222222222222222222222222222222222", 1709287200,
		  "a, \"quoted\"\nsubject", { 0 }, 0 },
	};
	struct history_row rows[2] = { 0 };
	char *out;
	int ret;

	rows[0].files = 10;
	rows[0].count[ST_TAGGED] = 7;
	rows[0].count[ST_UNTAGGED] = 3;
	rows[0].lic = l0;
	rows[0].nlic = 2;
	rows[1].files = 11;
	rows[1].count[ST_TAGGED] = 7;
	rows[1].count[ST_MISPLACED] = 1;
	rows[1].count[ST_INVALID] = 2;
	rows[1].count[ST_EXCLUDED] = 1;
	rows[1].lic = l1;
	rows[1].nlic = 2;

	out = csv_of(c, rows, 2, &ret);
	is_int(ret, 0, "two rows: 0");
	is_str(out,
	       "date,id,subject,files,tagged,misplaced,untagged,invalid,excluded,Apache-2.0,GPL-2.0,MIT\n"
	       "1970-01-01T00:00:00Z,1111111111111111111111111111111111111111,plain,10,7,0,3,0,0,0,5,2\n"
	       "2024-03-01T10:00:00Z,2222222222222222222222222222222222222222,\"a, \"\"quoted\"\"\nsubject\",11,7,1,0,2,1,1,6,0\n",
	       "the union of the licenses, sorted; the subject quoted");
	free(out);

	out = csv_of(c, rows, 0, &ret);
	is_int(ret, 0, "no row: 0");
	is_str(out, "date,id,subject,files,tagged,misplaced,untagged,invalid,excluded\n",
	       "no row: the header alone");
	free(out);
	return tap_done();
}
