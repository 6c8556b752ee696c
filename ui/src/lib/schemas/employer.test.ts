import { beforeAll, describe, expect, it } from 'vitest';
import { startI18n } from '@/lib/i18n/i18n';
import {
  COMPANY_DESCRIPTION_MIN,
  validateEmployerProfile,
  validateEmployerSignup,
  type EmployerProfileValues,
  type EmployerSignupValues,
} from './employer';

beforeAll(async () => {
  await startI18n('en');
});

const signup: EmployerSignupValues = {
  firstName: 'Maya',
  lastName: 'Chen',
  email: 'maya@acme.example',
  password: 'longenough',
  position: 'Recruiter',
  company: 'Acme',
  industry: 'technology',
  companySize: '11-50',
  website: '',
  address: '1 Main St',
  companyDescription: 'We build tools for schools and run a summer internship for students.',
};

const { password: _password, ...rest } = signup;
const profile: EmployerProfileValues = { ...rest, phone: '555 010 0199' };

describe('employer schema', () => {
  it('accepts a complete sign-up, with the website left out', () => {
    expect(validateEmployerSignup(signup)).toEqual({});
  });

  it('gives each empty sign-up field its message', () => {
    const empty = Object.fromEntries(Object.keys(signup).map((k) => [k, ''])) as unknown as EmployerSignupValues;
    expect(validateEmployerSignup(empty)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Valid email required',
      password: 'Password must be at least 8 characters',
      position: 'Your position is required',
      company: 'Company name is required',
      industry: 'Industry is required',
      companySize: 'Company size is required',
      address: 'Company address is required',
      companyDescription: `Company description must be at least ${COMPANY_DESCRIPTION_MIN} characters`,
    });
  });

  it('asks an employer’s password for 8 characters, spaces counting', () => {
    expect(validateEmployerSignup({ ...signup, password: '1234567' })).toEqual({ password: 'Password must be at least 8 characters' });
    expect(validateEmployerSignup({ ...signup, password: '12345678' })).toEqual({});
    expect(validateEmployerSignup({ ...signup, password: '   abc  ' })).toEqual({});
  });

  it('checks the website only when one is typed', () => {
    expect(validateEmployerSignup({ ...signup, website: 'acme.example' })).toEqual({});
    expect(validateEmployerSignup({ ...signup, website: 'acme' })).toEqual({ website: 'Valid website URL required' });
  });

  it('asks the description for 50 characters, not counting the spaces around it', () => {
    const fortyNine = 'x'.repeat(COMPANY_DESCRIPTION_MIN - 1);
    expect(validateEmployerSignup({ ...signup, companyDescription: `  ${fortyNine}   ` })).toEqual({
      companyDescription: 'Company description must be at least 50 characters',
    });
    expect(validateEmployerSignup({ ...signup, companyDescription: `${fortyNine}x` })).toEqual({});
  });

  it('checks the profile’s phone (10 characters) and never a password the profile does not hold', () => {
    expect(validateEmployerProfile(profile)).toEqual({});
    expect(validateEmployerProfile({ ...profile, phone: '555 0101' })).toEqual({ phone: 'Valid phone number required' });
    expect(Object.keys(validateEmployerProfile({ ...profile, firstName: '' }))).toEqual(['firstName']);
  });
});
