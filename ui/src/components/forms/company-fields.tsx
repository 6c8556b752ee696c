import { TextAreaField, TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { COMPANY_SIZE_OPTIONS, INDUSTRY_OPTIONS, profileIndustryOptions } from '@/lib/options';
import { COMPANY_DESCRIPTION_MIN } from '@/lib/schemas/employer';
import type { FieldBinders } from '@/lib/use-form';

interface CompanyFieldsProps {
  form: FieldBinders<'company' | 'website' | 'address' | 'companyDescription', 'industry' | 'companySize'>;
  /** The values the industry list and the description's counter follow. */
  industry: string;
  description: string;
  /** Sign-up offers its own industry list and example texts; the profile SPEC.md's list. */
  variant: 'signup' | 'profile';
}

/** An employer's company: name, industry, size, website, address and description (with its counter). */
export function CompanyFields({ form, industry, description, variant }: CompanyFieldsProps) {
  const signup = variant === 'signup';
  const industries = signup ? INDUSTRY_OPTIONS : profileIndustryOptions(industry);
  const sizePlaceholder = signup ? 'Select company size' : 'Select a size';
  return (
    <>
      <TextField label="Company name" autoComplete="organization" {...form.field('company')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Industry" placeholder="Select an industry" options={industries} {...form.select('industry')} />
        <SelectField label="Company size" placeholder={sizePlaceholder} options={COMPANY_SIZE_OPTIONS} {...form.select('companySize')} />
      </div>
      <TextField
        label="Website"
        optional
        type="url"
        inputMode="url"
        autoComplete={signup ? 'url' : undefined}
        placeholder="https://example.com"
        {...form.field('website')}
      />
      <TextField
        label="Company address"
        autoComplete="street-address"
        placeholder={signup ? 'Street, city, state' : undefined}
        {...form.field('address')}
      />
      <TextAreaField
        label="Company description"
        placeholder={signup ? 'What does your company do, and what will an intern learn with you?' : undefined}
        hint={`${description.trim().length}/${COMPANY_DESCRIPTION_MIN} characters minimum`}
        {...form.field('companyDescription')}
      />
    </>
  );
}
