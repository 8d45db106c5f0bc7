// SPDX-License-Identifier: GPL-2.0-only
/*
 * export_rdf: the SPDX 2.3 RDF/XML writer of a prepared export_doc
 * (export.h), for the tools that import RDF (FOSSology).  The facts of
 * export_spdx2.c's JSON, in the SPDX 2.3 ontology
 * (http://spdx.org/rdf/terms#): the SpdxDocument with its creation
 * information, the LicenseRef- texts and what it DESCRIBES; the
 * packages; the files; then each element's other relationships, on an
 * rdf:Description of it.  An element's IRI is the namespace, '#' and its
 * SPDXID (a LicenseRef-'s: its id); a listed license's is
 * http://spdx.org/licenses/ID.  A license expression is the ontology's
 * tree: DisjunctiveLicenseSet and ConjunctiveLicenseSet (a chain of one
 * operator one set), WithExceptionOperator, OrLaterOperator ("+").
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "sbom/built_modules.h"
#include "sbom/export_doc.h"
#include "sbom/export_image.h"
#include "sbom/export_rdf.h"
#include "spdx/expr.h"
#include "util/xml.h"

#define SPDX_NS "http://spdx.org/rdf/terms#"
#define LICENSES_NS "http://spdx.org/licenses/"
#define IRI_MAX 400
#define WHY_MAX 1024
#define PATH_NAME_MAX 4200

/* The document's element @id ("SPDXRef-File-3") as an IRI, into @buf. */
static const char *iri(const struct export_doc *d, const char *id, char *buf,
		       size_t size)
{
	snprintf(buf, size, "%s#%s", d->ns, id);
	return buf;
}

/* <@name rdf:resource="@res"/> */
static void resource(struct xml_writer *w, const char *name, const char *res)
{
	xml_begin(w, name);
	xml_attr(w, "rdf:resource", res);
	xml_end(w);
}

/* A license id as a resource: the list's, or the document's LicenseRef-. */
static void license_id(struct xml_writer *w, const struct export_doc *d,
		       const char *pred, const char *id)
{
	char buf[IRI_MAX];

	if (!strncmp(id, "LicenseRef-", 11))
		iri(d, id, buf, sizeof(buf));
	else
		snprintf(buf, sizeof(buf), LICENSES_NS "%s", id);
	resource(w, pred, buf);
}

static void license_node(struct xml_writer *w, const struct export_doc *d,
			 const struct expr *e, int i, const char *pred);

/* The members of a chain of @kind from node @i, as one set's. */
static void set_members(struct xml_writer *w, const struct export_doc *d,
			const struct expr *e, int i, enum expr_kind kind)
{
	const struct expr_node *nd = &e->nodes[i];

	if (nd->kind != kind) {
		license_node(w, d, e, i, "spdx:member");
		return;
	}
	set_members(w, d, e, nd->left, kind);
	set_members(w, d, e, nd->right, kind);
}

/* Node @i of @e as the object of @pred. */
static void license_node(struct xml_writer *w, const struct export_doc *d,
			 const struct expr *e, int i, const char *pred)
{
	const struct expr_node *nd = &e->nodes[i];
	char buf[IRI_MAX];

	switch (nd->kind) {
	case EXPR_LICENSE:
		if (!nd->plus) {
			license_id(w, d, pred, nd->id);
			return;
		}
		xml_begin(w, pred);
		xml_begin(w, "spdx:OrLaterOperator");
		license_id(w, d, "spdx:member", nd->id);
		break;
	case EXPR_WITH:
		xml_begin(w, pred);
		xml_begin(w, "spdx:WithExceptionOperator");
		license_node(w, d, e, nd->left, "spdx:member");
		xml_begin(w, "spdx:licenseException");
		xml_begin(w, "spdx:LicenseException");
		snprintf(buf, sizeof(buf), LICENSES_NS "%s", nd->exception);
		xml_attr(w, "rdf:about", buf);
		xml_text_element(w, "spdx:licenseExceptionId", nd->exception);
		xml_end(w);
		xml_end(w);
		break;
	case EXPR_AND:
	case EXPR_OR:
		xml_begin(w, pred);
		xml_begin(w, nd->kind == EXPR_AND ? "spdx:ConjunctiveLicenseSet" :
			  "spdx:DisjunctiveLicenseSet");
		set_members(w, d, e, nd->left, nd->kind);
		set_members(w, d, e, nd->right, nd->kind);
		break;
	}
	xml_end(w);
	xml_end(w);
}

/* @text, an expression the document writes, or NOASSERTION when NULL.
 * Returns 0, or -EINVAL (-ENOMEM) when it does not parse (a bug). */
static int license(struct xml_writer *w, const struct export_doc *d,
		   const char *pred, const char *text)
{
	struct expr *e;
	int ret;

	if (!text) {
		resource(w, pred, SPDX_NS "noassertion");
		return 0;
	}
	ret = expr_parse(&e, text, strlen(text), NULL);
	if (ret)
		return ret;
	license_node(w, d, e, e->root, pred);
	expr_free(e);
	return 0;
}

