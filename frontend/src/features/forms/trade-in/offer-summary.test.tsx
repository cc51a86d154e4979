import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OfferSummary, confidenceWord, offerBasis } from './offer-summary';
import { offer } from '../../../testing/trade-in-views';

const priced = { ...offer, offer_price: 28000 };

describe('the offer says what it is based on', () => {
  it('names how many comparable cars and how sure the estimate is, in words', () => {
    render(<OfferSummary valuation={priced} questions={[]} />);
    expect(
      screen.getByText(
        /Based on 12 comparable cars for sale \(Toyota RAV4, similar year and kilometres\)/,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Our confidence in this estimate is good/)).toBeTruthy();
  });

  it('words the confidence the API gives from the number of cars', () => {
    // 1 - 1/sqrt(n): 5 cars, 12 cars, 25 cars.
    expect(confidenceWord(0.55)).toBe('fair');
    expect(confidenceWord(0.71)).toBe('good');
    expect(confidenceWord(0.8)).toBe('high');
    expect(offerBasis({ ...offer, comparables: 1, confidence: null })).toBe(
      'Based on 1 comparable car for sale (Toyota RAV4, similar year and kilometres).',
    );
  });

  it("says nothing of a basis a provider's offer does not give", () => {
    const provider = { ...priced, comparables: null, confidence: null, source: 'provider' };
    expect(offerBasis(provider)).toBeNull();
    const { container } = render(<OfferSummary valuation={provider} questions={[]} />);
    expect(container.querySelector('.trade-in__basis')).toBeNull();
  });
});
