// Each test file starts as if it ran alone: fresh modules (a cache, a "sent once" flag)
// and an empty document and storage, though files share one jsdom (vite.config.ts).
import { vi } from 'vitest';

vi.resetModules();
// Files that ask for the node environment have no document.
if (typeof document !== 'undefined') {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
}
