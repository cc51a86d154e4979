import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const DATA = resolve(dirname(fileURLToPath(import.meta.url)), '../../../domain/tests/data');

/** A case table under `domain/tests/data/`: the Rust tests read the same file, so both
 *  languages are held to one set of cases. */
export function caseTable<T>(file: string): T {
  return JSON.parse(readFileSync(resolve(DATA, file), 'utf8')) as T;
}
