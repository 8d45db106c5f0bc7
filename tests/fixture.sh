# SPDX-License-Identifier: GPL-2.0-only
#
# fixture.sh: make_fixture DIR builds a small kernel-like tree with one
# file for each status and each trap the tests assert on.

license_file() {	# DIR NAME ID...
	dir=$1 name=$2
	shift 2
	mkdir -p "$dir"
	{
		for id in "$@"; do
			echo "Valid-License-Identifier: $id"
		done
		echo "SPDX-URL: https://spdx.org/licenses/$name.html"
		echo "Usage-Guide:"
		echo "  To use the $name license put the following SPDX tag/value pair"
		echo "  into a comment: SPDX-License-Identifier: $1"
		echo "License-Text:"
		echo
		echo "The full text of $name would be here."
	} >"$dir/$name"
}

make_fixture() {
	t=$1
	mkdir -p "$t"
	license_file "$t/LICENSES/preferred" GPL-2.0 GPL-2.0 GPL-2.0-only GPL-2.0+ GPL-2.0-or-later
	license_file "$t/LICENSES/preferred" MIT MIT
	license_file "$t/LICENSES/dual" Apache-2.0 Apache-2.0
	mkdir -p "$t/LICENSES/exceptions"
	cat >"$t/LICENSES/exceptions/Linux-syscall-note" <<'X'
SPDX-Exception-Identifier: Linux-syscall-note
SPDX-URL: https://spdx.org/licenses/Linux-syscall-note.html
SPDX-Licenses: GPL-2.0, GPL-2.0+, GPL-2.0-only, GPL-2.0-or-later
Usage-Guide:
  SPDX-License-Identifier: <SPDX-License> WITH Linux-syscall-note
License-Text:

   NOTE! This copyright does *not* cover user programs that use kernel
 services by normal system calls.
X
	mkdir -p "$t/scripts" "$t/include/uapi/linux" "$t/drivers/net" "$t/arch/x86/configs"
	printf '# SPDX-License-Identifier: GPL-2.0\n# excluded\nLICENSES/\n/README\narch/*/configs/\n' \
		>"$t/scripts/spdxexclude"
	printf 'Read me.\n' >"$t/README"
	printf 'CONFIG_X=y\n' >"$t/arch/x86/configs/x_defconfig"
	printf '// SPDX-License-Identifier: GPL-2.0\nint a;\n' >"$t/a.c"
	printf '/* SPDX-License-Identifier: GPL-2.0 OR MIT */\nint b;\n' >"$t/b.h"
	printf '#!/bin/sh\n# SPDX-License-Identifier: GPL-2.0-only\necho hi\n' >"$t/scripts/run.sh"
	printf '/*\n * SPDX-License-Identifier: GPL-2.0+\n */\n' >"$t/drivers/net/misplaced.c"
	printf 'int untagged;\n' >"$t/drivers/net/untagged.c"
	printf '// SPDX-License-Identifier: GPL-1.0-or-later\n' >"$t/drivers/bad.c"
	printf '// SPDX-License-Identifier: MIT WITH Linux-syscall-note\n' >"$t/drivers/exc.c"
	printf '// SPDX-License-Identifier: GPL-2.0 or MIT\n' >"$t/drivers/lower.c"
	printf '// SPDX-License-Identifier: GPL-2.0 OR MIT OR Apache-2.0\n' >"$t/drivers/three.c"
	printf '// SPDX-License-Identifier: (GPL-2.0 OR MIT\n' >"$t/drivers/paren.c"
	printf '/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */\n' \
		>"$t/include/uapi/linux/x.h"
	printf '/* SPDX-License-Identifier: GPL-2.0 */\n' >"$t/include/uapi/linux/y.h"
	printf '#define Z 1\n' >"$t/include/uapi/linux/z.h"
	printf '\357\273\277// SPDX-License-Identifier: MIT\r\n' >"$t/bom.c"
	printf '// SPDX-License-Identifier: GPL-2.0\n// SPDX-License-Identifier: MIT\n' >"$t/two.c"
	ln -s a.c "$t/link.c"
	ln -s /etc/passwd "$t/outside"
}
