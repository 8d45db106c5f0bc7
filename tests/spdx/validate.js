#!/usr/bin/env node
// SPDX-License-Identifier: GPL-2.0-only
//
// validate.js: check an SPDX document against the official JSON schema
// (ajv 8 and ajv-formats, installed by tests/spdx/install-validator, found
// through NODE_PATH), then what the schemas do not check, and print the
// document's facts, one a line, for the shell tests to compare:
//   package NAME VERSION DECLARED VERIFICATION_CODE PURPOSE
//   ref ID LENGTH_OF_TEXT
//   file PATH SHA1 SHA256 LICENSE       (LICENSE: NOASSERTION when none)
//   filetype PATH TYPE[,TYPE]           (2.3: fileTypes)
//   purpose PATH PURPOSE                (3.0.1: software_primaryPurpose)
//   rel FROM TYPE TO                    (2.3 only)
// fields separated by tabs.  Exit 1 with the problems on stderr.
//
//   node validate.js spdx2 SCHEMA DOC.json     SPDX 2.3 JSON
//   node validate.js spdx-tv DOC.spdx          SPDX 2.3 tag-value (no schema)
//   node validate.js spdx3 SCHEMA DOC.json     SPDX 3.0.1 JSON-LD
// SCHEMA "-" leaves the schema out.
'use strict';
const fs = require('fs');

const problems = [];
function fail(msg) {
	if (problems.length < 20)
		problems.push(msg);
	else if (problems.length === 20)
		problems.push('...');
}

