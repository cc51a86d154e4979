import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GalleryImage } from '../../types/generated/GalleryImage';
import { Gallery } from './gallery';

afterEach(cleanup);

const images = (n: number): GalleryImage[] =>
  Array.from({ length: n }, (_, i) => ({ url: `/media/${i + 1}.svg`, thumb: `/media/${i + 1}-t.svg`, alt: `Car, photo ${i + 1} of ${n}` }));

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
    const main = screen.getAllByRole('img').find((img) => img.getAttribute('src') === '/media/4.svg');
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
