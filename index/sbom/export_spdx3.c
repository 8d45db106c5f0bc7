// SPDX-License-Identifier: GPL-2.0-only
/*
 * export_spdx3: the SPDX 3.0.1 JSON-LD writer of a prepared export_doc
 * (export.h).  What the official JSON schema wants as written: the
 * "@context" a plain URL, every id a full IRI under the document's
 * namespace, one CreationInfo that every element names.  The graph:
 * the CreationInfo, the agent and tool, the data license (CC0-1.0, an
 * element of the graph), the SpdxDocument, the package,
 * the LicenseRef-/AdditionRef- texts, one LicenseExpression per distinct
 * expression, the files, then the relationships (the package contains
 * every file; each file and the package hasDeclaredLicense its
 * expression; no hasConcludedLicense, which is NOASSERTION).  A built
 * kernel's image package contains its files and modules; the source
 * package generates its files, each source of a module that module, and
 * a module hasDeclaredLicense its license= (a LicenseRef-).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sbom/built_modules.h"
#include "sbom/export_doc.h"
#include "sbom/export_image.h"
#include "sbom/export_spdx3.h"
#include "util/json.h"

#define CREATION_INFO "_:creationinfo"
#define IRI_MAX 400
#define WHY_MAX 1024

static const char *iri(const struct export_doc *d, char *buf, size_t size,
		       const char *what, size_t n)
{
	if (n)
		snprintf(buf, size, "%s#%s-%zu", d->ns, what, n);
	else
		snprintf(buf, size, "%s#%s", d->ns, what);
	return buf;
}

/* Open an element: its type, IRI and the shared CreationInfo. */
static void element_begin(struct json_writer *w, const char *type, const char *id)
{
	json_object_begin(w, JSON_BLOCK);
	json_kv_string(w, "type", type);
	json_kv_string(w, "spdxId", id);
	json_kv_string(w, "creationInfo", CREATION_INFO);
}

static void creation_info(struct json_writer *w, const struct export_doc *d)
{
	char id[IRI_MAX];

	json_object_begin(w, JSON_BLOCK);
	json_kv_string(w, "type", "CreationInfo");
	json_kv_string(w, "@id", CREATION_INFO);
	json_kv_string(w, "specVersion", "3.0.1");
	json_kv_string(w, "created", d->created);
	json_key(w, "createdBy");
	json_array_begin(w, JSON_INLINE);
	json_string(w, iri(d, id, sizeof(id), "spdxfs", 0));
	json_array_end(w);
	json_key(w, "createdUsing");
	json_array_begin(w, JSON_INLINE);
	json_string(w, iri(d, id, sizeof(id), "tool", 0));
	json_array_end(w);
	json_kv_string(w, "comment", d->comment);
	json_object_end(w);

	element_begin(w, "SoftwareAgent", iri(d, id, sizeof(id), "spdxfs", 0));
	json_kv_string(w, "name", "spdxfs");
	json_object_end(w);
	element_begin(w, "Tool", iri(d, id, sizeof(id), "tool", 0));
	json_kv_string(w, "name", d->o.tool);
	json_object_end(w);
}

static void document(struct json_writer *w, const struct export_doc *d)
{
	char id[IRI_MAX];

	/* The data license an element of the graph, as SHACL's sh:class
	 * wants: a listed license's bare IRI has no type here. */
	element_begin(w, "simplelicensing_LicenseExpression",
		      iri(d, id, sizeof(id), "data-license", 0));
	json_kv_string(w, "simplelicensing_licenseExpression", "CC0-1.0");
	json_object_end(w);

	element_begin(w, "SpdxDocument", iri(d, id, sizeof(id), "document", 0));
	json_kv_string(w, "name", d->doc_name);
	json_kv_string(w, "dataLicense", iri(d, id, sizeof(id), "data-license", 0));
	json_key(w, "profileConformance");
	json_array_begin(w, JSON_INLINE);
	json_string(w, "core");
	json_string(w, "software");
	json_string(w, "simpleLicensing");
	if (d->o.image)
		json_string(w, "build");
	json_array_end(w);
	json_key(w, "rootElement");
	json_array_begin(w, JSON_INLINE);
	json_string(w, iri(d, id, sizeof(id), d->o.image ? "image" : "package", 0));
	json_array_end(w);
	json_object_end(w);

	element_begin(w, "software_Package", iri(d, id, sizeof(id), "package", 0));
	json_kv_string(w, "name", d->name);
	if (d->version[0])
		json_kv_string(w, "software_packageVersion", d->version);
	json_kv_string(w, "software_primaryPurpose", "source");
	json_object_end(w);
}

