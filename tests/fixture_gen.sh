# SPDX-License-Identifier: GPL-2.0-only
#
# fixture_gen.sh: generated files in make_build_fixture's build directory
# (fixture.sh), each with the .cmd records kbuild leaves, so that
# 'spdxfs built' must follow them back to the tree files they were made
# from.  Each gen_* BUILD TREE adds the tree files and build files of one
# way and puts its objects into vmlinux (arch/x86/built-in.a).

# gen_record BUILD TARGET: the record of TARGET (a path of BUILD) from
# stdin, and TARGET itself, empty, when it is not there.
gen_record() {
	_d=$(dirname "$1/$2")
	mkdir -p "$_d"
	cat >"$_d/.$(basename "$2").cmd"
	[ -e "$1/$2" ] || : >"$1/$2"
}

# gen_tagged TREE PATH [EXPR]: a tree file with its tag (GPL-2.0).
gen_tagged() {
	mkdir -p "$(dirname "$1/$2")"
	printf '/* SPDX-License-Identifier: %s */\n' "${3:-GPL-2.0}" >"$1/$2"
}

# gen_link BUILD OBJECT...: the objects into arch/x86/built-in.a, which
# vmlinux.a holds.
gen_link() {
	_b=$1
	shift
	(cd "$_b" && ar cDPrST arch/x86/built-in.a "$@" && rm -f vmlinux.a &&
		ar cDPrST vmlinux.a ./built-in.a arch/x86/built-in.a)
}

# The vDSO's way: an object compiled from a C file a program (vdso2c,
# itself built from the tree) generated from a shared object, linked
# with a linker script from objects of tree sources.
gen_vdso() {
	_B=$1 _T=$2 _v=arch/x86/entry/vdso
	for f in vclock.c vnote.S vdso.lds.S vdso2c.c checkundef.sh; do
		gen_tagged "$_T" "$_v/$f"
	done
	gen_tagged "$_T" lib/vdso/gtod.c "GPL-2.0 OR MIT"
	gen_record "$_B" $_v/vdso-image-64.o <<-X
	cmd_$_v/vdso-image-64.o := gcc -c -o $_v/vdso-image-64.o $_v/vdso-image-64.c

	source_$_v/vdso-image-64.o := $_v/vdso-image-64.c

	deps_$_v/vdso-image-64.o := \\
	  include/generated/autoconf.h \\

	X
	gen_record "$_B" $_v/vdso-image-64.c <<-X
	cmd_$_v/vdso-image-64.c := $_v/vdso2c $_v/vdso64.so.dbg $_v/vdso64.so $_v/vdso-image-64.c
	X
	gen_record "$_B" $_v/vdso2c <<-X
	cmd_$_v/vdso2c := gcc -Wp,-MMD,$_v/.vdso2c.d -O2 -I $_T/include -o $_v/vdso2c $_T/$_v/vdso2c.c

	source_$_v/vdso2c := $_T/$_v/vdso2c.c

	deps_$_v/vdso2c := \\
	  $_T/include/uapi/linux/y.h \\

	X
	gen_record "$_B" $_v/vdso64.so <<-X
	cmd_$_v/vdso64.so := objcopy -S --remove-section __ex_table $_v/vdso64.so.dbg $_v/vdso64.so
	X
	gen_record "$_B" $_v/vdso64.so.dbg <<-X
	cmd_$_v/vdso64.so.dbg := ld -o $_v/vdso64.so.dbg -shared --hash-style=both -m elf_x86_64 -soname linux-vdso.so.1 -T $_v/vdso.lds $_v/vnote.o $_v/vclock.o && sh $_T/$_v/checkundef.sh 'nm' '$_v/vdso64.so.dbg'; if objdump -R $_v/vdso64.so.dbg | grep -E -h "R_X86_64_JUMP_SLOT|R_386_GLOB_DAT"; then (echo >&2 "$_v/vdso64.so.dbg: dynamic relocations are not supported"; rm -f $_v/vdso64.so.dbg; /bin/false); fi
	X
	gen_record "$_B" $_v/vdso.lds <<-X
	cmd_$_v/vdso.lds := gcc -E -P -o $_v/vdso.lds $_T/$_v/vdso.lds.S

	source_$_v/vdso.lds := $_T/$_v/vdso.lds.S

	deps_$_v/vdso.lds := \\
	  $_T/b.h \\

	X
	gen_record "$_B" $_v/vnote.o <<-X
	source_$_v/vnote.o := $_T/$_v/vnote.S

	deps_$_v/vnote.o := \\

	X
	gen_record "$_B" $_v/vclock.o <<-X
	source_$_v/vclock.o := $_T/$_v/vclock.c

	deps_$_v/vclock.o := \\
	  $_T/$_v/../../../../lib/vdso/gtod.c \\
	  include/generated/autoconf.h \\

	X
	gen_link "$_B" $_v/vdso-image-64.o
}

