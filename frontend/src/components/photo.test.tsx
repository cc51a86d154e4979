import { cleanup, fireEvent, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { IMAGE_LAYOUTS, NOT_FOUND_IMAGE } from '../types/generated/constants';
import { candidates, Photo, srcFor } from './photo';

afterEach(cleanup);

// As the Rust view model gives it (domain/src/view/images.rs, photo_srcset).
const widths = [160, 320, 480, 640, 800, 960, 1280, 1600, 1920];
const url = '/media/photos-v1/suv-glacier-white-01.jpg';
const srcset = widths.map((w) => `/img/w_${w},q_75/site${url} ${w}w`).join(', ');

function img(): HTMLImageElement {
  const el = document.querySelector('img');
  if (!el) throw new Error('no img');
  return el;
}

describe('Photo', () => {
  it('serves a photo through the image service at the layout width with its sizes and box', () => {
    render(<Photo url={url} srcset={srcset} alt="A car" layout="card" />);
    const el = img();
    // The card box is 640 px wide: the 640 candidate.
    expect(el.getAttribute('src')).toBe(`/img/w_640,q_75/site${url}`);
    expect(el.getAttribute('srcset')).toBe(srcset);
    expect(el.getAttribute('sizes')).toBe(IMAGE_LAYOUTS.card.sizes);
    expect(el.getAttribute('sizes')).toContain('(min-width: 576px)');
    expect(el.getAttribute('width')).toBe('640');
    expect(el.getAttribute('height')).toBe('480');
    expect(el.getAttribute('decoding')).toBe('async');
    expect(el.getAttribute('loading')).toBe('lazy');
    expect(el.getAttribute('fetchpriority')).toBeNull();
  });

  it('draws the page largest image eagerly at high priority', () => {
    const html = renderToString(
      <Photo url={url} srcset={srcset} alt="A car" layout="vehicle_hero" priority />,
    );
    expect(html).toContain('fetchPriority="high"');
    expect(html).not.toContain('loading=');
    expect(html).toContain(`src="/img/w_1280,q_75/site${url}"`);
    expect(html).toContain(`sizes="${IMAGE_LAYOUTS.vehicle_hero.sizes}"`);
  });

  it('keeps a drawing at its plain URL', () => {
    render(<Photo url="/media/slides/a.svg" alt="" layout="slide" />);
    const el = img();
    expect(el.getAttribute('src')).toBe('/media/slides/a.svg');
    expect(el.hasAttribute('srcset')).toBe(false);
    expect(el.hasAttribute('sizes')).toBe(false);
    expect(el.getAttribute('width')).toBe('1920');
    expect(el.getAttribute('height')).toBe('540');
  });

  it('shows the not-found image for a missing photo', () => {
    render(<Photo url={null} alt="No photo available" layout="card" />);
    expect(img().getAttribute('src')).toBe(NOT_FOUND_IMAGE);
    expect(img().hasAttribute('srcset')).toBe(false);
  });

  it('falls back to the not-found image once when the photo fails, without looping', () => {
    render(<Photo url={url} srcset={srcset} alt="A car" layout="card" />);
    fireEvent.error(img());
    expect(img().getAttribute('src')).toBe(NOT_FOUND_IMAGE);
    expect(img().hasAttribute('srcset')).toBe(false);
    expect(img().hasAttribute('sizes')).toBe(false);
    // A second error (it cannot happen for an inline image, but must not loop) changes nothing.
    fireEvent.error(img());
    expect(img().getAttribute('src')).toBe(NOT_FOUND_IMAGE);
  });

  it('starts fresh when the same element shows another photo (the gallery)', () => {
    const { rerender } = render(<Photo url={url} srcset={srcset} alt="A" layout="card" />);
    fireEvent.error(img());
    const next = '/media/photos-v1/suv-glacier-white-02.jpg';
    rerender(<Photo url={next} srcset={srcset.replaceAll('-01', '-02')} alt="B" layout="card" />);
    expect(img().getAttribute('src')).toBe(`/img/w_640,q_75/site${next}`);
  });

  it('picks the smallest candidate at or past the width, else the widest', () => {
    const list = candidates(srcset);
    expect(list).toHaveLength(9);
    expect(srcFor(list, 600)).toBe(`/img/w_640,q_75/site${url}`);
    expect(srcFor(list, 5000)).toBe(`/img/w_1920,q_75/site${url}`);
    expect(srcFor([], 600)).toBeUndefined();
  });
});