/* A relationship of the element being described, to element @to. */
static void relationship(struct xml_writer *w, const struct export_doc *d,
			 const char *type, const char *to)
{
	char buf[IRI_MAX];

	xml_begin(w, "spdx:relationship");
	xml_begin(w, "spdx:Relationship");
	snprintf(buf, sizeof(buf), SPDX_NS "relationshipType_%s", type);
	resource(w, "spdx:relationshipType", buf);
	resource(w, "spdx:relatedSpdxElement", iri(d, to, buf, sizeof(buf)));
	xml_end(w);
	xml_end(w);
}

/* Open the rdf:Description of element @id (its relationships follow). */
static void describe(struct xml_writer *w, const struct export_doc *d, const char *id)
{
	char buf[IRI_MAX];

	xml_begin(w, "rdf:Description");
	xml_attr(w, "rdf:about", iri(d, id, buf, sizeof(buf)));
}

static void document(struct xml_writer *w, const struct export_doc *d)
{
	char buf[IRI_MAX], tool[160];

	xml_begin(w, "spdx:SpdxDocument");
	xml_attr(w, "rdf:about", iri(d, "SPDXRef-DOCUMENT", buf, sizeof(buf)));
	xml_text_element(w, "spdx:specVersion", "SPDX-2.3");
	resource(w, "spdx:dataLicense", LICENSES_NS "CC0-1.0");
	xml_text_element(w, "spdx:name", d->doc_name);
	xml_begin(w, "spdx:creationInfo");
	xml_begin(w, "spdx:CreationInfo");
	xml_text_element(w, "spdx:created", d->created);
	snprintf(tool, sizeof(tool), "Tool: %s", d->o.tool);
	xml_text_element(w, "spdx:creator", tool);
	xml_text_element(w, "rdfs:comment", d->comment);
	xml_end(w);
	xml_end(w);
	for (size_t i = 0; i < d->nrefs; i++) {
		const struct export_ref *r = &d->refs[i];

		xml_begin(w, "spdx:hasExtractedLicensingInfo");
		xml_begin(w, "spdx:ExtractedLicensingInfo");
		xml_attr(w, "rdf:about", iri(d, r->id, buf, sizeof(buf)));
		xml_text_element(w, "spdx:licenseId", r->id);
		xml_text_element(w, "spdx:extractedText", r->text);
		xml_text_element(w, "spdx:name", r->name);
		xml_text_element(w, "rdfs:comment", r->path);
		xml_end(w);
		xml_end(w);
	}
	relationship(w, d, "describes", d->o.image ? "SPDXRef-Package-image" :
		     "SPDXRef-Package");
	xml_end(w);
}

/* A package: @purpose its primaryPackagePurpose ("source"). */
static int package(struct xml_writer *w, const struct export_doc *d,
		   const char *id, const char *name, const char *version,
		   const char *verification, const char *declared,
		   const char *purpose)
{
	char buf[IRI_MAX];
	int ret;

	xml_begin(w, "spdx:Package");
	xml_attr(w, "rdf:about", iri(d, id, buf, sizeof(buf)));
	xml_text_element(w, "spdx:name", name);
	if (version[0])
		xml_text_element(w, "spdx:versionInfo", version);
	resource(w, "spdx:downloadLocation", SPDX_NS "noassertion");
	xml_begin(w, "spdx:filesAnalyzed");
	xml_attr(w, "rdf:datatype", "http://www.w3.org/2001/XMLSchema#boolean");
	xml_text(w, "true");
	xml_end(w);
	xml_begin(w, "spdx:packageVerificationCode");
	xml_begin(w, "spdx:PackageVerificationCode");
	xml_text_element(w, "spdx:packageVerificationCodeValue", verification);
	xml_end(w);
	xml_end(w);
	resource(w, "spdx:licenseConcluded", SPDX_NS "noassertion");
	ret = license(w, d, "spdx:licenseDeclared", declared);
	resource(w, "spdx:copyrightText", SPDX_NS "noassertion");
	snprintf(buf, sizeof(buf), SPDX_NS "purpose_%s", purpose);
	resource(w, "spdx:primaryPackagePurpose", buf);
	xml_end(w);
	return ret;
}

static void checksum(struct xml_writer *w, const char *alg, const unsigned char *bin,
		     size_t len)
{
	char hex[65], buf[80];

	digest_hex(bin, len, hex);
	xml_begin(w, "spdx:checksum");
	xml_begin(w, "spdx:Checksum");
	snprintf(buf, sizeof(buf), SPDX_NS "checksumAlgorithm_%s", alg);
	resource(w, "spdx:algorithm", buf);
	xml_text_element(w, "spdx:checksumValue", hex);
	xml_end(w);
	xml_end(w);
}

/* A file entry: "SPDXRef-@kind-N" for entry @i, of 2.3 file type @type
 * ("SOURCE"), @lic found in it (or NULL), its @copyright statements (or
 * NULL), @why it has no license (or NULL). */
