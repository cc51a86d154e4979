// The first script of every page (src/boot.ts). The document shell names the page kind's
// hydration entry and the chunks it imports on the boot script's element; boot loads
// them once the page's largest image (the one marked fetchpriority="high") has loaded
// and been painted. On a phone's slow connection the photo then gets the bandwidth
// before the scripts that make the page's controls work: it appears sooner, and the
// controls follow it. A page without such an image starts after its first frame.

/** The longest the scripts wait for the image: a photo that has not come by then does
 *  not keep the page's controls waiting. */
export const HOLD_MS = 2500;

/** The longest the scripts wait for the frame that paints the image (a renderer too
 *  busy to draw one in this time does not hold them back either). */
const FRAME_MS = 1000;

/** What the shell put on the boot script's element (`data-entry`, `data-preloads`). */
interface BootAssets {
  entry: string;
  preloads: string[];
}

/** The assets named on `script[data-entry]`, or null on a page without one. */
export function bootAssets(doc: Document): BootAssets | null {
  const script = doc.querySelector<HTMLScriptElement>('script[data-entry]');
  const entry = script?.dataset.entry;
  if (!script || !entry) return null;
  const preloads = (script.dataset.preloads ?? '').split(' ').filter(Boolean);
  return { entry, preloads };
}

/** Resolves once the page's largest image has loaded or failed, at once when there is
 *  none or it is already in, and after `holdMs` at the latest. */
export function largestImageSettled(doc: Document, holdMs = HOLD_MS): Promise<void> {
  const img = doc.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!img || img.complete) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => resolve();
    img.addEventListener('load', done, { once: true });
    img.addEventListener('error', done, { once: true });
    setTimeout(done, holdMs);
  });
}

/** Resolves after the next frame has been drawn; at once on a hidden page, which draws
 *  none and has no paint to protect. */
function afterNextFrame(doc: Document): Promise<void> {
  if (doc.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, FRAME_MS);
  });
}

/** Adds a modulepreload link per chunk, so they download beside the entry, not after it. */
function preloadChunks(doc: Document, preloads: string[]): void {
  for (const href of preloads) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.append(link);
  }
}

/** Resolves in a task of its own (after the browser has had the main thread back). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Starts the page's hydration entry when its largest image is in. */
export async function boot(
  doc: Document,
  load: (entry: string) => Promise<unknown> = (entry) => import(/* @vite-ignore */ entry),
): Promise<void> {
  const assets = bootAssets(doc);
  if (!assets) return;
  await largestImageSettled(doc);
  await afterNextFrame(doc);
  preloadChunks(doc, assets.preloads);
  // Starting the preloads and importing the entry each hold a phone's main thread for
  // tens of milliseconds: as two tasks, neither blocks a tap for long.
  await nextTask();
  await load(assets.entry);
}
