import { useQueryClient } from '@tanstack/react-query';
import { Captions, Film, ShieldAlert, Sparkles, Upload, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { RichText } from '@/components/ui/rich-text';
import { FieldError, TextAreaField, TextField } from '@/components/ui/field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { SelectField } from '@/components/ui/select-field';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { useDistrict } from '@/lib/district';
import { isUploadAborted, type UploadHandle } from '@/lib/upload-with-progress';
import { isLandscape, readVideoFacts } from '@/lib/video-duration';
import { CAPTIONS_ACCEPT, captionsFileError, formatKilobytes } from '@/lib/captions';
import { useForm } from '@/lib/use-form';
import { focusFirstInvalid } from '@/lib/validation';
import { cn } from '@/lib/cn';
import { toast } from '@/stores/toast-store';
import { heldLine } from '@/types/safety';
import { ns, tEmployer } from '../i18n';
import { createAiPosting, invalidatePostings, updatePostingJson, uploadPosting } from '../api/internships';
import {
  AGE_OPTIONS,
  emptyPosting,
  formatMegabytes,
  formatVideoLength,
  GRADE_REQUIREMENT_OPTIONS,
  HOURS_PER_WEEK_MAX,
  isAiProcessing,
  postingPayload,
  postingValuesFrom,
  validatePosting,
  VIDEO_ACCEPT,
  VIDEO_CHOOSER_MAX_BYTES,
  VIDEO_SUBMIT_MAX_BYTES,
  videoLengthError,
  VIDEO_MAX_SECONDS,
  WORK_STYLE_OPTIONS,
  workStyleForLocation,
} from '../lib/posting';
import { awaitingReviewLine, visibilityInfo } from '../lib/visibility';
import type { Internship } from '@/types/internship';
import { FormActions } from '@/components/ui/form-actions';

type VideoMode = 'upload' | 'ai';

interface InternshipFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The posting being edited; null for a new one. */
  editing: Internship | null;
  /** Open with the video picker focused (replacing a video that could not be processed). */
  focusVideo?: boolean;
}

/** What the edit form says about the posting's current video. */
function currentVideoText(i: Internship): string {
  if (isAiProcessing(i)) return tEmployer('form.current.ai');
  switch (i.videoStatus) {
    case 'transcoding':
      return tEmployer('form.current.transcoding');
    case 'failed':
      return tEmployer('form.current.failed');
    case 'missing':
      return tEmployer('form.current.missing');
    default:
      return i.videoDuration
        ? tEmployer('form.current.uploadedLength', { length: formatVideoLength(i.videoDuration) })
        : tEmployer('form.current.uploaded');
  }
}

