# SPDX-License-Identifier: GPL-2.0-only
#
# lib.sh: timing helpers for the benchmarks (sourced).
#
#   median_of N CMD...   run CMD N times, print the median wall time (s)
#   time_once NAME CMD... run CMD once, add its wall time to NAME's sample
#   median NAME          print the median of NAME's sample (s, 6 decimals)
#   ms SECONDS           print SECONDS in milliseconds with two decimals
#   peak_rss CMD...      print CMD's peak resident set size in KiB
#   ratio A B            print A/B with two decimals
#
# A command found in PATH (or given by path) is timed by "floor time"
# (tests/bench/floor.c): clock_gettime around fork..waitpid, microseconds.
# A shell function can only run in this shell: it is timed between two
# `date` forks, which adds about a millisecond; benches that time one
# time seconds-long work that way.  The timer is $FLOOR (make bench sets
# it), else build/bench/floor, else floor.c compiled into $BENCH_TMP.

now() {
	date +%s.%N
}

# bench_timer: set BENCH_TIMER to floor's path, building it if need be, or
# to nothing.
bench_timer() {
	if [ -z "${BENCH_TIMER+set}" ]; then
		_lib=${here:-$(cd "$(dirname "$0")" && pwd)}
		BENCH_TIMER=
		for t in "${FLOOR-}" "$_lib/../../build/bench/floor" "$BENCH_TMP/floor"; do
			if [ -n "$t" ] && [ -x "$t" ]; then
				BENCH_TIMER=$t
				break
			fi
		done
		if [ -z "$BENCH_TIMER" ] && cc -O2 -pthread -D_GNU_SOURCE -o "$BENCH_TMP/floor" \
		   "$_lib/floor.c" 2>/dev/null; then
			BENCH_TIMER=$BENCH_TMP/floor
		fi
		[ -n "$BENCH_TIMER" ] ||
			echo "bench: no floor timer, timing with date (ms rounding)" >&2
	fi
}

# time_to FILE CMD...: run CMD once, append its wall time (s) to FILE.
time_to() {
	_out=$1
	shift
	bench_timer
	case $(command -v "$1") in
	/*)
		if [ -n "$BENCH_TIMER" ]; then
			"$BENCH_TIMER" time 1 "$@" >>"$_out"
			return
		fi
		;;
	esac
	t0=$(now)
	"$@" >/dev/null 2>&1
	t1=$(now)
	echo "$t1 - $t0" | bc -l >>"$_out"
}

# median_file FILE: the median of FILE's numbers, 6 decimals.
median_file() {
	sort -n "$1" | awk '{ v[NR] = $1 } END {
		if (NR % 2) m = v[(NR + 1) / 2]; else m = (v[NR / 2] + v[NR / 2 + 1]) / 2;
		printf "%.6f\n", m }'
}

median_of() {
	n=$1
	shift
	i=0
	: >"$BENCH_TMP/times"
	while [ "$i" -lt "$n" ]; do
		[ -z "${BENCH_BEFORE-}" ] || eval "$BENCH_BEFORE"
		time_to "$BENCH_TMP/times" "$@"
		i=$((i + 1))
	done
	median_file "$BENCH_TMP/times"
}

# The scan bench takes its samples in rounds, one run of each command per
# round, so that a machine that gets busier or quieter partway through
# moves every command's times alike and leaves their ratios alone.
time_once() {
	name=$1
	shift
	time_to "$BENCH_TMP/sample.$name" "$@"
}

median() {
	median_file "$BENCH_TMP/sample.$1"
}

ms() {
	echo "$1" | awk '{ printf "%.2f\n", $1 * 1000 }'
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
