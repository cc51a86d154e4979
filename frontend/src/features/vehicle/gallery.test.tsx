import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GalleryImage } from '../../types/generated/GalleryImage';
import type { GalleryVideo } from '../../types/generated/GalleryVideo';
import { Gallery, galleryItems } from './gallery';
import { clampZoom, MAX_ZOOM, swipeStep, UNZOOMED, zoomAt } from './gallery-gestures';

afterEach(cleanup);

const images = (n: number): GalleryImage[] =>
  Array.from({ length: n }, (_, i) => ({
    url: `/media/${i + 1}.svg`,
    thumb: `/media/${i + 1}-t.svg`,
    alt: `Car, photo ${i + 1} of ${n}`,
  }));

describe('Gallery', () => {
  it('shows no thumbnail strip when the view model says 3 images or fewer', () => {
    render(<Gallery images={images(3)} showThumbnails={false} />);
    expect(screen.queryByRole('list', { name: 'Thumbnails' })).toBeNull();
  });

  it('switches the main image from the thumbnail strip', () => {
    render(<Gallery images={images(5)} showThumbnails />);
    const strip = screen.getByRole('list', { name: 'Thumbnails' });
    expect(strip.querySelectorAll('button')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Show Car, photo 4 of 5' }));
    const main = screen
      .getAllByRole('img')
      .find((img) => img.getAttribute('src') === '/media/4.svg');
    expect(main?.getAttribute('alt')).toBe('Car, photo 4 of 5');
  });

  it('opens the fullscreen viewer and returns focus when Escape closes it', () => {
    render(<Gallery images={images(2)} showThumbnails={false} />);
    const open = screen.getByRole('button', { name: 'View fullscreen' });
    fireEvent.click(open);
    const dialog = document.querySelector('dialog');
    expect(dialog?.hasAttribute('open')).toBe(true);
    fireEvent.keyDown(dialog as HTMLDialogElement, { key: 'Escape' });
    expect(dialog?.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(open);
  });
});

const video: GalleryVideo = {
  url: '/media/rav4.mp4',
  poster: '/media/poster.svg',
  index: 1,
  title: 'Car, video',
};

describe('galleryItems', () => {
  it('puts the stock video at its index, after the last photo when the index is past them', () => {
    const kinds = (index: number, n = 4) =>
      galleryItems(images(n), { ...video, index }).map((i) =>
        i.kind === 'video' ? 'V' : i.image.url.slice(7, 8),
      );
    expect(kinds(0)).toEqual(['V', '1', '2', '3', '4']);
    expect(kinds(1)).toEqual(['1', 'V', '2', '3', '4']);
    expect(kinds(2)).toEqual(['1', '2', 'V', '3', '4']);
    expect(kinds(4)).toEqual(['1', '2', '3', '4', 'V']);
    expect(kinds(9)).toEqual(['1', '2', '3', '4', 'V']);
    expect(kinds(1, 0)).toEqual(['V']);
    expect(galleryItems(images(2), null)).toHaveLength(2);
  });
});

describe('Gallery with the stock video', () => {
  it('plays the video as an item: in the strip, the main stage and the fullscreen viewer', () => {
    render(<Gallery images={images(4)} showThumbnails video={video} />);
    const strip = screen.getByRole('list', { name: 'Thumbnails' });
    const labels = Array.from(strip.querySelectorAll('button')).map((b) =>
      b.getAttribute('aria-label'),
    );
    expect(labels).toEqual([
      'Show Car, photo 1 of 4',
      'Show Car, video',
      'Show Car, photo 2 of 4',
      'Show Car, photo 3 of 4',
      'Show Car, photo 4 of 4',
    ]);
    expect(document.querySelector('.gallery__main video')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    const player = document.querySelector('.gallery__main video');
    expect(player?.getAttribute('src')).toBe('/media/rav4.mp4');
    expect(player?.getAttribute('preload')).toBe('none');
    expect(player?.getAttribute('poster')).toBe('/media/poster.svg');
    expect(player?.hasAttribute('controls')).toBe(true);
    expect(player?.getAttribute('aria-label')).toBe('Car, video');
    fireEvent.click(screen.getByRole('button', { name: 'View fullscreen' }));
    const dialog = document.querySelector('dialog');
    expect(dialog?.querySelector('video')?.getAttribute('src')).toBe('/media/rav4.mp4');
    expect(dialog?.textContent).toContain('2 / 5');
    fireEvent.keyDown(dialog as HTMLDialogElement, { key: 'ArrowRight' });
    expect(dialog?.querySelector('video')).toBeNull();
    expect(dialog?.querySelector('img')?.getAttribute('alt')).toBe('Car, photo 2 of 4');
  });
});

const touch = (x: number, y = 100, pointerId = 1) => ({
  pointerId,
  pointerType: 'touch',
  isPrimary: pointerId === 1,
  clientX: x,
  clientY: y,
  button: 0,
});
const mainSrc = () => document.querySelector('.gallery__main > img')?.getAttribute('src');

describe('Gallery on a phone', () => {
  it('turns the page with a sideways swipe, not with a scroll, a mouse or a short move', () => {
    render(<Gallery images={images(3)} showThumbnails={false} />);
    const stage = document.querySelector('.gallery__main') as HTMLElement;
    const swipe = (from: number, to: number, dy = 0, kind = 'touch') => {
      fireEvent.pointerDown(stage, { ...touch(from), pointerType: kind });
      fireEvent.pointerUp(stage, { ...touch(to, 100 + dy), pointerType: kind });
    };
    swipe(300, 200);
    expect(mainSrc()).toBe('/media/2.svg');
    swipe(300, 200);
    swipe(300, 200);
    expect(mainSrc()).toBe('/media/1.svg');
    swipe(100, 250);
    expect(mainSrc()).toBe('/media/3.svg');
    swipe(300, 230, 120);
    swipe(300, 280);
    swipe(300, 200, 0, 'mouse');
    expect(mainSrc()).toBe('/media/3.svg');
    // The browser took a vertical scroll: no swipe.
    fireEvent.pointerDown(stage, touch(300));
    fireEvent.pointerCancel(stage, touch(300));
    fireEvent.pointerUp(stage, touch(100));
    expect(mainSrc()).toBe('/media/3.svg');
  });

  it('leaves a swipe that starts on a button to the button', () => {
    render(<Gallery images={images(3)} showThumbnails={false} />);
    const open = screen.getByRole('button', { name: 'View fullscreen' });
    const stage = document.querySelector('.gallery__main') as HTMLElement;
    fireEvent.pointerDown(open, touch(300));
    fireEvent.pointerUp(stage, touch(100));
    expect(mainSrc()).toBe('/media/1.svg');
  });
});

describe('Gallery fullscreen', () => {
  const openViewer = (n = 4) => {
    render(<Gallery images={images(n)} showThumbnails={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'View fullscreen' }));
    return document.querySelector('dialog') as HTMLDialogElement;
  };
  const zoomStage = () => document.querySelector('.gallery__zoom') as HTMLElement;
  const photo = () => document.querySelector('.gallery__zoom-photo') as HTMLElement;
  const tap = (x: number, y: number) => {
    fireEvent.pointerDown(zoomStage(), touch(x, y));
    fireEvent.pointerUp(zoomStage(), touch(x, y));
  };
  const sized = () => {
    // jsdom lays nothing out: a 400 x 300 stage at the top left.
    zoomStage().getBoundingClientRect = () =>
      ({ left: 0, top: 0, width: 400, height: 300, right: 400, bottom: 300 }) as DOMRect;
  };

  it('shows every thumbnail under the photo and pages from them', () => {
    const dialog = openViewer(5);
    const strip = screen.getByRole('list', { name: 'All photos' });
    expect(dialog.contains(strip)).toBe(true);
    const thumbs = strip.querySelectorAll('button');
    expect(thumbs).toHaveLength(5);
    expect(thumbs[0]?.getAttribute('aria-current')).toBe('true');
    fireEvent.click(thumbs[3] as HTMLButtonElement);
    expect(dialog.querySelector('.gallery__zoom img')?.getAttribute('alt')).toBe(
      'Car, photo 4 of 5',
    );
    expect(dialog.textContent).toContain('4 / 5');
    expect(strip.querySelectorAll('button')[3]?.getAttribute('aria-current')).toBe('true');
  });

  it('zooms in where a double tap lands and out with the next one', () => {
    openViewer();
    sized();
    expect(photo().style.transform).toBe('translate(0px, 0px) scale(1)');
    tap(300, 150);
    expect(photo().style.transform).toContain('scale(1)');
    tap(300, 150);
    // 100 px right of the centre, magnified 2.5 times, stays under the finger.
    expect(photo().style.transform).toBe('translate(-150px, 0px) scale(2.5)');
    expect(screen.getByRole('button', { name: 'Zoom out' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    tap(300, 150);
    tap(300, 150);
    expect(photo().style.transform).toBe('translate(0px, 0px) scale(1)');
  });

  it('pinches with two fingers, pans when zoomed and swipes only when not', () => {
    const dialog = openViewer();
    sized();
    const stage = zoomStage();
    fireEvent.pointerDown(stage, touch(150, 150, 1));
    fireEvent.pointerDown(stage, touch(250, 150, 2));
    fireEvent.pointerMove(stage, touch(100, 150, 1));
    fireEvent.pointerMove(stage, touch(300, 150, 2));
    expect(photo().style.transform).toBe('translate(0px, 0px) scale(2)');
    fireEvent.pointerUp(stage, touch(100, 150, 1));
    fireEvent.pointerUp(stage, touch(300, 150, 2));
    // Zoomed: one finger drags the photo, within its edges, and the page stays.
    fireEvent.pointerDown(stage, touch(200, 150));
    fireEvent.pointerMove(stage, touch(100, 150));
    fireEvent.pointerUp(stage, touch(100, 150));
    expect(photo().style.transform).toBe('translate(-100px, 0px) scale(2)');
    fireEvent.pointerDown(stage, touch(200, 150));
    fireEvent.pointerMove(stage, touch(-400, 150));
    fireEvent.pointerUp(stage, touch(-400, 150));
    expect(photo().style.transform).toBe('translate(-200px, 0px) scale(2)');
    expect(dialog.textContent).toContain('1 / 4');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    fireEvent.pointerDown(zoomStage(), touch(300, 150));
    fireEvent.pointerMove(zoomStage(), touch(150, 150));
    fireEvent.pointerUp(zoomStage(), touch(150, 150));
    expect(dialog.textContent).toContain('2 / 4');
    expect(photo().style.transform).toBe('translate(0px, 0px) scale(1)');
  });

  it('zooms from the keyboard and the Zoom in button too', () => {
    const dialog = openViewer();
    fireEvent.keyDown(dialog, { key: '+' });
    expect(photo().style.transform).toContain('scale(2.5)');
    fireEvent.keyDown(dialog, { key: '-' });
    expect(photo().style.transform).toContain('scale(1)');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(photo().style.transform).toContain('scale(2.5)');
    // Paging starts the next photo unzoomed.
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(dialog.textContent).toContain('2 / 4');
    expect(photo().style.transform).toContain('scale(1)');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(dialog.hasAttribute('open')).toBe(false);
  });

  it('keeps the current thumbnail in sight, without smooth scrolling under reduced motion', () => {
    const calls: (ScrollBehavior | undefined)[] = [];
    const scroll = HTMLElement.prototype.scrollIntoView;
    HTMLElement.prototype.scrollIntoView = function (options?: boolean | ScrollIntoViewOptions) {
      calls.push(typeof options === 'object' ? options.behavior : undefined);
    };
    const media = window.matchMedia;
    try {
      let reduce = false;
      window.matchMedia = (query: string) =>
        ({ matches: reduce && query.includes('reduce'), media: query }) as MediaQueryList;
      const dialog = openViewer();
      fireEvent.keyDown(dialog, { key: 'ArrowRight' });
      expect(calls.at(-1)).toBe('smooth');
      reduce = true;
      fireEvent.keyDown(dialog, { key: 'ArrowRight' });
      expect(calls.at(-1)).toBe('auto');
    } finally {
      HTMLElement.prototype.scrollIntoView = scroll;
      window.matchMedia = media;
    }
  });
});

describe('zoom arithmetic', () => {
  it('keeps the photo inside the stage and the point under the finger', () => {
    expect(clampZoom({ scale: 9, x: 999, y: -999 }, 400, 300)).toEqual({
      scale: MAX_ZOOM,
      x: 600,
      y: -450,
    });
    expect(clampZoom({ scale: 0.5, x: 10, y: 10 }, 400, 300)).toEqual(UNZOOMED);
    const z = zoomAt(UNZOOMED, 2, 50, -20);
    // The photo point that was at (50, -20) is still there: p * 2 + t.
    expect(50 * 2 + z.x).toBe(50);
    expect(-20 * 2 + z.y).toBe(-20);
    expect(swipeStep(-60, 10)).toBe(1);
    expect(swipeStep(60, 10)).toBe(-1);
    expect(swipeStep(-30, 0)).toBe(0);
    expect(swipeStep(-60, 50)).toBe(0);
  });
});