static int file(struct xml_writer *w, const struct export_doc *d, const char *kind,
		size_t i, const char *path, const char *type,
		const struct file_digest *dig, const char *lic,
		const char *copyright, const char *why)
{
	char id[40], buf[IRI_MAX], name[PATH_NAME_MAX];
	size_t n;
	int ret;

	snprintf(id, sizeof(id), "SPDXRef-%s-%zu", kind, i + 1);
	xml_begin(w, "spdx:File");
	xml_attr(w, "rdf:about", iri(d, id, buf, sizeof(buf)));
	snprintf(name, sizeof(name), "./%s", path);
	xml_text_element(w, "spdx:fileName", name);
	n = snprintf(buf, sizeof(buf), SPDX_NS "fileType_%s", type);
	for (size_t k = n - strlen(type); k < n; k++)
		buf[k] = buf[k] >= 'A' && buf[k] <= 'Z' ? buf[k] - 'A' + 'a' : buf[k];
	resource(w, "spdx:fileType", buf);
	checksum(w, "sha1", dig->sha1, 20);
	checksum(w, "sha256", dig->sha256, 32);
	resource(w, "spdx:licenseConcluded", SPDX_NS "noassertion");
	ret = license(w, d, "spdx:licenseInfoInFile", lic);
	if (copyright)
		xml_text_element(w, "spdx:copyrightText", copyright);
	else
		resource(w, "spdx:copyrightText", SPDX_NS "noassertion");
	if (why)
		xml_text_element(w, "rdfs:comment", why);
	xml_end(w);
	return ret;
}

static int files(struct xml_writer *w, const struct export_doc *d)
{
	const struct export_image *im = d->o.image;
	char why_buf[WHY_MAX];
	int ret = 0;

	for (size_t i = 0; i < d->n && !ret; i++)
		ret = file(w, d, "File", i, d->files[i]->path, export_file_type(d, i),
			   &d->dig[i], export_file_license(d, i), d->files[i]->copyright,
			   export_file_why(d, i, why_buf, sizeof(why_buf)));
	for (size_t i = 0; im && i < im->n && !ret; i++)
		ret = file(w, d, "Image", i, im->paths[i], "BINARY", &d->image_dig[i],
			   NULL, NULL, NULL);
	for (size_t i = 0; im && i < im->nmodules && !ret; i++)
		ret = file(w, d, "Module", i, d->mods[i].m->ko, "BINARY",
			   &d->image_dig[im->n + i], export_module_license(d, i), NULL,
			   d->mods[i].m->error);
	return ret;
}

/* The relationships of the packages and the image's files and modules. */
static void relationships(struct xml_writer *w, const struct export_doc *d)
{
	const struct export_image *im = d->o.image;
	char id[40];

	describe(w, d, "SPDXRef-Package");
	for (size_t i = 0; i < d->n; i++) {
		snprintf(id, sizeof(id), "SPDXRef-File-%zu", i + 1);
		relationship(w, d, "contains", id);
	}
	xml_end(w);
	if (!im)
		return;
	describe(w, d, "SPDXRef-Package-image");
	for (size_t i = 0; i < im->n; i++) {
		snprintf(id, sizeof(id), "SPDXRef-Image-%zu", i + 1);
		relationship(w, d, "contains", id);
	}
	for (size_t i = 0; i < im->nmodules; i++) {
		snprintf(id, sizeof(id), "SPDXRef-Module-%zu", i + 1);
		relationship(w, d, "contains", id);
	}
	xml_end(w);
	for (size_t i = 0; i < im->n; i++) {
		snprintf(id, sizeof(id), "SPDXRef-Image-%zu", i + 1);
		describe(w, d, id);
		relationship(w, d, "generatedFrom", "SPDXRef-Package");
		xml_end(w);
	}
	for (size_t i = 0; i < im->nmodules; i++) {
		if (!d->mods[i].nsrcs)
			continue;
		snprintf(id, sizeof(id), "SPDXRef-Module-%zu", i + 1);
		describe(w, d, id);
		for (size_t k = 0; k < d->mods[i].nsrcs; k++) {
			char src[40];

			snprintf(src, sizeof(src), "SPDXRef-File-%zu", d->mods[i].srcs[k] + 1);
			relationship(w, d, "generatedFrom", src);
		}
		xml_end(w);
	}
}

int export_spdx2_rdf(FILE *out, const struct export_doc *d)
{
	struct xml_writer w;
	int ret;

	xml_init(&w, out);
	xml_begin(&w, "rdf:RDF");
	xml_attr(&w, "xmlns:rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#");
	xml_attr(&w, "xmlns:rdfs", "http://www.w3.org/2000/01/rdf-schema#");
	xml_attr(&w, "xmlns:spdx", SPDX_NS);
	document(&w, d);
	ret = package(&w, d, "SPDXRef-Package", d->name, d->version, d->verification,
		      d->declared, "source");
	if (!ret && d->o.image)
		ret = package(&w, d, "SPDXRef-Package-image", "linux-image",
			      d->o.image->release && *d->o.image->release ?
			      d->o.image->release : d->version,
			      d->image_verification, NULL, "operatingSystem");
	if (!ret)
		ret = files(&w, d);
	if (ret)
		return ret;
	relationships(&w, d);
	xml_end(&w);
	return xml_finish(&w);
}
