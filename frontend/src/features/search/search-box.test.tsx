import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from './search-box';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SearchBox', () => {
  it('writes the query after a 300 ms pause in typing, or at once on Enter', () => {
    const onQuery = vi.fn();
    render(<SearchBox query="" delayMs={300} onQuery={onQuery} />);
    const box = screen.getByRole('searchbox', { name: 'Search stock' });
    fireEvent.change(box, { target: { value: 'hi' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(box, { target: { value: 'hilux' } });
    act(() => vi.advanceTimersByTime(299));
    expect(onQuery).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onQuery).toHaveBeenCalledExactlyOnceWith('hilux');
    fireEvent.change(box, { target: { value: 'hilux sr5' } });
    fireEvent.submit(box);
    expect(onQuery).toHaveBeenLastCalledWith('hilux sr5');
    act(() => vi.advanceTimersByTime(300));
    expect(onQuery).toHaveBeenCalledTimes(2);
  });

  it('shows a query set from outside (Clear Filters, back)', () => {
    const onQuery = vi.fn();
    const { rerender } = render(<SearchBox query="rav4" delayMs={300} onQuery={onQuery} />);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('rav4');
    rerender(<SearchBox query="" delayMs={300} onQuery={onQuery} />);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
    act(() => vi.advanceTimersByTime(300));
    expect(onQuery).not.toHaveBeenCalled();
  });

  it('keeps what the shopper typed on while the query changes from outside', () => {
    const onQuery = vi.fn();
    const { rerender } = render(<SearchBox query="" delayMs={300} onQuery={onQuery} />);
    const box = screen.getByRole('searchbox') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'rav4 under 3' } });
    act(() => vi.advanceTimersByTime(300));
    expect(onQuery).toHaveBeenLastCalledWith('rav4 under 3');
    // The shopper pauses: the words left once "under 3" became a filter are shown.
    rerender(<SearchBox query="rav4" delayMs={300} onQuery={onQuery} />);
    expect(box.value).toBe('rav4');
    fireEvent.change(box, { target: { value: 'rav4 under 3' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(box, { target: { value: 'rav4 under 30k' } });
    // Still typing: the answer of the last query does not overwrite the box.
    rerender(<SearchBox query="rav4 " delayMs={300} onQuery={onQuery} />);
    expect(box.value).toBe('rav4 under 30k');
    act(() => vi.advanceTimersByTime(300));
    expect(onQuery).toHaveBeenLastCalledWith('rav4 under 30k');
  });
});