static void license_texts(struct json_writer *w, const struct export_doc *d)
{
	char id[IRI_MAX];

	for (size_t i = 0; i < d->nrefs; i++) {
		element_begin(w, "simplelicensing_SimpleLicensingText",
			      iri(d, id, sizeof(id), "license-text", i + 1));
		json_kv_string(w, "name", d->refs[i].name);
		json_kv_string(w, "simplelicensing_licenseText", d->refs[i].text);
		json_kv_string(w, "comment", d->refs[i].path);
		json_object_end(w);
	}
}

/* Does expression @e name @ref (a whole token)? */
static int names_ref(const char *e, const char *ref)
{
	size_t len = strlen(ref);

	for (const char *p = e; (p = strstr(p, ref)); p += len) {
		char before = p == e ? ' ' : p[-1], after = p[len];

		if ((before == ' ' || before == '(' || before == '\t') &&
		    (!after || after == ' ' || after == ')' || after == '\t'))
			return 1;
	}
	return 0;
}

static void expression(struct json_writer *w, const struct export_doc *d,
		       const char *id, const char *text)
{
	char tid[IRI_MAX];
	int any = 0;

	element_begin(w, "simplelicensing_LicenseExpression", id);
	json_kv_string(w, "simplelicensing_licenseExpression", text);
	for (size_t i = 0; i < d->nrefs; i++) {
		if (!names_ref(text, d->refs[i].id))
			continue;
		if (!any++) {
			json_key(w, "simplelicensing_customIdToUri");
			json_array_begin(w, JSON_BLOCK);
		}
		json_object_begin(w, JSON_INLINE);
		json_kv_string(w, "type", "DictionaryEntry");
		json_kv_string(w, "key", d->refs[i].id);
		json_kv_string(w, "value", iri(d, tid, sizeof(tid), "license-text", i + 1));
		json_object_end(w);
	}
	if (any)
		json_array_end(w);
	json_object_end(w);
}

static void expressions(struct json_writer *w, const struct export_doc *d)
{
	char id[IRI_MAX];

	if (d->declared)
		expression(w, d, iri(d, id, sizeof(id), "declared", 0), d->declared);
	for (size_t i = 0; i < d->idx->nexprs; i++)
		if (d->mapped[i] && d->same[i] == i)
			expression(w, d, iri(d, id, sizeof(id), "expression", i + 1),
				   d->mapped[i]);
	for (size_t i = 0; i < d->nrefs; i++)
		if (d->refs[i].module)
			expression(w, d, iri(d, id, sizeof(id), "module-license", i + 1),
				   d->refs[i].id);
}

static void hash(struct json_writer *w, const char *alg, const unsigned char *bin,
		 size_t len)
{
	char hex[65];

	digest_hex(bin, len, hex);
	json_object_begin(w, JSON_INLINE);
	json_kv_string(w, "type", "Hash");
	json_kv_string(w, "algorithm", alg);
	json_kv_string(w, "hashValue", hex);
	json_object_end(w);
}

/* The gitoid content identifier of @dig. */
static void gitoid(struct json_writer *w, const struct file_digest *dig)
{
	char hex[41], value[64];

	json_key(w, "software_contentIdentifier");
	json_array_begin(w, JSON_INLINE);
	json_object_begin(w, JSON_INLINE);
	json_kv_string(w, "type", "software_ContentIdentifier");
	json_kv_string(w, "software_contentIdentifierType", "gitoid");
	digest_hex(dig->gitoid, 20, hex);
	snprintf(value, sizeof(value), "gitoid:blob:sha1:%s", hex);
	json_kv_string(w, "software_contentIdentifierValue", value);
	json_object_end(w);
	json_array_end(w);
}

static void relationship(struct json_writer *w, const struct export_doc *d,
			 size_t n, const char *from, const char *type, const char *to);

