# SPDX-License-Identifier: GPL-2.0-only
#
# license_file.sh: license_file, sourced by lib.sh, and by the scripts
# that use fixture.sh without lib.sh (tests/fuzz/corpus).

# license_file [-s TEXT] DIR NAME ID...: DIR/NAME, a LICENSES/ file in
# the kernel's format: a Valid-License-Identifier: line for each ID, its
# SPDX-URL, a Usage-Guide and its License-Text.  The one way a test makes
# one.  With -s, the short form (Usage-Guide "Short.", TEXT for the text);
# else a Usage-Guide naming the first ID and "The full text of NAME would
# be here.".
license_file() {
	lf_text=
	if [ "$1" = -s ]; then
		lf_text=$2
		shift 2
	fi
	lf_dir=$1 lf_name=$2
	shift 2
	mkdir -p "$lf_dir" &&
	{
		printf 'Valid-License-Identifier: %s\n' "$@"
		echo "SPDX-URL: https://spdx.org/licenses/$lf_name.html"
		echo "Usage-Guide:"
		if [ -n "$lf_text" ]; then
			printf '  Short.\nLicense-Text:\n\n%s\n' "$lf_text"
		else
			echo "  To use the $lf_name license put the following SPDX tag/value pair"
			echo "  into a comment: SPDX-License-Identifier: $1"
			echo "License-Text:"
			echo
			echo "The full text of $lf_name would be here."
		fi
	} >"$lf_dir/$lf_name"
}
