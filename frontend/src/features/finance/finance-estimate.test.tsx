import axe from 'axe-core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FinanceEstimate } from './finance-estimate';
import { estimateView } from '../../testing/finance-views';

afterEach(cleanup);

function figure(label: string): HTMLElement {
  const value = screen.getByText(label, { selector: 'dt' }).nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value after ${label}`);
  return value;
}

describe('FinanceEstimate', () => {
  it('shows weekly and monthly repayments with the interest and comparison rates alike, and the warning', () => {
    render(<FinanceEstimate estimate={estimateView()} />);
    expect(figure('Weekly repayment').textContent).toBe('$166.25 per week');
    expect(figure('Monthly repayment').textContent).toBe('$719.86 per month');
    expect(figure('Interest rate').textContent).toBe('8.50% p.a.');
    expect(figure('Comparison rate').textContent).toBe('9.06% p.a.*');
    expect(figure('Comparison rate').className).toBe(figure('Weekly repayment').className);
    expect(
      screen
        .getByText('Over 5 years with a 10% deposit ($5,000) and a 30% final payment ($15,000)')
        .hasAttribute('data-finance-assumptions'),
    ).toBe(true);
    expect(
      screen.getByText(/^WARNING: This comparison rate is true only for the examples given/),
    ).toBeTruthy();
    expect(
      screen.getByText(/Comparison rate calculated on a secured loan of \$30,000 over 5 years\./),
    ).toBeTruthy();
  });

  it('shows Enquire for Finance at 25 or less and keeps the comparison rate', () => {
    render(
      <FinanceEstimate
        estimate={estimateView({ weekly: 9.97, monthly: 43.17, enquire: true })}
        enquireHref="#finance-form"
      />,
    );
    expect(figure('Weekly repayment').textContent).toBe('Enquire for Finance');
    expect(screen.queryByText('Monthly repayment')).toBeNull();
    expect(figure('Comparison rate').textContent).toBe('9.06% p.a.*');
  });

  it('opens the disclaimer in a dialog: focus moves in, Escape closes it and focus returns', () => {
    const estimate = estimateView();
    render(<FinanceEstimate estimate={estimate} />);
    const opener = screen.getByRole('button', { name: 'View disclaimer' });
    const dialog = document.querySelector('dialog');
    expect(dialog?.hasAttribute('open')).toBe(false);
    fireEvent.click(opener);
    expect(dialog?.hasAttribute('open')).toBe(true);
    expect(screen.getByRole('heading', { name: 'Finance disclaimer' })).toBeTruthy();
    expect(screen.getByText(estimate.disclaimer)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(dialog as HTMLDialogElement, { key: 'Escape' });
    expect(dialog?.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog?.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('has no axe violations, with the dialog open too', async () => {
    const { container } = render(<FinanceEstimate estimate={estimateView()} />);
    const options = { rules: { 'color-contrast': { enabled: false } } };
    expect((await axe.run(container, options)).violations.map((v) => v.id)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'View disclaimer' }));
    expect((await axe.run(container, options)).violations.map((v) => v.id)).toEqual([]);
  });
});
