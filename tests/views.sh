# SPDX-License-Identifier: GPL-2.0-only
#
# views.sh: is a live mount what a fresh look at its tree shows?  Sourced
# by mount tests after lib.sh.
#
#   views_fresh TREE OUT     the listing of a new mount of TREE (its own
#                            saved index) into OUT
#   views_listing MNT        the listing of a mount: every entry's path,
#                            type and size, sorted
#   views_same MNT OUT       MNT's listing is OUT's, and its untagged/ and
#                            invalid/ hold what "spdxfs list" says of the
#                            tree ($VIEWS_TREE); the differences on stderr

views_listing() {
	(cd "$1" && find . -printf '%p %y %s\n' | LC_ALL=C sort)
}

views_fresh() {
	mkdir -p "$TMP/fresh.mnt" &&
	SPDXFS_CACHE_DIR="$TMP/fresh.cache" "$SPDXFS" mount "$1" "$TMP/fresh.mnt" &&
	views_listing "$TMP/fresh.mnt" >"$2"
	views_fresh_status=$?
	fusermount3 -u "$TMP/fresh.mnt"
	return $views_fresh_status
}

# The files "spdxfs list" gives status $2, as paths under view $1/.
views_list_status() {
	"$SPDXFS" list -q --status "$2" "$VIEWS_TREE" |
		awk -F '\t' -v v="$1" '{ print "./" v "/" $1 " f" }' | LC_ALL=C sort
}

views_same() {
	views_listing "$1" >"$TMP/views.live" &&
	diff -u "$2" "$TMP/views.live" >"$TMP/views.diff" &&
	for s in untagged invalid; do
		grep "^\./$s/.* f [0-9]*\$" "$TMP/views.live" | sed 's/ [0-9]*$//' \
			>"$TMP/views.$s" &&
		views_list_status "$s" "$s" | diff -u - "$TMP/views.$s" \
			>>"$TMP/views.diff" || return 1
	done || { cat "$TMP/views.diff" >&2; return 1; }
}
