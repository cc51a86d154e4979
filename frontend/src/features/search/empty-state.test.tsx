import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmptyState } from './empty-state';

afterEach(cleanup);

describe('EmptyState', () => {
  it('shows the seed wording and clears the filters', () => {
    const onClear = vi.fn();
    render(<EmptyState onClear={onClear} />);
    expect(screen.getByRole('heading', { name: 'No Results Available' })).toBeTruthy();
    expect(
      screen.getByText(
        'No results found for your search at this time. Please try adjusting the filters for more results',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('links to the special offers beside Clear Filters, except on the offers list', () => {
    render(<EmptyState onClear={() => {}} />);
    expect(screen.getByRole('link', { name: 'See Special Offers' }).getAttribute('href')).toBe(
      '/special-offers',
    );
    cleanup();
    render(<EmptyState onClear={() => {}} offersUrl={null} />);
    expect(screen.queryByRole('link', { name: 'See Special Offers' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeTruthy();
  });
});