/** Post New Internship / Edit Internship: one form for both. */
export function InternshipFormDialog({ open, onOpenChange, editing, focusVideo = false }: InternshipFormDialogProps) {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const captionsInputRef = useRef<HTMLInputElement>(null);
  const uploadRef = useRef<UploadHandle<Internship> | null>(null);
  const form = useForm(editing ? postingValuesFrom(editing) : emptyPosting, validatePosting);
  const { values } = form;
  const [mode, setMode] = useState<VideoMode>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  // A landscape video's object URL, for the preview of the portrait crop the feed shows.
  const [landscapePreview, setLandscapePreview] = useState<string | null>(null);
  useEffect(() => () => (landscapePreview ? URL.revokeObjectURL(landscapePreview) : undefined), [landscapePreview]);
  const [captions, setCaptions] = useState<File | null>(null);
  const [captionsError, setCaptionsError] = useState<string | undefined>();
  // The chosen video's length check (in the browser): resolves false when the file was refused.
  const lengthCheck = useRef<Promise<boolean> | null>(null);
  const lengthCheckToken = useRef(0);
  const [checkingLength, setCheckingLength] = useState(false);
  const busyRef = useRef(false);
  // A new posting's work style follows its location (Remote for 'Remote') until the employer
  // picks one; an edited posting keeps its own.
  const [workStyleChosen, setWorkStyleChosen] = useState(editing !== null);
  // An edited posting starts ticked when it was confirmed before (older postings never were).
  const [safe, setSafe] = useState(editing !== null && editing.hazardousDutiesConfirmed !== false);
  const [safeError, setSafeError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [answered, setAnswered] = useState(false);
  const ids = { video: useId(), captions: useId(), safe: useId(), guidance: useId() };
  const isEdit = editing !== null;
  const district = useDistrict().name;
  const { user } = useUser();
  // A company the district has not verified yet: its postings wait for the review.
  const companyPending = user?.userType === 'employer' && user.employerStatus === 'pending';

  // Abort a running upload if the dialog unmounts.
  useEffect(() => () => uploadRef.current?.abort(), []);

  const forgetLengthCheck = () => {
    lengthCheckToken.current += 1;
    lengthCheck.current = null;
    setCheckingLength(false);
    setLandscapePreview(null);
  };

  const clearFile = () => {
    forgetLengthCheck();
    setFile(null);
    setFileError(undefined);
    if (fileInputRef.current) fileInputRef.current.value = '';
  };

  const clearCaptions = () => {
    setCaptions(null);
    setCaptionsError(undefined);
    if (captionsInputRef.current) captionsInputRef.current.value = '';
  };

  const switchMode = (next: VideoMode) => {
    if (next === mode) return;
    setMode(next);
    clearFile();
    clearCaptions();
  };

  const onChooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (!chosen) return;
    forgetLengthCheck();
    if (chosen.size > VIDEO_CHOOSER_MAX_BYTES) {
      event.target.value = '';
      setFile(null);
      setFileError(t('form.toast.under50'));
      toast({ title: t('form.toast.fileTooLarge'), description: t('form.toast.under50'), variant: 'destructive' });
      return;
    }
    setFile(chosen);
    setFileError(undefined);

    // Refuse a video over 1 minute 30 seconds right away when the browser can read its length;
    // when it cannot (a format it does not play), the server decides.
    const token = lengthCheckToken.current;
    setCheckingLength(true);
    const check = readVideoFacts(chosen).then((facts) => {
      if (token !== lengthCheckToken.current) return true; // another file was chosen meanwhile
      lengthCheck.current = null;
      setCheckingLength(false);
      const refusal = videoLengthError(facts?.seconds ?? null);
      if (!refusal && isLandscape(facts)) setLandscapePreview(URL.createObjectURL(chosen));
      if (!refusal) return true;
      if (fileInputRef.current) fileInputRef.current.value = '';
      setFile(null);
      setFileError(refusal);
      toast({ title: t('form.toast.videoTooLong'), description: refusal, variant: 'destructive' });
      return false;
    });
    lengthCheck.current = check;
  };

  const onChooseCaptions = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (!chosen) return;
    const refusal = captionsFileError(chosen);
    if (refusal) {
      event.target.value = '';
      setCaptions(null);
      setCaptionsError(refusal);
      return;
    }
    setCaptions(chosen);
    setCaptionsError(undefined);
  };

  const finish = (created: Internship, ai: boolean) => {
    invalidatePostings(queryClient);
    if (created?.visibility === 'held_for_review') {
      // The hazard screen held it: say what matched instead of 'published'.
      toast({
        title: heldLine(created.heldTerms),
        description: t('form.toast.heldText'),
      });
    } else if (created?.visibility === 'awaiting_captions') {
      // The district's captions rule holds it: say so, and where the editor is.
      toast({
        title: isEdit ? t('form.toast.updated') : t('form.toast.posted'),
        description: visibilityInfo(created, district)?.line,
        variant: 'success',
      });
    } else if (created?.visibility === 'awaiting_review') {
      toast({
        title: isEdit ? t('form.toast.updated') : t('form.toast.posted'),
        description: awaitingReviewLine(district),
        variant: 'success',
      });
    } else if (isEdit) {
      toast({ title: t('form.toast.updated'), description: t('form.toast.savedText', { title: created.title }), variant: 'success' });
    } else {
      toast({
        title: t('form.toast.posted'),
        description: ai
          ? t('form.toast.postedAi')
          : created.videoStatus === 'transcoding'
            ? t('form.toast.postedTranscoding')
            : t('form.toast.postedLive'),
        variant: 'success',
      });
    }
    onOpenChange(false);
  };

  const fail = (error: unknown) => {
    if (isUploadAborted(error)) {
      toast({ title: t('form.toast.cancelled'), description: isEdit ? t('form.toast.cancelledEdit') : t('form.toast.cancelledNew') });
      return;
    }
    if (isApiError(error)) {
      const fieldErrors = form.serverErrors(error.errors);
      if (Object.keys(fieldErrors).length) {
        form.setErrors(fieldErrors);
        focusFirstInvalid(formRef.current);
      }
      if (error.status === 413) setFileError(t('form.under40'));
      // The server's own checks of the files: the video's length and format, the captions. Its
      // answer is in the UI's language, which names the longest length as formatVideoLength does.
      const videoProblem =
        error.errors?.videoFile ?? (error.message.includes(formatVideoLength(VIDEO_MAX_SECONDS)) ? error.message : undefined);
      if (videoProblem) setFileError(videoProblem);
      const captionsProblem =
        error.errors?.captionsFile ?? (captions && /caption|webvtt|\.vtt/i.test(error.message) ? error.message : undefined);
      if (captionsProblem) setCaptionsError(captionsProblem);
    }
    const message = errorMessage(error);
    const tooLarge = isApiError(error) && error.status === 413;
    toast({
      title: isEdit ? t('form.toast.updateFailed') : t('form.toast.postFailed'),
      description: tooLarge
        ? t('form.toast.tooLarge', { message: message ?? t('form.toast.tooLargeDefault') })
        : (message ?? t('form.toast.failedDefault')),
      variant: 'destructive',
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || busyRef.current) return;
    // A length check still running decides first (it is quick; the server checks again anyway).
    if (lengthCheck.current) {
      busyRef.current = true;
      const fits = await lengthCheck.current;
      busyRef.current = false;
      if (!fits) {
        fileInputRef.current?.focus();
        return;
      }
    }
    const fieldsOk = form.validateAll();
    let ok = fieldsOk;
    if (!safe) {
      setSafeError(t('form.notSafe'));
      ok = false;
    }
    if (!isEdit && mode === 'upload' && !file) {
      setFileError(t('form.noVideo'));
      ok = false;
    }
    if (file && file.size > VIDEO_SUBMIT_MAX_BYTES) {
      setFileError(t('form.under40'));
      toast({ title: t('form.toast.videoTooLarge'), description: t('form.under40'), variant: 'destructive' });
      ok = false;
    }
    if (!ok) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const payload = { ...postingPayload(values), hazardousDutiesConfirmed: safe };
    setSubmitting(true);
    try {
      if (file || captions) {
        setProgress(0);
        setAnswered(false);
        const handle = uploadPosting(payload, { video: file, captions }, editing?.id ?? null, setProgress);
        uploadRef.current = handle;
        const saved = await handle.promise;
        setAnswered(true);
        // Let the bar show 100% before the dialog closes: on a fast link the whole upload
        // fits in one frame and the user would never see it complete.
        setProgress(100);
        await new Promise((resolve) => setTimeout(resolve, 400));
        finish(saved, false);
      } else if (isEdit) {
        finish(await updatePostingJson(editing.id, payload), false);
      } else {
        finish(await createAiPosting(payload), true);
      }
    } catch (error) {
      fail(error);
    } finally {
      uploadRef.current = null;
      setSubmitting(false);
      setProgress(null);
      setAnswered(false);
    }
  };

  const uploading = progress !== null;
  // Every byte is sent; the server is checking (and maybe converting) the video.
  const processing = uploading && progress >= 100 && !answered;
  const processingText = file ? t('form.processingVideo') : t('shared.saving');
  const showFilePicker = isEdit || mode === 'upload';
  const submitText = processing
    ? processingText
    : submitting
      ? isEdit
        ? t('shared.saving')
        : t('form.posting')
      : isEdit
        ? t('shared.saveChanges')
        : t('form.post');

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Stay open while a call runs; the upload has its own Cancel.
        if (!submitting) onOpenChange(next);
      }}
      className="sm:max-w-3xl"
      onOpenAutoFocus={
        focusVideo
          ? (event) => {
              event.preventDefault();
              fileInputRef.current?.focus();
            }
          : undefined
      }
      title={isEdit ? t('form.editTitle') : t('form.newTitle')}
      description={isEdit ? t('form.editDescription') : t('form.newDescription')}
      footer={
        <div className="flex flex-col gap-3">
          {uploading ? (
            <div className="flex items-center gap-3">
              <ProgressBar
                value={progress}
                label={processing ? processingText : file ? t('form.uploadingVideo') : t('form.uploadingCaptions')}
                className="flex-1"
              />
              {/* Once every byte is sent the server is at work: cancelling could no longer undo it. */}
              {processing ? null : (
                <Button variant="outline" size="sm" onClick={() => uploadRef.current?.abort()}>
                  <X aria-hidden className="h-4 w-4" />
                  {t('form.cancelUpload')}
                </Button>
              )}
            </div>
          ) : null}
          <p role="status" className="sr-only" data-testid="upload-status">
            {processing ? processingText : ''}
          </p>
          <FormActions
            onCancel={() => onOpenChange(false)}
            pending={submitting}
            submitLabel={submitText}
            variant="gradient"
            form="internship-form"
          />
        </div>
      }
    >
      <form
        id="internship-form"
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        className="space-y-6"
        aria-label={isEdit ? t('form.editLabel') : t('form.newLabel')}
      >
        <fieldset disabled={submitting} className="space-y-6">
          {/* Video */}
          <section aria-labelledby={`${ids.video}-heading`} className="space-y-3">
            <h3 id={`${ids.video}-heading`} className="text-base font-bold text-slate-900">
              {t('form.video')}
            </h3>
            {isEdit ? (
              <p className="text-sm text-slate-600">
                <RichText text={t('form.currentVideo')} tags={{ current: () => <strong>{currentVideoText(editing)}</strong> }} />
                {editing.videoStatus === 'failed' && editing.videoError ? (
                  <span className="mt-1 block text-rose-700" data-testid="edit-video-error">
                    {editing.videoError}
                  </span>
                ) : null}
              </p>
            ) : (
              <div role="radiogroup" aria-label={t('form.videoSource')} className="grid gap-2 sm:grid-cols-2">
                {(
                  [
                    { value: 'upload', label: t('form.upload'), hint: t('form.uploadHint'), Icon: Upload },
                    { value: 'ai', label: t('form.ai'), hint: t('form.aiHint'), Icon: Sparkles },
                  ] as const
                ).map(({ value, label, hint, Icon }) => (
                  <label
                    key={value}
                    className={cn(
                      'flex min-h-14 cursor-pointer items-center gap-3 rounded-2xl border-2 px-4 py-3 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                      mode === value ? 'border-brand-500 bg-brand-50' : 'border-slate-200 bg-white hover:border-brand-300',
                    )}
                  >
                    <input
                      type="radio"
                      name="videoMode"
                      value={value}
                      checked={mode === value}
                      onChange={() => switchMode(value)}
                      className="h-4 w-4 accent-brand-600"
                    />
                    <Icon aria-hidden className="h-5 w-5 text-brand-600" />
                    <span>
                      <span className="block text-sm font-semibold text-slate-900">{label}</span>
                      <span className="block text-xs text-slate-600">{hint}</span>
                    </span>
                  </label>
                ))}
              </div>
            )}

            {showFilePicker ? (
              <div>
                <div className="flex flex-wrap items-center gap-3">
                  <input
                    ref={fileInputRef}
                    id={ids.video}
                    type="file"
                    accept={VIDEO_ACCEPT}
                    onChange={onChooseFile}
                    className="peer sr-only"
                    aria-invalid={fileError ? true : undefined}
                    aria-describedby={`${ids.video}-guidance${fileError ? ` ${ids.video}-error` : ''}`}
                  />
                  <label
                    htmlFor={ids.video}
                    className="inline-flex h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-5 text-sm font-semibold text-slate-800 hover:border-brand-400 hover:text-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
                  >
                    <Film aria-hidden className="h-4 w-4" />
                    {file ? t('form.changeVideo') : isEdit ? t('form.replaceVideo') : t('form.chooseVideo')}
                  </label>
                  {file ? (
                    <span className="text-sm text-slate-700" data-testid="chosen-video">
                      {file.name} ({formatMegabytes(file.size)})
                    </span>
                  ) : null}
                  {file && !submitting ? (
                    <Button variant="ghost" size="sm" onClick={clearFile} aria-label={t('form.removeVideo')}>
                      {t('form.remove')}
                    </Button>
                  ) : null}
                </div>
                <p id={`${ids.video}-guidance`} className="mt-2 text-xs text-slate-600">
                  {t('form.videoGuidance')}
                </p>
                <p className="text-xs text-slate-600" role="status">
                  {checkingLength ? t('form.checkingLength') : ''}
                </p>
                <FieldError id={`${ids.video}-error`} message={fileError} />
                {landscapePreview ? (
                  <div
                    className="mt-3 flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3"
                    data-testid="landscape-notice"
                  >
                    <video
                      src={landscapePreview}
                      muted
                      playsInline
                      preload="metadata"
                      aria-hidden
                      className="aspect-[9/16] w-16 shrink-0 rounded-md bg-black object-cover"
                    />
                    <p className="text-sm text-amber-900">{t('form.landscape')}</p>
                  </div>
                ) : null}

                {/* Captions (optional) */}
                <div className="mt-4">
                  <div className="flex flex-wrap items-center gap-3">
                    <input
                      ref={captionsInputRef}
                      id={ids.captions}
                      type="file"
                      accept={CAPTIONS_ACCEPT}
                      onChange={onChooseCaptions}
                      className="peer sr-only"
                      aria-invalid={captionsError ? true : undefined}
                      aria-describedby={`${ids.captions}-guidance${captionsError ? ` ${ids.captions}-error` : ''}`}
                    />
                    <label
                      htmlFor={ids.captions}
                      className="inline-flex h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-5 text-sm font-semibold text-slate-800 hover:border-brand-400 hover:text-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
                    >
                      <Captions aria-hidden className="h-4 w-4" />
                      {captions ? t('form.changeCaptions') : t('form.captions')}
                    </label>
                    {captions ? (
                      <span className="text-sm text-slate-700" data-testid="chosen-captions">
                        {captions.name} ({formatKilobytes(captions.size)})
                      </span>
                    ) : null}
                    {captions && !submitting ? (
                      <Button variant="ghost" size="sm" onClick={clearCaptions} aria-label={t('form.removeCaptions')}>
                        {t('form.remove')}
                      </Button>
                    ) : null}
                  </div>
                  <p id={`${ids.captions}-guidance`} className="mt-2 text-xs text-slate-600">
                    {isEdit && editing.captionsUrl ? t('form.captionsGuidanceReplace') : t('form.captionsGuidance')}
                  </p>
                  <FieldError id={`${ids.captions}-error`} message={captionsError} />
                </div>
              </div>
            ) : (
              <div className="rounded-2xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
                <p className="font-semibold">{t('form.aiMade')}</p>
                <p className="mt-1">{companyPending ? t('form.aiTextPending') : t('form.aiText')}</p>
              </div>
            )}
          </section>

          {/* Details */}
          <section className="space-y-4">
            <h3 className="text-base font-bold text-slate-900">{t('form.details')}</h3>
            <TextField label={t('form.title')} placeholder={t('form.titlePlaceholder')} {...form.field('title')} />
            <TextAreaField label={t('form.description')} hint={t('form.descriptionHint')} {...form.field('description')} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={t('form.location')}
                placeholder={t('form.locationPlaceholder')}
                {...form.field('location')}
                onChange={(e) => {
                  const location = e.target.value;
                  form.setFields(workStyleChosen ? { location } : { location, workStyle: workStyleForLocation(location) });
                }}
              />
              <TextField label={t('form.duration')} placeholder={t('form.durationPlaceholder')} {...form.field('duration')} />
            </div>
            <TextAreaField label={t('form.requirements')} hint={t('form.requirementsHint')} {...form.field('requirements')} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label={t('form.salary')} optional placeholder={t('form.salaryPlaceholder')} {...form.field('salary')} />
              <TextField label={t('form.deadline')} type="date" {...form.field('applicationDeadline')} />
            </div>
          </section>

          {/* Teen employment */}
          <section className="space-y-4">
            <h3 className="text-base font-bold text-slate-900">{t('form.teen')}</h3>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label={t('form.workStyle')}
                placeholder={t('form.choose')}
                options={WORK_STYLE_OPTIONS}
                {...form.select('workStyle')}
                onValueChange={(v) => {
                  setWorkStyleChosen(true);
                  form.setField('workStyle', v);
                }}
              />
              <SelectField
                label={t('form.minimumAge')}
                placeholder={t('form.choose')}
                options={AGE_OPTIONS}
                {...form.select('ageRequirement')}
              />
              <SelectField
                label={t('form.gradeRequirement')}
                placeholder={t('form.choose')}
                options={
                  GRADE_REQUIREMENT_OPTIONS.some((o) => o.value === values.gradeRequirement)
                    ? GRADE_REQUIREMENT_OPTIONS
                    : [...GRADE_REQUIREMENT_OPTIONS, { value: values.gradeRequirement, label: values.gradeRequirement }]
                }
                {...form.select('gradeRequirement')}
              />
            </div>
            <TextField
              label={t('form.hours')}
              optional
              type="number"
              inputMode="numeric"
              min={1}
              max={HOURS_PER_WEEK_MAX}
              hint={t('form.hoursHint')}
              {...form.field('hoursPerWeek')}
            />
            <TextField label={t('form.skills')} optional hint={t('form.skillsHint')} {...form.field('skills')} />
            <TextField label={t('form.benefits')} optional hint={t('form.benefitsHint')} {...form.field('benefits')} />
            <TextField label={t('form.tags')} optional hint={t('form.tagsHint')} {...form.field('tags')} />

            <div id={ids.guidance} className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
              <p className="flex items-center gap-2 font-bold">
                <ShieldAlert aria-hidden className="h-5 w-5" />
                {t('form.legalHeading')}
              </p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                <li>{t('form.legalHazardous')}</li>
                <li>{t('form.legalHours')}</li>
                <li>{t('form.legalUnpaid')}</li>
              </ul>
              <a
                href={paths.employerGuide}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-2 inline-block font-semibold text-amber-900 underline underline-offset-2"
              >
                {t('form.legalGuide')}
              </a>
            </div>
            <div>
              <label className="flex cursor-pointer items-start gap-3 text-sm text-slate-800">
                <input
                  id={ids.safe}
                  type="checkbox"
                  checked={safe}
                  onChange={(e) => {
                    setSafe(e.target.checked);
                    if (e.target.checked) setSafeError(undefined);
                  }}
                  aria-invalid={safeError ? true : undefined}
                  aria-describedby={safeError ? `${ids.safe}-error` : ids.guidance}
                  className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
                />
                <span>{t('form.confirmSafe')}</span>
              </label>
              <FieldError id={`${ids.safe}-error`} message={safeError} />
            </div>
          </section>
        </fieldset>
      </form>
    </Dialog>
  );
}
