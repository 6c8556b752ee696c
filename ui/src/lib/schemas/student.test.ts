import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, startI18n } from '@/lib/i18n/i18n';
import { validateSchoolSignup, validateStudent, validateStudentProfile, type StudentValues } from './student';

beforeAll(async () => {
  await startI18n('en');
});

afterAll(async () => {
  await changeLanguage('en');
});

const student: StudentValues = {
  firstName: 'Ava',
  lastName: 'Lee',
  email: 'ava@student.example',
  password: 'secret',
  school: 'Northside High',
  grade: '11',
  gpa: '',
  interests: ['technology'],
};

describe('student schema', () => {
  it('accepts a complete sign-up with the GPA left out', () => {
    expect(validateStudent(student)).toEqual({});
  });

  it('gives each missing field its message, and at least one interest is required', () => {
    expect(validateStudent({ ...student, firstName: ' ', email: 'ava@', school: '', grade: '', interests: [] })).toEqual({
      firstName: 'First name is required',
      email: 'Valid email required',
      school: 'School name is required',
      grade: 'Grade level is required',
      interests: 'Please select at least one interest',
    });
  });

  it('asks a student’s password for 6 characters', () => {
    expect(validateStudent({ ...student, password: '12345' })).toEqual({ password: 'Password must be at least 6 characters' });
    expect(validateStudent({ ...student, password: '123456' })).toEqual({});
  });

  it('checks only what the profile and the school sign-up hold', () => {
    const { password: _password, ...profile } = student;
    expect(validateStudentProfile({ ...profile, lastName: '' })).toEqual({ lastName: 'Last name is required' });
    expect(validateSchoolSignup({ school: '', grade: '9', interests: [] })).toEqual({
      school: 'School name is required',
      interests: 'Please select at least one interest',
    });
  });

  it('speaks the language in use when it runs, not when the schema was made', async () => {
    await changeLanguage('es');
    expect(validateStudent({ ...student, firstName: '' })).toEqual({ firstName: 'El nombre es obligatorio' });
    await changeLanguage('en');
    expect(validateStudent({ ...student, firstName: '' })).toEqual({ firstName: 'First name is required' });
  });
});
