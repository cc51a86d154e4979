import axe from 'axe-core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FinanceCalculator } from './finance-calculator';
import { calculatorView } from '../../testing/finance-views';

afterEach(cleanup);

const WARNING =
  'WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.';

/** The value shown under a figure's label (repayment, interest rate, comparison rate). */
function figure(label: string | RegExp): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value after ${String(label)}`);
  return value;
}

/** The comparison rate is on screen next to the repayment, in the same style, with the
 *  prescribed warning and its basis, and nothing hides it. */
function expectComparisonRateShown(rate: string) {
  const comparison = figure('Comparison rate');
  expect(comparison.textContent).toBe(`${rate} p.a.*`);
  expect(comparison.className).toBe(figure(/repayment$/).className);
  expect(comparison.closest('[hidden], [aria-hidden="true"], details:not([open])')).toBeNull();
  expect(
    screen.getByText(new RegExp(WARNING.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).textContent,
  ).toContain('Comparison rate calculated on a secured loan of $30,000 over 5 years.');
}

describe('FinanceCalculator', () => {
  it('labels every control and shows the weekly repayment with both rates at the defaults', () => {
    render(<FinanceCalculator view={calculatorView()} />);
    expect(document.getElementById('finance-calculator')).not.toBeNull();
    for (const label of [
      'Purchase price',
      'Adjust purchase price',
      'Deposit',
      'Trade-in',
      'Residual (final payment)',
      'Loan term',
      'Interest rate',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect((screen.getByLabelText('Purchase price') as HTMLInputElement).value).toBe('30,000');
    expect(screen.getByLabelText('Loan term').getAttribute('aria-valuetext')).toBe('6 years');
    expect((screen.getByRole('radio', { name: 'Weekly' }) as HTMLInputElement).checked).toBe(true);
    // 30000 at 8.5% over 6 years weekly: r = 0.085/52, n = 312 gives 122.825...
    expect(figure('Weekly repayment').textContent).toBe('$122.83 per week');
    expect(figure('Interest rate').textContent).toBe('8.50% p.a.');
    expectComparisonRateShown('8.50%');
  });

  it('shows the purchase price message, clamps on leaving the input and formats thousands', () => {
    render(<FinanceCalculator view={calculatorView()} />);
    const amount = screen.getByLabelText('Purchase price') as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '500' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'Cannot be less than $1,000 or more than $250,000',
    );
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    fireEvent.blur(amount);
    expect(amount.value).toBe('1,000');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(amount.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(amount, { target: { value: '45990' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(amount);
    expect(amount.value).toBe('45,990');
    fireEvent.change(amount, { target: { value: '260000' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'Cannot be less than $1,000 or more than $250,000',
    );
  });

  it('sets the amount from a quick pick and the slider on its 500 step', () => {
    render(<FinanceCalculator view={calculatorView()} />);
    const picks = screen.getByRole('group', { name: 'Purchase price quick picks' });
    fireEvent.click(within(picks).getByRole('button', { name: '$50,000' }));
    expect((screen.getByLabelText('Purchase price') as HTMLInputElement).value).toBe('50,000');
    expect(
      within(picks).getByRole('button', { name: '$50,000' }).getAttribute('aria-pressed'),
    ).toBe('true');
    const slider = screen.getByLabelText('Adjust purchase price') as HTMLInputElement;
    expect([slider.min, slider.max, slider.step]).toEqual(['1000', '250000', '500']);
    fireEvent.change(slider, { target: { value: '20500' } });
    expect((screen.getByLabelText('Purchase price') as HTMLInputElement).value).toBe('20,500');
  });

  it('switches frequency: the repayment and its label follow, the comparison rate stays', () => {
    render(<FinanceCalculator view={calculatorView()} />);
    fireEvent.change(screen.getByLabelText('Loan term'), { target: { value: '5' } });
    expect(figure('Weekly repayment').textContent).toBe('$141.73 per week');
    fireEvent.click(screen.getByRole('radio', { name: 'Fortnightly' }));
    expect(figure('Fortnightly repayment').textContent).toBe('$283.64 per fortnight');
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(figure('Monthly repayment').textContent).toBe('$615.50 per month');
    expectComparisonRateShown('8.50%');
  });

  it('shows Enquire for Finance at 25 or less, linked to the finance form, with the comparison rate', () => {
    render(<FinanceCalculator view={calculatorView()} enquireHref="#finance-form" />);
    fireEvent.change(screen.getByLabelText('Deposit'), { target: { value: '30000' } });
    const repayment = figure('Weekly repayment');
    expect(repayment.textContent).toBe('Enquire for Finance');
    expect(
      within(repayment).getByRole('link', { name: 'Enquire for Finance' }).getAttribute('href'),
    ).toBe('#finance-form');
    expectComparisonRateShown('8.50%');
  });

  it('moves the comparison rate with the interest rate and the dealer fees', () => {
    render(
      <FinanceCalculator
        view={calculatorView({ establishment_fee: 395, comparison_upfront_fees: 395 })}
      />,
    );
    expectComparisonRateShown('9.06%');
    fireEvent.change(screen.getByLabelText('Interest rate'), { target: { value: '12' } });
    expect(figure('Interest rate').textContent).toBe('12.00% p.a.');
    expect(figure('Comparison rate').textContent).toMatch(/^12\.\d\d% p\.a\.\*$/);
    expect(figure('Comparison rate').textContent).not.toBe('12.00% p.a.*');
  });

  it('hides the interest input where configured and locks it where fixed; months where configured', () => {
    const hidden = calculatorView({ interest_hidden: true, term_display_months: true });
    const { unmount } = render(<FinanceCalculator view={hidden} />);
    expect(screen.queryByLabelText('Interest rate')).toBeNull();
    expect(screen.queryByText('Interest rate')).toBeNull();
    expect(screen.getByLabelText('Loan term').getAttribute('aria-valuetext')).toBe('72 months');
    expectComparisonRateShown('8.50%');
    unmount();

    const locked = calculatorView();
    locked.ranges = {
      ...locked.ranges,
      interest: { min: 12.94, max: 12.94, step: 0.5, default: 12.94 },
      interest_locked: true,
    };
    render(<FinanceCalculator view={locked} />);
    expect(screen.queryByRole('slider', { name: 'Interest rate' })).toBeNull();
    expect(screen.getByText('12.94% p.a. (fixed)')).toBeTruthy();
    expect(figure('Interest rate').textContent).toBe('12.94% p.a.');
    expectComparisonRateShown('12.94%');
  });

  it('starts from the budget the finance link carries', () => {
    window.history.replaceState(null, '', '/finance?vehiclePriceBudget=%2445%2C990#finance-form');
    render(<FinanceCalculator view={calculatorView()} amountParam="vehiclePriceBudget" />);
    expect((screen.getByLabelText('Purchase price') as HTMLInputElement).value).toBe('45,990');
    window.history.replaceState(null, '', '/');
  });

  // Seed 001 s7: "Analytics event ids: ... 26 calculator use".
  it('sends event 26 once, at the first use, and not for the amount a link carries', () => {
    window.dataLayer = [];
    window.history.replaceState(null, '', '/finance?vehiclePriceBudget=45990');
    render(<FinanceCalculator view={calculatorView()} amountParam="vehiclePriceBudget" />);
    expect(window.dataLayer).toEqual([]);
    fireEvent.change(screen.getByLabelText('Loan term'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(window.dataLayer).toEqual([{ event: 'forecourt_calculator', event_id: 26 }]);
    window.history.replaceState(null, '', '/');
  });

  it('toggles the disclaimer between 197 characters and the full text', () => {
    const view = calculatorView();
    render(<FinanceCalculator view={view} />);
    expect(screen.getByText(view.disclaimer_short.text)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show More' }));
    expect(screen.getByText(view.disclaimer)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(screen.queryByText(view.disclaimer)).toBeNull();
  });

  it('has no axe violations (colour contrast is checked in the browser)', async () => {
    const { container } = render(
      <FinanceCalculator view={calculatorView()} enquireHref="#finance-form" />,
    );
    fireEvent.change(screen.getByLabelText('Purchase price'), { target: { value: '500' } });
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
  });
});
