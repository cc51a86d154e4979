import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ViewerView } from '../../types/generated/ViewerView';
import { dragFrame } from './spinner';
import { Viewer } from './viewer';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const viewer: ViewerView = {
  modes: ['spinner', 'walkaround', 'gallery', 'interior'],
  default_mode: 'spinner',
  spin_images: ['/s/1.svg', '/s/2.svg', '/s/3.svg', '/s/4.svg'],
  spin_interval_ms: 100,
  spin_drag_sensitivity: 20,
  walkaround_url: '/media/walk.mp4',
  walkaround_poster: null,
  interior_image: '/media/in.svg',
  name: '2024 Toyota RAV4 GX',
};
const images = [{ url: '/media/1.svg', thumb: '/media/1.svg', alt: 'Car, photo 1 of 1' }];
const shown = () => Array.from(document.querySelectorAll('.spinner__stage img')).findIndex((img) => !img.hasAttribute('hidden'));

describe('Viewer', () => {
  it('starts in the default mode and switches between modes', () => {
    render(<Viewer viewer={viewer} images={images} showThumbnails={false} />);
    expect(screen.getByRole('button', { name: '360° spin' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('slider')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Interior' }));
    expect(screen.getByRole('img', { name: '2024 Toyota RAV4 GX, interior' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Walkaround video' }));
    expect(document.querySelector('video')?.getAttribute('src')).toBe('/media/walk.mp4');
    fireEvent.click(screen.getByRole('button', { name: 'Gallery' }));
    expect(screen.getByRole('button', { name: 'View fullscreen' })).toBeTruthy();
  });

  it('shows no mode buttons when the gallery is the only mode', () => {
    render(<Viewer viewer={{ ...viewer, modes: ['gallery'], default_mode: 'gallery' }} images={images} showThumbnails={false} />);
    expect(screen.queryByRole('group', { name: 'Viewer mode' })).toBeNull();
  });

  it('auto-rotates every interval, pauses, and turns with the arrow keys', () => {
    vi.useFakeTimers();
    render(<Viewer viewer={viewer} images={images} showThumbnails={false} />);
    expect(shown()).toBe(0);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(shown()).toBe(1);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(shown()).toBe(3);
    fireEvent.click(screen.getByRole('button', { name: 'Pause rotation' }));
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(shown()).toBe(3);
    const slider = screen.getByRole('slider');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(shown()).toBe(0);
    expect(slider.getAttribute('aria-valuetext')).toBe('Angle 1 of 4');
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(shown()).toBe(3);
  });
});

describe('dragFrame', () => {
  it('moves one frame per 20 px of drag and wraps around', () => {
    expect(dragFrame(0, -19, 20, 4)).toBe(0);
    expect(dragFrame(0, -20, 20, 4)).toBe(1);
    expect(dragFrame(0, -60, 20, 4)).toBe(3);
    expect(dragFrame(0, 20, 20, 4)).toBe(3);
    expect(dragFrame(2, -100, 20, 4)).toBe(3);
  });
});
