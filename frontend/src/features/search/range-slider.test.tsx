import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RangeView } from '../../types/generated/RangeView';
import { RangeSlider } from './range-slider';

const price: RangeView = {
  facet: 'price',
  label: 'Price',
  min: 3000,
  max: 87000,
  kind: 'price',
  unit: 'dollars',
};

function slider(selected?: { min: number | null; max: number | null }) {
  const onRange = vi.fn();
  const view = render(
    <RangeSlider
      range={price}
      bounds={{ min: 3000, max: 87000 }}
      selected={selected}
      defaultMax={100000}
      delayMs={400}
      idPrefix="t"
      onRange={onRange}
    />,
  );
  return { onRange, view };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('RangeSlider', () => {
  it('has two named thumbs stepping one hundredth of the range, with their values as text', () => {
    slider();
    const low = screen.getByRole('slider', { name: 'Minimum Price' });
    const high = screen.getByRole('slider', { name: 'Maximum Price' });
    expect(low.getAttribute('step')).toBe('840');
    expect(low.getAttribute('aria-valuetext')).toBe('$3,000');
    expect(high.getAttribute('aria-valuetext')).toBe('$87,000');
  });

  it('rounds a thumb move to the nearest 1000 and applies it after the 400 ms pause', () => {
    const { onRange } = slider();
    const low = screen.getByRole('slider', { name: 'Minimum Price' });
    fireEvent.change(low, { target: { value: '12440' } });
    expect(low.getAttribute('aria-valuetext')).toBe('$12,000');
    fireEvent.change(low, { target: { value: '13280' } });
    act(() => vi.advanceTimersByTime(399));
    expect(onRange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onRange).toHaveBeenCalledTimes(1);
    expect(onRange).toHaveBeenCalledWith('price', 13000, null);
  });

  it('keeps the minimum from passing the maximum and the maximum from dropping below the minimum', () => {
    const { onRange } = slider({ min: null, max: 20000 });
    const low = screen.getByRole('slider', { name: 'Minimum Price' });
    fireEvent.change(low, { target: { value: '50000' } });
    expect(low.getAttribute('aria-valuetext')).toBe('$20,000');
    const high = screen.getByRole('slider', { name: 'Maximum Price' });
    fireEvent.change(high, { target: { value: '4000' } });
    expect(high.getAttribute('aria-valuetext')).toBe('$20,000');
    act(() => vi.advanceTimersByTime(400));
    expect(onRange).toHaveBeenLastCalledWith('price', 20000, 20000);
  });

  it('ignores typed values outside the facet and applies those inside, rounded', () => {
    const { onRange } = slider();
    const from = screen.getByRole('textbox', { name: 'From' });
    fireEvent.change(from, { target: { value: '2,500' } });
    act(() => vi.advanceTimersByTime(400));
    expect(onRange).not.toHaveBeenCalled();
    expect((from as HTMLInputElement).value).toBe('2,500');
    fireEvent.change(from, { target: { value: '$25,400' } });
    act(() => vi.advanceTimersByTime(400));
    expect(onRange).toHaveBeenCalledWith('price', 25000, null);
    fireEvent.blur(from);
    expect((from as HTMLInputElement).value).toBe('25,000');
    const to = screen.getByRole('textbox', { name: 'To' });
    fireEvent.change(to, { target: { value: '99000' } });
    act(() => vi.advanceTimersByTime(400));
    expect(onRange).toHaveBeenCalledTimes(1);
  });

  it('shows a selection that changes from outside (back and forward) without applying it again', () => {
    const onRange = vi.fn();
    const props = {
      range: price,
      bounds: { min: 3000, max: 87000 },
      defaultMax: 100000,
      delayMs: 400,
      idPrefix: 't',
      onRange,
    };
    const { rerender } = render(<RangeSlider {...props} selected={{ min: 10000, max: null }} />);
    expect(
      screen.getByRole('slider', { name: 'Minimum Price' }).getAttribute('aria-valuetext'),
    ).toBe('$10,000');
    rerender(<RangeSlider {...props} selected={undefined} />);
    expect(
      screen.getByRole('slider', { name: 'Minimum Price' }).getAttribute('aria-valuetext'),
    ).toBe('$3,000');
    act(() => vi.advanceTimersByTime(1000));
    expect(onRange).not.toHaveBeenCalled();
  });
});
