import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '../types/generated/constants';
import { fetchPlaces, PlaceCombobox, postcodeOf, type PlaceSuggestion } from './place-combobox';
import { answer, mockFetch } from '../testing/fetch';

const at = (name: string, state: string, postcode: string): PlaceSuggestion => ({
  name,
  state,
  postcode,
  label: `${name} ${state} ${postcode}`,
  lat: -27.6,
  lng: 153.1,
});
const SPRING = [
  at('Spring Hill', 'QLD', '4000'),
  at('Springwood', 'QLD', '4127'),
  at('Springfield', 'QLD', '4300'),
];

function Field({
  lookUp,
  onPick,
}: {
  lookUp: (q: string, signal: AbortSignal) => Promise<PlaceSuggestion[]>;
  onPick: (place: PlaceSuggestion) => void;
}) {
  const [text, setText] = useState('');
  return (
    <PlaceCombobox
      label="Suburb or postcode"
      value={text}
      onChange={setText}
      onPick={onPick}
      lookUp={lookUp}
    />
  );
}

const input = () =>
  screen.getByRole('combobox', { name: 'Suburb or postcode' }) as HTMLInputElement;
const options = () => screen.queryAllByRole('option').map((o) => o.textContent);
const live = () => screen.getByRole('status').textContent;

async function type(text: string) {
  fireEvent.change(input(), { target: { value: text } });
  await act(async () => {
    vi.advanceTimersByTime(AUTOCOMPLETE_DEBOUNCE_MS);
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PlaceCombobox', () => {
  it('asks once, after a 300 ms pause in typing, for the last text typed', async () => {
    const lookUp = vi.fn<(query: string, signal: AbortSignal) => Promise<PlaceSuggestion[]>>(
      async () => SPRING,
    );
    render(<Field lookUp={lookUp} onPick={vi.fn()} />);
    expect(AUTOCOMPLETE_DEBOUNCE_MS).toBe(300);
    fireEvent.change(input(), { target: { value: 'Sp' } });
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    fireEvent.change(input(), { target: { value: 'Spr' } });
    await act(async () => {
      vi.advanceTimersByTime(299);
    });
    expect(lookUp).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(lookUp).toHaveBeenCalledTimes(1);
    expect(lookUp.mock.calls[0]![0]).toBe('Spr');
    expect(options()).toEqual([
      'Spring Hill QLD 4000',
      'Springwood QLD 4127',
      'Springfield QLD 4300',
    ]);
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(live()).toBe('3 places found: up and down arrows to choose, Enter to pick.');
  });

  it('does not look up a single letter', async () => {
    const lookUp = vi.fn(async () => SPRING);
    render(<Field lookUp={lookUp} onPick={vi.fn()} />);
    await type('S');
    expect(lookUp).not.toHaveBeenCalled();
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('moves through the suggestions with the arrow keys and picks with Enter', async () => {
    const onPick = vi.fn();
    render(<Field lookUp={async () => SPRING} onPick={onPick} />);
    await type('Spring');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    const active = input().getAttribute('aria-activedescendant');
    expect(document.getElementById(active!)?.textContent).toBe('Springwood QLD 4127');
    expect(document.getElementById(active!)?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(input().getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(
      document.getElementById(input().getAttribute('aria-activedescendant')!)?.textContent,
    ).toBe('Springfield QLD 4300');
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(SPRING[1]);
    expect(input().value).toBe('Springwood QLD 4127');
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('picks the best match on Enter with no suggestion chosen, and a click picks too', async () => {
    const onPick = vi.fn();
    render(<Field lookUp={async () => SPRING} onPick={onPick} />);
    await type('Spring');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onPick).toHaveBeenLastCalledWith(SPRING[0]);
    await type('Spring');
    fireEvent.click(screen.getByRole('option', { name: 'Springfield QLD 4300' }));
    expect(onPick).toHaveBeenLastCalledWith(SPRING[2]);
  });

  it('closes the list with Escape and opens it again with the down arrow', async () => {
    const onPick = vi.fn();
    render(<Field lookUp={async () => SPRING} onPick={onPick} />);
    await type('Spring');
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(live()).toBe('');
    // Enter with the list closed is the form's: nothing is picked.
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onPick).not.toHaveBeenCalled();
    expect(input().value).toBe('Spring');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(input().getAttribute('aria-expanded')).toBe('true');
  });

  it('says when nothing matches, and only logs a failed lookup', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = false;
    render(
      <Field
        lookUp={async () => {
          if (fail) throw new Error('HTTP 503');
          return [];
        }}
        onPick={vi.fn()}
      />,
    );
    await type('Qwxz');
    expect(live()).toBe('No places match Qwxz.');
    fail = true;
    await type('Spring');
    expect(error).toHaveBeenCalledWith('Place suggestions failed', expect.any(Error));
    expect(options()).toEqual([]);
    expect(live()).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks GET /api/places with the text and refuses an answer that is not a list', async () => {
    const fetchMock = mockFetch();
    fetchMock.mockResolvedValueOnce(answer(200, SPRING));
    const signal = new AbortController().signal;
    await expect(fetchPlaces('Spring Hill', signal)).resolves.toEqual(SPRING);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/places?q=Spring+Hill');
    fetchMock.mockResolvedValueOnce(answer(429, { success: false, code: 'rate_limited' }));
    await expect(fetchPlaces('Spring', signal)).rejects.toThrow('HTTP 429');
  });

  it('reads a postcode from the text or the end of a place line', () => {
    expect(postcodeOf(' 4127 ')).toBe('4127');
    expect(postcodeOf('Springwood QLD 4127')).toBe('4127');
    expect(postcodeOf('Springwood')).toBeNull();
    expect(postcodeOf('412')).toBeNull();
  });
});