# The real-mode trampoline's way: an assembler source of the tree that
# pulls in with .incbin a binary objcopy made of an ELF file linked with
# a linker script from objects of tree sources, and relocations a program
# (relocs, linked from an object of a tree source) wrote of that ELF file.
gen_realmode() {
	_B=$1 _T=$2 _r=arch/x86/realmode
	for f in rm/header.S rm/trampoline.S rm/common.S rm/realmode.lds.S; do
		gen_tagged "$_T" "$_r/$f"
	done
	gen_tagged "$_T" arch/x86/tools/relocs_64.c
	printf '/* SPDX-License-Identifier: GPL-2.0 */\n\t.incbin\t"%s"\n\t.incbin "%s"\n' \
		$_r/rm/realmode.bin $_r/rm/realmode.relocs >"$_T/$_r/rmpiggy.S"
	gen_record "$_B" $_r/rmpiggy.o <<-X
	source_$_r/rmpiggy.o := $_T/$_r/rmpiggy.S

	deps_$_r/rmpiggy.o := \\

	X
	gen_record "$_B" $_r/rm/realmode.bin <<-X
	cmd_$_r/rm/realmode.bin := objcopy  -O binary $_r/rm/realmode.elf $_r/rm/realmode.bin
	X
	gen_record "$_B" $_r/rm/realmode.elf <<-X
	cmd_$_r/rm/realmode.elf := ld -m elf_i386 --emit-relocs -T $_r/rm/realmode.lds $_r/rm/header.o $_r/rm/trampoline.o -o $_r/rm/realmode.elf
	X
	gen_record "$_B" $_r/rm/realmode.relocs <<-X
	cmd_$_r/rm/realmode.relocs := arch/x86/tools/relocs --realmode $_r/rm/realmode.elf > $_r/rm/realmode.relocs
	X
	gen_record "$_B" arch/x86/tools/relocs <<-X
	cmd_arch/x86/tools/relocs := gcc   -o arch/x86/tools/relocs arch/x86/tools/relocs_64.o
	X
	gen_record "$_B" arch/x86/tools/relocs_64.o <<-X
	source_arch/x86/tools/relocs_64.o := $_T/arch/x86/tools/relocs_64.c

	deps_arch/x86/tools/relocs_64.o := \\

	X
	gen_record "$_B" $_r/rm/realmode.lds <<-X
	source_$_r/rm/realmode.lds := $_T/$_r/rm/realmode.lds.S

	deps_$_r/rm/realmode.lds := \\

	X
	gen_record "$_B" $_r/rm/header.o <<-X
	source_$_r/rm/header.o := $_T/$_r/rm/header.S

	deps_$_r/rm/header.o := \\

	X
	gen_record "$_B" $_r/rm/trampoline.o <<-X
	source_$_r/rm/trampoline.o := $_T/$_r/rm/trampoline.S

	deps_$_r/rm/trampoline.o := \\
	  $_T/$_r/rm/common.S \\

	X
	gen_link "$_B" $_r/rmpiggy.o
}

