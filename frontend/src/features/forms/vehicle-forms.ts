// The forms a vehicle page opens in dialogs. A site publishes them once, without a car
// (VehicleFormSet, domain::view::form::vehicle_form_set), and each vehicle page carries
// only its car's part (VehicleFormsView): the file is fetched when a shopper first reaches
// for a form button and the car is filled in here.
import { useCallback, useMemo, useState } from 'react';
import type { CarFormLink } from '../../types/generated/CarFormLink';
import type { FieldView } from '../../types/generated/FieldView';
import type { FormPageView } from '../../types/generated/FormPageView';
import type { VehicleFormSet } from '../../types/generated/VehicleFormSet';
import type { VehicleFormsView } from '../../types/generated/VehicleFormsView';
import { fieldView } from './field-view';

/** The three dialogs of a vehicle page. */
export type VehicleFormKind = 'enquiry' | 'test_drive' | 'photo_request';

/** The site's `base` form with the car of `forms` filled in: a field named like one of
 *  the car's values takes it, the other values go as hidden fields of the last step, the
 *  location select starts on the car's location when the form lists it, and the intro
 *  names the car. */
export function carForm(
  base: FormPageView,
  forms: VehicleFormsView,
  link: CarFormLink,
): FormPageView {
  const values = new Map(forms.values.map((v) => [v.name, v.value]));
  const used = new Set<string>();
  const fill = (field: FieldView): FieldView => {
    const value = values.get(field.name);
    if (value === undefined) return field;
    used.add(field.name);
    return { ...field, default_value: value };
  };
  const steps = base.steps.map((step) => ({ ...step, fields: step.fields.map(fill) }));
  const extra = forms.values
    .filter((v) => !used.has(v.name))
    .map((v) => fieldView(v.name, v.name, 'hidden', { default_value: v.value }));
  const last = steps[steps.length - 1];
  if (last) steps[steps.length - 1] = { ...last, fields: [...last.fields, ...extra] };
  const atCar = base.locations.find((l) => l.slug === forms.location_slug);
  return {
    ...base,
    steps,
    // The car's own title ("Book a Test Ride" on a motorcycle).
    title: link.title,
    intro: link.intro,
    subject: forms.car,
    default_location_id: atCar ? atCar.id : base.default_location_id,
  };
}

const sets = new Map<string, Promise<VehicleFormSet>>();

/** The form set at `url`, fetched once per page load (a failed fetch is tried again on the
 *  next call). */
export function loadFormSet(url: string): Promise<VehicleFormSet> {
  let set = sets.get(url);
  if (!set) {
    set = fetch(url, { headers: { accept: 'application/json' } }).then((response) => {
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response.json() as Promise<VehicleFormSet>;
    });
    set.catch(() => sets.delete(url));
    sets.set(url, set);
  }
  return set;
}

/** Forgets fetched sets (tests). */
export function clearFormSets() {
  sets.clear();
}

/** The state of a vehicle page's forms: `load` starts the fetch (call it when a form
 *  button is pointed at, focused or pressed), `view(kind)` is the car's form once loaded,
 *  `failed` is true when the fetch failed. */
export function useVehicleForms(forms: VehicleFormsView | null) {
  const [set, setSet] = useState<VehicleFormSet | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    if (!forms || set) return;
    setFailed(false);
    loadFormSet(forms.set_url).then(setSet, () => setFailed(true));
  }, [forms, set]);
  const views = useMemo(() => {
    if (!forms || !set) return null;
    return {
      enquiry: carForm(set.enquiry, forms, forms.enquiry),
      test_drive: carForm(set.test_drive, forms, forms.test_drive),
      photo_request: carForm(set.photo_request, forms, forms.photo_request),
    };
  }, [forms, set]);
  const view = useCallback(
    (kind: VehicleFormKind): FormPageView | null => views?.[kind] ?? null,
    [views],
  );
  return { load, view, failed };
}
