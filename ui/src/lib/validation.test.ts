import { describe, expect, it } from 'vitest';
import { isValidEmail, isValidUrl, normalizeUrl } from './validation';

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
