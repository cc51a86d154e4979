import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../testing/fetch';
import type { YouxQuoteView } from '../../types/generated/YouxQuoteView';
import { MESSAGES } from '../../types/generated/messages';
import { YouxQuote } from './youx-quote';

afterEach(cleanup);

const request: YouxQuoteView = {
  quote: null,
  assumptions: '',
  request: {
    selfAssessedCreditScore: 'GREAT',
    purchasePrice: 32990,
    loanTerm: 5,
    year: 2022,
    vin: 'JTM123',
    nvic: null,
    whoIsHelping: '',
  },
};

describe('YouxQuote', () => {
  it('asks once for a missing quote and shows it with the comparison rate and its warning', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(
        answer(200, { weeklyRepaymentAmount: 123.4, advertisedRate: 7.99, comparisonRate: 8.19 }),
      );
    const { rerender } = render(
      <YouxQuote view={request} enquireHref="/finance#finance-form" fetchImpl={fetchMock} />,
    );
    expect(await screen.findByText('8.19%')).toBeTruthy();
    expect(screen.getByText('7.99%')).toBeTruthy();
    expect(screen.getByText(MESSAGES.COMPARISON_RATE_WARNING, { exact: false })).toBeTruthy();
    rerender(
      <YouxQuote view={request} enquireHref="/finance#finance-form" fetchImpl={fetchMock} />,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/youx/quote');
    expect(JSON.parse(String(init?.body))).toEqual(request.request);
  });

  it('shows the feed quote without asking', () => {
    const fetchMock = vi.fn<typeof fetch>();
    render(
      <YouxQuote
        view={{
          quote: { weeklyRepaymentAmount: 99, advertisedRate: 6.5, comparisonRate: 7.1 },
          request: null,
          assumptions: 'Over 5 years on the full price of $32,990, no deposit and no final payment',
        }}
        enquireHref="/finance"
        fetchImpl={fetchMock}
      />,
    );
    expect(screen.getByText('7.10%')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stays silent when the quote fails, and cancels when the page goes away', async () => {
    const failing = vi.fn<typeof fetch>().mockResolvedValue(answer(503, { success: false }));
    const { container, unmount } = render(
      <YouxQuote view={request} enquireHref="/finance" fetchImpl={failing} />,
    );
    await waitFor(() => expect(failing).toHaveBeenCalled());
    expect(container.textContent).toBe('');
    unmount();
    let signal: AbortSignal | undefined;
    const pending = vi.fn<typeof fetch>().mockImplementation((_input, init) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>(() => {});
    });
    const second = render(<YouxQuote view={request} enquireHref="/finance" fetchImpl={pending} />);
    await waitFor(() => expect(signal).toBeDefined());
    second.unmount();
    expect(signal?.aborted).toBe(true);
  });
});