# A boot image made of vmlinux: bzImage, which a program of the build
# (tools/build) writes from setup.bin (objcopy of setup.elf, linked with
# a linker script of the tree) and vmlinux.bin (objcopy of the
# decompressor, linked from objects, one of them piggy.o: its generated
# piggy.S pulls in with .incbin vmlinux compressed by a script).
gen_bzimage() {
	_B=$1 _T=$2 _b=arch/x86/boot
	for f in tools/build.c setup.ld a20.c compressed/misc.c \
		compressed/vmlinux.lds.S compressed/mkpiggy.c; do
		gen_tagged "$_T" "$_b/$f"
	done
	printf '#!/bin/sh\n# SPDX-License-Identifier: 0BSD\n' >"$_T/scripts/xz_wrap.sh"
	printf '#!/bin/sh\n# SPDX-License-Identifier: GPL-2.0\n' >"$_T/scripts/link-vmlinux.sh"
	gen_record "$_B" $_b/bzImage <<-X
	cmd_$_b/bzImage := $_b/tools/build $_b/setup.bin $_b/vmlinux.bin $_b/bzImage >/dev/null
	X
	gen_record "$_B" $_b/tools/build <<-X
	source_$_b/tools/build := $_T/$_b/tools/build.c

	deps_$_b/tools/build := \\

	X
	gen_record "$_B" $_b/setup.bin <<-X
	cmd_$_b/setup.bin := objcopy  -O binary $_b/setup.elf $_b/setup.bin
	X
	gen_record "$_B" $_b/setup.elf <<-X
	cmd_$_b/setup.elf := ld -m elf_i386 -T $_T/$_b/setup.ld $_b/a20.o -o $_b/setup.elf
	X
	gen_record "$_B" $_b/a20.o <<-X
	source_$_b/a20.o := $_T/$_b/a20.c

	deps_$_b/a20.o := \\

	X
	gen_record "$_B" $_b/vmlinux.bin <<-X
	cmd_$_b/vmlinux.bin := objcopy  -O binary -R .note -R .comment -S $_b/compressed/vmlinux $_b/vmlinux.bin
	X
	gen_record "$_B" $_b/compressed/vmlinux <<-X
	cmd_$_b/compressed/vmlinux := ld -m elf_x86_64 -pie -T $_b/compressed/vmlinux.lds $_b/compressed/misc.o $_b/compressed/piggy.o -o $_b/compressed/vmlinux
	X
	gen_record "$_B" $_b/compressed/vmlinux.lds <<-X
	source_$_b/compressed/vmlinux.lds := $_T/$_b/compressed/vmlinux.lds.S

	deps_$_b/compressed/vmlinux.lds := \\

	X
	gen_record "$_B" $_b/compressed/misc.o <<-X
	source_$_b/compressed/misc.o := $_T/$_b/compressed/misc.c

	deps_$_b/compressed/misc.o := \\
	  $_T/b.h \\

	X
	gen_record "$_B" $_b/compressed/piggy.o <<-X
	source_$_b/compressed/piggy.o := $_b/compressed/piggy.S

	deps_$_b/compressed/piggy.o := \\

	X
	gen_record "$_B" $_b/compressed/piggy.S <<-X
	cmd_$_b/compressed/piggy.S := $_b/compressed/mkpiggy $_b/compressed/vmlinux.bin.xz > $_b/compressed/piggy.S
	X
	printf '\t.incbin "%s"\n' $_b/compressed/vmlinux.bin.xz >"$_B/$_b/compressed/piggy.S"
	gen_record "$_B" $_b/compressed/mkpiggy <<-X
	source_$_b/compressed/mkpiggy := $_T/$_b/compressed/mkpiggy.c

	deps_$_b/compressed/mkpiggy := \\

	X
	gen_record "$_B" $_b/compressed/vmlinux.bin.xz <<-X
	cmd_$_b/compressed/vmlinux.bin.xz := { cat $_b/compressed/vmlinux.bin | sh $_T/scripts/xz_wrap.sh; printf \\\\020\\\\211; } > $_b/compressed/vmlinux.bin.xz
	X
	gen_record "$_B" $_b/compressed/vmlinux.bin <<-X
	cmd_$_b/compressed/vmlinux.bin := objcopy  -R .comment -S vmlinux $_b/compressed/vmlinux.bin
	X
	gen_record "$_B" vmlinux <<-X
	cmd_vmlinux := sh $_T/scripts/link-vmlinux.sh "ld" "-m elf_x86_64" "--emit-relocs";  true
	X
}

# Generator inputs: headers an object includes that a script made from a
# table (syscalls_64.h), and that the top Kbuild file's filechk made
# without a record from a compiled assembler file (asm-offsets.h,
# bounds.h).
gen_generators() {
	_B=$1 _T=$2
	gen_tagged "$_T" kernel/sys.c
	gen_tagged "$_T" arch/x86/kernel/asm-offsets.c
	gen_tagged "$_T" kernel/bounds.c
	gen_tagged "$_T" include/linux/kbuild.h
	printf '#!/bin/sh\n# SPDX-License-Identifier: GPL-2.0-only\n' >"$_T/scripts/syscalltbl.sh"
	mkdir -p "$_T/arch/x86/entry/syscalls" "$_B/include/generated"
	printf '0\tcommon\tread\tsys_read\n' >"$_T/arch/x86/entry/syscalls/syscall_64.tbl"
	: >"$_B/include/generated/asm-offsets.h"
	: >"$_B/include/generated/bounds.h"
	gen_record "$_B" kernel/sys.o <<-X
	source_kernel/sys.o := $_T/kernel/sys.c

	deps_kernel/sys.o := \\
	  arch/x86/include/generated/asm/syscalls_64.h \\
	  include/generated/asm-offsets.h \\
	  include/generated/bounds.h \\

	X
	gen_record "$_B" arch/x86/include/generated/asm/syscalls_64.h <<-X
	cmd_arch/x86/include/generated/asm/syscalls_64.h := sh $_T/scripts/syscalltbl.sh --abis common,64 $_T/arch/x86/entry/syscalls/syscall_64.tbl arch/x86/include/generated/asm/syscalls_64.h
	X
	gen_record "$_B" arch/x86/kernel/asm-offsets.s <<-X
	source_arch/x86/kernel/asm-offsets.s := $_T/arch/x86/kernel/asm-offsets.c

	deps_arch/x86/kernel/asm-offsets.s := \\
	  $_T/include/linux/kbuild.h \\

	X
	gen_record "$_B" kernel/bounds.s <<-X
	source_kernel/bounds.s := $_T/kernel/bounds.c

	deps_kernel/bounds.s := \\
	  $_T/include/linux/kbuild.h \\

	X
	gen_link "$_B" kernel/sys.o
}

# built_why BUILD: "PATH<tab>WHY" for each file not compiled, as
# 'spdxfs built' says it.
built_why() {
	"$SPDXFS" built --no-cache "$1" | sed -n '/^files not compiled/,$p' |
		sed '1d; s/^  //' | cut -f1,2
}
