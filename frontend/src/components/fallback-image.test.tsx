import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NOT_FOUND_IMAGE } from '../types/generated/constants';
import { BrandLogoGrid } from './brand-logo-grid';
import { FallbackImage } from './fallback-image';

afterEach(cleanup);

describe('FallbackImage', () => {
  it('falls back to the not-found image when a logo fails to load, once', () => {
    // Seed 001 s8: "Missing image: a default not-found image; missing brand logo falls
    // back to the supplied logo or the not-found image".
    render(<FallbackImage src="/brands/gone.svg" alt="Gone logo" width={120} height={60} />);
    const img = document.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/brands/gone.svg');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(NOT_FOUND_IMAGE);
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(NOT_FOUND_IMAGE);
  });

  it('does so in the brand grid too', () => {
    render(
      <BrandLogoGrid
        headingLevel={2}
        groups={[
          {
            id: 'cars',
            title: 'Cars',
            brands: [
              {
                name: 'Mazda',
                url: '/mazda/overview',
                external: false,
                logo: { url: '/mazda.svg', alt: 'Mazda logo' },
                count: 3,
                count_label: '3 cars',
              },
            ],
          },
        ]}
      />,
    );
    const img = document.querySelector('img') as HTMLImageElement;
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(NOT_FOUND_IMAGE);
  });
});
