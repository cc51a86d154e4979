import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FacetView } from '../../types/generated/FacetView';
import { answer, mockFetch } from '../../testing/fetch';
import { DealershipPicker } from './dealership-picker';
import { DistancePicker, lookUpPostcode } from './distance-picker';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const dealerships: FacetView = {
  facet: 'location_name',
  label: 'Dealership',
  widget: 'picker',
  items: [
    { label: 'Acme Springwood', value: 'Acme Springwood', count: 12 },
    { label: 'Acme Capalaba', value: 'Acme Capalaba', count: 3 },
  ],
  dealerships: [],
};

describe('DealershipPicker', () => {
  it("requires a pick: '*Please select a dealership location.'", () => {
    const onPick = vi.fn();
    render(<DealershipPicker facet={dealerships} selected={[]} idPrefix="t" onPick={onPick} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show stock' }));
    expect(screen.getByRole('alert').textContent).toBe('*Please select a dealership location.');
    const select = screen.getByRole('combobox', { name: 'Dealership' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(onPick).not.toHaveBeenCalled();
    fireEvent.change(select, { target: { value: 'Acme Capalaba' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show stock' }));
    expect(onPick).toHaveBeenCalledWith('location_name', ['Acme Capalaba']);
  });

  it('shows the URL pick and clears it with All dealerships', () => {
    const onPick = vi.fn();
    render(
      <DealershipPicker
        facet={dealerships}
        selected={['Acme Springwood']}
        idPrefix="t"
        onPick={onPick}
      />,
    );
    expect((screen.getByRole('combobox', { name: 'Dealership' }) as HTMLSelectElement).value).toBe(
      'Acme Springwood',
    );
    fireEvent.click(screen.getByRole('button', { name: 'All dealerships' }));
    expect(onPick).toHaveBeenCalledWith('location_name', []);
  });
});

describe('DealershipPicker with the dealer locations', () => {
  // Seed 000 s3: "Dealership picker fields: dealership_name, location_id, dealership_id,
  // dealership_slug".
  const withLocations: FacetView = {
    ...dealerships,
    items: [
      ...dealerships.items,
      { label: 'Elsewhere Motors', value: 'Elsewhere Motors', count: 1 },
    ],
    dealerships: [
      {
        dealership_name: 'Acme Springwood Toyota',
        location_id: 3101,
        dealership_id: 31,
        dealership_slug: 'acme-springwood',
        value: 'Acme Springwood',
      },
      {
        dealership_name: 'Acme Capalaba',
        location_id: 3102,
        dealership_id: null,
        dealership_slug: null,
        value: 'Acme Capalaba',
      },
    ],
  };

  it('offers each dealership by name with its location id and dealership, and picks by locationId', () => {
    const onPick = vi.fn();
    const onPickLocation = vi.fn();
    render(
      <DealershipPicker
        facet={withLocations}
        selected={[]}
        idPrefix="t"
        onPick={onPick}
        onPickLocation={onPickLocation}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Dealership' }) as HTMLSelectElement;
    const options = Array.from(select.options).slice(1);
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ['3101', 'Acme Springwood Toyota (12)'],
      ['3102', 'Acme Capalaba (3)'],
      ['Elsewhere Motors', 'Elsewhere Motors (1)'],
    ]);
    expect(options[0]?.dataset).toMatchObject({
      dealershipId: '31',
      dealershipSlug: 'acme-springwood',
    });
    fireEvent.change(select, { target: { value: '3101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show stock' }));
    expect(onPickLocation).toHaveBeenCalledWith('location_name', '3101');
    // A location the dealer does not list is picked by name, as before.
    fireEvent.change(select, { target: { value: 'Elsewhere Motors' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show stock' }));
    expect(onPick).toHaveBeenCalledWith('location_name', ['Elsewhere Motors']);
  });

  it('shows the URL locationId and clears it with All dealerships', () => {
    const onPickLocation = vi.fn();
    render(
      <DealershipPicker
        facet={withLocations}
        selected={[]}
        locationId="3102"
        idPrefix="t"
        onPick={vi.fn()}
        onPickLocation={onPickLocation}
      />,
    );
    expect((screen.getByRole('combobox', { name: 'Dealership' }) as HTMLSelectElement).value).toBe(
      '3102',
    );
    fireEvent.click(screen.getByRole('button', { name: 'All dealerships' }));
    expect(onPickLocation).toHaveBeenCalledWith('location_name', '');
  });
});

const distance = { choices_km: [25, 50, 75, 100, 150, 250, 500, 750, 1000], default_km: 50 };

describe('DistancePicker', () => {
  it('offers the seed radius choices, 50 km first', () => {
    render(<DistancePicker view={distance} near={null} idPrefix="t" onNear={vi.fn()} />);
    const radius = screen.getByRole('combobox', { name: 'Within' }) as HTMLSelectElement;
    expect(Array.from(radius.options).map((o) => o.value)).toEqual([
      '25',
      '50',
      '75',
      '100',
      '150',
      '250',
      '500',
      '750',
      '1000',
    ]);
    expect(radius.value).toBe('50');
  });

  it('checks the postcode format, places a postcode and says when it is unknown', async () => {
    const onNear = vi.fn();
    const lookUp = vi.fn(async (postcode: string) =>
      postcode === '4000' ? { lat: -27.47, lng: 153.02 } : null,
    );
    render(
      <DistancePicker view={distance} near={null} idPrefix="t" onNear={onNear} lookUp={lookUp} />,
    );
    const postcode = screen.getByRole('combobox', { name: 'Your suburb or postcode' });
    fireEvent.change(postcode, { target: { value: '40' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Search nearby' })));
    expect(screen.getByRole('alert').textContent).toBe(
      'Invalid postcode. Please enter a 4-digit number.',
    );
    expect(lookUp).not.toHaveBeenCalled();
    fireEvent.change(postcode, { target: { value: '0999' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Search nearby' })));
    expect(screen.getByRole('alert').textContent).toBe('Invalid postcode.');
    fireEvent.change(screen.getByRole('combobox', { name: 'Within' }), {
      target: { value: '100' },
    });
    fireEvent.change(postcode, { target: { value: '4000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Search nearby' })));
    expect(onNear).toHaveBeenCalledWith({
      lat: -27.47,
      lng: 153.02,
      radius: 100,
      postcode: '4000',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('applies a new radius of a distance search at once and clears it with Any distance', () => {
    const onNear = vi.fn();
    const near = { lat: -27.47, lng: 153.02, radius: 50, postcode: '4000' };
    render(<DistancePicker view={distance} near={near} idPrefix="t" onNear={onNear} />);
    expect(
      (screen.getByRole('combobox', { name: 'Your suburb or postcode' }) as HTMLInputElement).value,
    ).toBe('4000');
    fireEvent.change(screen.getByRole('combobox', { name: 'Within' }), {
      target: { value: '250' },
    });
    expect(onNear).toHaveBeenCalledWith({ ...near, radius: 250 });
    fireEvent.click(screen.getByRole('button', { name: 'Any distance' }));
    expect(onNear).toHaveBeenLastCalledWith(null);
  });

  it('asks GET /api/postcodes/{postcode} and reads lat and lng', async () => {
    const fetchMock = mockFetch();
    fetchMock.mockResolvedValueOnce(
      answer(200, { locality: 'Brisbane', state: 'QLD', lat: -27.47, lng: 153.02 }),
    );
    expect(await lookUpPostcode('4000')).toEqual({ lat: -27.47, lng: 153.02 });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/postcodes/4000');
    fetchMock.mockResolvedValueOnce(
      answer(404, { code: 'not_found', message: 'Invalid postcode.' }),
    );
    expect(await lookUpPostcode('0999')).toBeNull();
  });
});
