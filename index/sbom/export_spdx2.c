// SPDX-License-Identifier: GPL-2.0-only
/*
 * export_spdx2: the SPDX 2.3 writers, JSON and tag-value, of a prepared
 * export_doc (export.h).  Both say the same facts in the same order:
 * the document, the package, the LicenseRef- texts, the files, then the
 * relationships (DESCRIBES the package, which CONTAINS each file; for a
 * built kernel the image package CONTAINS its files, vmlinux
 * GENERATED_FROM the source package and each module GENERATED_FROM each
 * of its sources).
 */
#include <stdio.h>
#include <string.h>

#include "sbom/built_modules.h"
#include "sbom/export_doc.h"
#include "sbom/export_image.h"
#include "sbom/export_spdx2.h"
#include "util/json.h"
#include "util/utf8.h"

#define WHY_MAX 1024
#define PATH_NAME_MAX 4200	/* "./" and a path, which the kernel keeps
				   under PATH_MAX */

static void json_checksum(struct json_writer *w, const char *alg,
			  const unsigned char *bin, size_t len)
{
	char hex[65];

	digest_hex(bin, len, hex);
	json_object_begin(w, JSON_INLINE);
	json_kv_string(w, "algorithm", alg);
	json_kv_string(w, "checksumValue", hex);
	json_object_end(w);
}

static void json_relationship(struct json_writer *w, const char *from,
			      const char *type, const char *to)
{
	json_object_begin(w, JSON_INLINE);
	json_kv_string(w, "spdxElementId", from);
	json_kv_string(w, "relationshipType", type);
	json_kv_string(w, "relatedSpdxElement", to);
	json_object_end(w);
}

/* "./PATH", the 2.3 convention for a file in the package, into @buf. */
static const char *file_name(const char *path, char *buf, size_t size)
{
	snprintf(buf, size, "./%s", path);
	return buf;
}

/* The image package's version: the kernel release, else the tree's. */
static const char *image_version(const struct export_doc *d)
{
	const char *r = d->o.image->release;

	return r && *r ? r : d->version;
}

/* A package's fields up to its licenses, the same for both packages. */
static void json_package_begin(struct json_writer *w, const char *name,
			       const char *id, const char *version,
			       const char *verification, const char *declared)
{
	json_object_begin(w, JSON_BLOCK);
	json_kv_string(w, "name", name);
	json_kv_string(w, "SPDXID", id);
	if (version[0])
		json_kv_string(w, "versionInfo", version);
	json_kv_string(w, "downloadLocation", "NOASSERTION");
	json_kv_bool(w, "filesAnalyzed", 1);
	json_key(w, "packageVerificationCode");
	json_object_begin(w, JSON_INLINE);
	json_kv_string(w, "packageVerificationCodeValue", verification);
	json_object_end(w);
	json_kv_string(w, "licenseConcluded", "NOASSERTION");
	json_kv_string(w, "licenseDeclared", declared ? declared : "NOASSERTION");
	json_kv_string(w, "copyrightText", "NOASSERTION");
}

static void json_image_package(struct json_writer *w, const struct export_doc *d)
{
	json_package_begin(w, "linux-image", "SPDXRef-Package-image",
			   image_version(d), d->image_verification, NULL);
	json_kv_string(w, "primaryPackagePurpose", "OPERATING_SYSTEM");
	json_object_end(w);
}

/* A file entry's name and id: "SPDXRef-@kind-N" for entry @i. */
static void json_file_begin(struct json_writer *w, const char *kind, size_t i,
			    const char *path)
{
	char id[40], name[PATH_NAME_MAX];

	snprintf(id, sizeof(id), "SPDXRef-%s-%zu", kind, i + 1);
	json_object_begin(w, JSON_BLOCK);
	json_kv_string(w, "fileName", file_name(path, name, sizeof(name)));
	json_kv_string(w, "SPDXID", id);
}

/* A file entry's checksums, licenses and copyright: @lic found in it,
 * or NULL; its @copyright statements (copyright.h), or NULL. */
static void json_file_facts(struct json_writer *w, const struct file_digest *dig,
			    const char *lic, const char *copyright)
{
	json_key(w, "checksums");
	json_array_begin(w, JSON_INLINE);
	json_checksum(w, "SHA1", dig->sha1, 20);
	json_checksum(w, "SHA256", dig->sha256, 32);
	json_array_end(w);
	json_kv_string(w, "licenseConcluded", "NOASSERTION");
	json_key(w, "licenseInfoInFiles");
	json_array_begin(w, JSON_INLINE);
	json_string(w, lic ? lic : "NOASSERTION");
	json_array_end(w);
	json_kv_string(w, "copyrightText", copyright ? copyright : "NOASSERTION");
}

