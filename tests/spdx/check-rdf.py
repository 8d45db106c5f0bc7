#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
#
# check-rdf.py DOC.rdf DOC.json: an SPDX 2.3 RDF/XML document parsed with
# rdflib (Debian: python3-rdflib) and compared with the SPDX 2.3 JSON
# document of the same tree: the same packages (name, version, declared
# license, verification code, purpose), every file of the JSON in the RDF
# under the same SPDXID with the same name, checksums, license, file
# types and copyright text, the same LicenseRef- ids and texts (a character XML 1.0 cannot
# hold read as U+FFFD, as spdxfs writes it), the same relationships.
# Licenses compare as trees, the members of AND and OR as sets (RDF keeps
# no order).  Prints one line of counts and exits 0, or prints what
# differs and exits 1.
import re
import sys
import json

import rdflib
from rdflib.namespace import RDF, RDFS

SPDX = rdflib.Namespace('http://spdx.org/rdf/terms#')
LICENSES = 'http://spdx.org/licenses/'


def camel(name):
    """GENERATED_FROM -> generatedFrom, as the 2.3 ontology spells it."""
    words = name.lower().split('_')
    return words[0] + ''.join(w.capitalize() for w in words[1:])


def parse_expr(text):
    """An expression as written in the JSON, as a comparable tree."""
    toks = re.findall(r'\(|\)|[^\s()]+', text)
    pos = [0]

    def peek():
        return toks[pos[0]] if pos[0] < len(toks) else None

    def take():
        pos[0] += 1
        return toks[pos[0] - 1]

    def simple():
        if peek() == '(':
            take()
            e = disjunction()
            take()
            return e
        t = take()
        e = ('+', t[:-1]) if t.endswith('+') else t
        if peek() == 'WITH':
            take()
            e = ('WITH', e, take())
        return e

    def chain(op, sub):
        members = [sub()]
        while peek() == op:
            take()
            members.append(sub())
        if len(members) == 1:
            return members[0]
        flat = set()
        for m in members:
            flat |= m[1] if isinstance(m, tuple) and m[0] == op else {m}
        return (op, frozenset(flat))

    def conjunction():
        return chain('AND', simple)

    def disjunction():
        return chain('OR', conjunction)

    return disjunction()


class Rdf:
    def __init__(self, path):
        self.g = rdflib.Graph()
        self.g.parse(path, format='xml')
        docs = list(self.g.subjects(RDF.type, SPDX.SpdxDocument))
        if len(docs) != 1:
            raise SystemExit(f'{len(docs)} SpdxDocument')
        self.doc = docs[0]
        self.ns = str(self.doc).split('#')[0]

    def one(self, s, p):
        v = list(self.g.objects(s, p))
        return v[0] if len(v) == 1 else None

    def sid(self, node):
        """An element's SPDXID, from its IRI in the document."""
        s = str(node)
        return s[len(self.ns) + 1:] if s.startswith(self.ns + '#') else s

    def license(self, node):
        g = self.g
        if node == SPDX.noassertion:
            return 'NOASSERTION'
        if isinstance(node, rdflib.URIRef):
            s = str(node)
            return s[len(LICENSES):] if s.startswith(LICENSES) else self.sid(node)
        kind = self.one(node, RDF.type)
        members = [self.license(m) for m in g.objects(node, SPDX.member)]
        if kind == SPDX.OrLaterOperator:
            return ('+', members[0])
        if kind == SPDX.WithExceptionOperator:
            exc = self.one(node, SPDX.licenseException)
            return ('WITH', members[0], str(self.one(exc, SPDX.licenseExceptionId)))
        op = {SPDX.ConjunctiveLicenseSet: 'AND', SPDX.DisjunctiveLicenseSet: 'OR'}[kind]
        flat = set()
        for m in members:
            flat |= m[1] if isinstance(m, tuple) and m[0] == op else {m}
        return (op, frozenset(flat))

    def suffix(self, node, prefix):
        return str(node)[len(str(SPDX)) + len(prefix):]


