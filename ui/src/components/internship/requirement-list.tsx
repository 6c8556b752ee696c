import { useTranslation } from '@/lib/i18n/use-translation';

/** A posting's requirements as a bulleted list, or 'Not specified' when it names none. */
export function RequirementList({ requirements }: { requirements: string[] }) {
  const { t } = useTranslation();
  if (!requirements.length) return <p className="mt-1 text-sm text-slate-700">{t('notSpecified')}</p>;
  return (
    <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
      {requirements.map((r) => (
        <li key={r}>{r}</li>
      ))}
    </ul>
  );
}
