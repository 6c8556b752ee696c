import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  chosen,
  email,
  hasErrors,
  isValidEmail,
  isValidUrl,
  minLength,
  normalizeUrl,
  optionalUrl,
  pickFieldErrors,
  required,
  revealFirstInvalid,
  validator,
  type Schema,
} from './validation';

describe('validation', () => {
  it('accepts an address with a local part, a domain and a dot, trimmed', () => {
    expect(isValidEmail(' ava@student.example ')).toBe(true);
    expect(isValidEmail('ava@student')).toBe(false);
    expect(isValidEmail('ava student@school.example')).toBe(false);
  });

  it('adds https:// to a website typed without a scheme, and accepts only http(s) with a dot', () => {
    expect(normalizeUrl('acme.com')).toBe('https://acme.com');
    expect(normalizeUrl('  ')).toBe('');
    expect(isValidUrl('acme.com')).toBe(true);
    expect(isValidUrl('javascript://acme.com')).toBe(false);
    expect(isValidUrl('https://localhost')).toBe(false);
  });
});

describe('rule makers', () => {
  it('required refuses blank or space-only text and accepts anything else', () => {
    const rule = required('Name is required');
    expect(rule('')).toBe('Name is required');
    expect(rule(' \t\n')).toBe('Name is required');
    expect(rule(' Ava ')).toBeUndefined();
  });

  it('chosen refuses only an empty choice (a select value is not trimmed)', () => {
    const rule = chosen('Grade level is required');
    expect(rule('')).toBe('Grade level is required');
    expect(rule('11')).toBeUndefined();
    expect(rule(' ')).toBeUndefined();
  });

  it('minLength counts trimmed text by default, and spaces too when asked', () => {
    const trimmed = minLength(10, 'Too short');
    expect(trimmed('123456789')).toBe('Too short');
    expect(trimmed('1234567890')).toBeUndefined();
    expect(trimmed('  12345678  ')).toBe('Too short');
    const exact = minLength(6, 'Too short', false);
    expect(exact('  ab  ')).toBeUndefined();
    expect(exact('     ')).toBe('Too short');
  });

  it('email refuses what isValidEmail refuses, with the rule’s message', () => {
    const rule = email('Valid email required');
    expect(rule('ava@student.example')).toBeUndefined();
    expect(rule('')).toBe('Valid email required');
    expect(rule('ava@student')).toBe('Valid email required');
  });

  it('optionalUrl accepts an empty field or a website, with or without its scheme', () => {
    const rule = optionalUrl('Valid website URL required');
    expect(rule('')).toBeUndefined();
    expect(rule('   ')).toBeUndefined();
    expect(rule('acme.com')).toBeUndefined();
    expect(rule('http://acme.com/careers')).toBeUndefined();
    expect(rule('acme')).toBe('Valid website URL required');
    expect(rule('ftp://acme.com')).toBe('Valid website URL required');
  });

  it('reads a message given as a function each time the rule refuses (the current language)', () => {
    let language = 'en';
    const message = vi.fn(() => (language === 'en' ? 'Required' : 'Obligatorio'));
    const rule = required(message);
    expect(rule('text')).toBeUndefined();
    expect(message).not.toHaveBeenCalled();
    expect(rule('')).toBe('Required');
    language = 'es';
    expect(rule('')).toBe('Obligatorio');
    expect(message).toHaveBeenCalledTimes(2);
  });
});

describe('validator', () => {
  interface Values {
    name: string;
    email: string;
    website: string;
    tags: string[];
  }
  const schema: Schema<Values> = {
    name: required('Name is required'),
    email: email('Valid email required'),
    website: optionalUrl('Valid website URL required'),
    tags: (value) => (value.length === 0 ? 'Pick a tag' : undefined),
  };

  it('gives each refused field its rule’s message and nothing for the fields that pass', () => {
    const validate = validator(schema);
    expect(validate({ name: '', email: 'ava@student.example', website: 'acme', tags: [] })).toEqual({
      name: 'Name is required',
      website: 'Valid website URL required',
      tags: 'Pick a tag',
    });
    expect(validate({ name: 'Ava', email: 'ava@student.example', website: '', tags: ['art'] })).toEqual({});
  });

  it('checks only the fields the values hold, so a form with part of the entity uses the same schema', () => {
    const validateContact = validator<Pick<Values, 'email'>>(schema);
    expect(validateContact({ email: 'nope' })).toEqual({ email: 'Valid email required' });
  });

  it('passes a field the schema has no rule for', () => {
    const validate = validator<{ name: string; note: string }>({ name: required('Name is required') });
    expect(validate({ name: 'Ava', note: '' })).toEqual({});
  });
});

describe('hasErrors and pickFieldErrors', () => {
  it('hasErrors is true only when some field has a message', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors<'a' | 'b'>({ a: undefined, b: '' })).toBe(false);
    expect(hasErrors<'a' | 'b'>({ a: undefined, b: 'Required' })).toBe(true);
  });

  it('pickFieldErrors keeps the server’s messages for the fields the form holds, and drops empty ones', () => {
    const fields = ['email', 'password'] as const;
    expect(pickFieldErrors(fields, { email: 'Already registered', companyId: 'Unknown', password: '' })).toEqual({
      email: 'Already registered',
    });
    expect(pickFieldErrors(fields, undefined)).toEqual({});
  });
});

describe('revealFirstInvalid', () => {
  afterEach(() => document.body.replaceChildren());

  it('scrolls the first invalid field’s message into view and focuses that field', () => {
    document.body.innerHTML = `
      <form>
        <input id="name" />
        <input id="email" aria-invalid="true" aria-describedby="email-hint email-error" />
        <p id="email-error">Valid email required</p>
        <input id="school" aria-invalid="true" aria-describedby="school-error" />
        <p id="school-error">School name is required</p>
      </form>`;
    const form = document.querySelector('form');
    const message = document.getElementById('email-error')!;
    const scrolled = vi.spyOn(message, 'scrollIntoView');
    revealFirstInvalid(form);
    expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ block: 'center' }));
    expect(document.activeElement?.id).toBe('email');
  });

  it('scrolls the field itself when it has no message element, and does nothing without an invalid field', () => {
    document.body.innerHTML = `<form><input id="a" /><input id="b" aria-invalid="true" /></form>`;
    const field = document.getElementById('b')!;
    const scrolled = vi.spyOn(field, 'scrollIntoView');
    revealFirstInvalid(document.querySelector('form'));
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(field);

    field.blur();
    field.removeAttribute('aria-invalid');
    revealFirstInvalid(document.querySelector('form'));
    expect(document.activeElement).toBe(document.body);
    revealFirstInvalid(null);
  });
});
