# SPDX-License-Identifier: GPL-2.0-only
#
# lib.sh: timing helpers for the benchmarks (sourced).
#
#   median_of N CMD...   run CMD N times, print the median wall time (s)
#   time_once NAME CMD... run CMD once, add its wall time to NAME's sample
#   median NAME          print the median of NAME's sample
#   peak_rss CMD...      print CMD's peak resident set size in KiB
#   ratio A B            print A/B with two decimals

now() {
	date +%s.%N
}

median_of() {
	n=$1
	shift
	i=0
	: >"$BENCH_TMP/times"
	while [ "$i" -lt "$n" ]; do
		[ -z "${BENCH_BEFORE-}" ] || eval "$BENCH_BEFORE"
		t0=$(now)
		"$@" >/dev/null 2>&1
		t1=$(now)
		echo "$t1 - $t0" | bc -l >>"$BENCH_TMP/times"
		i=$((i + 1))
	done
	sort -n "$BENCH_TMP/times" | awk '{ v[NR] = $1 } END {
		if (NR % 2) m = v[(NR + 1) / 2]; else m = (v[NR / 2] + v[NR / 2 + 1]) / 2;
		printf "%.3f\n", m }'
}

# The scan bench takes its samples in rounds, one run of each command per
# round, so that a machine that gets busier or quieter partway through
# moves every command's times alike and leaves their ratios alone.
time_once() {
	name=$1
	shift
	t0=$(now)
	"$@" >/dev/null 2>&1
	t1=$(now)
	echo "$t1 - $t0" | bc -l >>"$BENCH_TMP/sample.$name"
}

median() {
	sort -n "$BENCH_TMP/sample.$1" | awk '{ v[NR] = $1 } END {
		if (NR % 2) m = v[(NR + 1) / 2]; else m = (v[NR / 2] + v[NR / 2 + 1]) / 2;
		printf "%.3f\n", m }'
}

peak_rss() {
	/usr/bin/time -f %M -o "$BENCH_TMP/rss" "$@" >/dev/null 2>&1
	tail -n 1 "$BENCH_TMP/rss"
}

ratio() {
	echo "$1 $2" | awk '{ if ($2 > 0) printf "%.2f\n", $1 / $2; else print "0" }'
}

# verdict VALUE OP LIMIT: "ok" or "MISSED"
verdict() {
	echo "$1 $3" | awk -v op="$2" '{ ok = (op == "<=") ? $1 <= $2 : $1 < $2;
		print ok ? "ok" : "MISSED" }'
}
