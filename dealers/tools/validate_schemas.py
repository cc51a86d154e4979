#!/usr/bin/env python3
"""Validates every dealer file against the committed JSON Schemas with an independent
validator (Python's jsonschema, draft 7), the same check editors run from the
`#:schema` comment. `forecourt check` is the authority (it also checks slugs, domains,
URLs and references between files); this script proves the published schemas accept the
files the loader accepts.

Usage: python3 dealers/tools/validate_schemas.py [dealers-dir]
Needs: python3 >= 3.11 (tomllib) and the jsonschema package.
"""

import json
import pathlib
import sys
import tomllib

import jsonschema

SCHEMAS = {
    "dealer.toml": "schema.json",
    "locations.toml": "schema/locations.json",
    "brands.toml": "schema/brands.json",
    "offers.toml": "schema/offers.json",
    "parts.toml": "schema/parts.json",
}


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
    problems = 0
    for dealer in sorted(p for p in root.iterdir() if (p / "dealer.toml").is_file()):
        files = [(f, SCHEMAS[f.name]) for f in sorted(dealer.glob("*.toml")) if f.name in SCHEMAS]
        files += [(f, "schema/model.json") for f in sorted((dealer / "models").glob("*.toml"))]
        for file, schema_path in files:
            schema = json.loads((root / schema_path).read_text())
            validator = jsonschema.Draft7Validator(schema)
            for error in validator.iter_errors(tomllib.loads(file.read_text())):
                problems += 1
                key = ".".join(str(p) for p in error.absolute_path)
                print(f"{file}: {key}: {error.message}")
    print(f"{problems} schema problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
