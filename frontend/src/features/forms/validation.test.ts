import { describe, expect, it } from 'vitest';
import { caseTable } from '../../testing/case-table';
import type { FieldView } from '../../types/generated/FieldView';
import { field } from '../../testing/form-fields';
import { auPhoneDigits, isEmail, isPostcode, validateStep } from './validation';

const required = (
  name: string,
  input: FieldView['input'],
  message: string | null = null,
): FieldView => field(name, name, input, { required_message: message });

// The tables the Rust rules are tested on too (domain/tests/rules_forms.rs).
function cases<T>(name: string): T[] {
  return caseTable<{ cases: T[] }>(name).cases;
}

describe('format rules (domain/tests/data/{phone,email,postcode}_cases.json)', () => {
  it('accepts Australian phone numbers and gives their national digits', () => {
    const table = cases<{ input: string; national: string | null }>('phone_cases.json');
    expect(table.length).toBeGreaterThan(0);
    for (const { input, national } of table) expect(auPhoneDigits(input), input).toBe(national);
  });

  it('checks email addresses', () => {
    const table = cases<{ input: string; stored: string | null }>('email_cases.json');
    expect(table.length).toBeGreaterThan(0);
    for (const { input, stored } of table) expect(isEmail(input), input).toBe(stored !== null);
  });

  it('checks postcodes: exactly four digits', () => {
    const table = cases<{ input: string; postcode: string | null }>('postcode_cases.json');
    expect(table.length).toBeGreaterThan(0);
    for (const { input, postcode } of table)
      expect(isPostcode(input), input).toBe(postcode !== null);
  });
});

describe('validateStep', () => {
  const fields = [
    required('name', 'text', 'First name is required.'),
    required('email', 'email', 'Email is required.'),
    required('phone', 'tel', 'Phone is required.'),
    required('postcode', 'postcode'),
    required('message', 'textarea', 'Message is required.'),
    required('opt_in', 'checkbox'),
  ];
  const terms = {
    label: 'I agree',
    url: '/terms-and-conditions',
    message: 'You must agree to the terms of use before submitting the form.',
  };

  it('lists the seed messages in form order, the terms last', () => {
    const errors = validateStep(
      fields,
      { name: ' ', email: 'jo@', phone: '12345', postcode: '40', message: '', opt_in: false },
      terms,
      false,
    );
    expect(errors.map((e) => e.message)).toEqual([
      'First name is required.',
      'Please enter a valid email address.',
      'Please enter a valid Australian phone number.',
      'Invalid postcode. Please enter a 4-digit number.',
      'Message is required.',
      'You must agree to the terms of use before submitting the form.',
    ]);
  });

  it('passes a complete step; an empty optional postcode is fine', () => {
    const values = {
      name: 'Jo',
      email: 'jo@example.com',
      phone: '0412 345 678',
      postcode: '',
      message: 'Hi',
      opt_in: true,
    };
    expect(validateStep(fields, values, terms, true)).toEqual([]);
    expect(validateStep(fields, values, null, false)).toEqual([]);
  });
});
