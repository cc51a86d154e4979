import { describe, expect, it } from 'vitest';
import { localOptions, tradeInView } from '../../../testing/trade-in-views';
import {
  carErrors,
  carIdOf,
  conditionErrors,
  enquiryView,
  formatKms,
  lookupBody,
  parseKms,
  vehicleName,
  type CarInput,
} from './trade-in-steps';

const empty: CarInput = { rego: '', regoState: 'QLD', year: '', make: '', model: '', kms: '' };

describe('trade-in steps', () => {
  it('reads kilometres with or without separators and writes them with separators', () => {
    expect(parseKms('45,000')).toBe(45000);
    expect(parseKms(' 45 000 ')).toBe(45000);
    expect(parseKms('0')).toBe(0);
    for (const bad of ['', 'lots', '45.5', '-3', '1234567890']) expect(parseKms(bad)).toBeNull();
    expect(formatKms(180000)).toBe('180,000');
    expect(formatKms(999)).toBe('999');
  });

  it('asks for year, make and model without a lookup, and for the rego with one', () => {
    expect(carErrors(empty, localOptions).map((e) => e.name)).toEqual([
      'vehicle.year',
      'vehicle.make',
      'vehicle.model',
      'kms',
    ]);
    const lookup = { ...localOptions, lookup: true };
    expect(carErrors(empty, lookup)).toEqual([
      { name: 'rego', message: 'Rego is required.' },
      { name: 'kms', message: 'Odometer is required.' },
    ]);
    expect(carErrors({ ...empty, rego: 'ABC123', kms: '12 thousand' }, lookup)).toEqual([
      { name: 'kms', message: localOptions.messages.kms_invalid },
    ]);
    const picked = { ...empty, year: '2022', make: 'Toyota', model: 'RAV4', kms: '40,500' };
    expect(carErrors(picked, localOptions)).toEqual([]);
    expect(lookupBody(picked, localOptions)).toEqual({
      vehicle: { year: 2022, make: 'Toyota', model: 'RAV4' },
      kms: 40500,
    });
    expect(lookupBody({ ...picked, rego: ' abc123 ' }, lookup)).toEqual({
      rego: 'abc123',
      regoState: 'QLD',
      kms: 40500,
    });
  });

  it('needs an answer to every condition question', () => {
    expect(conditionErrors({ keys: 'one' }, localOptions.questions)).toEqual([
      {
        name: 'adjustmentAnswers.accident_damage',
        message: 'Accident or body damage is required.',
      },
    ]);
    expect(
      conditionErrors({ keys: 'one', accident_damage: 'none' }, localOptions.questions),
    ).toEqual([]);
  });

  it('prefills the ordinary enquiry with the car, leaving the rest as the page gave it', () => {
    const view = enquiryView(tradeInView, {
      ...empty,
      rego: ' ABC123 ',
      year: '2015',
      make: 'Toyota',
      model: 'HiLux',
      kms: '180000',
    });
    const defaults = Object.fromEntries(
      view.steps[0]!.fields.map((f) => [f.name, f.default_value]),
    );
    expect(defaults).toMatchObject({
      rego: 'ABC123',
      regoState: 'QLD',
      'Vehicle Year': '2015',
      'Vehicle Make': 'Toyota',
      'Vehicle Model': 'HiLux',
      kms: '180,000',
      name: '',
      message: '',
    });
    expect(tradeInView.steps[0]!.fields.find((f) => f.name === 'kms')?.default_value).toBe('');
  });

  it('reads the page car from ?car_id= and names the car', () => {
    expect(carIdOf(new URLSearchParams('car_id=42'))).toBe(42);
    for (const bad of ['', 'car_id=', 'car_id=0', 'car_id=4x', 'car_id=-1'])
      expect(carIdOf(new URLSearchParams(bad))).toBeNull();
    expect(vehicleName({ year: 2021, make: 'Mazda', model: 'CX-5', badge: 'Maxx Sport' })).toBe(
      '2021 Mazda CX-5 Maxx Sport',
    );
  });
});
