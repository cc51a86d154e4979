import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReviewStars, starFills } from './review-stars';
import { rating } from '../../testing/location-views';

afterEach(cleanup);

describe('ReviewStars', () => {
  it.each([
    ['4.6: four whole stars and a 0.6 partial', rating(4.6, 4, 0.6), [1, 1, 1, 1, 0.6]],
    ['5.0: four whole stars and a full partial', rating(5, 4, 1), [1, 1, 1, 1, 1]],
    ['3.3: three whole, a 0.3 partial, one empty', rating(3.3, 3, 0.3), [1, 1, 1, 0.3, 0]],
    ['4.0: four whole and an empty partial', rating(4, 4, 0), [1, 1, 1, 1, 0]],
    ['0: five empty', rating(0, 0, 0), [0, 0, 0, 0, 0]],
  ])('%s', (_, value, fills) => {
    expect(starFills(value)).toEqual(fills);
  });

  it('reads out as "4.6 out of 5" and fills the partial star to 60%', () => {
    render(<ReviewStars rating={rating(4.6, 4, 0.6, 4498)} />);
    const stars = screen.getByRole('img', { name: '4.6 out of 5' });
    const widths = Array.from(stars.querySelectorAll<HTMLElement>('.stars__fill')).map(
      (f) => f.style.width,
    );
    expect(widths).toEqual(['100%', '100%', '100%', '100%', '60%']);
  });
});
