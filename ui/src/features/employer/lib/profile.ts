import type { EmployerProfileValues } from '@/lib/schemas/employer';
import type { User } from '@/types/api';

/** The company profile form's starting values, from the stored account. */
export function profileValuesFrom(u: User): EmployerProfileValues {
  return {
    firstName: u.firstName ?? '',
    lastName: u.lastName ?? '',
    email: u.email ?? '',
    company: u.company ?? '',
    position: u.position ?? '',
    companySize: u.companySize ?? '',
    industry: (u.industry ?? '').toLowerCase(),
    website: u.website ?? '',
    phone: u.phone ?? '',
    address: u.address ?? '',
    companyDescription: u.companyDescription ?? '',
  };
}
