// Test helper: the reserve form of car 42 as the payments tests render it, with the fetch
// and the navigation they watch.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetSession } from '../features/account/session';
import { LeadForm } from '../features/forms/lead-form';
import { reserveView } from './form-views';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(path: string) => void>();

const browser = () => ({
  url: 'http://acme.localhost/cars/car-42/checkout',
  userAgent: 'test-agent',
  query: new URLSearchParams(),
});

/** Each test starts with fresh mocks, no session and empty storage. Gives the global fetch
 *  of every test and where the form went once the reservation was stored. */
export function setUpReserveTests() {
  beforeEach(() => {
    fetchMock.mockReset();
    navigate.mockReset();
    window.localStorage.clear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    resetSession();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });
  return { fetchMock, navigate };
}

/** Renders the reserve form for a shopper not signed in; `props` overrides any of that. */
export function renderReserveForm(props: Partial<ComponentProps<typeof LeadForm>> = {}) {
  return render(
    <LeadForm
      view={reserveView}
      dealershipSlug="acme"
      browser={browser}
      navigate={navigate}
      verifiedPhone={async () => null}
      {...props}
    />,
  );
}

/** Types the shopper's details, with `phone`. */
export function fillDetails(phone: string) {
  const text = (name: string, value: string) =>
    fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
  text('First name', 'Jo');
  text('Email', 'jo@example.com');
  text('Phone', phone);
}