def main(argv):
    if len(argv) != 2:
        print('usage: check-rdf.py DOC.rdf DOC.json', file=sys.stderr)
        return 2
    r = Rdf(argv[0])
    with open(argv[1], encoding='utf-8', errors='surrogateescape') as f:
        j = json.load(f)
    g = r.g
    problems = []

    def lic(text):
        return 'NOASSERTION' if text == 'NOASSERTION' else parse_expr(text)

    if r.ns != j['documentNamespace']:
        problems.append(f'namespace {r.ns}')
    if str(r.one(r.doc, SPDX.specVersion)) != 'SPDX-2.3':
        problems.append('specVersion')
    if str(r.one(r.doc, SPDX.name)) != j['name']:
        problems.append('document name')

    want = {}
    for p in j['packages']:
        want[p['SPDXID']] = (p['name'], p.get('versionInfo'), lic(p['licenseDeclared']),
                             p['packageVerificationCode']['packageVerificationCodeValue'],
                             camel(p['primaryPackagePurpose']))
    got = {}
    for p in g.subjects(RDF.type, SPDX.Package):
        code = r.one(r.one(p, SPDX.packageVerificationCode), SPDX.packageVerificationCodeValue)
        version = r.one(p, SPDX.versionInfo)
        got[r.sid(p)] = (str(r.one(p, SPDX.name)), version and str(version),
                         r.license(r.one(p, SPDX.licenseDeclared)), str(code),
                         r.suffix(r.one(p, SPDX.primaryPackagePurpose), 'purpose_'))
    if got != want:
        problems.append(f'packages: {got} != {want}')

    xml_cannot = re.compile('[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\udc80-\udcff]')
    files = {}
    for f in g.subjects(RDF.type, SPDX.File):
        sums = {}
        for c in g.objects(f, SPDX.checksum):
            sums[r.suffix(r.one(c, SPDX.algorithm), 'checksumAlgorithm_')] = \
                str(r.one(c, SPDX.checksumValue))
        cr = r.one(f, SPDX.copyrightText)
        files[r.sid(f)] = (str(r.one(f, SPDX.fileName)), sums.get('sha1'), sums.get('sha256'),
                           r.license(r.one(f, SPDX.licenseInfoInFile)),
                           sorted(r.suffix(t, 'fileType_') for t in g.objects(f, SPDX.fileType)),
                           'NOASSERTION' if cr == SPDX.noassertion else str(cr))
    for f in j['files']:
        sums = {c['algorithm'].lower(): c['checksumValue'] for c in f['checksums']}
        w = (f['fileName'], sums['sha1'], sums['sha256'], lic(f['licenseInfoInFiles'][0]),
             sorted(t.lower() for t in f.get('fileTypes', [])),
             xml_cannot.sub('\ufffd', f['copyrightText']))
        if files.get(f['SPDXID']) != w:
            problems.append(f"{f['fileName']}: {files.get(f['SPDXID'])} != {w}")
    if len(files) != len(j['files']):
        problems.append(f"{len(files)} files, the JSON {len(j['files'])}")

    refs = {str(r.one(e, SPDX.licenseId)): str(r.one(e, SPDX.extractedText))
            for e in g.subjects(RDF.type, SPDX.ExtractedLicensingInfo)}
    jrefs = {e['licenseId']: xml_cannot.sub('\ufffd', e['extractedText'])
             for e in j.get('hasExtractedLicensingInfos', [])}
    if refs != jrefs:
        problems.append(f'refs: {sorted(refs)} != {sorted(jrefs)}')

    rels = sorted((r.sid(s), r.suffix(r.one(x, SPDX.relationshipType), 'relationshipType_'),
                   r.sid(r.one(x, SPDX.relatedSpdxElement)))
                  for s, x in g.subject_objects(SPDX.relationship))
    jrels = sorted((x['spdxElementId'], camel(x['relationshipType']), x['relatedSpdxElement'])
                   for x in j['relationships'])
    if rels != jrels:
        problems.append(f'relationships: {len(rels)} != {len(jrels)}: '
                        f'{sorted(set(rels) ^ set(jrels))[:5]}')

    if problems:
        print('\n'.join(problems[:20]))
        return 1
    print(f'rdf: {len(g)} triples; {len(got)} packages, {len(files)} files, '
          f'{len(refs)} refs, {len(rels)} relationships as in the JSON')
    return 0


sys.exit(main(sys.argv[1:]))
