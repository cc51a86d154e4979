import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GalleryImage } from '../../types/generated/GalleryImage';
import type { GalleryVideo } from '../../types/generated/GalleryVideo';
import { Gallery, galleryItems } from './gallery';

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