static void json_image_file(struct json_writer *w, const struct export_doc *d, size_t i)
{
	json_file_begin(w, "Image", i, d->o.image->paths[i]);
	json_key(w, "fileTypes");
	json_array_begin(w, JSON_INLINE);
	json_string(w, "BINARY");
	json_array_end(w);
	json_file_facts(w, &d->image_dig[i], NULL, NULL);
	json_object_end(w);
}

/* Module @i: a file of the image package, its license= as stated in it. */
static void json_module_file(struct json_writer *w, const struct export_doc *d,
			     size_t i)
{
	const struct bmod *m = d->mods[i].m;

	json_file_begin(w, "Module", i, m->ko);
	json_key(w, "fileTypes");
	json_array_begin(w, JSON_INLINE);
	json_string(w, "BINARY");
	json_array_end(w);
	json_file_facts(w, &d->image_dig[d->o.image->n + i],
			export_module_license(d, i), NULL);
	if (m->error)
		json_kv_string(w, "comment", m->error);
	json_object_end(w);
}

/* Module @i's relationships: in the image, GENERATED_FROM its sources. */
static void json_module_rels(struct json_writer *w, const struct export_doc *d,
			     size_t i)
{
	char id[40], src[40];

	snprintf(id, sizeof(id), "SPDXRef-Module-%zu", i + 1);
	json_relationship(w, "SPDXRef-Package-image", "CONTAINS", id);
	for (size_t k = 0; k < d->mods[i].nsrcs; k++) {
		snprintf(src, sizeof(src), "SPDXRef-File-%zu", d->mods[i].srcs[k] + 1);
		json_relationship(w, id, "GENERATED_FROM", src);
	}
}

static void json_package(struct json_writer *w, const struct export_doc *d)
{
	json_package_begin(w, d->name, "SPDXRef-Package", d->version,
			   d->verification, d->declared);
	json_kv_string(w, "primaryPackagePurpose", "SOURCE");
	json_object_end(w);
}

static void json_file(struct json_writer *w, const struct export_doc *d, size_t i)
{
	char why_buf[WHY_MAX];
	const char *why = export_file_why(d, i, why_buf, sizeof(why_buf));

	json_file_begin(w, "File", i, d->files[i]->path);
	json_key(w, "fileTypes");
	json_array_begin(w, JSON_INLINE);
	json_string(w, export_file_type(d, i));
	json_array_end(w);
	json_file_facts(w, &d->dig[i], export_file_license(d, i),
			d->files[i]->copyright);
	if (why)
		json_kv_string(w, "comment", why);
	json_object_end(w);
}

static void json_ref(struct json_writer *w, const struct export_ref *r)
{
	json_object_begin(w, JSON_BLOCK);
	json_kv_string(w, "licenseId", r->id);
	json_kv_string(w, "extractedText", r->text);
	json_kv_string(w, "name", r->name);
	json_kv_string(w, "comment", r->path);
	json_object_end(w);
}

static void json_refs(struct json_writer *w, const struct export_doc *d)
{
	json_key(w, "hasExtractedLicensingInfos");
	json_array_begin(w, JSON_BLOCK);
	for (size_t i = 0; i < d->nrefs; i++)
		json_ref(w, &d->refs[i]);
	json_array_end(w);
}

int export_spdx2_json(FILE *out, const struct export_doc *d)
{
	struct json_writer w;
	char id[40], tool[160];

	json_init(&w, out, d->o.pretty ? JSON_PRETTY : JSON_COMPACT);
	json_object_begin(&w, JSON_BLOCK);
	json_kv_string(&w, "spdxVersion", "SPDX-2.3");
	json_kv_string(&w, "dataLicense", "CC0-1.0");
	json_kv_string(&w, "SPDXID", "SPDXRef-DOCUMENT");
	json_kv_string(&w, "name", d->doc_name);
	json_kv_string(&w, "documentNamespace", d->ns);
	json_key(&w, "creationInfo");
	json_object_begin(&w, JSON_BLOCK);
	json_kv_string(&w, "created", d->created);
	json_key(&w, "creators");
	json_array_begin(&w, JSON_INLINE);
	snprintf(tool, sizeof(tool), "Tool: %s", d->o.tool);
	json_string(&w, tool);
	json_array_end(&w);
	json_kv_string(&w, "comment", d->comment);
	json_object_end(&w);
	json_key(&w, "packages");
	json_array_begin(&w, JSON_BLOCK);
	json_package(&w, d);
	if (d->o.image)
		json_image_package(&w, d);
	json_array_end(&w);
	if (d->nrefs)
		json_refs(&w, d);
	json_key(&w, "files");
	json_array_begin(&w, JSON_BLOCK);
	for (size_t i = 0; i < d->n; i++)
		json_file(&w, d, i);
	for (size_t i = 0; d->o.image && i < d->o.image->n; i++)
		json_image_file(&w, d, i);
	for (size_t i = 0; d->o.image && i < d->o.image->nmodules; i++)
		json_module_file(&w, d, i);
	json_array_end(&w);
	json_key(&w, "relationships");
	json_array_begin(&w, JSON_BLOCK);
	json_relationship(&w, "SPDXRef-DOCUMENT", "DESCRIBES", d->o.image ?
			  "SPDXRef-Package-image" : "SPDXRef-Package");
	for (size_t i = 0; i < d->n; i++) {
		snprintf(id, sizeof(id), "SPDXRef-File-%zu", i + 1);
		json_relationship(&w, "SPDXRef-Package", "CONTAINS", id);
	}
	for (size_t i = 0; d->o.image && i < d->o.image->n; i++) {
		snprintf(id, sizeof(id), "SPDXRef-Image-%zu", i + 1);
		json_relationship(&w, "SPDXRef-Package-image", "CONTAINS", id);
		json_relationship(&w, id, "GENERATED_FROM", "SPDXRef-Package");
	}
	for (size_t i = 0; d->o.image && i < d->o.image->nmodules; i++)
		json_module_rels(&w, d, i);
	json_array_end(&w);
	json_object_end(&w);
	return json_end(&w);
}

