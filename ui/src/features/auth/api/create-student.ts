import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
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

/** POST /api/users: creates the student and signs them in (201 User). */
export function createStudent(input: CreateStudentInput): Promise<User> {
  return api.post<User>('/api/users', input);
}

export function useCreateStudent() {
  return useMutation({ mutationFn: createStudent });
}