/* Relationship @n up to its "to" array, which the caller fills and ends,
 * then the element. */
static void relationship_begin(struct json_writer *w, const struct export_doc *d,
			       size_t n, const char *from, const char *type,
			       enum json_layout layout)
{
	char id[IRI_MAX];

	element_begin(w, "Relationship", iri(d, id, sizeof(id), "relationship", n));
	json_kv_string(w, "from", from);
	json_kv_string(w, "relationshipType", type);
	json_key(w, "to");
	json_array_begin(w, layout);
}

/* A software_File up to its kind: its id, path, hashes and gitoid. */
static void file_begin(struct json_writer *w, const char *id, const char *path,
		       const struct file_digest *dig)
{
	element_begin(w, "software_File", id);
	json_kv_string(w, "name", path);
	json_key(w, "verifiedUsing");
	json_array_begin(w, JSON_INLINE);
	hash(w, "sha1", dig->sha1, 20);
	hash(w, "sha256", dig->sha256, 32);
	json_array_end(w);
	gitoid(w, dig);
	json_kv_string(w, "software_fileKind", "file");
}

/* A built kernel: its image package and files, and the build. */
static void image(struct json_writer *w, const struct export_doc *d)
{
	const struct export_image *im = d->o.image;
	char id[IRI_MAX];

	element_begin(w, "software_Package", iri(d, id, sizeof(id), "image", 0));
	json_kv_string(w, "name", "linux-image");
	if (im->release && *im->release)
		json_kv_string(w, "software_packageVersion", im->release);
	json_kv_string(w, "software_primaryPurpose", "operatingSystem");
	json_object_end(w);
	for (size_t i = 0; i < im->n; i++) {
		file_begin(w, iri(d, id, sizeof(id), "image-file", i + 1), im->paths[i],
			   &d->image_dig[i]);
		json_kv_string(w, "software_primaryPurpose", "executable");
		json_object_end(w);
	}
	for (size_t i = 0; i < im->nmodules; i++) {
		file_begin(w, iri(d, id, sizeof(id), "module-file", i + 1),
			   d->mods[i].m->ko, &d->image_dig[im->n + i]);
		json_kv_string(w, "software_primaryPurpose", "module");
		if (d->mods[i].m->error)
			json_kv_string(w, "comment", d->mods[i].m->error);
		json_object_end(w);
	}
	element_begin(w, "build_Build", iri(d, id, sizeof(id), "build", 0));
	json_kv_string(w, "build_buildType", "https://docs.kernel.org/kbuild/");
	if (d->has_config) {
		json_key(w, "build_configSourceDigest");
		json_array_begin(w, JSON_INLINE);
		hash(w, "sha256", d->config.sha256, 32);
		json_array_end(w);
		json_key(w, "build_configSourceEntrypoint");
		json_array_begin(w, JSON_INLINE);
		json_string(w, ".config");
		json_array_end(w);
	}
	if (im->release && *im->release) {
		json_key(w, "build_parameter");
		json_array_begin(w, JSON_INLINE);
		json_object_begin(w, JSON_INLINE);
		json_kv_string(w, "type", "DictionaryEntry");
		json_kv_string(w, "key", "KERNELRELEASE");
		json_kv_string(w, "value", im->release);
		json_object_end(w);
		json_array_end(w);
	}
	json_object_end(w);
}

/* Relationship @n from @from to the image files, and with @modules to
 * the modules' too. */
static void to_image_files(struct json_writer *w, const struct export_doc *d,
			   size_t n, const char *from, const char *type, int modules)
{
	char id[IRI_MAX];

	relationship_begin(w, d, n, from, type, JSON_INLINE);
	for (size_t i = 0; i < d->o.image->n; i++)
		json_string(w, iri(d, id, sizeof(id), "image-file", i + 1));
	for (size_t i = 0; modules && i < d->o.image->nmodules; i++)
		json_string(w, iri(d, id, sizeof(id), "module-file", i + 1));
	json_array_end(w);
	json_object_end(w);
}

