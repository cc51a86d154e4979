// The vehicle page's enquiry, test drive and photo request dialogs (seed 000 s2/s5).
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VehicleProps } from '../app/props';
import { testCard } from '../components/test-card';
import { answer, mockFetch } from '../components/test-fetch';
import { testSite } from '../components/test-site';
import { carEnquiry, testDrive } from '../features/forms/test-views';
import type { VehicleFormsView } from '../types/generated/VehicleFormsView';
import { VehiclePage } from './vehicle-page';

const forms: VehicleFormsView = {
  enquiry: { label: 'Enquire Now', url: '/contact-us?car_id=7', form: carEnquiry },
  test_drive: { label: 'Book a Test Drive', url: '/book-test-drive?car_id=7', form: testDrive },
  photo_request: {
    label: 'Request Photos',
    url: '/contact-us?car_id=7&message=Please%20send%20photos%20for%20this%20car',
    form: { ...carEnquiry, kind: 'photo_request', form_id: 'photo-request-form', title: 'Request Photos', message_preset: 'Please send photos for this car' },
  },
};

function props(withForms: VehicleFormsView | null): VehicleProps {
  return {
    site: testSite,
    gate: null,
    page: {
      card: testCard,
      breadcrumbs: [],
      images: [],
      show_thumbnails: false,
      key_information: [],
      specifications: [],
      comments: { paragraphs: [], short_paragraphs: [], truncated: false, pending: true },
      rego_expiry: null,
      location: null,
      phone: null,
      sold_notice: null,
      find_similar_url: null,
      features: [],
      standard_equipment: [],
      similar: [],
      widgets: {
        delivery_calculator: false,
        price_comparison: false,
        fuel: null,
        car_url: 'https://www.acme.com.au/cars/2022-toyota-rav4-gx',
        print_url: '/print?car_id=2022-toyota-rav4-gx',
        enquire_url: '/contact-us?car_id=7',
        enquire_label: 'Enquire Now',
        dealership_id: 7,
        website_id: 5,
        sticky_header_px: 500,
        bottom_bar_px: 900,
        collapse_ms: 300,
        buy_online_url: null,
        youx_quote: null,
      },
      viewer: {
        modes: ['gallery'],
        default_mode: 'gallery',
        spin_images: [],
        spin_interval_ms: 100,
        spin_drag_sensitivity: 20,
        walkaround_url: null,
        walkaround_poster: null,
        interior_image: null,
        name: '2022 Toyota RAV4 GX',
        exterior_hotspots: [],
        interior_hotspots: [],
        gallery_video: null,
        external_video: null,
      },
      finance_calculator: null,
      finance_estimate: null,
      finance_url: '/finance?car_id=7#finance-form',
      forms: withForms,
      map: null,
      promo_banner: null,
      assurances: { certified: null, reserve_online: null, money_back: null, why_buy: null, protect: null, history_report_url: null },
    },
  } as VehicleProps;
}

beforeEach(() => {
  mockFetch().mockImplementation(async () => answer(200, { reserved: false }));
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
    cb(0);
    return 0;
  });
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const openDialog = () => document.querySelector('dialog[open]');

describe('VehiclePage forms', () => {
  it('links to the form pages without JavaScript', () => {
    const html = renderToString(<VehiclePage {...props(forms)} />);
    expect(html).toContain('href="/contact-us?car_id=7"');
    expect(html).toContain('href="/book-test-drive?car_id=7"');
    expect(html).toContain('href="/contact-us?car_id=7&amp;message=Please%20send%20photos%20for%20this%20car"');
    expect(html).not.toContain('<form');
  });

  it('opens the test drive and the enquiry as dialogs, from the sidebar and the bottom bar', async () => {
    render(<VehiclePage {...props(forms)} />);
    const sidebar = screen.getByRole('complementary', { name: 'Price and contact' });
    const testDriveButton = await within(sidebar).findByRole('button', { name: 'Book a Test Drive' });
    fireEvent.click(testDriveButton);
    const dialog = openDialog() as HTMLDialogElement;
    expect(within(dialog).getByRole('heading', { name: 'Book a Test Drive' })).toBeTruthy();
    expect(within(dialog).getByRole('form', { name: 'Book a Test Drive' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(openDialog()).toBeNull();
    expect(document.activeElement).toBe(testDriveButton);

    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 1000, configurable: true });
      fireEvent.scroll(window);
    });
    const bar = screen.getByRole('navigation', { name: 'Quick actions' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Enquire Now' }));
    const enquiry = openDialog() as HTMLDialogElement;
    expect(within(enquiry).getByRole('form', { name: 'Make an Enquiry' })).toBeTruthy();
    expect((enquiry.querySelector('input[name="car_id"]') as HTMLInputElement).value).toBe('42');
    fireEvent.click(within(enquiry).getByRole('button', { name: 'Close' }));
    expect(openDialog()).toBeNull();
  });

  it('offers no form dialogs without forms (a sold car)', async () => {
    render(<VehiclePage {...props(null)} />);
    await screen.findByRole('complementary', { name: 'Price and contact' });
    expect(screen.queryByRole('button', { name: 'Book a Test Drive' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Book a Test Drive' })).toBeNull();
    expect(document.querySelector('dialog.form-dialog')).toBeNull();
  });
});