function schemaCheck(schemaPath, doc) {
	if (schemaPath === '-')
		return;		// the checks below only
	// The vendored schemas carry their SPDX tag as a first "//" line
	// (tests/spdx-schemas/README.md): JSON has no comments, so drop it.
	const text = fs.readFileSync(schemaPath, 'utf8').replace(/^\/\/[^\n]*\n/, '');
	const schema = JSON.parse(text);
	const draft = schema.$schema || '';
	let Ajv;
	if (draft.includes('2020-12'))
		Ajv = require('ajv/dist/2020');
	else if (draft.includes('2019-09'))
		Ajv = require('ajv/dist/2019');
	else
		Ajv = require('ajv');
	Ajv = Ajv.default || Ajv;
	const addFormats = require('ajv-formats');
	const ajv = new Ajv({ allErrors: false, strict: false });
	(addFormats.default || addFormats)(ajv);
	const validate = ajv.compile(schema);
	if (!validate(doc))
		for (const e of validate.errors.slice(0, 10))
			fail(`schema: ${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
}

const out = [];
function fact(...f) {
	out.push(f.join('\t'));
}

// License ids a license expression names (LicenseRef-/AdditionRef- included).
function exprIds(expr) {
	return expr.split(/[\s()]+/).filter(t => t && !/^(AND|OR|WITH)$/.test(t))
		.map(t => t.replace(/\+$/, ''));
}

// The checks the 2.3 schema misses, on a document in JSON's shape.
function spdx2Checks(doc) {
	const idRe = /^SPDXRef-[A-Za-z0-9.-]+$/;
	if (doc.spdxVersion !== 'SPDX-2.3')
		fail(`spdxVersion ${doc.spdxVersion}`);
	if (doc.dataLicense !== 'CC0-1.0')
		fail(`dataLicense ${doc.dataLicense}`);
	if (doc.SPDXID !== 'SPDXRef-DOCUMENT')
		fail(`document SPDXID ${doc.SPDXID}`);
	if (!/^https?:\/\/[^#\s]+$/.test(doc.documentNamespace || ''))
		fail(`documentNamespace ${doc.documentNamespace}`);
	if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(doc.creationInfo.created))
		fail(`created ${doc.creationInfo.created}`);
	const ids = new Set(['SPDXRef-DOCUMENT']);
	const refs = new Set();
	for (const r of doc.hasExtractedLicensingInfos || []) {
		if (!/^LicenseRef-[A-Za-z0-9.-]+$/.test(r.licenseId))
			fail(`licenseId ${r.licenseId}`);
		if (!r.extractedText)
			fail(`${r.licenseId}: no text`);
		refs.add(r.licenseId);
		fact('ref', r.licenseId, Buffer.byteLength(r.extractedText));
	}
	const checkExpr = (what, e) => {
		if (e === 'NOASSERTION' || e === 'NONE')
			return;
		for (const id of exprIds(e))
			if (id.startsWith('LicenseRef-') && !refs.has(id))
				fail(`${what}: ${id} not declared`);
	};
	for (const p of doc.packages) {
		if (!idRe.test(p.SPDXID) || ids.has(p.SPDXID))
			fail(`package SPDXID ${p.SPDXID}`);
		ids.add(p.SPDXID);
		checkExpr('package', p.licenseDeclared);
		fact('package', p.name, p.versionInfo || '', p.licenseDeclared,
		     p.packageVerificationCode.packageVerificationCodeValue,
		     p.primaryPackagePurpose || '');
	}
	for (const f of doc.files) {
		if (!idRe.test(f.SPDXID) || ids.has(f.SPDXID))
			fail(`file SPDXID ${f.SPDXID}`);
		ids.add(f.SPDXID);
		const sum = {};
		for (const c of f.checksums)
			sum[c.algorithm] = c.checksumValue;
		if (!/^[0-9a-f]{40}$/.test(sum.SHA1 || '') || !/^[0-9a-f]{64}$/.test(sum.SHA256 || ''))
			fail(`${f.fileName}: checksums`);
		if (f.licenseInfoInFiles.length !== 1)
			fail(`${f.fileName}: ${f.licenseInfoInFiles.length} licenseInfoInFiles`);
		checkExpr(f.fileName, f.licenseInfoInFiles[0]);
		fact('file', f.fileName.replace(/^\.\//, ''), sum.SHA1, sum.SHA256,
		     f.licenseInfoInFiles[0]);
		fact('filetype', f.fileName.replace(/^\.\//, ''), (f.fileTypes || []).join(','));
	}
	let describes = 0;
	for (const r of doc.relationships) {
		for (const id of [r.spdxElementId, r.relatedSpdxElement])
			if (!ids.has(id))
				fail(`relationship to ${id}, which is not in the document`);
		if (r.relationshipType === 'DESCRIBES')
			describes++;
		fact('rel', r.spdxElementId, r.relationshipType, r.relatedSpdxElement);
	}
	if (describes !== 1)
		fail(`${describes} DESCRIBES relationships`);
	if (doc.documentDescribes || doc.files.some(f => f.fileDependencies) ||
	    doc.packages.some(p => p.hasFiles))
		fail('deprecated documentDescribes/hasFiles');
}

// SPDX 2.3 tag-value, read into JSON's shape.
function readTagValue(text) {
	const doc = { packages: [], files: [], relationships: [],
		hasExtractedLicensingInfos: [], creationInfo: {} };
	let cur = doc, m;
	const re = /^([A-Za-z]+): (?:<text>([\s\S]*?)<\/text>|(.*))$/gm;
	while ((m = re.exec(text))) {
		const tag = m[1], val = m[2] !== undefined ? m[2] : m[3];
		switch (tag) {
		case 'SPDXVersion': doc.spdxVersion = val; break;
		case 'DataLicense': doc.dataLicense = val; break;
		case 'DocumentNamespace': doc.documentNamespace = val; break;
		case 'Created': doc.creationInfo.created = val; break;
		case 'SPDXID': cur.SPDXID = val; break;
		case 'PackageName':
			cur = { name: val };
			doc.packages.push(cur);
			break;
		case 'PackageVersion': cur.versionInfo = val; break;
		case 'PrimaryPackagePurpose':
			cur.primaryPackagePurpose = val.replace(/-/g, '_');
			break;
		case 'FileType':
			(cur.fileTypes = cur.fileTypes || []).push(val);
			break;
		case 'PackageLicenseDeclared': cur.licenseDeclared = val; break;
		case 'PackageVerificationCode':
			cur.packageVerificationCode = { packageVerificationCodeValue: val };
			break;
		case 'FileName':
			cur = { fileName: val, checksums: [], licenseInfoInFiles: [] };
			doc.files.push(cur);
			break;
		case 'FileChecksum': {
			const [alg, v] = val.split(': ');
			cur.checksums.push({ algorithm: alg, checksumValue: v });
			break;
		}
		case 'LicenseInfoInFile': cur.licenseInfoInFiles.push(val); break;
		case 'LicenseID':
			cur = { licenseId: val };
			doc.hasExtractedLicensingInfos.push(cur);
			break;
		case 'ExtractedText': cur.extractedText = val; break;
		case 'Relationship': {
			const [a, t, b] = val.split(' ');
			doc.relationships.push({ spdxElementId: a, relationshipType: t,
				relatedSpdxElement: b });
			break;
		}
		}
	}
	return doc;
}

function spdx3Checks(doc) {
	if (doc['@context'] !== 'https://spdx.org/rdf/3.0.1/spdx-context.jsonld')
		fail(`@context ${JSON.stringify(doc['@context'])}`);
	const byId = new Map();
	let ci = 0;
	for (const e of doc['@graph']) {
		if (e.type === 'CreationInfo') {
			ci++;
			if (e.specVersion !== '3.0.1')
				fail(`specVersion ${e.specVersion}`);
			if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(e.created))
				fail(`created ${e.created}`);
			continue;
		}
		if (!/^https?:\/\/\S+$/.test(e.spdxId || ''))
			fail(`spdxId ${e.spdxId} is not a full IRI`);
		if (byId.has(e.spdxId))
			fail(`spdxId ${e.spdxId} twice`);
		byId.set(e.spdxId, e);
	}
	if (ci !== 1)
		fail(`${ci} CreationInfo`);
	const license = new Map();
	for (const e of byId.values()) {
		if (e.type !== 'Relationship')
			continue;
		for (const id of [e.from].concat(e.to))
			if (!byId.has(id) && !/^https:\/\/spdx.org\/licenses\//.test(id))
				fail(`relationship ${e.spdxId} names ${id}, not in the document`);
		if (e.relationshipType === 'hasDeclaredLicense')
			for (const to of e.to)
				license.set(e.from, byId.get(to));
	}
	for (const e of byId.values()) {
		if (e.type === 'simplelicensing_LicenseExpression') {
			const map = new Map((e.simplelicensing_customIdToUri || [])
				.map(d => [d.key, d.value]));
			for (const id of exprIds(e.simplelicensing_licenseExpression))
				if (/^(LicenseRef|AdditionRef)-/.test(id) &&
				    !(map.has(id) && byId.has(map.get(id))))
					fail(`${e.spdxId}: ${id} not declared`);
		}
	}
	for (const e of byId.values()) {
		if (e.type === 'software_Package') {
			const l = license.get(e.spdxId);
			fact('package', e.name, e.software_packageVersion || '',
			     l ? l.simplelicensing_licenseExpression : 'NOASSERTION');
			fact('purpose', e.name, e.software_primaryPurpose || '');
		}
		if (e.type !== 'software_File')
			continue;
		const sum = {};
		for (const h of e.verifiedUsing || [])
			sum[h.algorithm] = h.hashValue;
		const l = license.get(e.spdxId);
		const gitoid = (e.software_contentIdentifier || [])[0];
		if (!gitoid || !/^gitoid:blob:sha1:[0-9a-f]{40}$/.test(gitoid.software_contentIdentifierValue))
			fail(`${e.name}: gitoid`);
		fact('file', e.name, sum.sha1, sum.sha256,
		     l ? l.simplelicensing_licenseExpression : 'NOASSERTION');
		fact('purpose', e.name, e.software_primaryPurpose || '');
	}
}

function main(argv) {
	const mode = argv[0];
	if (mode === 'spdx2' && argv.length === 3) {
		const doc = JSON.parse(fs.readFileSync(argv[2], 'utf8'));
		schemaCheck(argv[1], doc);
		spdx2Checks(doc);
	} else if (mode === 'spdx-tv' && argv.length === 2) {
		spdx2Checks(readTagValue(fs.readFileSync(argv[1], 'utf8')));
	} else if (mode === 'spdx3' && argv.length === 3) {
		const doc = JSON.parse(fs.readFileSync(argv[2], 'utf8'));
		schemaCheck(argv[1], doc);
		spdx3Checks(doc);
	} else {
		process.stderr.write('usage: validate.js spdx2|spdx3 SCHEMA DOC | spdx-tv DOC\n');
		return 2;
	}
	if (problems.length) {
		process.stderr.write(problems.join('\n') + '\n');
		return 1;
	}
	process.stdout.write(out.join('\n') + '\n');
	return 0;
}

process.exitCode = main(process.argv.slice(2));
