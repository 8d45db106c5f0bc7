#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""File-by-file agreement of "spdxfs check --json" on a REUSE tree with
"reuse lint --json" (reuse-tool 2.0+) on the same tree: the set of
expressions each file is licensed under, whether it has copyright
information, and the verdict.

usage: agree.py LINT.json SPDXFS.json
Prints one line "agree: N/M files, verdict reuse=X spdxfs=Y" (and each
disagreement above it); exit status 0 when everything agrees, else 1.
"""
import json
import sys


def main():
    if len(sys.argv) != 3:
        print("usage: agree.py LINT.json SPDXFS.json", file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8") as f:
        lint = json.load(f)
    with open(sys.argv[2], encoding="utf-8") as f:
        ours = json.load(f)
    theirs = {
        f["path"]: (sorted({e["value"] for e in f["spdx_expressions"]}),
                    bool(f["copyrights"]))
        for f in lint["files"]
    }
    mine = {
        f["path"]: (sorted({e["value"] for e in f["expressions"]}),
                    bool(f["copyrights"]))
        for f in ours["files"]
    }
    bad = 0
    for path in sorted(set(theirs) | set(mine)):
        a, b = theirs.get(path), mine.get(path)
        if a != b:
            bad += 1
            print(f"{path}: reuse {a} spdxfs {b}")
    v1 = lint["summary"]["compliant"]
    v2 = ours["summary"]["compliant"]
    total = len(set(theirs) | set(mine))
    print(f"agree: {total - bad}/{total} files, verdict reuse={v1} "
          f"spdxfs={v2}")
    return 0 if not bad and v1 == v2 else 1


if __name__ == "__main__":
    sys.exit(main())