/*
 * @s as a tag-value document can hold it: UTF-8 text with no control
 * character but a tab, and line breaks only in a <text> value (@text).
 * Each byte of an invalid UTF-8 sequence and each control character
 * else (C0, DEL, C1) becomes U+FFFD, the replacement character, so a
 * tag's bytes can neither break the document's encoding nor start a
 * line of their own.  (check_tv() has refused what would change the
 * meaning instead: a file name with a line break or not in UTF-8, a
 * "</text>" in a text.)
 */
static void tv_put(FILE *out, const char *s, int text)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len = strlen(s);

	for (size_t i = 0, n; i < len; i += n) {
		unsigned c = p[i];

		n = utf8_seq(p + i, len - i, NULL);
		if (n == 1 && (c >= 0x20 || c == '\t' || (text && c == '\n')) &&
		    c != 0x7f) {
			fputc(c, out);
		} else if (n == 2 && c == 0xc2 && p[i + 1] < 0xa0) {
			fputs("\xef\xbf\xbd", out);	/* a C1 control */
		} else if (n > 1) {
			fwrite(p + i, 1, n, out);
		} else {
			fputs("\xef\xbf\xbd", out);
			n = 1;
		}
	}
}

/* "TAG: VALUE" on one line. */
static void tv_line(FILE *out, const char *tag, const char *value)
{
	fprintf(out, "%s: ", tag);
	tv_put(out, value, 0);
	fputc('\n', out);
}

/* Tag-value: a value that may span lines goes in <text>...</text>. */
static void tv_text(FILE *out, const char *tag, const char *text)
{
	fprintf(out, "%s: <text>", tag);
	tv_put(out, text, 1);
	fputs("</text>\n", out);
}

static void tv_file(FILE *out, const struct export_doc *d, size_t i)
{
	const char *lic = export_file_license(d, i), *why;
	char hex[65], why_buf[WHY_MAX];

	fputs("\nFileName: ./", out);
	tv_put(out, d->files[i]->path, 0);
	fprintf(out, "\nSPDXID: SPDXRef-File-%zu\nFileType: %s\n", i + 1,
		export_file_type(d, i));
	digest_hex(d->dig[i].sha1, 20, hex);
	fprintf(out, "FileChecksum: SHA1: %s\n", hex);
	digest_hex(d->dig[i].sha256, 32, hex);
	fprintf(out, "FileChecksum: SHA256: %s\n", hex);
	fputs("LicenseConcluded: NOASSERTION\n", out);
	tv_line(out, "LicenseInfoInFile", lic ? lic : "NOASSERTION");
	if (d->files[i]->copyright)
		tv_text(out, "FileCopyrightText", d->files[i]->copyright);
	else
		fputs("FileCopyrightText: NOASSERTION\n", out);
	why = export_file_why(d, i, why_buf, sizeof(why_buf));
	if (why)
		tv_text(out, "FileComment", why);
}

/* A binary file of the image package: @kind "Image" or "Module". */
static void tv_binary_file(FILE *out, const char *kind, size_t i, const char *path,
			   const struct file_digest *dig, const char *lic)
{
	char hex[65];

	fputs("\nFileName: ./", out);
	tv_put(out, path, 0);
	fprintf(out, "\nSPDXID: SPDXRef-%s-%zu\nFileType: BINARY\n", kind, i + 1);
	digest_hex(dig->sha1, 20, hex);
	fprintf(out, "FileChecksum: SHA1: %s\n", hex);
	digest_hex(dig->sha256, 32, hex);
	fprintf(out, "FileChecksum: SHA256: %s\n", hex);
	fputs("LicenseConcluded: NOASSERTION\n", out);
	tv_line(out, "LicenseInfoInFile", lic ? lic : "NOASSERTION");
	fputs("FileCopyrightText: NOASSERTION\n", out);
}

