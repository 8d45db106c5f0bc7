#!/usr/bin/env node
// SPDX-License-Identifier: GPL-2.0-only
//
// shacl.js: validate an SPDX 3.0.1 JSON-LD document against the SHACL
// shapes of the official model (spdx-model.ttl), as spdx3-validate and
// pyshacl do: the document read as RDF through the official context
// (read from disk: no network), the model's OWL classes joined to the
// data so that sh:class sees rdfs:subClassOf, every owl:Class of the
// model taken as an rdfs:Class (what OWL says, and what makes its
// NodeShapes target their class implicitly).  npm packages n3, jsonld and
// rdf-validate-shacl, installed by tests/spdx/install-validator, found
// through NODE_PATH.
//
//   node shacl.js MODEL.ttl CONTEXT.jsonld DOC.json
//
// Prints "conforms" and exits 0, or prints one line per violation and
// exits 1:  FOCUS<TAB>PATH<TAB>COMPONENT<TAB>MESSAGE, the focus node and
// the path without their namespace (the part after the last '#' or '/'),
// the constraint component without "sh:".  The files' first line, the
// SPDX tag the project adds (tests/spdx-schemas/README.md), is dropped.
'use strict';
const fs = require('fs');
const url = require('url');

const CONTEXT_URL = 'https://spdx.org/rdf/3.0.1/spdx-context.jsonld';
const RDFS = 'http://www.w3.org/2000/01/rdf-schema#';
const OWL = 'http://www.w3.org/2002/07/owl#';

function readTagged(path) {
	return fs.readFileSync(path, 'utf8').replace(/^(#|\/\/)[^\n]*\n/, '');
}

// jsonld's quads as n3's terms.
function term(N3, t) {
	const f = N3.DataFactory;

	switch (t.termType) {
	case 'NamedNode': return f.namedNode(t.value);
	case 'BlankNode': return f.blankNode(t.value.replace(/^_:/, ''));
	case 'Literal':
		return f.literal(t.value, t.language || f.namedNode(t.datatype.value));
	default: return f.defaultGraph();
	}
}

function short(t) {
	return t ? t.value.replace(/^.*[#/]/, '') : '-';
}

async function main(argv) {
	if (argv.length !== 3) {
		process.stderr.write('usage: shacl.js MODEL.ttl CONTEXT.jsonld DOC.json\n');
		return 2;
	}
	const N3 = require('n3');
	const jsonld = require('jsonld');
	// An ES module: import() does not read NODE_PATH, require.resolve does.
	const mod = await import(url.pathToFileURL(require.resolve('rdf-validate-shacl')));
	const SHACLValidator = mod.default;
	const f = N3.DataFactory;

	const shapes = new N3.Store(new N3.Parser().parse(readTagged(argv[0])));
	shapes.addQuad(f.namedNode(OWL + 'Class'), f.namedNode(RDFS + 'subClassOf'),
		       f.namedNode(RDFS + 'Class'));
	const context = JSON.parse(readTagged(argv[1]));
	const documentLoader = async (u) => {
		if (u !== CONTEXT_URL)
			throw new Error(`${u}: not loaded (no network)`);
		return { contextUrl: null, documentUrl: u, document: context };
	};
	const doc = JSON.parse(fs.readFileSync(argv[2], 'utf8'));
	const quads = await jsonld.toRDF(doc, { documentLoader, safe: true });
	const data = new N3.Store();
	for (const q of quads)
		data.addQuad(term(N3, q.subject), term(N3, q.predicate),
			     term(N3, q.object), term(N3, q.graph));
	for (const q of shapes)
		data.addQuad(q);

	const report = await new SHACLValidator(shapes).validate(data);
	if (report.conforms) {
		process.stdout.write('conforms\n');
		return 0;
	}
	const lines = report.results.map(r => [short(r.focusNode), short(r.path),
		short(r.sourceConstraintComponent),
		r.message.map(m => m.value).join('; ') || '-'].join('\t'));
	process.stdout.write([...new Set(lines)].sort().join('\n') + '\n');
	return 1;
}

main(process.argv.slice(2)).then(code => { process.exitCode = code; },
	e => { process.stderr.write(`shacl.js: ${e.message}\n`); process.exitCode = 2; });
