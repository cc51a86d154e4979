import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardView } from '../../types/generated/CardView';
import { BottomBar, StickyHeader } from './scroll-bars';

const card = {
  id: 42,
  name: '2024 Toyota RAV4 GX',
  price_text: '$38,990',
  reserve_url: '/cars/x/checkout',
} as CardView;

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

beforeEach(() => {
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
    cb(0);
    return 0;
  });
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('StickyHeader', () => {
  it('appears at 500 px of scroll and goes back above it', () => {
    render(<StickyHeader card={card} thresholdPx={500} held={false} />);
    expect(screen.queryByTestId('vehicle-sticky')).toBeNull();
    scrollTo(499);
    expect(screen.queryByTestId('vehicle-sticky')).toBeNull();
    scrollTo(500);
    expect(screen.getByTestId('vehicle-sticky').textContent).toContain('2024 Toyota RAV4 GX');
    expect(screen.getByRole('link', { name: 'Reserve Now' })).toBeTruthy();
    scrollTo(100);
    expect(screen.queryByTestId('vehicle-sticky')).toBeNull();
  });
});

describe('BottomBar', () => {
  it('appears past 900 px with reserve, enquire and call', () => {
    const onCall = vi.fn();
    const phone = { display: '07 3000 1234', href: 'tel:0730001234', masked: true };
    render(
      <BottomBar
        card={card}
        thresholdPx={900}
        held={false}
        enquireUrl="/contact-us?car_id=42"
        enquireLabel="Enquire Now"
        phone={phone}
        onCall={onCall}
      />,
    );
    scrollTo(900);
    expect(screen.queryByRole('navigation', { name: 'Quick actions' })).toBeNull();
    scrollTo(901);
    expect(screen.getByRole('link', { name: 'Reserve Now' }).getAttribute('href')).toBe(
      '/cars/x/checkout',
    );
    expect(screen.getByRole('link', { name: 'Enquire Now' }).getAttribute('href')).toBe(
      '/contact-us?car_id=42',
    );
    const call = screen.getByRole('link', { name: 'Call' });
    call.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(call);
    expect(onCall).toHaveBeenCalledTimes(1);
  });

  it('drops Reserve Now while the car is held', () => {
    render(
      <BottomBar
        card={card}
        thresholdPx={900}
        held
        enquireUrl="/contact-us"
        enquireLabel="Message Now"
        phone={null}
        onCall={() => {}}
      />,
    );
    scrollTo(1000);
    expect(screen.queryByRole('link', { name: 'Reserve Now' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Message Now' })).toBeTruthy();
  });
});