static void tv_image_file(FILE *out, const struct export_doc *d, size_t i)
{
	tv_binary_file(out, "Image", i, d->o.image->paths[i], &d->image_dig[i], NULL);
}

static void tv_module_file(FILE *out, const struct export_doc *d, size_t i)
{
	const struct bmod *m = d->mods[i].m;

	tv_binary_file(out, "Module", i, m->ko, &d->image_dig[d->o.image->n + i],
		       export_module_license(d, i));
	if (m->error)
		tv_text(out, "FileComment", m->error);
}

static void tv_module_rels(FILE *out, const struct export_doc *d, size_t i)
{
	fprintf(out, "Relationship: SPDXRef-Package-image CONTAINS SPDXRef-Module-%zu\n",
		i + 1);
	for (size_t k = 0; k < d->mods[i].nsrcs; k++)
		fprintf(out, "Relationship: SPDXRef-Module-%zu GENERATED_FROM SPDXRef-File-%zu\n",
			i + 1, d->mods[i].srcs[k] + 1);
}

int export_spdx2_tv(FILE *out, const struct export_doc *d)
{
	fputs("SPDXVersion: SPDX-2.3\nDataLicense: CC0-1.0\n"
	      "SPDXID: SPDXRef-DOCUMENT\n", out);
	tv_line(out, "DocumentName", d->doc_name);
	tv_line(out, "DocumentNamespace", d->ns);
	fprintf(out, "Creator: Tool: %s\nCreated: %s\n", d->o.tool, d->created);
	tv_text(out, "CreatorComment", d->comment);
	fputc('\n', out);
	tv_line(out, "PackageName", d->name);
	fputs("SPDXID: SPDXRef-Package\n", out);
	if (d->version[0])
		tv_line(out, "PackageVersion", d->version);
	fprintf(out, "PackageDownloadLocation: NOASSERTION\nFilesAnalyzed: true\n"
		"PackageVerificationCode: %s\nPackageLicenseConcluded: NOASSERTION\n",
		d->verification);
	tv_line(out, "PackageLicenseDeclared", d->declared ? d->declared : "NOASSERTION");
	fputs("PackageCopyrightText: NOASSERTION\nPrimaryPackagePurpose: SOURCE\n", out);
	if (d->o.image) {
		fprintf(out, "\nPackageName: linux-image\nSPDXID: SPDXRef-Package-image\n");
		if (image_version(d)[0])
			tv_line(out, "PackageVersion", image_version(d));
		fprintf(out, "PackageDownloadLocation: NOASSERTION\nFilesAnalyzed: true\n"
			"PackageVerificationCode: %s\nPackageLicenseConcluded: NOASSERTION\n"
			"PackageLicenseDeclared: NOASSERTION\nPackageCopyrightText: NOASSERTION\n"
			"PrimaryPackagePurpose: OPERATING-SYSTEM\n", d->image_verification);
	}
	for (size_t i = 0; i < d->nrefs; i++) {
		fputc('\n', out);
		tv_line(out, "LicenseID", d->refs[i].id);
		tv_text(out, "ExtractedText", d->refs[i].text);
		tv_line(out, "LicenseName", d->refs[i].name);
		tv_text(out, "LicenseComment", d->refs[i].path);
	}
	for (size_t i = 0; i < d->n; i++)
		tv_file(out, d, i);
	for (size_t i = 0; d->o.image && i < d->o.image->n; i++)
		tv_image_file(out, d, i);
	for (size_t i = 0; d->o.image && i < d->o.image->nmodules; i++)
		tv_module_file(out, d, i);
	fprintf(out, "\nRelationship: SPDXRef-DOCUMENT DESCRIBES %s\n",
		d->o.image ? "SPDXRef-Package-image" : "SPDXRef-Package");
	for (size_t i = 0; i < d->n; i++)
		fprintf(out, "Relationship: SPDXRef-Package CONTAINS SPDXRef-File-%zu\n",
			i + 1);
	for (size_t i = 0; d->o.image && i < d->o.image->n; i++)
		fprintf(out, "Relationship: SPDXRef-Package-image CONTAINS SPDXRef-Image-%zu\n"
			"Relationship: SPDXRef-Image-%zu GENERATED_FROM SPDXRef-Package\n",
			i + 1, i + 1);
	for (size_t i = 0; d->o.image && i < d->o.image->nmodules; i++)
		tv_module_rels(out, d, i);
	return 0;
}
