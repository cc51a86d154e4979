import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OfferView } from '../../types/generated/OfferView';
import { MESSAGES } from '../../types/generated/messages';
import { OfferCards } from './offer-cards';

afterEach(cleanup);

const offer = (id: number, title: string, mentions_rate: boolean): OfferView => ({
  id,
  title,
  mentions_rate,
  url: `/offers/${id}`,
  image: { url: `/media/offers/${id}.svg`, alt: title },
  price: null,
  price_text: null,
  categories: [],
  make: null,
  model: null,
  body: null,
  description: '',
  expiry_text: null,
});

describe('OfferCards', () => {
  it('follows offers that quote a rate with the comparison rate warning, once', () => {
    render(
      <OfferCards
        offers={[
          offer(1, 'Navara: 1.99% p.a., 3.07% comparison rate', true),
          offer(2, 'Free tint', false),
        ]}
        headingLevel={3}
        label="Offers"
      />,
    );
    expect(
      screen.getAllByText(new RegExp(MESSAGES.COMPARISON_RATE_WARNING.slice(0, 40))).length,
    ).toBe(1);
  });

  it('shows no warning when no offer quotes a rate', () => {
    render(<OfferCards offers={[offer(2, 'Free tint', false)]} headingLevel={3} label="Offers" />);
    expect(
      screen.queryByText(new RegExp(MESSAGES.COMPARISON_RATE_WARNING.slice(0, 40))),
    ).toBeNull();
  });
});
