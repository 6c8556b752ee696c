import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applyAccountLanguage, signUpLanguage } from '@/lib/i18n/language';
import type { User } from '@/types/api';

export interface CreateStudentInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  grade: string;
  school: string;
  interests: string[];
  gpa: string | null;
  userType: 'student';
  company: null;
  position: null;
}

/** POST /api/users: creates the student in the form's language and signs them in (201 User). */
export async function createStudent(input: CreateStudentInput): Promise<User> {
  const user = await api.post<User>('/api/users', { ...input, language: signUpLanguage() });
  await applyAccountLanguage(user.language);
  return user;
}

export function useCreateStudent() {
  return useMutation({ mutationFn: createStudent });
}
