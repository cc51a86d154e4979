// Chromium for the end-to-end tests: the system browser at /usr/bin/chromium (never a
// downloaded one), headless, with a fresh profile per run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from './chromium-flags.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launches a persistent context on a fresh --user-data-dir; close() removes the dir. */
export async function launchBrowser() {
  const profile = await mkdtemp(path.join(tmpdir(), 'forecourt-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', ...CHROMIUM_FLAGS],
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
