import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftKey } from './drafts';
import { FormDialog, useFormDialog } from './form-dialog';
import { FormDialogOpener } from './form-dialog-opener';
import { answer } from '../../testing/fetch';
import { carEnquiry } from '../../testing/form-views';

const navigate = vi.fn<(path: string) => void>();
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  navigate.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/cars/car-42');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function Harness() {
  const state = useFormDialog();
  return (
    <>
      <FormDialogOpener
        label="Enquire Now"
        url="/contact-us?car_id=42"
        className="button"
        onOpen={state.show}
      />
      <button type="button" onClick={state.show}>
        Enquire from the bar
      </button>
      <FormDialog state={state} view={carEnquiry} dealershipSlug="acme" navigate={navigate} />
    </>
  );
}

const dialog = () => document.querySelector('dialog') as HTMLDialogElement;

describe('FormDialog', () => {
  it('is a link to the form page in the static markup', () => {
    const html = renderToString(<Harness />);
    expect(html).toContain('<a class="button" href="/contact-us?car_id=42">Enquire Now</a>');
    expect(html).not.toContain('<form');
  });

  it('opens the form from a button, closes on Escape and returns focus to the opener', async () => {
    render(<Harness />);
    const opener = await screen.findByRole('button', { name: 'Enquire Now' });
    expect(opener.getAttribute('aria-haspopup')).toBe('dialog');
    expect(dialog().hasAttribute('open')).toBe(false);
    opener.focus();
    fireEvent.click(opener);
    expect(dialog().hasAttribute('open')).toBe(true);
    const title = screen.getByRole('heading', { name: 'Make an Enquiry' });
    expect(dialog().getAttribute('aria-labelledby')).toBe(title.id);
    expect(document.activeElement).toBe(title);
    expect(screen.getByRole('form', { name: 'Make an Enquiry' })).toBeTruthy();
    expect((document.querySelector('input[name="car_id"]') as HTMLInputElement).value).toBe('42');
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    expect(dialog().hasAttribute('open')).toBe(false);
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('returns focus to whichever opener was used, and keeps the typing for the next opening', async () => {
    render(<Harness />);
    await screen.findByRole('button', { name: 'Enquire Now' });
    const bar = screen.getByRole('button', { name: 'Enquire from the bar' });
    fireEvent.click(bar);
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), {
      target: { value: 'Is it still available?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.activeElement).toBe(bar);
    expect(
      JSON.parse(window.localStorage.getItem(draftKey('/cars/car-42', 'enquiry-form')) ?? '{}'),
    ).toMatchObject({ values: { message: 'Is it still available?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe(
        'Is it still available?',
      ),
    );
  });

  it('goes to /success once the form is stored', async () => {
    fetchMock.mockResolvedValueOnce(answer(201, { success: true, lead_id: 'lead-1' }));
    render(<Harness />);
    fireEvent.click(await screen.findByRole('button', { name: 'Enquire Now' }));
    const text = (name: string, value: string) =>
      fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
    text('First name', 'Jo');
    text('Email', 'jo@example.com');
    text('Phone', '0412 345 678');
    text('Message', 'Hello');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Enquire Now' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/success'));
  });
});
