import { useTranslation } from '@/lib/i18n/use-translation';
import { FaqAccordion } from '@/components/ui/faq-accordion';
import { ns } from '../i18n';

/** The questions, in the order shown (their texts are `faq.<key>.q` / `.a`). */
const QUESTIONS = ['who', 'free', 'videos', 'checked', 'profile', 'afterApply'] as const;

export function Faq() {
  const { t } = useTranslation(ns);
  const items = QUESTIONS.map((key) => ({ q: t(`faq.${key}.q`), a: t(`faq.${key}.a`) }));
  return <FaqAccordion items={items} idPrefix="q" />;
}
