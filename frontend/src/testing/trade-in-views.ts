// Test fixtures: the trade-in form page as the Rust view gives it, and the valuation
// API's answers.
import type { FormPageView } from '../types/generated/FormPageView';
import { field } from './form-fields';
import { baseView, contactFields } from './form-views';
import type {
  LookupAnswer,
  TradeInOptions,
  Valuation,
} from '../features/forms/trade-in/trade-in-client';

export const tradeInView: FormPageView = {
  ...baseView,
  title: 'Sell or Trade In Your Car',
  intro: 'Thinking of selling or trading in your car?',
  kind: 'trade_in',
  form_id: 'trade-in-form',
  category: 'Trade-In',
  subcategory: null,
  steps: [
    {
      title: null,
      fields: [
        ...contactFields,
        field('rego', 'Rego', 'text', { max_length: 10 }),
        field('regoState', 'Rego state', 'select', {
          options: ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'],
          default_value: 'QLD',
        }),
        field('Vehicle Make', 'Make', 'text', { required_message: 'Make is required.' }),
        field('Vehicle Model', 'Model', 'text', { required_message: 'Model is required.' }),
        field('Vehicle Year', 'Year', 'number', {
          required_message: 'Year is required.',
          max_length: 4,
        }),
        field('kms', 'Odometer', 'number', { suffix: 'kms' }),
        field('message', 'Message', 'textarea', { required_message: 'Message is required.' }),
        field('opt_in', 'Keep me up to date with news and offers', 'checkbox'),
      ],
    },
  ],
  locations: [{ id: 7, name: 'Acme Springwood', slug: 'springwood' }],
  default_location_id: 7,
  terms: {
    label: 'I agree to the terms of use',
    url: '/terms-and-conditions',
    message: 'You must agree to the terms of use before submitting the form.',
  },
  thank_you: {
    title: 'Thank You',
    text: 'We have received your details. The Acme Motors team will be in touch soon.',
  },
};

const answers = (...pairs: [string, string][]) => pairs.map(([value, label]) => ({ value, label }));

export const localOptions: TradeInOptions = {
  enabled: true,
  lookup: false,
  default_state: 'QLD',
  states: ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'],
  years: [2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017, 2016, 2015],
  makes: [
    { make: 'Mazda', models: ['CX-5'], valued: ['CX-5'] },
    { make: 'Toyota', models: ['Corolla', 'HiLux', 'RAV4'], valued: ['HiLux', 'RAV4'] },
  ],
  questions: [
    {
      id: 'accident_damage',
      question: 'Has the car been in an accident, or does it have body damage?',
      required_message: 'Accident or body damage is required.',
      answers: answers(['none', 'No accidents or damage'], ['minor', 'Minor dents or scratches']),
    },
    {
      id: 'keys',
      question: 'How many keys do you have?',
      required_message: 'Keys is required.',
      answers: answers(['two', 'Two or more'], ['one', 'One']),
    },
  ],
  save_valuations: false,
  max_age_years: 7,
  max_km: 100000,
  lead_subcategory: '3. Offer Accepted',
  start_label: 'Get Your Valuation',
  messages: {
    rego_required: 'Rego is required.',
    year_required: 'Year is required.',
    make_required: 'Make is required.',
    model_required: 'Model is required.',
    kms_required: 'Odometer is required.',
    kms_invalid: 'Please enter the odometer reading in kms, e.g. 45,000.',
  },
};

export const ready: LookupAnswer = {
  outcome: 'ready',
  message: null,
  vehicle: { year: 2022, make: 'Toyota', model: 'RAV4' },
  kms: 40500,
  rego: null,
  regoState: null,
};

export const offer: Valuation = {
  outcome: 'offer',
  message: null,
  id: 'val-1',
  offer_price: 28000,
  range_min: 28000,
  range_max: 30700,
  comparables: 12,
  confidence: 0.71,
  adjustments: [
    { id: 'accident_damage', answer: 'none', amount: 0 },
    { id: 'keys', answer: 'one', amount: 450 },
  ],
  vehicle: { year: 2022, make: 'Toyota', model: 'RAV4' },
  kms: 40500,
  rego: null,
  regoState: null,
  source: 'local',
};
