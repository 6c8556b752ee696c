import { tForms } from '@/lib/i18n/namespaces/forms';
import { STUDENT_PASSWORD_MIN } from '@/lib/passwords';
import { chosen, required, validator, type Schema } from '@/lib/validation';
import { newPassword, personSchema, type PersonValues } from './account';

/** A student's account, as sign-up asks for it; the profile form edits all but the password. */
export interface StudentValues extends PersonValues {
  password: string;
  school: string;
  grade: string;
  /** Optional. */
  gpa: string;
  interests: string[];
}

/** The student profile form's fields (sign-up's without the password). */
export type StudentProfileValues = Omit<StudentValues, 'password'>;

/** The student's fields and their messages. */
export const studentSchema: Schema<StudentValues> = {
  ...personSchema,
  password: newPassword(STUDENT_PASSWORD_MIN),
  school: required(() => tForms('validation.school')),
  grade: chosen(() => tForms('validation.grade')),
  interests: (value) => (value.length === 0 ? tForms('validation.interests') : undefined),
};

export const validateStudent = validator(studentSchema);
export const validateStudentProfile = validator<StudentProfileValues>(studentSchema);

/** What the first school-account sign-in asks (the name and e-mail come from the school). */
export type SchoolSignupValues = Pick<StudentValues, 'school' | 'grade' | 'interests'>;

export const validateSchoolSignup = validator<SchoolSignupValues>(studentSchema);

/** A rostered student's first sign-in asks only the interests (the roster gave the rest). */
export type InterestsValues = Pick<StudentValues, 'interests'>;

export const validateInterests = validator<InterestsValues>(studentSchema);