/* Module @i: its declared license, and each source generates it. */
static size_t module_relationships(struct json_writer *w, const struct export_doc *d,
				   size_t i, size_t n)
{
	const struct export_module *e = &d->mods[i];
	char ko[IRI_MAX], from[IRI_MAX], to[IRI_MAX];

	iri(d, ko, sizeof(ko), "module-file", i + 1);
	if (e->ref != SIZE_MAX)
		relationship(w, d, n++, ko, "hasDeclaredLicense",
			     iri(d, to, sizeof(to), "module-license", e->ref + 1));
	for (size_t k = 0; k < e->nsrcs; k++)
		relationship(w, d, n++, iri(d, from, sizeof(from), "file", e->srcs[k] + 1),
			     "generates", ko);
	return n;
}

static void image_relationships(struct json_writer *w, const struct export_doc *d,
				size_t n)
{
	char pkg[IRI_MAX], img[IRI_MAX], build[IRI_MAX];

	iri(d, pkg, sizeof(pkg), "package", 0);
	iri(d, img, sizeof(img), "image", 0);
	iri(d, build, sizeof(build), "build", 0);
	to_image_files(w, d, n++, img, "contains", 1);
	to_image_files(w, d, n++, pkg, "generates", 0);
	relationship(w, d, n++, build, "hasInput", pkg);
	to_image_files(w, d, n++, build, "hasOutput", 1);
	for (size_t i = 0; i < d->o.image->nmodules; i++)
		n = module_relationships(w, d, i, n);
}

static void file(struct json_writer *w, const struct export_doc *d, size_t i)
{
	char id[IRI_MAX], why_buf[WHY_MAX];
	const char *why = export_file_why(d, i, why_buf, sizeof(why_buf));

	file_begin(w, iri(d, id, sizeof(id), "file", i + 1), d->files[i]->path,
		   &d->dig[i]);
	json_kv_string(w, "software_primaryPurpose", export_file_purpose(d, i));
	/* none found: no assertion, which 3.0.1 says by leaving it out */
	if (d->files[i]->copyright)
		json_kv_string(w, "software_copyrightText", d->files[i]->copyright);
	if (why)
		json_kv_string(w, "comment", why);
	json_object_end(w);
}

static void relationship(struct json_writer *w, const struct export_doc *d,
			 size_t n, const char *from, const char *type, const char *to)
{
	relationship_begin(w, d, n, from, type, JSON_INLINE);
	json_string(w, to);
	json_array_end(w);
	json_object_end(w);
}

static void relationships(struct json_writer *w, const struct export_doc *d)
{
	char pkg[IRI_MAX], from[IRI_MAX], to[IRI_MAX];
	size_t n = 1;

	iri(d, pkg, sizeof(pkg), "package", 0);
	relationship_begin(w, d, n++, pkg, "contains", JSON_BLOCK);
	for (size_t i = 0; i < d->n; i++)
		json_string(w, iri(d, to, sizeof(to), "file", i + 1));
	json_array_end(w);
	json_object_end(w);
	if (d->declared)
		relationship(w, d, n++, pkg, "hasDeclaredLicense",
			     iri(d, to, sizeof(to), "declared", 0));
	for (size_t i = 0; i < d->n; i++) {
		const struct spdx_file *f = d->files[i];

		if (!export_file_license(d, i))
			continue;
		relationship(w, d, n++, iri(d, from, sizeof(from), "file", i + 1),
			     "hasDeclaredLicense",
			     iri(d, to, sizeof(to), "expression", d->same[f->expr] + 1));
	}
	if (d->o.image)
		image_relationships(w, d, n);
}

int export_spdx3_json(FILE *out, const struct export_doc *d)
{
	struct json_writer w;

	json_init(&w, out, d->o.pretty ? JSON_PRETTY : JSON_COMPACT);
	json_object_begin(&w, JSON_BLOCK);
	json_kv_string(&w, "@context", "https://spdx.org/rdf/3.0.1/spdx-context.jsonld");
	json_key(&w, "@graph");
	json_array_begin(&w, JSON_BLOCK);
	creation_info(&w, d);
	document(&w, d);
	license_texts(&w, d);
	expressions(&w, d);
	for (size_t i = 0; i < d->n; i++)
		file(&w, d, i);
	if (d->o.image)
		image(&w, d);
	relationships(&w, d);
	json_array_end(&w);
	json_object_end(&w);
	return json_end(&w);
}
