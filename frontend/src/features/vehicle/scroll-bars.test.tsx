import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardView } from '../../types/generated/CardView';
import { BottomBar, StickyHeader } from './scroll-bars';

type BottomBarProps = Parameters<typeof BottomBar>[0];

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

/** A bottom bar at 900 px, no phone, enquiring at /contact-us; `props` override. */
function bottomBar(props: Partial<BottomBarProps> = {}) {
  return (
    <BottomBar
      card={card}
      thresholdPx={900}
      held={false}
      enquireUrl="/contact-us"
      enquireLabel="Enquire Now"
      phone={null}
      onCall={() => {}}
      {...props}
    />
  );
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

describe('one Reserve Now at a time', () => {
  // jsdom has no IntersectionObserver: an element that exists counts as on screen.
  const onScreen = { current: document.createElement('a') };

  it('leaves Reserve Now to the page while its own button is on screen', () => {
    render(
      <>
        <StickyHeader card={card} thresholdPx={500} held={false} primaryReserve={onScreen} />
        {bottomBar({ primaryReserve: onScreen })}
      </>,
    );
    scrollTo(1000);
    expect(screen.getByTestId('vehicle-sticky')).toBeTruthy();
    const bar = screen.getByRole('navigation', { name: 'Quick actions' });
    expect(screen.queryByRole('link', { name: 'Reserve Now' })).toBeNull();
    // The bar's button stays in its slot, hidden, and the price shows in its place, so
    // nothing in the bar moves when the page's own button scrolls away.
    const hidden = bar.querySelector('a[inert]');
    expect(hidden?.textContent).toBe('Reserve Now');
    expect(bar.querySelector('.vehicle-bottom-bar__price:not([inert])')?.textContent).toBe(
      '$38,990',
    );
  });

  it('the header leaves it to the bottom bar once that shows', () => {
    render(<StickyHeader card={card} thresholdPx={500} held={false} bottomBarPx={900} />);
    scrollTo(900);
    expect(screen.getByRole('link', { name: 'Reserve Now' })).toBeTruthy();
    scrollTo(901);
    expect(screen.getByTestId('vehicle-sticky')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Reserve Now' })).toBeNull();
  });
});

describe('BottomBar', () => {
  it('appears past 900 px with reserve, enquire and call', () => {
    const onCall = vi.fn();
    const phone = { display: '07 3000 1234', href: 'tel:0730001234', masked: true };
    render(bottomBar({ enquireUrl: '/contact-us?car_id=42', phone, onCall }));
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

  it('opens the dealer’s messaging channel as Message Now, and the enquiry form without one', () => {
    const onEnquire = vi.fn();
    const sms = 'sms:+61412345678?body=Hi%2C%20I%27m%20interested%20in%20the%202024%20Toyota';
    render(bottomBar({ messageUrl: sms, onEnquire }));
    scrollTo(1000);
    expect(screen.getByRole('link', { name: 'Message Now' }).getAttribute('href')).toBe(sms);
    expect(screen.queryByRole('button', { name: 'Enquire Now' })).toBeNull();
    cleanup();
    render(bottomBar({ messageUrl: null, onEnquire }));
    scrollTo(1000);
    fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
    expect(onEnquire).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('link', { name: 'Message Now' })).toBeNull();
  });

  it('drops Reserve Now while the car is held', () => {
    render(bottomBar({ held: true, enquireLabel: 'Message Now' }));
    scrollTo(1000);
    expect(screen.queryByRole('link', { name: 'Reserve Now' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Message Now' })).toBeTruthy();
  });
});
