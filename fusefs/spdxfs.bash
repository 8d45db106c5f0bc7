# SPDX-License-Identifier: GPL-2.0-only
#
# Bash completion for spdxfs(1): the commands, each command's options,
# the identifiers the tree's LICENSES/ declares for --license (tag's -l
# too), the statuses for --status, and directories or files where a
# command wants them.
#
# The commands and options are read from "spdxfs --help" and "spdxfs
# COMMAND --help" of the spdxfs being completed, so they follow the
# binary.  "make install" puts this file in
# $(PREFIX)/share/bash-completion/completions/spdxfs; it needs nothing
# from the bash-completion package.

# _spdxfs_commands PROG: the commands "PROG --help" lists.
_spdxfs_commands()
{
	"$1" --help 2>/dev/null | sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p'
}

# _spdxfs_options PROG COMMAND: the options "PROG COMMAND --help" lists,
# taken from the lines that start with one ("  -j, --jobs N  ...").
_spdxfs_options()
{
	"$1" "$2" --help 2>/dev/null | awk '
		/^[ \t]+-/ {
			for (i = 1; i <= NF; i++) {
				f = $i
				sub(/,$/, "", f)
				sub(/=.*/, "", f)
				if (f ~ /^--?[A-Za-z][A-Za-z0-9-]*$/)
					print f
				else if (f !~ /^[A-Z_]+$/)
					break
			}
		}' | sort -u
}

# _spdxfs_licenses TREE: the identifiers the Valid-License-Identifier
# lines of TREE/LICENSES/ declare, each once (exceptions have another
# header, so they are not here).  A line may hold an expression, as
# 6.1's "GPL-2.0 OR GFDL-1.1-no-invariants-only": its identifiers, not
# its operators.
_spdxfs_licenses()
{
	[ -d "$1/LICENSES" ] || return 0
	grep -rhs '^Valid-License-Identifier:' "$1/LICENSES" |
		sed 's/^Valid-License-Identifier://; s/[()]/ /g' | tr -s ' \t\r' '\n\n\n' |
		grep -vxE '(AND|OR|WITH|)' | sort -u
}

# _spdxfs_root PATH: the nearest directory at or above PATH (a file's:
# its directory's) with a LICENSES/, if any.
_spdxfs_root()
{
	local d=$1
	[ -d "$d" ] || d=$(dirname -- "$d")
	d=$(cd -- "$d" 2>/dev/null && pwd) || return 0
	while :; do
		if [ -d "$d/LICENSES" ]; then
			printf '%s\n' "$d"
			return
		fi
		[ "$d" = / ] && return
		d=$(dirname -- "$d")
	done
}

# _spdxfs_tree CMD: the tree of the first argument after the command
# that is not an option or an option's value (a file or a directory in
# it), else of the current directory: the nearest directory with a
# LICENSES/.
_spdxfs_tree()
{
	local i w skip=
	for ((i = 2; i < COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		if [ -n "$skip" ]; then
			skip=
			continue
		fi
		case $1:$w in
		tag:-o|tag:-l|tag:-d|tag:-u|export:-o|export:-f|mount:-o|\
		*:--output|*:--license|*:--decisions|*:--from|*:--date|*:-j|*:--jobs|\
		*:--split|*:--log-depth|*:--status|*:--class|*:--rev|*:--svg|*:--backlog-svg|\
		*:--format|*:--declared|*:--upstream|*:--upstream-rev|*:--build|\
		*:--max|*:-n|*:--max-count|check:-D|*:--depth|*:=)
			skip=1 ;;
		*:-*) ;;
		*)
			if [ -e "$w" ]; then
				_spdxfs_root "$w"
				return
			fi ;;
		esac
	done
	_spdxfs_root .
}

_spdxfs_compgen()	# WORDS CUR: set COMPREPLY to the WORDS that start with CUR
{
	COMPREPLY=($(compgen -W "$1" -- "$2"))
}

