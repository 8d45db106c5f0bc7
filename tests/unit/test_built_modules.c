// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_built_modules: bmod_ko_license() on ELF objects written here, good
 * (both classes) and broken in each way a header or section can be: every
 * fault is its -errno, never a read out of bounds.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sbom/built_modules.h"
#include "tap.h"

static const char names[] = "\0.shstrtab\0.modinfo\0";	/* at 1 and 11 */

/* How to spoil the object. */
struct spoil {
	int class32;
	int big_endian;
	int shentsize_off;	/* added to e_shentsize */
	int shstrndx;		/* 0: the right one (1) */
	uint64_t modinfo_off;	/* 0: the right one */
	unsigned modinfo_name;	/* 0: ".modinfo" */
	size_t cut;		/* 0: the whole file; else its first bytes */
};

/*
 * An ELF relocatable file: header, .shstrtab, .modinfo (@info, @len
 * bytes), then three section headers (null, .shstrtab, .modinfo).
 */
static size_t make_elf(unsigned char *buf, const char *info, size_t len,
		       const struct spoil *sp)
{
	int is64 = !sp->class32;
	size_t ehsize = is64 ? sizeof(Elf64_Ehdr) : sizeof(Elf32_Ehdr);
	size_t shsize = is64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr);
	size_t names_at = ehsize, info_at = names_at + sizeof(names);
	size_t sh_at = (info_at + len + 7) & ~(size_t)7, end = sh_at + 3 * shsize;
	uint64_t off[3] = { 0, names_at, sp->modinfo_off ? sp->modinfo_off : info_at };
	uint64_t size[3] = { 0, sizeof(names), len };
	uint32_t name[3] = { 0, 1, sp->modinfo_name ? sp->modinfo_name : 11 };
	unsigned shstrndx = sp->shstrndx ? sp->shstrndx : 1;

	memset(buf, 0, end);
	if (is64) {
		Elf64_Ehdr h = { .e_type = ET_REL, .e_machine = EM_X86_64,
				 .e_version = EV_CURRENT, .e_shoff = sh_at,
				 .e_ehsize = ehsize, .e_shentsize = shsize + sp->shentsize_off,
				 .e_shnum = 3, .e_shstrndx = shstrndx };

		memcpy(buf, &h, sizeof(h));
		for (int i = 0; i < 3; i++) {
			Elf64_Shdr s = { .sh_name = name[i], .sh_type = i ? SHT_PROGBITS : 0,
					 .sh_offset = off[i], .sh_size = size[i] };

			memcpy(buf + sh_at + i * shsize, &s, sizeof(s));
		}
	} else {
		Elf32_Ehdr h = { .e_type = ET_REL, .e_machine = EM_386,
				 .e_version = EV_CURRENT, .e_shoff = sh_at,
				 .e_ehsize = ehsize, .e_shentsize = shsize + sp->shentsize_off,
				 .e_shnum = 3, .e_shstrndx = shstrndx };

		memcpy(buf, &h, sizeof(h));
		for (int i = 0; i < 3; i++) {
			Elf32_Shdr s = { .sh_name = name[i], .sh_type = i ? SHT_PROGBITS : 0,
					 .sh_offset = off[i], .sh_size = size[i] };

			memcpy(buf + sh_at + i * shsize, &s, sizeof(s));
		}
	}
	memcpy(buf, ELFMAG, SELFMAG);
	buf[EI_CLASS] = is64 ? ELFCLASS64 : ELFCLASS32;
	buf[EI_DATA] = sp->big_endian ? ELFDATA2MSB : ELFDATA2LSB;
	buf[EI_VERSION] = EV_CURRENT;
	memcpy(buf + names_at, names, sizeof(names));
	memcpy(buf + info_at, info, len);
	return sp->cut ? sp->cut : end;
}

static char path[64];

