import { useTranslation } from '@/lib/i18n/use-translation';
import { TextAreaField, TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { formsNs } from '@/lib/i18n/namespaces/forms';
import { COMPANY_SIZE_OPTIONS, INDUSTRY_OPTIONS, profileIndustryOptions } from '@/lib/options';
import { COMPANY_DESCRIPTION_MIN } from '@/lib/schemas/employer';
import type { FieldBinders } from '@/lib/use-form';

interface CompanyFieldsProps {
  form: FieldBinders<'company' | 'website' | 'address' | 'companyDescription', 'industry' | 'companySize'>;
  /** The values the industry list and the description's counter follow. */
  industry: string;
  description: string;
  /** Sign-up offers its own industry list and example texts; the profile `PROFILE_INDUSTRY_OPTIONS` (lib/options.ts). */
  variant: 'signup' | 'profile';
}

/** An employer's company: name, industry, size, website, address and description (with its counter). */
export function CompanyFields({ form, industry, description, variant }: CompanyFieldsProps) {
  const { t } = useTranslation(formsNs);
  const signup = variant === 'signup';
  const industries = signup ? INDUSTRY_OPTIONS : profileIndustryOptions(industry);
  const sizePlaceholder = signup ? t('company.sizePlaceholderSignup') : t('company.sizePlaceholder');
  return (
    <>
      <TextField label={t('company.name')} autoComplete="organization" {...form.field('company')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('company.industry')}
          placeholder={t('company.industryPlaceholder')}
          options={industries}
          {...form.select('industry')}
        />
        <SelectField
          label={t('company.size')}
          placeholder={sizePlaceholder}
          options={COMPANY_SIZE_OPTIONS}
          {...form.select('companySize')}
        />
      </div>
      <TextField
        label={t('company.website')}
        optional
        type="url"
        inputMode="url"
        autoComplete={signup ? 'url' : undefined}
        placeholder={t('company.websitePlaceholder')}
        {...form.field('website')}
      />
      <TextField
        label={t('company.address')}
        autoComplete="street-address"
        placeholder={signup ? t('company.addressPlaceholder') : undefined}
        {...form.field('address')}
      />
      <TextAreaField
        label={t('company.description')}
        placeholder={signup ? t('company.descriptionPlaceholder') : undefined}
        hint={t('company.descriptionCount', { length: description.trim().length, min: COMPANY_DESCRIPTION_MIN })}
        {...form.field('companyDescription')}
      />
    </>
  );
}
