import { CheckCircle2, Download, Mail, ScrollText } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Section } from '@/components/ui/section';
import { Card } from '@/components/ui/card';
import type { Placement } from '@/types/placement';
import { agreementPdfUrl, certificatePdfUrl, useResendSupervisorLink } from '../api/placements';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/api-client';
import { ns, tPlacements } from '../i18n';
import { atText } from '../lib/format';
import { SignForm } from './sign-form';
import { LANGUAGES, languageOfTag, type Language } from '@/lib/i18n/languages';

/**
 * The agreement as it is signed: its text kept as written (line breaks), wrapped to the screen,
 * in the reader's language when the district has it; otherwise `otherLanguage` says whose
 * language it is in. (Its SHA-256 is in the signed PDF's signature block, not on the page.)
 */
export function AgreementText({ text, language, otherLanguage }: { text: string; language: Language; otherLanguage: string }) {
  const { i18n } = useTranslation(ns);
  const inAnother = language !== languageOfTag(i18n.language);
  return (
    <div className="space-y-2">
      {inAnother ? (
        <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="agreement-other-language">
          {otherLanguage}
        </p>
      ) : null}
      <pre
        lang={language}
        data-testid="agreement-text"
        className="whitespace-pre-wrap rounded-2xl border border-slate-200 bg-slate-50 p-3 font-sans sm:p-4 text-[0.95rem] leading-relaxed text-slate-900 [overflow-wrap:anywhere]"
      >
        {text}
      </pre>
    </div>
  );
}

/** A language by its own name ("English"), as the switcher names it. */
export function languageName(code: Language): string {
  return LANGUAGES.find((l) => l.code === code)?.name ?? code;
}

/** Why this party cannot sign now (when it has not signed and the agreement is open). */
function notYet(placement: Placement): string | null {
  if (placement.state === 'setup') {
    return placement.you === 'supervisor' ? tPlacements('agreement.fillFirst') : tPlacements('agreement.onceFilled');
  }
  if (placement.state !== 'awaiting_signatures') return null;
  // Signing opens with the guardian in: one added later would void every signature.
  if (!placement.guardian) {
    return placement.you === 'student' ? tPlacements('agreement.addGuardianFirst') : tPlacements('agreement.guardianFirst');
  }
  if (placement.you === 'school') {
    const others = placement.awaiting.filter((p) => p !== 'school');
    if (others.length > 0) return tPlacements('agreement.schoolLast');
    if (placement.guardian && !placement.guardian.confirmed) return tPlacements('agreement.confirmFirst');
  }
  return null;
}

const SIGNED_STATES = new Set(['active', 'completed', 'ended_early']);

/** The documents to download: the signed agreement, and the certificate once completed. */
export function Documents({ placement }: { placement: Placement }) {
  const { t } = useTranslation(ns);
  const agreement = SIGNED_STATES.has(placement.state);
  const certificate = placement.finish.certificate && placement.you !== 'supervisor';
  if (!agreement && !certificate) return null;
  const link =
    'inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:border-brand-400 hover:text-brand-700';
  return (
    <div className="flex flex-wrap gap-2" data-testid="documents">
      {agreement ? (
        <a href={agreementPdfUrl(placement.id)} className={link} download>
          <Download aria-hidden className="h-4 w-4" />
          {t('agreement.signedPdf')}
        </a>
      ) : null}
      {certificate ? (
        <a href={certificatePdfUrl(placement.id)} className={link} download>
          <Download aria-hidden className="h-4 w-4" />
          {t('agreement.certificatePdf')}
        </a>
      ) : null}
    </div>
  );
}

/**
 * A supervisor who is not the employer account's holder signs through their own e-mailed link:
 * the employer's page says so, and sends the link again.
 */
function SupervisorSignsByLink({ placement }: { placement: Placement }) {
  const { t } = useTranslation(ns);
  const resend = useResendSupervisorLink(placement.id);
  const { name, email } = placement.supervisor;
  return (
    <div className="space-y-2" data-testid="supervisor-link">
      <p className="text-sm text-slate-700">
        {placement.supervisorLinkSentAt
          ? t('agreement.supervisorLinkSent', { name, email, at: atText(placement.supervisorLinkSentAt) })
          : t('agreement.supervisorLink', { name, email })}
      </p>
      <Button variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate(undefined)}>
        <Mail aria-hidden className="h-4 w-4" />
        {resend.isPending ? t('agreement.sendingSupervisorLink') : t('agreement.resendSupervisorLink', { name })}
      </Button>
      <p role="status" className="text-sm font-semibold text-emerald-800" data-testid="supervisor-resend-status">
        {resend.isSuccess ? t('agreement.supervisorLinkResent', { email }) : null}
      </p>
      {resend.isError ? <FormAlert>{errorMessage(resend.error) ?? t('agreement.supervisorLinkFailed')}</FormAlert> : null}
    </div>
  );
}

/** The training agreement: its whole text, then this party's signature (or why not yet). */
export function AgreementSection({ placement }: { placement: Placement }) {
  const { t } = useTranslation(ns);
  const mine = placement.signatures.find((s) => s.party === placement.you);
  const reason = placement.youSigned ? null : notYet(placement);
  return (
    <Section headingId="agreement-heading" icon={ScrollText} title={t('agreement.heading')} className="mt-6">
      <Card className="space-y-4">
        <AgreementText
          text={placement.agreementText}
          language={placement.agreementLanguage}
          otherLanguage={t('agreement.otherLanguage', { language: languageName(placement.agreementLanguage) })}
        />
        {placement.youSigned ? (
          <p className="flex items-start gap-2 text-sm font-semibold text-emerald-800" data-testid="you-signed">
            <CheckCircle2 aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
            {!mine
              ? t('agreement.youSigned')
              : placement.you === 'supervisor' && placement.supervisorSignsByLink
                ? t('agreement.supervisorSigned', { name: mine.name, at: atText(mine.signedAt) })
                : t('agreement.youSignedAs', { name: mine.name, at: atText(mine.signedAt) })}
          </p>
        ) : placement.canSign ? (
          <SignForm placement={placement} />
        ) : reason ? (
          <p className="text-sm text-slate-700" data-testid="sign-later">
            {reason}
          </p>
        ) : placement.you === 'supervisor' && placement.supervisorSignsByLink && placement.state === 'awaiting_signatures' ? (
          <SupervisorSignsByLink placement={placement} />
        ) : null}
      </Card>
    </Section>
  );
}
