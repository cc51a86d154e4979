import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Assurances, HistoryReportLink } from './assurances';

afterEach(cleanup);

const none = {
  certified: null,
  reserve_online: null,
  money_back: null,
  why_buy: null,
  protect: null,
  history_report_url: null,
};

describe('Assurances', () => {
  it('shows each section that applies, under its heading', () => {
    render(
      <Assurances
        view={{
          ...none,
          certified: {
            title: 'Toyota Certified Pre-Owned',
            points: ['90 point inspection', '1-year roadside assist'],
          },
          reserve_online: {
            title: 'Reserve Online',
            points: ['Reserve this car online with a $200 deposit.'],
          },
          money_back: '48 hour money back guarantee',
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Toyota Certified Pre-Owned' })).toBeTruthy();
    expect(screen.getByText('1-year roadside assist')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Reserve Online' })).toBeTruthy();
    expect(screen.getByText('48 hour money back guarantee')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Why Buy From Us' })).toBeNull();
  });

  it('renders nothing when nothing applies', () => {
    const { container } = render(<Assurances view={none} />);
    expect(container.textContent).toBe('');
  });

  it('opens the history report in a new tab and sends event 60', () => {
    window.dataLayer = [];
    render(<HistoryReportLink url="https://reports.example/2.pdf" />);
    const link = screen.getByRole('link', { name: /^History report/ });
    expect(link.getAttribute('target')).toBe('_blank');
    link.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(link);
    expect(window.dataLayer).toEqual([
      expect.objectContaining({ event: 'forecourt_history_report', event_id: 60 }),
    ]);
  });
});
