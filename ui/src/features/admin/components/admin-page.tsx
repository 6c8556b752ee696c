import { useQueryClient } from '@tanstack/react-query';
import {
  AlertTriangle,
  Briefcase,
  Calendar,
  Captions,
  CheckCircle2,
  Clock,
  DollarSign,
  Film,
  Home,
  ListVideo,
  LogOut,
  MapPin,
  PauseCircle,
  Upload,
  X,
} from 'lucide-react';
import { Tabs } from 'radix-ui';
import { PushNotificationsSection } from '@/components/notifications/push-notifications-section';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useLocation } from 'wouter';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Button, LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { RichText } from '@/components/ui/rich-text';
import { PageLoader } from '@/components/ui/spinner';
import { Meta } from '@/components/internship/meta';
import { ListStates } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatNumber } from '@/lib/format';
import { isUploadAborted, type UploadHandle } from '@/lib/upload-with-progress';
import { trackLanguageName } from '@/lib/caption-tracks';
import { CAPTIONS_ACCEPT, captionsFileError } from '@/lib/captions';
import { toast } from '@/stores/toast-store';
import type { CaptionTrack } from '@/types/internship';
import { staffRoleText } from '@/types/staff';
import {
  ADMIN_SESSION_KEY,
  AI_REQUESTS_KEY,
  adminLogout,
  uploadRequestVideo,
  isDistrictAdmin,
  useAdminSession,
  useAiVideoRequests,
  type AiVideoRequest,
} from '../api/admin';
import { ADMIN_AUDIT_KEY, ADMIN_EMPLOYERS_KEY, ADMIN_REPORTS_KEY } from '../api/safety';
import { ADMIN_STAFF_KEY, ADMIN_STUDENTS_KEY } from '../api/staff';
import { ADMIN_PLACEMENTS_KEY, PROGRAM_KEY } from '../api/placements';
import { ns } from '../i18n';
import { AuditTab } from './audit-tab';
import { CaptionsTab } from './captions-tab';
import { EmployersTab } from './employers-tab';
import { PlacementsTab } from './placements-tab';
import { ProgramTab } from './program-tab';
import { ReportsTab } from './reports-tab';
import { StaffTab } from './staff-tab';
import { StudentsTab } from './students-tab';

const DESCRIPTION_PREVIEW = 200;

type AdminTab = 'ai' | 'employers' | 'reports' | 'captions' | 'audit' | 'staff' | 'students' | 'placements' | 'program';

type RequestFilter = 'pending' | 'on_hold' | 'completed' | 'all';

/** The request filters, in order (their words: `requests.filters.*`). */
const FILTERS: readonly RequestFilter[] = ['pending', 'on_hold', 'completed', 'all'];

/** The district admin's tabs (the pin, or a staff admin). */
const ADMIN_TABS: readonly AdminTab[] = ['ai', 'employers', 'reports', 'captions', 'audit', 'staff', 'students', 'placements', 'program'];

/** A coordinator's tabs (the server answers 403 to the rest); the first one opens. */
const COORDINATOR_TABS: readonly AdminTab[] = ['students', 'reports', 'placements', 'program'];

const TAB_CLASSES =
  'inline-flex h-10 shrink-0 items-center rounded-full px-4 text-sm font-semibold text-slate-700 transition hover:bg-slate-100 ' +
  'data-[state=active]:bg-brand-600 data-[state=active]:text-white data-[state=active]:hover:bg-brand-700';

function preview(text: string): string {
  return text.length > DESCRIPTION_PREVIEW ? `${text.slice(0, DESCRIPTION_PREVIEW)}…` : text;
}

function Counter({ label, testId, value, icon }: { label: string; testId: string; value: number | undefined; icon: ReactNode }) {
  return (
    <Card className="flex items-center gap-3 p-4">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">{icon}</span>
      <div>
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="text-2xl font-extrabold text-slate-900" data-testid={`counter-${testId}`}>
          {value ?? '–'}
        </p>
      </div>
    </Card>
  );
}

interface RequestRowProps {
  request: AiVideoRequest;
  uploadingId: number | null;
  progress: number;
  video: File | null;
  captions: File | null;
  captionsError: string | undefined;
  onChooseVideo: (request: AiVideoRequest, file: File | null, input: HTMLInputElement) => void;
  onChooseCaptions: (request: AiVideoRequest, file: File | null, input: HTMLInputElement) => void;
  onUpload: (request: AiVideoRequest, videoInput: HTMLInputElement | null) => void;
  onCancel: () => void;
  /** Open the caption editor on the request's video (once it plays). */
  onCaptions: (request: AiVideoRequest) => void;
}

