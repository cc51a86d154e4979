// The vehicle page's enquiry, test drive and photo request dialogs (seed 000 s2/s5).
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VehicleProps } from '../app/props';
import { testCard } from '../testing/card';
import { answer, mockFetch } from '../testing/fetch';
import { testSite } from '../testing/site';
import { clearFormSets } from '../features/forms/vehicle-forms';
import { field } from '../testing/form-fields';
import { carEnquiry, rav4Forms, testDrive } from '../testing/form-views';
import type { VehicleFormSet } from '../types/generated/VehicleFormSet';
import type { VehicleFormsView } from '../types/generated/VehicleFormsView';
import { VehiclePage } from './vehicle-page';

/** The site's forms, without a car (domain::view::form::vehicle_form_set). */
const siteEnquiry = {
  ...carEnquiry,
  subject: null,
  steps: [
    {
      title: null,
      fields: (carEnquiry.steps[0]?.fields ?? [])
        .filter((f) => f.input !== 'hidden')
        .concat(field('car_id', 'Car', 'hidden', { query_param: 'car_id' })),
    },
  ],
};
const formSet: VehicleFormSet = {
  enquiry: siteEnquiry,
  test_drive: testDrive,
  photo_request: {
    ...siteEnquiry,
    kind: 'photo_request',
    form_id: 'photo-request-form',
    title: 'Request Photos',
    message_preset: 'Please send photos for this car',
  },
};

const forms = rav4Forms(7, null);

function props(withForms: VehicleFormsView | null): VehicleProps {
  return {
    site: testSite,
    gate: null,
    page: {
      card: testCard,
      breadcrumbs: [],
      images: [],
      show_thumbnails: false,
      key_chips: ['2024', '21,408 km', 'Automatic', 'Petrol', 'SUV'],
      key_information: [],
      specifications: [],
      comments: { paragraphs: [], short_paragraphs: [], truncated: false, pending: true },
      comments_title: 'Dealer Comments',
      rego_expiry: null,
      location: null,
      phone: null,
      sold_notice: null,
      find_similar_url: null,
      features: [],
      standard_equipment: [],
      summary_title: 'Car Summary',
      similar_title: 'Similar cars',
      compare: [],
      similar_url: null,
      similar_search_url: '/search/toyota/rav4',
      widgets: {
        delivery_calculator: false,
        delivery_location: 'springwood',
        price_comparison: false,
        car_analysis: false,
        fuel: null,
        car_url: 'https://www.acme.com.au/cars/2022-toyota-rav4-gx',
        print_url: '/print?car_id=2022-toyota-rav4-gx',
        enquire_url: '/contact-us?car_id=7',
        enquire_label: 'Enquire Now',
        message_url: null,
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
      assurances: {
        certified: null,
        reserve_online: null,
        money_back: null,
        why_buy: null,
        protect: null,
        history_report_url: null,
      },
    },
  } as VehicleProps;
}

let setAnswer: () => Promise<Response>;

beforeEach(() => {
  setAnswer = async () => answer(200, formSet);
  mockFetch().mockImplementation(async (url) =>
    String(url) === '/_site/vehicle-forms.json' ? setAnswer() : answer(200, { reserved: false }),
  );
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
    cb(0);
    return 0;
  });
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});
afterEach(() => {
  cleanup();
  clearFormSets();
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
    expect(html).toContain(
      'href="/contact-us?car_id=7&amp;message=Please%20send%20photos%20for%20this%20car"',
    );
    expect(html).not.toContain('<form');
  });

  it('opens the test drive and the enquiry as dialogs, from the sidebar and the bottom bar', async () => {
    render(<VehiclePage {...props(forms)} />);
    const sidebar = screen.getByRole('complementary', { name: 'Price and contact' });
    const testDriveButton = await within(sidebar).findByRole('button', {
      name: 'Book a Test Drive',
    });
    fireEvent.click(testDriveButton);
    const dialog = openDialog() as HTMLDialogElement;
    expect(within(dialog).getByRole('heading', { name: 'Book a Test Drive' })).toBeTruthy();
    expect(await within(dialog).findByRole('form', { name: 'Book a Test Drive' })).toBeTruthy();
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
    expect((enquiry.querySelector('input[name="car_id"]') as HTMLInputElement).value).toBe('7');
    expect((enquiry.querySelector('input[name="Vehicle Make"]') as HTMLInputElement).value).toBe(
      'Toyota',
    );
    expect(within(enquiry).getByText('Ask us about the 2024 Toyota RAV4 GX.')).toBeTruthy();
    fireEvent.click(within(enquiry).getByRole('button', { name: 'Close' }));
    expect(openDialog()).toBeNull();
  });

  it('says the form is loading, and offers its page when it cannot load', async () => {
    let release: (r: Response) => void = () => undefined;
    setAnswer = () => new Promise((resolve) => (release = resolve));
    render(<VehiclePage {...props(forms)} />);
    const sidebar = screen.getByRole('complementary', { name: 'Price and contact' });
    const button = await within(sidebar).findByRole('button', { name: 'Request Photos' });
    fireEvent.pointerEnter(button);
    fireEvent.click(button);
    const dialog = openDialog() as HTMLDialogElement;
    expect(within(dialog).getByRole('heading', { name: 'Request Photos' })).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toBe('Loading the form…');
    await act(async () => release(answer(500, {})));
    const alert = await within(dialog).findByRole('alert');
    expect(
      within(alert).getByRole('link', { name: 'Open it on its own page' }).getAttribute('href'),
    ).toBe(forms.photo_request.url);

    // Asked again, it tries again.
    setAnswer = async () => answer(200, formSet);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.click(button);
    expect(
      await within(openDialog() as HTMLDialogElement).findByRole('form', {
        name: 'Request Photos',
      }),
    ).toBeTruthy();
  });

  it('offers no form dialogs without forms (a sold car)', async () => {
    render(<VehiclePage {...props(null)} />);
    await screen.findByRole('complementary', { name: 'Price and contact' });
    expect(screen.queryByRole('button', { name: 'Book a Test Drive' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Book a Test Drive' })).toBeNull();
    expect(document.querySelector('dialog.form-dialog')).toBeNull();
  });
});
