// @vitest-environment node
// The committed API types must be what openapi-typescript makes of the committed OpenAPI
// document (edge-api's `openapi_types` test keeps that document equal to the served one).
// To refresh: FORECOURT_UPDATE_TYPES=1 npx vitest run src/types/api-types.test.ts, or
// `npm run api-types`.
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import { API_DOC_PATH, API_TYPES_PATH, apiTypes } from './api-types.mjs';

test('the committed API types are generated from the committed OpenAPI document', async () => {
  const fresh = await apiTypes(await readFile(API_DOC_PATH, 'utf8'));
  expect(fresh).toContain('export interface paths');
  expect(fresh).toContain('LeadPayload');
  if (process.env.FORECOURT_UPDATE_TYPES === '1') await writeFile(API_TYPES_PATH, fresh);
  const committed = await readFile(API_TYPES_PATH, 'utf8').catch(() => '');
  // A plain equality (not toEqual's diff of 2000 lines) with the way to fix it.
  expect(
    committed === fresh,
    'src/types/generated/api/schema.ts is stale: run `npm run api-types` in frontend/',
  ).toBe(true);
});