/**
 * The video of one request's upload: each pending row has its own picker, named after the
 * request it fulfils, so a file can never go to the wrong request.
 */
function VideoPicker({
  request,
  video,
  disabled,
  inputRef,
  onChoose,
}: {
  request: AiVideoRequest;
  video: File | null;
  disabled: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  onChoose: RequestRowProps['onChooseVideo'];
}) {
  const { t } = useTranslation(ns);
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="video/*"
        className="peer sr-only"
        disabled={disabled}
        data-testid="admin-video-input"
        onChange={(event) => onChoose(request, event.target.files?.[0] ?? null, event.target)}
      />
      <label
        htmlFor={id}
        className="inline-flex min-h-9 cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 bg-white px-4 py-1 text-sm font-semibold text-slate-800 hover:border-brand-400 hover:text-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
      >
        <Film aria-hidden className="h-4 w-4 shrink-0" />
        <span aria-hidden>{video ? t('request.changeVideo') : t('request.chooseVideo')}</span>
        <span className="sr-only">
          {video ? t('request.changeVideoFor', { title: request.title }) : t('request.chooseVideoFor', { title: request.title })}
        </span>
      </label>
      {video ? (
        <span className="min-w-0 text-sm text-slate-800 [overflow-wrap:anywhere]" data-testid="admin-chosen-file">
          <span className="font-semibold">{video.name}</span>{' '}
          {t('request.fileSize', {
            size: formatNumber(video.size / (1024 * 1024), { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }),
          })}
        </span>
      ) : (
        <span className="text-sm text-slate-600">{t('request.noFile')}</span>
      )}
    </div>
  );
}

