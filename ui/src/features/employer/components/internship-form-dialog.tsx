import { useQueryClient } from '@tanstack/react-query';
import { Captions, Film, ShieldAlert, Sparkles, Upload, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
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
  WORK_STYLE_OPTIONS,
  workStyleForLocation,
} from '../lib/posting';
import { awaitingReviewLine } from '../lib/visibility';
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

const NO_VIDEO = 'Please attach a video file or request an AI-generated video';
const NOT_SAFE = 'Please confirm the role involves no hazardous work for 16-17 year olds';

/** What the edit form says about the posting's current video. */
function currentVideoText(i: Internship): string {
  if (isAiProcessing(i)) return 'AI video in production (ready within 24 hours)';
  switch (i.videoStatus) {
    case 'transcoding':
      return 'uploaded video, being converted so it plays on every phone';
    case 'failed':
      return 'could not be processed. Choose another video to replace it';
    case 'missing':
      return 'missing. Choose a new video to replace it';
    default:
      return i.videoDuration ? `uploaded video (${formatVideoLength(i.videoDuration)})` : 'uploaded video';
  }
}

/** Post New Internship / Edit Internship: one form for both. */
export function InternshipFormDialog({ open, onOpenChange, editing, focusVideo = false }: InternshipFormDialogProps) {
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
      setFileError('Video must be under 50MB');
      toast({ title: 'File Too Large', description: 'Video must be under 50MB', variant: 'destructive' });
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
      toast({ title: 'Video Too Long', description: refusal, variant: 'destructive' });
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
        description: 'The district reviews it before students can see it.',
      });
    } else if (created?.visibility === 'awaiting_review') {
      toast({
        title: isEdit ? 'Internship Updated' : 'Internship Posted Successfully',
        description: awaitingReviewLine(district),
        variant: 'success',
      });
    } else if (isEdit) {
      toast({ title: 'Internship Updated', description: `"${created.title}" has been saved.`, variant: 'success' });
    } else {
      toast({
        title: 'Internship Posted Successfully',
        description: ai
          ? 'Your AI-generated video will be ready within 24 hours. Students can already view and apply.'
          : created.videoStatus === 'transcoding'
            ? 'Your video is being converted so it plays on every phone; its card updates when it is ready. Students can already view and apply.'
            : 'Your internship video is live in the feed.',
        variant: 'success',
      });
    }
    onOpenChange(false);
  };

  const fail = (error: unknown) => {
    if (isUploadAborted(error)) {
      toast({ title: 'Upload Cancelled', description: isEdit ? 'Your changes were not saved.' : 'Your internship was not posted.' });
      return;
    }
    if (isApiError(error)) {
      const fieldErrors = form.serverErrors(error.errors);
      if (Object.keys(fieldErrors).length) {
        form.setErrors(fieldErrors);
        focusFirstInvalid(formRef.current);
      }
      if (error.status === 413) setFileError('Please choose a video file smaller than 40MB');
      // The server's own checks of the files: the video's length and format, the captions.
      const videoProblem = error.errors?.videoFile ?? (/1 minute 30 seconds/.test(error.message) ? error.message : undefined);
      if (videoProblem) setFileError(videoProblem);
      const captionsProblem =
        error.errors?.captionsFile ?? (captions && /caption|webvtt|\.vtt/i.test(error.message) ? error.message : undefined);
      if (captionsProblem) setCaptionsError(captionsProblem);
    }
    const message = errorMessage(error);
    const tooLarge = isApiError(error) && error.status === 413;
    toast({
      title: isEdit ? 'Failed to Update Internship' : 'Failed to Post Internship',
      description: tooLarge
        ? `${message ?? 'The video is too large.'} Try a shorter or smaller video.`
        : (message ?? 'Please try again. If you attached a video, a smaller file may help.'),
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
      setSafeError(NOT_SAFE);
      ok = false;
    }
    if (!isEdit && mode === 'upload' && !file) {
      setFileError(NO_VIDEO);
      ok = false;
    }
    if (file && file.size > VIDEO_SUBMIT_MAX_BYTES) {
      setFileError('Please choose a video file smaller than 40MB');
      toast({ title: 'Video Too Large', description: 'Please choose a video file smaller than 40MB', variant: 'destructive' });
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
  const processingText = file ? 'Processing video...' : 'Saving...';
  const showFilePicker = isEdit || mode === 'upload';
  const submitText = processing
    ? processingText
    : submitting
      ? isEdit
        ? 'Saving...'
        : 'Posting...'
      : isEdit
        ? 'Save Changes'
        : 'Post Internship';

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
      title={isEdit ? 'Edit Internship' : 'Post New Internship'}
      description={
        isEdit
          ? 'Update the details students see. Choose a new video only if you want to replace the current one.'
          : 'Describe a teen-appropriate role and add a short vertical video.'
      }
      footer={
        <div className="flex flex-col gap-3">
          {uploading ? (
            <div className="flex items-center gap-3">
              <ProgressBar
                value={progress}
                label={processing ? processingText : file ? 'Uploading video' : 'Uploading captions'}
                className="flex-1"
              />
              {/* Once every byte is sent the server is at work: cancelling could no longer undo it. */}
              {processing ? null : (
                <Button variant="outline" size="sm" onClick={() => uploadRef.current?.abort()}>
                  <X aria-hidden className="h-4 w-4" />
                  Cancel Upload
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
        aria-label={isEdit ? 'Edit internship' : 'Post new internship'}
      >
        <fieldset disabled={submitting} className="space-y-6">
          {/* Video */}
          <section aria-labelledby={`${ids.video}-heading`} className="space-y-3">
            <h3 id={`${ids.video}-heading`} className="text-base font-bold text-slate-900">
              Video
            </h3>
            {isEdit ? (
              <p className="text-sm text-slate-600">
                Current video: <strong>{currentVideoText(editing)}</strong>
                {editing.videoStatus === 'failed' && editing.videoError ? (
                  <span className="mt-1 block text-rose-700" data-testid="edit-video-error">
                    {editing.videoError}
                  </span>
                ) : null}
              </p>
            ) : (
              <div role="radiogroup" aria-label="Video source" className="grid gap-2 sm:grid-cols-2">
                {(
                  [
                    { value: 'upload', label: 'Upload Video', hint: 'Use your own clip', Icon: Upload },
                    { value: 'ai', label: 'AI Generated Video', hint: 'We make one from your text', Icon: Sparkles },
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
                    {file ? 'Change Video' : isEdit ? 'Replace Video' : 'Choose Video'}
                  </label>
                  {file ? (
                    <span className="text-sm text-slate-700" data-testid="chosen-video">
                      {file.name} ({formatMegabytes(file.size)})
                    </span>
                  ) : null}
                  {file && !submitting ? (
                    <Button variant="ghost" size="sm" onClick={clearFile} aria-label="Remove video">
                      Remove
                    </Button>
                  ) : null}
                </div>
                <p id={`${ids.video}-guidance`} className="mt-2 text-xs text-slate-600">
                  Keep it to 1 minute 30 seconds or less, filmed vertically. Formats: MP4, MOV, AVI. Up to 40MB.
                </p>
                <p className="text-xs text-slate-600" role="status">
                  {checkingLength ? 'Checking the video\u2019s length...' : ''}
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
                    <p className="text-sm text-amber-900">
                      This video is landscape. The feed fills a phone&apos;s screen, so students see the middle of it, as in this preview.
                      Film vertically to show the whole picture.
                    </p>
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
                      {captions ? 'Change Captions (WebVTT, .vtt)' : 'Captions (WebVTT, .vtt)'}
                    </label>
                    {captions ? (
                      <span className="text-sm text-slate-700" data-testid="chosen-captions">
                        {captions.name} ({formatKilobytes(captions.size)})
                      </span>
                    ) : null}
                    {captions && !submitting ? (
                      <Button variant="ghost" size="sm" onClick={clearCaptions} aria-label="Remove captions">
                        Remove
                      </Button>
                    ) : null}
                  </div>
                  <p id={`${ids.captions}-guidance`} className="mt-2 text-xs text-slate-600">
                    Optional. Captions students can turn on with CC: a WebVTT file (.vtt) of up to 200 KB.
                    {isEdit && editing.captionsUrl ? ' This posting has captions; a new file replaces them.' : ''}
                  </p>
                  <FieldError id={`${ids.captions}-error`} message={captionsError} />
                </div>
              </div>
            ) : (
              <div className="rounded-2xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
                <p className="font-semibold">An AI-generated video will be made from your description.</p>
                <p className="mt-1">
                  It will be ready within 24 hours. Until then your posting shows a &lsquo;Video Processing&rsquo; placeholder, and students
                  can still view details and apply once the posting is visible to them
                  {companyPending ? ' (after the district has reviewed your company)' : ''}.
                </p>
              </div>
            )}
          </section>

          {/* Details */}
          <section className="space-y-4">
            <h3 className="text-base font-bold text-slate-900">Internship details</h3>
            <TextField label="Title" placeholder="e.g. Social Media Intern" {...form.field('title')} />
            <TextAreaField
              label="Description"
              hint="What will the intern do and learn? At least 10 characters."
              {...form.field('description')}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Location"
                placeholder="e.g. Austin, TX or Remote"
                {...form.field('location')}
                onChange={(e) => {
                  const location = e.target.value;
                  form.setFields(workStyleChosen ? { location } : { location, workStyle: workStyleForLocation(location) });
                }}
              />
              <TextField label="Duration" placeholder="e.g. 8 weeks, Summer 2025" {...form.field('duration')} />
            </div>
            <TextAreaField
              label="Requirements"
              hint="Skills or qualities you are looking for (one per line). At least 10 characters."
              {...form.field('requirements')}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Salary" optional placeholder="e.g. $16/hour" {...form.field('salary')} />
              <TextField label="Application deadline" type="date" {...form.field('applicationDeadline')} />
            </div>
          </section>

          {/* Teen employment */}
          <section className="space-y-4">
            <h3 className="text-base font-bold text-slate-900">For teen applicants</h3>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label="Work style"
                placeholder="Choose"
                options={WORK_STYLE_OPTIONS}
                {...form.select('workStyle')}
                onValueChange={(v) => {
                  setWorkStyleChosen(true);
                  form.setField('workStyle', v);
                }}
              />
              <SelectField label="Minimum age" placeholder="Choose" options={AGE_OPTIONS} {...form.select('ageRequirement')} />
              <SelectField
                label="Grade requirement"
                placeholder="Choose"
                options={
                  GRADE_REQUIREMENT_OPTIONS.some((o) => o.value === values.gradeRequirement)
                    ? GRADE_REQUIREMENT_OPTIONS
                    : [...GRADE_REQUIREMENT_OPTIONS, { value: values.gradeRequirement, label: values.gradeRequirement }]
                }
                {...form.select('gradeRequirement')}
              />
            </div>
            <TextField
              label="Hours per week"
              optional
              type="number"
              inputMode="numeric"
              min={1}
              max={HOURS_PER_WEEK_MAX}
              hint="At most 40. Many states limit school-day hours for 16-17 year olds."
              {...form.field('hoursPerWeek')}
            />
            <TextField label="Skills" optional hint="Comma-separated, e.g. Canva, writing, teamwork" {...form.field('skills')} />
            <TextField label="Benefits" optional hint="Comma-separated, e.g. Mentorship, flexible hours" {...form.field('benefits')} />
            <TextField label="Tags" optional hint="Comma-separated, e.g. marketing, design" {...form.field('tags')} />

            <div id={ids.guidance} className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
              <p className="flex items-center gap-2 font-bold">
                <ShieldAlert aria-hidden className="h-5 w-5" />
                Legal guidance for hiring 16-17 year olds
              </p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                <li>
                  Hazardous work is not allowed for anyone under 18: driving, forklifts and power hoists, power saws, meat slicers and
                  bakery machines, roofing, demolition, excavation, mining, logging and explosives.
                </li>
                <li>Many states limit hours on school days and require a work permit issued by the school or state.</li>
                <li>Unpaid internships must mainly benefit the student (training like school, no displacing paid staff).</li>
              </ul>
              <a
                href={paths.employerGuide}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-2 inline-block font-semibold text-amber-900 underline underline-offset-2"
              >
                Read the employer guide (opens in a new tab)
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
                <span>
                  I confirm this role involves none of the hazardous duties above and follows my state&rsquo;s rules for 16-17 year olds.
                </span>
              </label>
              <FieldError id={`${ids.safe}-error`} message={safeError} />
            </div>
          </section>
        </fieldset>
      </form>
    </Dialog>
  );
}
