import { Globe } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { cn } from '@/lib/cn';
import { chooseLanguage } from '@/lib/i18n/language';
import { isLanguage, LANGUAGES } from '@/lib/i18n/languages';
import { inputClasses } from './field';

interface LanguageSelectProps {
  /**
   * 'compact': the top bar's globe and code (EN, ES) over a native select, named "Language";
   * 'field': a labelled select of the full names, for a settings screen (the profile).
   */
  variant?: 'compact' | 'field';
  tone?: 'light' | 'dark';
  className?: string;
}

/**
 * The language switcher: a native select (every phone's own picker, the keyboard's, the
 * screen reader's), each language named in itself ("English", "Español") with its `lang`.
 * A choice changes the UI at once, is remembered on the device and, signed in, on the account.
 */
export function LanguageSelect({ variant = 'compact', tone = 'light', className }: LanguageSelectProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const value = isLanguage(i18n.language) ? i18n.language : 'en';

  const options = LANGUAGES.map((language) => (
    <option key={language.code} value={language.code} lang={language.code}>
      {language.name}
    </option>
  ));
  const onChange = (next: string) => {
    if (!isLanguage(next) || next === value) return;
    setBusy(true);
    void chooseLanguage(next).finally(() => setBusy(false));
  };

  if (variant === 'field') {
    return (
      <div className={className}>
        <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800">
          {t('language.label')}
        </label>
        <select id={id} value={value} disabled={busy} onChange={(e) => onChange(e.target.value)} className={cn(inputClasses, 'pr-8')}>
          {options}
        </select>
      </div>
    );
  }

  return (
    <span
      className={cn(
        'relative inline-flex h-9 min-w-9 shrink-0 items-center justify-center gap-1 rounded-full px-2 text-xs font-bold uppercase',
        'focus-within:ring-4 focus-within:ring-brand-600/30',
        tone === 'dark' ? 'text-white hover:bg-white/15' : 'text-slate-700 hover:bg-slate-100',
        className,
      )}
    >
      <Globe aria-hidden className="h-4 w-4" />
      {/* Under 360 px the page's title needs the room: the globe alone (the select is named). */}
      <span aria-hidden className="hidden min-[360px]:inline">
        {value}
      </span>
      <select
        aria-label={t('language.label')}
        value={value}
        disabled={busy}
        onChange={(e) => onChange(e.target.value)}
        className="absolute inset-0 h-full w-full cursor-pointer appearance-none rounded-full opacity-0"
      >
        {options}
      </select>
    </span>
  );
}
