import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BrandGroupView } from '../types/generated/BrandGroupView';
import { BrandLogoGrid } from './brand-logo-grid';

afterEach(cleanup);

const groups: BrandGroupView[] = [
  {
    id: 'motorcycles',
    title: 'Motorcycles',
    brands: [
      {
        name: 'Yamaha',
        url: '/yamaha/overview',
        external: false,
        logo: null,
        count: 2,
        count_label: '2 motorcycles',
      },
      {
        name: 'Honda',
        url: '/honda/overview',
        external: false,
        logo: null,
        count: 0,
        count_label: '0 motorcycles',
      },
    ],
  },
];

describe('BrandLogoGrid', () => {
  it("labels counts in the dealer's vehicle words, not 'in stock' (they include sold cars)", () => {
    render(<BrandLogoGrid groups={groups} headingLevel={2} />);
    expect(screen.getByRole('link', { name: /Yamaha/ }).textContent).toBe('Yamaha2 motorcycles');
    expect(screen.queryByText(/in stock/)).toBeNull();
    expect(screen.getByRole('link', { name: /Honda/ }).textContent).toBe('Honda');
  });

  it('leaves the counts out of the compact (menu) grid', () => {
    render(<BrandLogoGrid groups={groups} headingLevel={2} compact />);
    expect(screen.queryByText('2 motorcycles')).toBeNull();
  });
});