/** The optional WebVTT captions of one request's upload (field `captions`). */
function CaptionsPicker({
  request,
  captions,
  error,
  disabled,
  onChoose,
}: {
  request: AiVideoRequest;
  captions: File | null;
  error: string | undefined;
  disabled: boolean;
  onChoose: RequestRowProps['onChooseCaptions'];
}) {
  const { t } = useTranslation(ns);
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        id={id}
        type="file"
        accept={CAPTIONS_ACCEPT}
        className="peer sr-only"
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid="admin-captions-input"
        onChange={(event) => onChoose(request, event.target.files?.[0] ?? null, event.target)}
      />
      <label
        htmlFor={id}
        className="inline-flex min-h-9 cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 bg-white px-4 py-1 text-sm font-semibold text-slate-800 hover:border-brand-400 hover:text-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
      >
        <Captions aria-hidden className="h-4 w-4 shrink-0" />
        <span aria-hidden>{captions ? t('request.changeCaptions') : t('request.captions')}</span>
        <span className="sr-only">
          {captions ? t('request.changeCaptionsFor', { title: request.title }) : t('request.captionsFor', { title: request.title })}
        </span>
      </label>
      {captions ? (
        <span className="text-sm text-slate-700" data-testid="admin-chosen-captions">
          {captions.name}
        </span>
      ) : (
        <span className="text-xs text-slate-500">{t('request.optional')}</span>
      )}
      {error ? (
        <p id={`${id}-error`} className="w-full text-sm font-medium text-rose-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function RequestRow({
  request,
  uploadingId,
  progress,
  video,
  captions,
  captionsError,
  onChooseVideo,
  onChooseCaptions,
  onUpload,
  onCancel,
  onCaptions,
}: RequestRowProps) {
  const { t } = useTranslation([ns, 'common']);
  const pending = request.status === 'pending';
  const onHold = request.status === 'on_hold';
  const uploading = uploadingId === request.id;
  const videoInputRef = useRef<HTMLInputElement>(null);
  return (
    <li data-testid="ai-request" aria-label={t('request.label', { title: request.title, company: request.company })}>
      <Card className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          {request.posterUrl ? (
            <img
              src={request.posterUrl}
              alt={t('request.still', { title: request.title })}
              loading="lazy"
              data-testid="admin-poster"
              className="h-20 w-[45px] shrink-0 rounded-lg bg-slate-200 object-cover"
            />
          ) : null}
          <div className="min-w-0 flex-1 basis-48">
            <h3 className="text-base font-bold text-slate-900">{request.title}</h3>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
              <Meta icon={Briefcase}>{request.company}</Meta>
              <Meta icon={MapPin}>{request.location}</Meta>
              <span>{t('request.posted', { date: formatDate(request.postedDate) })}</span>
            </p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            {pending ? (
              <Badge tone="warning">
                <Clock aria-hidden className="h-3.5 w-3.5" />
                {t('request.pending')}
              </Badge>
            ) : onHold ? (
              <Badge tone="info" data-testid="on-hold-badge" className="whitespace-normal">
                <PauseCircle aria-hidden className="h-3.5 w-3.5" />
                {request.onHoldBecause
                  ? t('request.onHoldBecause', { reason: t(`request.onHoldReasons.${request.onHoldBecause}`) })
                  : t('request.onHold')}
              </Badge>
            ) : (
              <Badge tone="positive">
                <CheckCircle2 aria-hidden className="h-3.5 w-3.5" />
                {t('request.completed')}
              </Badge>
            )}
            {pending && request.overdue ? (
              <Badge tone="negative">
                <AlertTriangle aria-hidden className="h-3.5 w-3.5" />
                {t('request.overdue', { hours: request.ageHours })}
              </Badge>
            ) : null}
          </div>
        </div>
        <p className="text-sm text-slate-700">{preview(request.description)}</p>
        <dl className="grid grid-cols-1 gap-1 text-sm text-slate-700 sm:grid-cols-3">
          <div className="flex items-center gap-1.5">
            <DollarSign aria-hidden className="h-4 w-4 text-slate-400" />
            <dt className="font-semibold">{t('request.salary')}</dt>
            <dd>{request.salary || t('common:notSpecified')}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <Clock aria-hidden className="h-4 w-4 text-slate-400" />
            <dt className="font-semibold">{t('request.duration')}</dt>
            <dd>{request.duration || t('common:notSpecified')}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <Calendar aria-hidden className="h-4 w-4 text-slate-400" />
            <dt className="font-semibold">{t('request.deadline')}</dt>
            <dd>{formatDate(request.deadline)}</dd>
          </div>
        </dl>
        {pending ? (
          uploading ? (
            <div className="flex items-center gap-3">
              <ProgressBar value={progress} label={t('request.uploading')} className="flex-1" />
              <Button size="sm" variant="outline" onClick={onCancel}>
                <X aria-hidden className="h-4 w-4" />
                {t('common:actions.cancel')}
              </Button>
            </div>
          ) : (
            <div className="space-y-3 rounded-2xl bg-slate-50 p-3">
              <VideoPicker
                request={request}
                video={video}
                disabled={uploadingId !== null}
                inputRef={videoInputRef}
                onChoose={onChooseVideo}
              />
              <CaptionsPicker
                request={request}
                captions={captions}
                error={captionsError}
                disabled={uploadingId !== null}
                onChoose={onChooseCaptions}
              />
              <Button
                variant="primary"
                size="sm"
                disabled={uploadingId !== null}
                onClick={() => onUpload(request, videoInputRef.current)}
                aria-label={t('request.uploadFor', { title: request.title })}
              >
                <Upload aria-hidden className="h-4 w-4" />
                {t('request.upload')}
              </Button>
            </div>
          )
        ) : onHold ? (
          <p className="text-sm text-slate-700" data-testid="on-hold-note">
            {t('request.onHoldNote')}
          </p>
        ) : request.completedAt ? (
          <p className="text-xs text-slate-500">{t('request.fulfilled', { date: formatDate(request.completedAt) })}</p>
        ) : null}
        {request.status === 'completed' && request.videoUrl ? (
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600" data-testid="request-captions">
            <Button
              size="sm"
              variant="outline"
              onClick={() => onCaptions(request)}
              aria-label={t('request.captionsLabel', { title: request.title })}
            >
              <Captions aria-hidden className="h-4 w-4" />
              {t('request.captions')}
            </Button>
            <span>
              {(request.captions ?? []).length > 0
                ? (request.captions ?? []).map((track) => trackLanguageName(track.lang)).join(' · ')
                : t('request.noCaptions')}
            </span>
          </div>
        ) : null}
      </Card>
    </li>
  );
}

/** What the caption editor is given (the employer's dialog, on the admin's routes). */
export interface CaptionEditorProps {
  admin: boolean;
  internship: { id: number; title: string; videoUrl: string | null; posterUrl: string | null; captions?: CaptionTrack[] } | null;
  onClose: () => void;
}

/** The caption editor, brought in by the app (a feature does not use another feature). */
export type CaptionEditorSlot = (props: CaptionEditorProps) => ReactNode;

/** /admin: fulfil AI video requests. Needs an admin session; otherwise goes to /admin-login. */
export function AdminPage({ captionEditor }: { captionEditor?: CaptionEditorSlot }) {
  const { t } = useTranslation(ns);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const session = useAdminSession();
  const staff = session.data?.staff ?? null;
  const districtAdmin = session.data ? isDistrictAdmin(session.data) : false;
  const requests = useAiVideoRequests(districtAdmin);
  const uploadRef = useRef<UploadHandle<unknown> | null>(null);
  // The video chosen for each pending request (each row has its own picker).
  const [videoFor, setVideoFor] = useState<Record<number, File>>({});
  const [uploadingId, setUploadingId] = useState<number | null>(null);
  const [progress, setProgress] = useState(0);
  // Captions chosen per pending request (optional), and why a chosen file was refused.
  const [captionsFor, setCaptionsFor] = useState<Record<number, File>>({});
  // The request whose video the caption editor has open (the employer's dialog, the admin's routes).
  const [captioning, setCaptioning] = useState<AiVideoRequest | null>(null);
  const [captionsErrors, setCaptionsErrors] = useState<Record<number, string>>({});
  const tabs = districtAdmin ? ADMIN_TABS : COORDINATOR_TABS;
  // A push's link opens the tab it is about (`/admin?tab=reports`).
  const [chosenTab, setTab] = useState<AdminTab | null>(() => new URLSearchParams(window.location.search).get('tab') as AdminTab | null);
  const tab = chosenTab && tabs.includes(chosenTab) ? chosenTab : (tabs[0] ?? 'ai');
  const [filter, setFilter] = useState<RequestFilter>('pending');
  // Requests fulfilled during this visit stay in the Pending view, marked Completed.
  const [fulfilled, setFulfilled] = useState<ReadonlySet<number>>(() => new Set());

  useEffect(() => {
    if (session.data === null || session.isError) navigate(paths.adminLogin, { replace: true });
  }, [session.data, session.isError, navigate]);
  useEffect(() => () => uploadRef.current?.abort(), []);

  if (!session.data) return <PageLoader />;

  const list = requests.data ?? [];
  const pendingCount = list.filter((r) => r.status === 'pending').length;
  const onHoldCount = list.filter((r) => r.status === 'on_hold').length;
  const completedCount = list.filter((r) => r.status === 'completed').length;
  const filterCounts: Record<RequestFilter, number> = {
    pending: pendingCount,
    on_hold: onHoldCount,
    completed: completedCount,
    all: list.length,
  };
  const shown = list.filter((r) =>
    filter === 'all' ? true : filter === 'pending' ? r.status === 'pending' || fulfilled.has(r.id) : r.status === filter,
  );

  const chooseVideo = (request: AiVideoRequest, chosen: File | null, input: HTMLInputElement) => {
    if (chosen && !chosen.type.startsWith('video/')) {
      input.value = '';
      setVideoFor(({ [request.id]: _old, ...rest }) => rest);
      toast({ title: t('requests.invalidType'), description: t('requests.invalidTypeText'), variant: 'destructive' });
      return;
    }
    setVideoFor(({ [request.id]: _old, ...rest }) => (chosen ? { ...rest, [request.id]: chosen } : rest));
  };

  const chooseCaptions = (request: AiVideoRequest, chosen: File | null, input: HTMLInputElement) => {
    if (!chosen) return;
    const refusal = captionsFileError(chosen);
    setCaptionsErrors(({ [request.id]: _old, ...rest }) => (refusal ? { ...rest, [request.id]: refusal } : rest));
    setCaptionsFor(({ [request.id]: _old, ...rest }) => (refusal ? rest : { ...rest, [request.id]: chosen }));
    if (refusal) input.value = '';
  };

  const upload = async (request: AiVideoRequest, videoInput: HTMLInputElement | null) => {
    const file = videoFor[request.id];
    if (!file) {
      toast({ title: t('requests.noFile'), description: t('requests.noFileText'), variant: 'destructive' });
      videoInput?.focus();
      return;
    }
    setUploadingId(request.id);
    setProgress(0);
    const handle = uploadRequestVideo(request.id, file, captionsFor[request.id] ?? null, setProgress);
    uploadRef.current = handle;
    try {
      await handle.promise;
      toast({ title: t('requests.uploaded'), description: t('requests.uploadedText'), variant: 'success' });
      setVideoFor(({ [request.id]: _done, ...rest }) => rest);
      setFulfilled((held) => new Set(held).add(request.id));
      setCaptionsFor(({ [request.id]: _done, ...rest }) => rest);
      void queryClient.invalidateQueries({ queryKey: AI_REQUESTS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['/api/internships'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/employers/internships'] });
    } catch (error) {
      if (isUploadAborted(error)) {
        toast({ title: t('requests.cancelled'), description: t('requests.cancelledText') });
      } else {
        toast({ title: t('requests.failed'), description: errorMessage(error) ?? t('requests.failedText'), variant: 'destructive' });
      }
    } finally {
      uploadRef.current = null;
      setUploadingId(null);
    }
  };

  const signOut = async () => {
    try {
      await adminLogout();
    } catch {
      // Signed out locally either way.
    }
    queryClient.setQueryData(ADMIN_SESSION_KEY, null);
    queryClient.removeQueries({ queryKey: ADMIN_STAFF_KEY });
    queryClient.removeQueries({ queryKey: [ADMIN_STUDENTS_KEY] });
    queryClient.removeQueries({ queryKey: AI_REQUESTS_KEY });
    queryClient.removeQueries({ queryKey: ADMIN_EMPLOYERS_KEY });
    queryClient.removeQueries({ queryKey: ADMIN_REPORTS_KEY });
    queryClient.removeQueries({ queryKey: [ADMIN_AUDIT_KEY] });
    queryClient.removeQueries({ queryKey: [ADMIN_PLACEMENTS_KEY] });
    queryClient.removeQueries({ queryKey: PROGRAM_KEY });
    navigate(paths.adminLogin);
  };

  return (
    <PageShell>
      <AppHeader
        title={t('dashboard.title')}
        right={
          <Button size="sm" variant="outline" onClick={() => void signOut()}>
            <LogOut aria-hidden className="h-4 w-4" />
            {t('dashboard.signOut')}
          </Button>
        }
      />
      <main>
        <PageContainer wide className="space-y-6 py-6">
          <div className="space-y-3">
            <p className="text-sm text-slate-700" data-testid="signed-in-as">
              {staff ? (
                <RichText
                  text={t('dashboard.signedInAs')}
                  tags={{
                    name: () => <strong className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{staff.name}</strong>,
                    role: () => staffRoleText(staff),
                  }}
                />
              ) : (
                t('dashboard.signedInPin')
              )}
            </p>

            <nav aria-label={t('dashboard.shortcuts')} className="flex flex-wrap gap-2">
              <LinkButton href={paths.home} variant="outline" size="sm">
                <Home aria-hidden className="h-4 w-4" />
                {t('dashboard.homepage')}
              </LinkButton>
              <LinkButton href={paths.jobFeed} variant="outline" size="sm">
                <ListVideo aria-hidden className="h-4 w-4" />
                {t('dashboard.jobFeed')}
              </LinkButton>
            </nav>
          </div>

          <Tabs.Root value={tab} onValueChange={(v) => setTab(v as AdminTab)} className="space-y-6">
            <Tabs.List
              aria-label={t('dashboard.sections')}
              className="flex flex-wrap gap-1 rounded-3xl border border-slate-200 bg-white p-1 shadow-sm"
            >
              {tabs.map((name) => (
                <Tabs.Trigger key={name} value={name} className={TAB_CLASSES}>
                  {t(`dashboard.tabs.${name}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>

            <Tabs.Content value="ai" className="space-y-6 rounded-3xl">
              <section aria-label={t('requests.counters')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                <Counter
                  label={t('requests.pendingCount')}
                  testId="pending-requests"
                  value={requests.data ? pendingCount : undefined}
                  icon={<Clock aria-hidden className="h-5 w-5" />}
                />
                <Counter
                  label={t('requests.onHoldCount')}
                  testId="on-hold"
                  value={requests.data ? onHoldCount : undefined}
                  icon={<PauseCircle aria-hidden className="h-5 w-5" />}
                />
                <Counter
                  label={t('requests.completedCount')}
                  testId="completed"
                  value={requests.data ? completedCount : undefined}
                  icon={<CheckCircle2 aria-hidden className="h-5 w-5" />}
                />
                <Counter
                  label={t('requests.totalCount')}
                  testId="total-requests"
                  value={requests.data ? list.length : undefined}
                  icon={<Film aria-hidden className="h-5 w-5" />}
                />
              </section>

              <section aria-labelledby="requests-heading" className="space-y-3">
                <h2 id="requests-heading" className="text-lg font-bold text-slate-900">
                  {t('requests.heading')}
                </h2>
                <p className="text-sm text-slate-600">{t('requests.intro')}</p>
                <div role="group" aria-label={t('requests.show')} className="flex flex-wrap gap-1.5">
                  {FILTERS.map((f) => (
                    <Button
                      key={f}
                      size="sm"
                      variant={filter === f ? 'primary' : 'outline'}
                      aria-pressed={filter === f}
                      onClick={() => setFilter(f)}
                    >
                      {requests.data
                        ? t('requests.filterCount', { label: t(`requests.filters.${f}`), n: filterCounts[f] })
                        : t(`requests.filters.${f}`)}
                    </Button>
                  ))}
                </div>
                <ListStates
                  query={requests}
                  loadingLabel={t('requests.loading')}
                  loadingClassName="py-8"
                  errorText={t('requests.errorText')}
                  onRetry={() => void requests.refetch()}
                  isEmpty={shown.length === 0}
                  empty={list.length === 0 || filter === 'all' ? t('requests.none') : t(`requests.noneFiltered.${filter}`)}
                >
                  <ul className="space-y-3" data-testid="ai-requests" data-filter={filter}>
                    {shown.map((r) => (
                      <RequestRow
                        key={r.id}
                        request={r}
                        uploadingId={uploadingId}
                        progress={progress}
                        video={videoFor[r.id] ?? null}
                        captions={captionsFor[r.id] ?? null}
                        captionsError={captionsErrors[r.id]}
                        onChooseVideo={chooseVideo}
                        onChooseCaptions={chooseCaptions}
                        onUpload={(req, input) => void upload(req, input)}
                        onCancel={() => uploadRef.current?.abort()}
                        onCaptions={setCaptioning}
                      />
                    ))}
                  </ul>
                </ListStates>
              </section>
            </Tabs.Content>
            <Tabs.Content value="employers" className="rounded-3xl">
              <EmployersTab />
            </Tabs.Content>
            <Tabs.Content value="reports" className="rounded-3xl">
              <ReportsTab districtAdmin={districtAdmin} />
            </Tabs.Content>
            <Tabs.Content value="captions" className="rounded-3xl">
              <CaptionsTab />
            </Tabs.Content>
            <Tabs.Content value="audit" className="rounded-3xl">
              <AuditTab />
            </Tabs.Content>
            <Tabs.Content value="staff" className="rounded-3xl">
              <StaffTab selfId={staff?.id ?? null} />
            </Tabs.Content>
            <Tabs.Content value="students" className="rounded-3xl">
              <StudentsTab coordinatorSchool={districtAdmin ? null : (staff?.school ?? null)} />
            </Tabs.Content>
            <Tabs.Content value="placements" className="rounded-3xl">
              <PlacementsTab coordinatorSchool={districtAdmin ? null : (staff?.school ?? null)} />
            </Tabs.Content>
            <Tabs.Content value="program" className="rounded-3xl">
              <ProgramTab districtAdmin={districtAdmin} />
            </Tabs.Content>
          </Tabs.Root>
          {/* A named staff member's own devices (the pin's shared session has none). */}
          {staff ? <PushNotificationsSection staff /> : null}
          {captionEditor?.({
            admin: true,
            internship: captioning
              ? {
                  id: captioning.internshipId,
                  title: captioning.title,
                  videoUrl: captioning.videoUrl,
                  posterUrl: captioning.posterUrl ?? null,
                  captions: captioning.captions ?? [],
                }
              : null,
            onClose: () => {
              setCaptioning(null);
              void requests.refetch();
            },
          })}
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default AdminPage;