_spdxfs_compgen_list()	# WORDS CUR: the same for the last item of a comma list
{
	local i

	_spdxfs_compgen "$1" "${2##*,}"
	if [ "$2" != "${2##*,}" ]; then
		for i in "${!COMPREPLY[@]}"; do
			COMPREPLY[i]=${2%,*},${COMPREPLY[i]}
		done
	fi
	compopt -o nospace 2>/dev/null
}

_spdxfs_paths()	# -d|-f CUR: directories, or files
{
	local IFS=$'\n'
	compopt -o filenames 2>/dev/null
	COMPREPLY=($(compgen "$1" -- "$2"))
}

_spdxfs()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev= cmd prog
	prog=${COMP_WORDS[0]}
	command -v "$prog" >/dev/null 2>&1 || prog=spdxfs
	((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
	# "--license=GP": bash splits it at the "=" (COMP_WORDBREAKS).
	if [ "$cur" = "=" ]; then
		cur=
	elif [ "$prev" = "=" ] && ((COMP_CWORD > 1)); then
		prev=${COMP_WORDS[COMP_CWORD - 2]}
	fi
	COMPREPLY=()

	if ((COMP_CWORD == 1)); then
		case $cur in
		-*) _spdxfs_compgen "-h --help -V --version" "$cur" ;;
		*) _spdxfs_compgen "$(_spdxfs_commands "$prog")" "$cur" ;;
		esac
		return 0
	fi
	cmd=${COMP_WORDS[1]}

	case $cmd:$prev in
	tag:-l|tag:--license|list:--license|check:--license)
		_spdxfs_compgen "$(_spdxfs_licenses "$(_spdxfs_tree "$cmd")")" "$cur"
		return 0 ;;
	list:--status|check:--status)
		_spdxfs_compgen_list "tagged misplaced untagged invalid excluded error" "$cur"
		return 0 ;;
	check:--class)
		_spdxfs_compgen_list "consistent contradiction untagged unknown all" "$cur"
		return 0 ;;
	tag:--split)
		_spdxfs_compgen "maintainers" "$cur"
		return 0 ;;
	export:-f|export:--format|built:--format)
		_spdxfs_compgen "spdx-json spdx-tv spdx-rdf spdx3" "$cur"
		return 0 ;;
	export:-o|export:--output|built:-o|built:--output)
		_spdxfs_paths -f "$cur"
		return 0 ;;
	export:--declared)
		return 0 ;;
	tag:-o|tag:--output|mount:--build)
		_spdxfs_paths -d "$cur"
		return 0 ;;
	tag:-d|tag:--decisions|scan:--svg|scan:--backlog-svg|history:--svg)
		_spdxfs_paths -f "$cur"
		return 0 ;;
	scan:--rev|list:--rev|check:--rev|mount:--rev|export:--rev)
		_spdxfs_compgen "HEAD $(git for-each-ref \
			--format='%(refname:short)' 2>/dev/null)" "$cur"
		return 0 ;;
	mount:-o)
		_spdxfs_compgen_list "ro allow_other auto_unmount clone_fd \
			build= rev= history= max_idle_threads= max_threads= modules" "$cur"
		return 0 ;;
	diff:--fail-on)
		_spdxfs_compgen_list "added removed tagged untagged changed fixed broken" \
			"$cur"
		return 0 ;;
	*:-j|*:--jobs|check:-D|check:--depth|tag:--author|tag:--date|cache:--max|\
	history:-n|history:--max-count)
		return 0 ;;
	esac

	case $cur in
	-*) _spdxfs_compgen "$(_spdxfs_options "$prog" "$cmd")" "$cur" ;;
	*)
		case $cmd in
		version|help|cache) ;;
		check|show|list|scan) _spdxfs_paths -f "$cur" ;;
		*) _spdxfs_paths -d "$cur" ;;
		esac ;;
	esac
	return 0
}

complete -F _spdxfs spdxfs
