import { Clock, Mail, MessageSquare } from 'lucide-react';
import { useRef, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { SiteFooter } from '@/components/layout/site-footer';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useForm } from '@/lib/use-form';
import { focusFirstInvalid, isValidEmail, pickFieldErrors, type Errors } from '@/lib/validation';
import { toast } from '@/stores/toast-store';
import { useCreateContactMessage, type ContactInput } from '../api/create-contact-message';
import { ns, tContact } from '../i18n';

export const SUPPORT_EMAIL = 'support@internreel.com';
const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
const MESSAGE_MIN = 10;

function validateContact(v: ContactInput): Errors<keyof ContactInput> {
  const errors: Errors<keyof ContactInput> = {};
  if (!v.name.trim()) errors.name = tContact('validation.name');
  if (!isValidEmail(v.email)) errors.email = tContact('validation.email');
  if (!v.subject.trim()) errors.subject = tContact('validation.subject');
  if (v.message.trim().length < MESSAGE_MIN) errors.message = tContact('validation.message', { min: MESSAGE_MIN });
  return errors;
}

const initialValues: ContactInput = { name: '', email: '', subject: '', message: '' };

export function ContactPage() {
  const { t } = useTranslation(ns);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(initialValues, validateContact);
  const send = useCreateContactMessage();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    if (!form.validateAll()) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const { name, email, subject, message } = form.values;
    send.mutate(
      { name: name.trim(), email: email.trim(), subject: subject.trim(), message: message.trim() },
      {
        onSuccess: () => {
          toast({
            title: t('toast.sent'),
            description: t('toast.sentText'),
            variant: 'success',
          });
          form.reset();
        },
        onError: (error) => {
          if (isApiError(error)) {
            const fieldErrors = pickFieldErrors(CONTACT_FIELDS, error.errors);
            if (Object.keys(fieldErrors).length) form.setErrors(fieldErrors);
          }
          toast({
            title: t('toast.failed'),
            description: errorMessage(error) ?? t('toast.failedText'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <PageShell className="bg-white">
      <AppHeader back={{ href: paths.home, label: t('header.back') }} title={t('header.title')} />
      <main>
        <PageContainer className="py-8">
          <h2 className="text-3xl font-extrabold tracking-tight text-slate-900">{t('heading')}</h2>
          <p className="mt-2 text-slate-600">{t('intro')}</p>

          <div className="mt-6 grid gap-3 sm:grid-cols-2">
            <div className="flex items-center gap-3 rounded-2xl bg-brand-50 p-4">
              <Mail aria-hidden className="h-5 w-5 shrink-0 text-brand-600" />
              <p className="text-sm text-slate-700">
                {t('supportEmail')}{' '}
                <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-brand-700 hover:underline">
                  {SUPPORT_EMAIL}
                </a>
              </p>
            </div>
            <div className="flex items-center gap-3 rounded-2xl bg-brand-50 p-4">
              <Clock aria-hidden className="h-5 w-5 shrink-0 text-brand-600" />
              <p className="text-sm text-slate-700">{t('replyTime')}</p>
            </div>
          </div>

          <form
            ref={formRef}
            noValidate
            onSubmit={onSubmit}
            aria-label={t('form.label')}
            className="mt-8 space-y-5 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
          >
            <TextField label={t('form.name')} autoComplete="name" error={form.errors.name} {...form.bind('name')} />
            <TextField
              label={t('form.email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              error={form.errors.email}
              {...form.bind('email')}
            />
            <TextField label={t('form.subject')} error={form.errors.subject} {...form.bind('subject')} />
            <TextAreaField
              label={t('form.message')}
              rows={5}
              placeholder={t('form.messagePlaceholder')}
              error={form.errors.message}
              {...form.bind('message')}
            />
            <Button type="submit" variant="gradient" size="lg" className="w-full" disabled={send.isPending}>
              <MessageSquare aria-hidden className="h-5 w-5" />
              {send.isPending ? t('form.sending') : t('form.send')}
            </Button>
          </form>
        </PageContainer>
      </main>
      <div className="mt-12">
        <SiteFooter />
      </div>
    </PageShell>
  );
}

export default ContactPage;
