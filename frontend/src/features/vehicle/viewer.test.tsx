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
  exterior_hotspots: [
    {
      label: 'Headlights',
      description: 'LED headlights',
      positions: [
        { angle: 0, x: 18, y: 46 },
        { angle: 1, x: 20, y: 46 },
      ],
    },
    {
      label: 'Wheels',
      description: 'Alloy wheels',
      positions: [
        { angle: 0, x: 27, y: 70 },
        { angle: 2, x: 50, y: 70 },
      ],
    },
  ],
  interior_hotspots: [
    {
      label: 'Infotainment',
      description: 'Touchscreen with CarPlay',
      positions: [{ angle: 0, x: 50, y: 40 }],
    },
  ],
  gallery_video: null,
  external_video: null,
};
const images = [{ url: '/media/1.svg', thumb: '/media/1.svg', alt: 'Car, photo 1 of 1' }];
const shown = () =>
  Array.from(document.querySelectorAll('.spinner__stage img')).findIndex(
    (img) => !img.hasAttribute('hidden'),
  );

describe('Viewer', () => {
  it('starts in the default mode and switches between modes', () => {
    render(<Viewer viewer={viewer} images={images} showThumbnails={false} />);
    expect(screen.getByRole('button', { name: '360° spin' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('slider')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Interior' }));
    expect(screen.getByRole('img', { name: '2024 Toyota RAV4 GX, interior' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Walkaround video' }));
    expect(document.querySelector('video')?.getAttribute('src')).toBe('/media/walk.mp4');
    fireEvent.click(screen.getByRole('button', { name: 'Gallery' }));
    expect(screen.getByRole('button', { name: 'View fullscreen' })).toBeTruthy();
  });

  it('shows no mode buttons when the gallery is the only mode', () => {
    render(
      <Viewer
        viewer={{ ...viewer, modes: ['gallery'], default_mode: 'gallery' }}
        images={images}
        showThumbnails={false}
      />,
    );
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

const hotspotNames = () =>
  screen
    .queryAllByRole('button', { expanded: false })
    .concat(screen.queryAllByRole('button', { expanded: true }))
    .map((b) => b.textContent?.replace('+', ''));

describe('Viewer hotspots', () => {
  it('shows the hotspots of the frame in view and follows the spin', () => {
    render(<Viewer viewer={viewer} images={images} showThumbnails={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause rotation' }));
    const slider = screen.getByRole('slider');
    expect(hotspotNames().sort()).toEqual(['Headlights', 'Wheels']);
    const headlights = screen.getByRole('button', { name: 'Headlights' });
    expect(headlights.closest('li')?.getAttribute('style')).toContain('--x: 18');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(hotspotNames()).toEqual(['Headlights']);
    expect(
      screen.getByRole('button', { name: 'Headlights' }).closest('li')?.getAttribute('style'),
    ).toContain('--x: 20');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(hotspotNames()).toEqual(['Wheels']);
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(hotspotNames()).toEqual([]);
  });

  it('opens one description at a time, closes on Escape and when the spin turns away', () => {
    vi.useFakeTimers();
    render(<Viewer viewer={viewer} images={images} showThumbnails={false} />);
    const headlights = screen.getByRole('button', { name: 'Headlights' });
    const wheels = screen.getByRole('button', { name: 'Wheels' });
    fireEvent.click(headlights);
    expect(headlights.getAttribute('aria-expanded')).toBe('true');
    const description = document.getElementById(headlights.getAttribute('aria-controls') ?? '');
    expect(description?.textContent).toBe('LED headlights');
    expect(description?.hidden).toBe(false);
    // Opening a hotspot stops the rotation, so it stays in view.
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(shown()).toBe(0);
    expect(screen.getByRole('button', { name: 'Rotate' })).toBeTruthy();
    fireEvent.click(wheels);
    expect(headlights.getAttribute('aria-expanded')).toBe('false');
    expect(description?.hidden).toBe(true);
    expect(wheels.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(wheels);
    expect(wheels.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(headlights);
    fireEvent.keyDown(headlights, { key: 'Escape' });
    expect(headlights.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(headlights);
    // Wheels has no position at frame 1: turning there and back leaves it closed.
    fireEvent.click(wheels);
    const slider = screen.getByRole('slider');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(screen.queryByRole('button', { name: 'Wheels' })).toBeNull();
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(screen.getByRole('button', { name: 'Wheels' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('places the interior hotspots at angle 0', () => {
    render(
      <Viewer
        viewer={{ ...viewer, default_mode: 'interior' }}
        images={images}
        showThumbnails={false}
      />,
    );
    const button = screen.getByRole('button', { name: 'Infotainment' });
    expect(button.closest('li')?.getAttribute('style')).toContain('--y: 40');
    fireEvent.click(button);
    expect(screen.getByText('Touchscreen with CarPlay').hidden).toBe(false);
  });
});

/** A browser with the Fullscreen API (jsdom has none): requestFullscreen makes the
 *  element the fullscreen element and fires fullscreenchange, like Chromium. */
function fakeFullscreen(enabled = true) {
  let current: Element | null = null;
  const change = (el: Element | null) => {
    current = el;
    document.dispatchEvent(new Event('fullscreenchange'));
  };
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, get: () => enabled });
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => current });
  const request = vi.fn(function (this: Element) {
    change(this);
    return Promise.resolve();
  });
  const exit = vi.fn(() => {
    change(null);
    return Promise.resolve();
  });
  Object.defineProperty(HTMLElement.prototype, 'requestFullscreen', {
    configurable: true,
    writable: true,
    value: request,
  });
  Object.defineProperty(document, 'exitFullscreen', {
    configurable: true,
    writable: true,
    value: exit,
  });
  return { request, exit };
}

function removeFullscreen() {
  for (const key of ['fullscreenEnabled', 'fullscreenElement', 'exitFullscreen'])
    Reflect.deleteProperty(document, key);
  Reflect.deleteProperty(HTMLElement.prototype, 'requestFullscreen');
}

describe('Viewer fullscreen', () => {
  afterEach(removeFullscreen);

  it('shows the spin fullscreen and returns focus to its button when Escape closes it', async () => {
    const { request, exit } = fakeFullscreen();
    render(<Viewer viewer={viewer} images={images} showThumbnails={false} />);
    const open = screen.getByRole('button', { name: 'View fullscreen' });
    await act(async () => {
      fireEvent.click(open);
    });
    expect(request).toHaveBeenCalledTimes(1);
    expect(document.fullscreenElement?.contains(screen.getByRole('slider'))).toBe(true);
    expect(document.fullscreenElement?.classList.contains('viewer__frame--fullscreen')).toBe(true);
    const close = screen.getByRole('button', { name: 'Exit fullscreen' });
    expect(close).toBe(open);
    // Escape on an open hotspot closes the hotspot only.
    const headlights = screen.getByRole('button', { name: 'Headlights' });
    fireEvent.click(headlights);
    fireEvent.keyDown(headlights, { key: 'Escape' });
    expect(exit).not.toHaveBeenCalled();
    expect(headlights.getAttribute('aria-expanded')).toBe('false');
    headlights.focus();
    await act(async () => {
      fireEvent.keyDown(headlights, { key: 'Escape' });
    });
    expect(exit).toHaveBeenCalledTimes(1);
    expect(document.fullscreenElement).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'View fullscreen' }));
  });

  it('exits with the same button and works for the interior view', async () => {
    fakeFullscreen();
    render(
      <Viewer
        viewer={{ ...viewer, default_mode: 'interior' }}
        images={images}
        showThumbnails={false}
      />,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'View fullscreen' }));
    });
    expect(document.fullscreenElement?.querySelector('img')?.getAttribute('alt')).toBe(
      '2024 Toyota RAV4 GX, interior',
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Exit fullscreen' }));
    });
    expect(document.fullscreenElement).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'View fullscreen' }));
  });

  it('leaves fullscreen when the viewer goes away while fullscreen', async () => {
    const { exit } = fakeFullscreen();
    const { unmount } = render(<Viewer viewer={viewer} images={images} showThumbnails={false} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'View fullscreen' }));
    });
    expect(document.fullscreenElement).not.toBeNull();
    // The ref is already empty when the effect's cleanup runs: it must compare with the
    // frame it mounted, or the page stays fullscreen on a frame that no longer exists.
    unmount();
    expect(exit).toHaveBeenCalledTimes(1);
    expect(document.fullscreenElement).toBeNull();
  });

  it('offers no fullscreen button where the browser cannot do it', () => {
    render(<Viewer viewer={viewer} images={images} showThumbnails={false} />);
    expect(screen.queryByRole('button', { name: 'View fullscreen' })).toBeNull();
    cleanup();
    fakeFullscreen(false);
    render(<Viewer viewer={viewer} images={images} showThumbnails={false} />);
    expect(screen.queryByRole('button', { name: 'View fullscreen' })).toBeNull();
  });
});
