// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli_cache: spdxfs cache [--prune] [--clear] [--max SIZE]
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cache.h"
#include "cli/cli.h"
#include "cli/cli_cache.h"
#include "util/quote.h"

static const char cache_usage[] = "[--prune | --clear] [--max SIZE]";

static const char cache_help[] =
	"Show the saved indexes (one per tree indexed, in the cache directory:\n"
	"$SPDXFS_CACHE_DIR, else $XDG_CACHE_HOME/spdxfs/index, else\n"
	"~/.cache/spdxfs/index): one line each, BYTES<TAB>STATE<TAB>TREE, STATE\n"
	"'kept', 'gone' (the tree is no directory any more) or 'unreadable'\n"
	"(not an index this spdxfs reads; TREE is then its file name), then the\n"
	"total.  Every save prunes the cache by itself: the indexes of trees\n"
	"that are gone, then the least recently written beyond the limit.\n\n"
	"      --prune      remove the indexes of trees that are gone and the\n"
	"                   unreadable ones, then the least recently written\n"
	"                   until the total is at most the limit\n"
	"      --clear      remove every saved index\n"
	"      --max SIZE   the limit, in bytes, or with K, M or G (default:\n"
	"                   $SPDXFS_CACHE_MAX, else 256M)\n"
	"  -h, --help       this help\n";

static const char *const state_name[] = {
	[CACHE_KEPT] = "kept", [CACHE_GONE] = "gone",
	[CACHE_UNREADABLE] = "unreadable",
};

static void print_entry(const struct cache_entry *e, const char *verb)
{
	const char *what = e->root ? e->root : e->name;

	if (verb)
		printf("%s\t", verb);
	printf("%llu\t%s\t", (unsigned long long)e->bytes, state_name[e->state]);
	quote_path(stdout, what, strlen(what));
	putchar('\n');
}

static void print_total(const struct cache_list *l, uint64_t max)
{
	size_t n = 0;

	for (size_t k = 0; k < l->n; k++)
		n += !l->entries[k].removed;
	printf("%zu saved index%s, %llu bytes, at most %llu: ", n,
	       n == 1 ? "" : "es", (unsigned long long)l->bytes,
	       (unsigned long long)max);
	quote_path(stdout, l->dir, strlen(l->dir));
	putchar('\n');
}

int cmd_cache(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "prune", no_argument, NULL, 'p' },
		{ "clear", no_argument, NULL, 'c' },
		{ "max", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	uint64_t max = cache_limit();
	struct spdx_error err;
	struct cache_list l;
	int prune = 0, clear = 0, c, r = 0;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'p': prune = 1; break;
		case 'c': clear = 1; break;
		case 'm':
			if (cache_parse_size(optarg, &max)) {
				cli_error("--max: expected a size (123, 64K, 256M, 1G), got '%s'",
					  optarg);
				return 2;
			}
			break;
		case 'h':
			printf("usage: spdxfs cache %s\n%s", cache_usage, cache_help);
			return 0;
		default:
			return cli_bad_usage("cache", cache_usage);
		}
	}
	if (optind < argc || (prune && clear))
		return cli_bad_usage("cache", cache_usage);
	if (cache_list(&l, &err)) {
		if (err.code != -ENOENT) {
			cli_error("%s", err.msg);
			return 2;
		}
		printf("0 saved indexes, 0 bytes, at most %llu: no cache directory\n",
		       (unsigned long long)max);
		return 0;
	}
	if ((prune || clear) && cache_prune(&l, max, NULL, clear ? CACHE_PRUNE_ALL :
					    CACHE_PRUNE_UNREADABLE, &err)) {
		cli_error("%s", err.msg);
		r = 1;
	}
	for (size_t k = 0; k < l.n; k++)
		print_entry(&l.entries[k], prune || clear ?
			    (l.entries[k].removed ? "removed" : "kept") : NULL);
	print_total(&l, max);
	cache_list_release(&l);
	return r;
}
