import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormPageView } from '../../types/generated/FormPageView';
import type { FormStepView } from '../../types/generated/FormStepView';
import { answer, mockFetch } from '../../testing/fetch';
import { field } from '../../testing/form-fields';
import { contactFields, rav4, rav4Forms, testDrive } from '../../testing/form-views';
import { carForm, clearFormSets, loadFormSet } from './vehicle-forms';

/** The site's test drive, before a car: no car id yet. */
const slotStep = testDrive.steps[0] as FormStepView;
const siteTestDrive: FormPageView = {
  ...testDrive,
  intro: 'Book a test drive.',
  subject: null,
  default_location_id: 1,
  steps: [
    slotStep,
    {
      title: 'Contact Details',
      fields: [...contactFields, field('car_id', 'Car', 'hidden', { query_param: 'car_id' })],
    },
  ],
};

const carForms = rav4Forms(42, 'capalaba');

afterEach(() => {
  vi.unstubAllGlobals();
  clearFormSets();
});

describe('carForm', () => {
  it('fills in the car: its values, hidden fields, location, intro and subject', () => {
    const form = carForm(siteTestDrive, carForms, carForms.test_drive);
    const last = form.steps[1]?.fields ?? [];
    expect(last.find((f) => f.name === 'car_id')?.default_value).toBe('42');
    expect(last.filter((f) => f.input === 'hidden').map((f) => [f.name, f.default_value])).toEqual([
      ['car_id', '42'],
      ['Vehicle Make', 'Toyota'],
      ['Vehicle Model', 'RAV4'],
      ['vehicle_status', 'new'],
    ]);
    expect(form.steps[0]).toEqual(siteTestDrive.steps[0]);
    expect(form.default_location_id).toBe(3);
    expect(form.intro).toBe('Drive the 2024 Toyota RAV4 GX.');
    expect(form.subject).toEqual(rav4);
    // The site's form is left as it was.
    expect(siteTestDrive.steps[1]?.fields.find((f) => f.name === 'car_id')?.default_value).toBe('');
  });

  it('keeps the form default location when the car is elsewhere', () => {
    expect(
      carForm(siteTestDrive, { ...carForms, location_slug: 'gone' }, carForms.test_drive)
        .default_location_id,
    ).toBe(1);
    expect(
      carForm(siteTestDrive, { ...carForms, location_slug: null }, carForms.test_drive)
        .default_location_id,
    ).toBe(1);
  });
});

describe('loadFormSet', () => {
  it('fetches a set once and tries again after a failure', async () => {
    const fetchMock = mockFetch();
    fetchMock.mockResolvedValueOnce(answer(503, {}));
    await expect(loadFormSet('/_site/vehicle-forms.json')).rejects.toThrow(
      '/_site/vehicle-forms.json answered 503',
    );
    fetchMock.mockImplementation(async () =>
      answer(200, {
        enquiry: siteTestDrive,
        test_drive: siteTestDrive,
        photo_request: siteTestDrive,
      }),
    );
    const set = await loadFormSet('/_site/vehicle-forms.json');
    expect(set.test_drive.title).toBe('Book a Test Drive');
    await loadFormSet('/_site/vehicle-forms.json');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