/* bmod_ko_license() of the object @sp makes; *@lic is freed by the next call. */
static int license_of(const char *info, size_t len, const struct spoil *sp,
		      char **lic)
{
	unsigned char buf[4096];
	size_t n = make_elf(buf, info, len, sp);
	FILE *f = fopen(path, "w");

	free(*lic);
	*lic = NULL;
	if (!f || fwrite(buf, 1, n, f) != n || fclose(f))
		return -EIO;
	return bmod_ko_license(path, lic);
}

#define INFO "author=Someone\0license=Dual BSD/GPL\0description=x"

int main(void)
{
	char *lic = NULL;
	int fd;

	snprintf(path, sizeof(path), "/tmp/test_built_modules.XXXXXX");
	fd = mkstemp(path);
	if (fd < 0)
		return 1;
	close(fd);

	is_int(license_of(INFO, sizeof(INFO), &(struct spoil){ 0 }, &lic), 0,
	       "ELF64: read");
	is_str(lic, "Dual BSD/GPL", "ELF64: license= among other keys");
	is_int(license_of(INFO, sizeof(INFO), &(struct spoil){ .class32 = 1 }, &lic), 0,
	       "ELF32: read");
	is_str(lic, "Dual BSD/GPL", "ELF32: the same");
	is_int(license_of("license=GPL", 11, &(struct spoil){ 0 }, &lic), 0,
	       "a last string without its NUL: read");
	is_str(lic, "GPL", "and ends at the section's end");
	is_int(license_of("xlicense=GPL\0", 13, &(struct spoil){ 0 }, &lic), -ENOMSG,
	       "only a key that starts a string counts: -ENOMSG");
	is_int(license_of("author=x", 9, &(struct spoil){ 0 }, &lic), -ENOMSG,
	       ".modinfo without license=: -ENOMSG");
	ok(lic == NULL, "and no license");
	is_int(license_of(INFO, sizeof(INFO), &(struct spoil){ .modinfo_name = 2 }, &lic),
	       -ENODATA, "no section named .modinfo: -ENODATA");
	is_int(license_of(INFO, sizeof(INFO), &(struct spoil){ .modinfo_name = 999 }, &lic),
	       -ENODATA, "a section name past .shstrtab is no match: -ENODATA");
	is_int(license_of(INFO, sizeof(INFO), &(struct spoil){ .modinfo_off = 1u << 20 }, &lic),
	       -EINVAL, ".modinfo past the end of the file: -EINVAL");
	is_int(license_of(INFO, sizeof(INFO), &(struct spoil){ .modinfo_off = ~0ull }, &lic),
	       -EINVAL, "an offset that would wrap: -EINVAL");
	is_int(license_of(INFO, sizeof(INFO), &(struct spoil){ .shstrndx = 3 }, &lic),
	       -ENOEXEC, "e_shstrndx out of range: -ENOEXEC");
	is_int(license_of(INFO, sizeof(INFO), &(struct spoil){ .shentsize_off = 8 }, &lic),
	       -ENOEXEC, "a foreign e_shentsize: -ENOEXEC");
	is_int(license_of(INFO, sizeof(INFO), &(struct spoil){ .big_endian = 1 }, &lic),
	       -ENOEXEC, "the other byte order: -ENOEXEC");
	is_int(license_of(INFO, sizeof(INFO), &(struct spoil){ .cut = 10 }, &lic),
	       -ENOEXEC, "cut inside e_ident: -ENOEXEC");
	is_int(license_of(INFO, sizeof(INFO), &(struct spoil){ .cut = 40 }, &lic),
	       -ENOEXEC, "cut inside the header: -ENOEXEC");
	is_int(license_of(INFO, sizeof(INFO), &(struct spoil){ .cut = 120 }, &lic),
	       -EINVAL, "cut before the section headers: -EINVAL");
	unlink(path);
	is_int(bmod_ko_license(path, &lic), -ENOENT, "a missing file: -ENOENT");
	ok(lic == NULL, "and no license");
	return tap_done();
}
