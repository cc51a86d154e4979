import { afterEach, describe, expect, it, vi } from 'vitest';
import { boot, bootAssets, HOLD_MS, largestImageSettled } from './boot';

function page(html: string): Document {
  document.head.innerHTML = '';
  document.body.innerHTML = html;
  return document;
}

const SCRIPT =
  '<script type="module" src="/assets/boot.js" data-entry="/assets/vehicle-1.js" data-preloads="/assets/layout-2.js /assets/car-card-3.js"></script>';

afterEach(() => {
  vi.useRealTimers();
});

describe('boot', () => {
  it('reads the entry and its chunks from the boot script', () => {
    expect(bootAssets(page(SCRIPT))).toEqual({
      entry: '/assets/vehicle-1.js',
      preloads: ['/assets/layout-2.js', '/assets/car-card-3.js'],
    });
    expect(bootAssets(page('<script data-entry=""></script>'))).toBeNull();
    expect(bootAssets(page('<main></main>'))).toBeNull();
  });

  it('loads the entry only after the largest image has loaded, with its chunks preloaded', async () => {
    const doc = page(`<img src="/img/w_800,q_75/a.jpg" fetchpriority="high" alt="">${SCRIPT}`);
    const img = doc.querySelector('img')!;
    Object.defineProperty(img, 'complete', { value: false });
    const load = vi.fn(() => Promise.resolve());
    const started = boot(doc, load);
    await new Promise((r) => setTimeout(r, 150));
    expect(load).not.toHaveBeenCalled();
    expect(doc.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);

    img.dispatchEvent(new Event('load'));
    await started;
    expect(load).toHaveBeenCalledWith('/assets/vehicle-1.js');
    expect(
      [...doc.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) =>
        l.getAttribute('href'),
      ),
    ).toEqual(['/assets/layout-2.js', '/assets/car-card-3.js']);
  });

  it('does not wait for an image that failed, or is already in, or is not there', async () => {
    const failing = page('<img src="/missing.jpg" fetchpriority="high" alt="">');
    const img = failing.querySelector('img')!;
    Object.defineProperty(img, 'complete', { value: false });
    const settled = largestImageSettled(failing);
    img.dispatchEvent(new Event('error'));
    await expect(settled).resolves.toBeUndefined();

    const done = page('<img src="/in.jpg" fetchpriority="high" alt="">');
    Object.defineProperty(done.querySelector('img')!, 'complete', { value: true });
    await expect(largestImageSettled(done)).resolves.toBeUndefined();
    await expect(largestImageSettled(page('<p>No photo</p>'))).resolves.toBeUndefined();
  });

  it('stops waiting for a photo that has not come after HOLD_MS', async () => {
    vi.useFakeTimers();
    const doc = page('<img src="/slow.jpg" fetchpriority="high" alt="">');
    Object.defineProperty(doc.querySelector('img')!, 'complete', { value: false });
    let settled = false;
    void largestImageSettled(doc).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(HOLD_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });
});
