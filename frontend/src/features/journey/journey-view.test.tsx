// /checkout-journey: the car's page props, then the journey the API keeps against the
// reservation: opened with this browser's token, a step skipped, a refused value named
// at its field, the order sent; without a reservation, step 1 sends the shopper to the
// checkout page and offers sign-in for another device.
import axe from 'axe-core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, mockFetch } from '../../testing/fetch';
import { testCard } from '../../testing/card';
import { testSite } from '../../testing/site';
import { resetSession } from '../account/session';
import { JourneyView } from '../account/journey-view';
import { MESSAGES } from '../../types/generated/messages';
import type { Journey } from './journey-model';
import { calculate, initialState, loanFigures } from '../finance/calculator-state';
import { calculatorView, estimateView } from '../../testing/finance-views';
import { formatDollars } from '../../lib/number-format';
import {
  journeyToken,
  rememberFromReservation,
  rememberJourneyToken,
  reservedFromJourney,
} from './journey-token';

afterEach(() => {
  cleanup();
  resetSession();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const TOKEN = `R1.${'a'.repeat(64)}`;

/** The car's page; `finance` replaces its calculator and estimate (none by default). */
const carPage = (card = testCard, finance: Record<string, unknown> = {}) =>
  new Response(
    `<!doctype html><html><body><script type="application/json" id="__FORECOURT_PROPS__">${JSON.stringify(
      {
        site: testSite,
        gate: null,
        page: {
          card,
          specifications: [],
          location: { name: 'Acme Springwood', url: null },
          widgets: { delivery_location: 'springwood' },
          forms: null,
          finance_calculator: null,
          finance_estimate: null,
          ...finance,
        },
      },
    )}</script></body></html>`,
    { status: 200, headers: { 'content-type': 'text/html' } },
  );

function journey(change: Partial<Journey> = {}): Journey {
  return {
    reservation_id: 'R1',
    car_id: testCard.id,
    car_name: '2022 Toyota RAV4',
    hold: {
      status: 'held',
      label: 'Reserved: deposit held on the card',
      live: true,
      deposit: 200,
      expires_at: '2026-11-30T06:00:00Z',
    },
    finance: null,
    trade_in: null,
    delivery: null,
    order: null,
    summary: {
      price: 45990,
      trade_in: 0,
      deposit: 200,
      deposit_deducted: true,
      delivery_fee: 0,
      balance: 45790,
      repayment: null,
    },
    ...change,
  };
}

/** Serves the car page, the trade-in options, a signed-out session, a car no one holds
 *  and the journey endpoints from `journeys` (which may serve any of those otherwise). */
function serve(
  journeys: Record<string, () => Response>,
  card = testCard,
  finance: Record<string, unknown> = {},
) {
  return mockFetch().mockImplementation(async (input) => {
    const url = String(input);
    const handler = journeys[url];
    if (handler) return handler();
    if (url === `/cars/${testCard.slug}/`) return carPage(card, finance);
    if (url === '/api/trade-in/options') return answer(404, { success: false });
    if (url === '/api/session') return answer(200, { signed_in: false, phone: null });
    if (url === `/api/reservations/${testCard.id}`)
      return answer(200, { car_id: testCard.id, reserved: false });
    throw new Error(`unexpected ${url}`);
  });
}

/** Opens the journey `opened` with this browser's token; `more` serves the other journey
 *  endpoints. */
function openJourney(
  opened: Journey,
  more: Record<string, () => Response> = {},
  finance: Record<string, unknown> = {},
) {
  rememberJourneyToken(testCard.id, TOKEN);
  return serve(
    { [`/api/journeys/${testCard.id}`]: () => answer(200, opened), ...more },
    testCard,
    finance,
  );
}

const search = () => `?car_id=${testCard.slug}`;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function bodyOf(fetchMock: ReturnType<typeof serve>, url: string): unknown {
  const call = fetchMock.mock.calls.filter(([u]) => String(u) === url).at(-1);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe('the buy-online journey', () => {
  it('sends a shopper without a reservation to the checkout page, and offers sign-in', async () => {
    // Neither a token nor a session: the API could only answer 401, so it is not asked.
    const fetchMock = serve({});
    render(<JourneyView terms={{ deposit: 200, hold_hours: 48, pay_note: '' }} search={search} />);
    const reserve = await screen.findByRole('link', { name: 'Reserve Now' });
    expect(reserve.getAttribute('href')).toBe(testCard.reserve_url);
    const signIn = screen.getByRole('link', { name: /Sign in with the phone number/ });
    expect(signIn.getAttribute('href')).toContain('redirect=%2Fcheckout-journey');
    expect(fetchMock.mock.calls.map(([u]) => String(u))).not.toContain(
      `/api/journeys/${testCard.id}`,
    );
    // Leaving for the checkout page is noted, so the page after it leads back here.
    fireEvent.click(reserve);
    rememberJourneyToken(testCard.id, TOKEN);
    expect(reservedFromJourney(testCard.id)).toBe(true);
  });

  it('asks the API for a signed-in shopper without a token', async () => {
    const fetchMock = serve({
      '/api/session': () => answer(200, { signed_in: true, phone: '0412345678' }),
      [`/api/journeys/${testCard.id}`]: () => answer(404, { success: false }),
    });
    render(<JourneyView terms={null} search={search} />);
    expect(await screen.findByText(/found no reservation of this car/)).toBeTruthy();
    expect(bodyOf(fetchMock, `/api/journeys/${testCard.id}`)).toEqual({ token: null });
  });

  it('says a car someone else holds is reserved, instead of offering to reserve it', async () => {
    serve({
      [`/api/reservations/${testCard.id}`]: () =>
        answer(200, { car_id: testCard.id, reserved: true }),
    });
    render(<JourneyView terms={null} search={search} />);
    expect((await screen.findByText(/Someone else holds it/)).textContent).toContain(
      MESSAGES.CAR_ALREADY_RESERVED,
    );
    expect(screen.queryByRole('link', { name: 'Reserve Now' })).toBeNull();
    expect(screen.getByRole('link', { name: /Sign in with the phone number/ })).toBeTruthy();
  });

  it('shows the price with the label the vehicle page gives it', async () => {
    rememberJourneyToken(testCard.id, TOKEN);
    serve(
      { [`/api/journeys/${testCard.id}`]: () => answer(200, journey()) },
      { ...testCard, price_type: 'Excl. Government Charges' },
    );
    render(<JourneyView terms={null} search={search} />);
    const review = await screen.findByRole('region', { name: /Review and send/ });
    expect(within(review).getByText('Price (Excl. Government Charges)')).toBeTruthy();
    expect(within(review).getByText('Balance to pay (Excl. Government Charges)')).toBeTruthy();
    expect(document.querySelector('.journey-car')?.textContent).toContain(
      'Excl. Government Charges',
    );
  });

  it('reviews the deposit as the dealer takes it: held on the card, or paid at the dealership', async () => {
    openJourney(
      journey({
        hold: {
          ...journey().hold,
          status: 'awaiting_payment',
          label: 'Held: deposit to be paid at the dealership',
        },
        summary: { ...journey().summary, deposit_deducted: false, balance: 45990 },
      }),
    );
    render(<JourneyView terms={null} search={search} />);
    const review = await screen.findByRole('region', { name: /Review and send/ });
    expect(within(review).queryByText('Deposit held')).toBeNull();
    expect(within(review).getByText('Deposit to pay at the dealership')).toBeTruthy();
    expect(within(review).getByText('$200, part of the balance')).toBeTruthy();
    // The price and the balance: the deposit is not taken off.
    expect(within(review).getAllByText('$45,990')).toHaveLength(2);
    cleanup();
    openJourney(journey());
    render(<JourneyView terms={null} search={search} />);
    const held = await screen.findByRole('region', { name: /Review and send/ });
    expect(within(held).getByText('Deposit held')).toBeTruthy();
    expect(within(held).getByText('− $200')).toBeTruthy();
  });

  it('keeps the chosen steps in view, read-only, once the order is sent', async () => {
    openJourney(
      journey({
        finance: {
          choice: 'finance',
          deposit: 2000,
          term_years: 5,
          rate: 8.5,
          frequency: 'week',
          application_lead_id: 'L2',
        },
        trade_in: {
          choice: 'offer',
          valuation_id: 'V1',
          offer_price: 21000,
          vehicle: '2019 Mazda CX-5',
        },
        delivery: {
          choice: 'pickup',
          location: 'springwood',
          location_name: 'Acme Springwood',
          date: '2026-11-24',
          time: '10:00:00',
        },
        order: { lead_id: 'L1', sent_at: '2026-11-28T06:00:00Z' },
      }),
    );
    render(<JourneyView terms={null} search={search} />);
    const finance = await screen.findByRole('region', { name: /Finance or cash/ });
    expect(finance.textContent).toContain(
      'Finance over 5 years at 8.5% a year, weekly repayments, cash deposit $2,000.',
    );
    expect(finance.textContent).toContain('Pre-approval application sent');
    expect(screen.getByRole('region', { name: /Trade-in/ }).textContent).toContain(
      'Online offer for 2019 Mazda CX-5: $21,000.',
    );
    expect(screen.getByRole('region', { name: /Delivery or pick-up/ }).textContent).toMatch(
      /Pick-up at Acme Springwood on Tuesday,? 24 November 2026 at 10:00\./,
    );
    expect(screen.queryByRole('button', { name: 'Save and continue' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('opens the journey with this browser token, skips a step and sends the order', async () => {
    const fetchMock = openJourney(journey(), {
      [`/api/journeys/${testCard.id}/steps`]: () =>
        answer(200, journey({ finance: { choice: 'skipped' } })),
      [`/api/journeys/${testCard.id}/order`]: () =>
        answer(
          201,
          journey({
            finance: { choice: 'skipped' },
            order: { lead_id: 'L1', sent_at: '2026-11-28T06:00:00Z' },
          }),
        ),
    });
    render(<JourneyView terms={null} search={search} />);
    const finance = await screen.findByRole('region', { name: /Finance or cash/ });
    expect(bodyOf(fetchMock, `/api/journeys/${testCard.id}`)).toEqual({ token: TOKEN });
    expect(within(finance).getByRole('heading').textContent).toContain('(To do)');
    await act(async () => {
      fireEvent.click(within(finance).getByRole('button', { name: 'Skip for now' }));
    });
    expect(bodyOf(fetchMock, `/api/journeys/${testCard.id}/steps`)).toEqual({
      token: TOKEN,
      finance: { choice: 'skipped' },
    });
    expect(screen.getByRole('region', { name: /Finance or cash/ }).textContent).toContain(
      '(Skipped for now)',
    );
    expect(screen.getByText('$45,790')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send my order to the dealer' }));
    });
    expect(bodyOf(fetchMock, `/api/journeys/${testCard.id}/order`)).toEqual({ token: TOKEN });
    expect(screen.getAllByText(/Your order was sent to the dealer/).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Send my order to the dealer' })).toBeNull();
  });

  it('names the refused value at its field', async () => {
    openJourney(journey(), {
      [`/api/journeys/${testCard.id}/steps`]: () =>
        answer(400, {
          success: false,
          code: 'bad_request',
          message: 'Please fix the errors.',
          fields: { 'finance.rate': 'Please enter an interest rate between 0.5% and 20% a year.' },
        }),
    });
    render(<JourneyView terms={null} search={search} />);
    const finance = await screen.findByRole('region', { name: /Finance or cash/ });
    await act(async () => {
      fireEvent.click(within(finance).getByRole('button', { name: 'Save and continue' }));
    });
    const rate = within(finance).getByLabelText('Interest rate (% a year)');
    expect(rate.getAttribute('aria-invalid')).toBe('true');
    expect(rate.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      within(finance).getByText('Please enter an interest rate between 0.5% and 20% a year.'),
    ).toBeTruthy();
  });

  it("quotes the car page's loan: its deposit, final payment, fee and comparison rate", async () => {
    // The car page's calculator for a $16,990 car at 9.39%: a 10% deposit, a 30% final
    // payment and a $395 fee financed, counted in its comparison rate.
    const calculator = calculatorView({ establishment_fee: 395, comparison_upfront_fees: 395 });
    const ranges = calculator.ranges;
    calculator.ranges = {
      ...ranges,
      loan_amount: { ...ranges.loan_amount, default: 16_990 },
      term_years: { ...ranges.term_years, default: 5 },
      interest: { ...ranges.interest, step: 0.01, default: 9.39 },
      deposit: { ...ranges.deposit, default: 1699 },
      residual: { ...ranges.residual, default: 5097 },
    };
    const carPageFigures = calculate(calculator, initialState(calculator));
    expect([carPageFigures.repayment, carPageFigures.comparisonRate]).toEqual([60.27, 9.95]);
    const fetchMock = openJourney(
      journey({ summary: { ...journey().summary, price: 16_990, balance: 16_790 } }),
      {
        [`/api/journeys/${testCard.id}/steps`]: () =>
          answer(200, journey({ finance: { choice: 'finance' } })),
      },
      {
        finance_calculator: calculator,
        finance_estimate: estimateView({ price: 16_990, rate: 9.39, deposit: 1699 }),
      },
    );
    render(<JourneyView terms={null} search={search} />);
    const finance = await screen.findByRole('region', { name: /Finance or cash/ });
    // The $200 held on the card is part of the car page's 10% deposit.
    expect((within(finance).getByLabelText('Cash deposit ($)') as HTMLInputElement).value).toBe(
      '1499',
    );
    expect(finance.textContent).toContain('$60.27');
    expect(finance.textContent).toContain('9.95%');
    expect(finance.textContent).toContain(
      "With a final payment of $5,097 and a $395 establishment fee financed, as on the car's page.",
    );
    // A longer term and a bigger deposit: the calculator's arithmetic still.
    await act(async () => {
      fireEvent.change(within(finance).getByLabelText('Loan term'), { target: { value: '7' } });
      fireEvent.change(within(finance).getByLabelText('Cash deposit ($)'), {
        target: { value: '3000' },
      });
    });
    const longer = loanFigures(calculator, {
      amount: 16_790,
      deposit: 3000,
      trade_in: 0,
      balloon: 5097,
      rate: 9.39,
      term_years: 7,
      frequency: 'week',
    });
    expect(finance.textContent).toContain(formatDollars(longer.repayment));
    // The final payment and the page's establishment fee are saved with the step, so the
    // API's summary and the order quote the same loan.
    await act(async () => {
      fireEvent.click(within(finance).getByRole('button', { name: 'Save and continue' }));
    });
    expect(bodyOf(fetchMock, `/api/journeys/${testCard.id}/steps`)).toMatchObject({
      finance: {
        choice: 'finance',
        deposit: 3000,
        term_years: 7,
        rate: 9.39,
        balloon: 5097,
        establishment_fee: 395,
        comparison_rate: longer.comparisonRate,
      },
    });
  });

  it('offers terms in years, "1 year" for one', async () => {
    openJourney(journey());
    render(<JourneyView terms={null} search={search} />);
    const term = await screen.findByLabelText('Loan term');
    const options = within(term)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options.slice(0, 3)).toEqual(['1 year', '1.5 years', '2 years']);
  });

  it("names a delivery's place as the car page does", async () => {
    const delivery = {
      choice: 'delivery' as const,
      postcode: '2460',
      place: 'Grafton NSW',
      region: 'Northern Rivers',
      fee: 1490,
    };
    openJourney(journey({ delivery }));
    render(<JourneyView terms={null} search={search} />);
    const step = await screen.findByRole('region', { name: /Delivery or pick-up/ });
    expect(within(step).getByText('$1,490 delivery to Grafton, 2460')).toBeTruthy();
    cleanup();
    openJourney(
      journey({
        delivery: { ...delivery, fee: 0 },
        order: { lead_id: 'L1', sent_at: '2026-11-28T06:00:00Z' },
      }),
    );
    render(<JourneyView terms={null} search={search} />);
    const sent = await screen.findByRole('region', { name: /Delivery or pick-up/ });
    expect(sent.textContent).toContain('Free delivery to Grafton, 2460.');
  });

  it('refuses to send the order once the hold has ended', async () => {
    openJourney(
      journey({
        hold: { ...journey().hold, live: false, status: 'expired', label: 'Hold ended' },
      }),
    );
    render(<JourneyView terms={null} search={search} />);
    const send = await screen.findByRole('button', { name: 'Send my order to the dealer' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toContain('hold on this car has ended');
  });

  it('has no axe violations', async () => {
    openJourney(
      journey({
        finance: { choice: 'finance', deposit: 0, term_years: 5, rate: 8.5, frequency: 'week' },
        summary: {
          ...journey().summary,
          repayment: {
            amount: 215.4,
            frequency: 'week',
            financed: 45790,
            rate: 8.5,
            comparison_rate: 8.5,
            term_years: 5,
            balloon: 0,
          },
        },
      }),
    );
    const { container } = render(<JourneyView terms={null} search={search} />);
    await screen.findByRole('region', { name: /Finance or cash/ });
    await act(async () => {});
    const options = { rules: { 'color-contrast': { enabled: false } } };
    expect((await axe.run(container, options)).violations.map((v) => v.id)).toEqual([]);
  });

  it('prints the comparison rate warning once, under the first rate on the page', async () => {
    const repayment = {
      amount: 215.4,
      frequency: 'week' as const,
      financed: 45790,
      rate: 8.5,
      comparison_rate: 8.5,
      term_years: 5,
      balloon: 0,
    };
    const financed = journey({
      finance: { choice: 'finance', deposit: 0, term_years: 5, rate: 8.5, frequency: 'week' },
      summary: { ...journey().summary, repayment },
    });
    openJourney(financed, {
      [`/api/journeys/${testCard.id}/order`]: () =>
        answer(201, { ...financed, order: { lead_id: 'L1', sent_at: '2026-11-28T06:00:00Z' } }),
    });
    render(<JourneyView terms={null} search={search} />);
    const finance = await screen.findByRole('region', { name: /Finance or cash/ });
    const review = screen.getByRole('region', { name: /Review and send/ });
    const warning = (within: HTMLElement) =>
      within.querySelectorAll('.comparison-rate-note').length;
    // The seed's words, word for word, once: under the finance step's figures.
    expect(screen.getAllByText(new RegExp(escape(MESSAGES.COMPARISON_RATE_WARNING)))).toHaveLength(
      1,
    );
    expect([warning(finance), warning(review)]).toEqual([1, 0]);
    // Paying cash hides the finance figures: the review's rate carries the warning.
    await act(async () => {
      fireEvent.click(within(finance).getByLabelText("I'm paying cash"));
    });
    expect([warning(finance), warning(review)]).toEqual([0, 1]);
    // Once the order is sent the steps close and the review keeps the one warning.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send my order to the dealer' }));
    });
    expect(document.querySelectorAll('.comparison-rate-note')).toHaveLength(1);
  });
});

describe('journey tokens', () => {
  it('keeps the token a reservation answer gives, and only a well-formed one', () => {
    rememberFromReservation({ car_id: 12, reservation_id: 'R1', journey_token: TOKEN });
    rememberFromReservation({ car_id: 13, reservation_id: 'R2', journey_token: 'R2.nothex' });
    rememberFromReservation({ car_id: '14', reservation_id: 'R3', journey_token: TOKEN });
    expect(journeyToken(12)).toBe(TOKEN);
    expect(journeyToken(13)).toBeNull();
    expect(journeyToken(14)).toBeNull();
  });
});
