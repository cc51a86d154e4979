import { describe, expect, it } from 'vitest';
import type { FieldView } from '../../types/generated/FieldView';
import { field } from './test-fields';
import { auPhoneDigits, isEmail, isPostcode, validateStep } from './validation';

const required = (
  name: string,
  input: FieldView['input'],
  message: string | null = null,
): FieldView => field(name, name, input, { required_message: message });

describe('format rules (same cases as domain/tests/rules_forms.rs)', () => {
  it('accepts Australian phone numbers and gives their national digits', () => {
    const cases: [string, string | null][] = [
      ['0412 345 678', '0412345678'],
      ['+61 412 345 678', '0412345678'],
      ['+61 (0)412-345-678', '0412345678'],
      ['61412345678', '0412345678'],
      ['(07) 3123 4567', '0731234567'],
      ['02.9876.5432', '0298765432'],
      ['1300 123 456', '1300123456'],
      ['1800123456', '1800123456'],
      ['13 12 34', '131234'],
      ['0512 345 678', null],
      ['0412 345 67', null],
      ['+1 412 345 678', null],
      ['0412 345 678 ext 2', null],
      ['', null],
    ];
    for (const [input, expected] of cases) expect(auPhoneDigits(input), input).toBe(expected);
  });

  it('checks email addresses', () => {
    const cases: [string, boolean][] = [
      ['jo@example.com.au', true],
      ['  Jo.Smith+cars@Example.COM ', true],
      ['jo@localhost', false],
      ['jo@@example.com', false],
      ['jo example@example.com', false],
      ['@example.com', false],
      ['jo@-example.com', false],
      ['jo@example.c', false],
      ['jo@example..com', false],
      ['', false],
    ];
    for (const [input, expected] of cases) expect(isEmail(input), input).toBe(expected);
  });

  it('checks postcodes: exactly four digits', () => {
    expect(isPostcode(' 0800 ')).toBe(true);
    for (const bad of ['400', '40000', '40a0', '４０００', '-400'])
      expect(isPostcode(bad), bad).toBe(false);
  });
});

describe('validateStep', () => {
  const fields = [
    required('name', 'text', 'Name is required.'),
    required('email', 'email', 'Email is required.'),
    required('phone', 'tel', 'Phone is required.'),
    required('postcode', 'postcode'),
    required('message', 'textarea', 'Message is required.'),
    required('opt_in', 'checkbox'),
  ];
  const terms = {
    label: 'I agree',
    url: null,
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
      'Name is required.',
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
