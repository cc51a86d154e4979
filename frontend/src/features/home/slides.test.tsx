import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SlideView } from '../../types/generated/SlideView';
import { Slides } from './slides';

afterEach(cleanup);

function slide(title: string, overrides: Partial<SlideView> = {}): SlideView {
  return {
    title,
    description: '',
    url: `/${title.toLowerCase()}`,
    image: { url: `/media/${title}.svg`, alt: title },
    video: null,
    hide_overlay: false,
    mentions_rate: false,
    ...overrides,
  };
}

function shown() {
  return screen
    .getAllByRole('group', { hidden: true })
    .filter((g) => !g.hidden)
    .map((g) => g.getAttribute('aria-label'));
}

describe('Slides', () => {
  it('shows one slide at a time in a fixed 1920 by 540 frame; Next, Previous and the slide buttons change it, wrapping', () => {
    render(<Slides slides={[slide('One'), slide('Two'), slide('Three')]} />);
    expect(shown()).toEqual(['1 of 3: One']);
    const img = document.querySelector('.slide img') as HTMLImageElement;
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1920', '540']);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shown()).toEqual(['2 of 3: Two']);
    fireEvent.click(screen.getByRole('button', { name: 'Slide 3: Three' }));
    expect(shown()).toEqual(['3 of 3: Three']);
    expect(
      screen.getByRole('button', { name: 'Slide 3: Three' }).getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shown()).toEqual(['1 of 3: One']);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(shown()).toEqual(['3 of 3: Three']);
  });

  it('links the slide heading, or the whole slide when the overlay is hidden, and warns about quoted rates', () => {
    render(
      <Slides
        slides={[
          slide('Finance', { mentions_rate: true }),
          slide('Service', { hide_overlay: true }),
        ]}
      />,
    );
    expect(screen.getByRole('link', { name: 'Finance' }).getAttribute('href')).toBe('/finance');
    expect(screen.queryByRole('button', { name: 'Previous slide' })).toBeTruthy();
    expect(document.querySelector('.comparison-rate-note')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Slide 2: Service' }));
    expect(screen.getByRole('link', { name: 'Service' }).getAttribute('href')).toBe('/service');
  });

  it('has no controls for a single slide and nothing without slides', () => {
    const { rerender, container } = render(<Slides slides={[slide('Only')]} />);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<Slides slides={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
