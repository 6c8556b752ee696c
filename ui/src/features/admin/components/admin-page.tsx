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
  LayoutDashboard,
  ListVideo,
  LogOut,
  MapPin,
  PauseCircle,
  Upload,
  X,
} from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'wouter';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Button, LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { PageLoader } from '@/components/ui/spinner';
import { Meta } from '@/components/internship/meta';
import { ListStates } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { isUploadAborted, type UploadHandle } from '@/lib/upload-with-progress';
import { CAPTIONS_ACCEPT, captionsFileError } from '@/lib/captions';
import { toast } from '@/stores/toast-store';
import { staffRoleText } from '@/types/staff';
import {
  ADMIN_SESSION_KEY,
  AI_REQUESTS_KEY,
  adminLogout,
  uploadRequestVideo,
  isDistrictAdmin,
  useAdminSession,
  useAiVideoRequests,
  ON_HOLD_LABELS,
  type AiVideoRequest,
} from '../api/admin';
import { ADMIN_AUDIT_KEY, ADMIN_EMPLOYERS_KEY, ADMIN_REPORTS_KEY } from '../api/safety';
import { ADMIN_STAFF_KEY, ADMIN_STUDENTS_KEY } from '../api/staff';
import { ADMIN_PLACEMENTS_KEY, PROGRAM_KEY } from '../api/placements';
import { AuditTab } from './audit-tab';
import { EmployersTab } from './employers-tab';
import { PlacementsTab } from './placements-tab';
import { ProgramTab } from './program-tab';
import { ReportsTab } from './reports-tab';
import { StaffTab } from './staff-tab';
import { StudentsTab } from './students-tab';

const DESCRIPTION_PREVIEW = 200;

type AdminTab = 'ai' | 'employers' | 'reports' | 'audit' | 'staff' | 'students' | 'placements' | 'program';

type RequestFilter = 'pending' | 'on_hold' | 'completed' | 'all';

const FILTERS: { value: RequestFilter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'on_hold', label: 'On hold' },
  { value: 'completed', label: 'Completed' },
  { value: 'all', label: 'All' },
];

const TAB_LABELS: Record<AdminTab, string> = {
  ai: 'AI video requests',
  employers: 'Employers',
  reports: 'Reports',
  audit: 'Audit',
  staff: 'Staff',
  students: 'Students',
  placements: 'Placements',
  program: 'Program',
};

/** The district admin's tabs (the pin, or a staff admin). */
const ADMIN_TABS: readonly AdminTab[] = ['ai', 'employers', 'reports', 'audit', 'staff', 'students', 'placements', 'program'];

/** A coordinator's tabs (the server answers 403 to the rest); the first one opens. */
const COORDINATOR_TABS: readonly AdminTab[] = ['students', 'reports', 'placements', 'program'];

const TAB_CLASSES =
  'inline-flex h-10 shrink-0 items-center rounded-full px-4 text-sm font-semibold text-slate-700 transition hover:bg-slate-100 ' +
  'data-[state=active]:bg-brand-600 data-[state=active]:text-white data-[state=active]:hover:bg-brand-700';

function preview(text: string): string {
  return text.length > DESCRIPTION_PREVIEW ? `${text.slice(0, DESCRIPTION_PREVIEW)}…` : text;
}

function Counter({ label, value, icon }: { label: string; value: number | undefined; icon: ReactNode }) {
  return (
    <Card className="flex items-center gap-3 p-4">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">{icon}</span>
      <div>
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="text-2xl font-extrabold text-slate-900" data-testid={`counter-${label.toLowerCase().replace(/\s+/g, '-')}`}>
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
        className="inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:border-brand-400 hover:text-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
      >
        <Film aria-hidden className="h-4 w-4" />
        {video ? 'Change Video File' : 'Choose Video File'}
        <span className="sr-only"> for {request.title}</span>
      </label>
      {video ? (
        <span className="min-w-0 text-sm text-slate-800 [overflow-wrap:anywhere]" data-testid="admin-chosen-file">
          <span className="font-semibold">{video.name}</span> ({(video.size / (1024 * 1024)).toFixed(2)} MB)
        </span>
      ) : (
        <span className="text-sm text-slate-600">No file selected</span>
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
        className="inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:border-brand-400 hover:text-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
      >
        <Captions aria-hidden className="h-4 w-4" />
        {captions ? 'Change captions (.vtt)' : 'Captions (.vtt)'}
        <span className="sr-only"> for {request.title}, optional</span>
      </label>
      {captions ? (
        <span className="text-sm text-slate-700" data-testid="admin-chosen-captions">
          {captions.name}
        </span>
      ) : (
        <span className="text-xs text-slate-500">Optional</span>
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
}: RequestRowProps) {
  const pending = request.status === 'pending';
  const onHold = request.status === 'on_hold';
  const uploading = uploadingId === request.id;
  const videoInputRef = useRef<HTMLInputElement>(null);
  return (
    <li data-testid="ai-request" aria-label={`${request.title} at ${request.company}`}>
      <Card className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          {request.posterUrl ? (
            <img
              src={request.posterUrl}
              alt={`Still from the video for ${request.title}`}
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
              <span>Posted {formatDate(request.postedDate)}</span>
            </p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            {pending ? (
              <Badge tone="warning">
                <Clock aria-hidden className="h-3.5 w-3.5" />
                Pending
              </Badge>
            ) : onHold ? (
              <Badge tone="info" data-testid="on-hold-badge" className="whitespace-normal">
                <PauseCircle aria-hidden className="h-3.5 w-3.5" />
                On hold{request.onHoldBecause ? `: ${ON_HOLD_LABELS[request.onHoldBecause]}` : ''}
              </Badge>
            ) : (
              <Badge tone="positive">
                <CheckCircle2 aria-hidden className="h-3.5 w-3.5" />
                Completed
              </Badge>
            )}
            {pending && request.overdue ? (
              <Badge tone="negative">
                <AlertTriangle aria-hidden className="h-3.5 w-3.5" />
                Overdue ({request.ageHours} h)
              </Badge>
            ) : null}
          </div>
        </div>
        <p className="text-sm text-slate-700">{preview(request.description)}</p>
        <dl className="grid grid-cols-1 gap-1 text-sm text-slate-700 sm:grid-cols-3">
          <div className="flex items-center gap-1.5">
            <DollarSign aria-hidden className="h-4 w-4 text-slate-400" />
            <dt className="font-semibold">Salary:</dt>
            <dd>{request.salary || 'Not specified'}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <Clock aria-hidden className="h-4 w-4 text-slate-400" />
            <dt className="font-semibold">Duration:</dt>
            <dd>{request.duration || 'Not specified'}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <Calendar aria-hidden className="h-4 w-4 text-slate-400" />
            <dt className="font-semibold">Deadline:</dt>
            <dd>{formatDate(request.deadline)}</dd>
          </div>
        </dl>
        {pending ? (
          uploading ? (
            <div className="flex items-center gap-3">
              <ProgressBar value={progress} label="Uploading video" className="flex-1" />
              <Button size="sm" variant="outline" onClick={onCancel}>
                <X aria-hidden className="h-4 w-4" />
                Cancel
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
                aria-label={`Upload Video for ${request.title}`}
              >
                <Upload aria-hidden className="h-4 w-4" />
                Upload Video
              </Button>
            </div>
          )
        ) : onHold ? (
          <p className="text-sm text-slate-700" data-testid="on-hold-note">
            No upload until the posting can go live; the request comes back as pending then.
          </p>
        ) : request.completedAt ? (
          <p className="text-xs text-slate-500">Fulfilled {formatDate(request.completedAt)}</p>
        ) : null}
      </Card>
    </li>
  );
}

/** /admin: fulfil AI video requests. Needs an admin session; otherwise goes to /admin-login. */
export function AdminPage() {
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
  const [captionsErrors, setCaptionsErrors] = useState<Record<number, string>>({});
  const tabs = districtAdmin ? ADMIN_TABS : COORDINATOR_TABS;
  const [chosenTab, setTab] = useState<AdminTab | null>(null);
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
      toast({ title: 'Invalid File Type', description: 'Please select a video file.', variant: 'destructive' });
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
      toast({ title: 'No File Selected', description: 'Please select a video file to upload.', variant: 'destructive' });
      videoInput?.focus();
      return;
    }
    setUploadingId(request.id);
    setProgress(0);
    const handle = uploadRequestVideo(request.id, file, captionsFor[request.id] ?? null, setProgress);
    uploadRef.current = handle;
    try {
      await handle.promise;
      toast({ title: 'Video Uploaded Successfully', description: 'The AI video request has been fulfilled.', variant: 'success' });
      setVideoFor(({ [request.id]: _done, ...rest }) => rest);
      setFulfilled((held) => new Set(held).add(request.id));
      setCaptionsFor(({ [request.id]: _done, ...rest }) => rest);
      void queryClient.invalidateQueries({ queryKey: AI_REQUESTS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['/api/internships'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/employers/internships'] });
    } catch (error) {
      if (isUploadAborted(error)) {
        toast({ title: 'Upload Cancelled', description: 'The request is still pending.' });
      } else {
        toast({ title: 'Upload Failed', description: errorMessage(error) ?? 'Failed to upload video', variant: 'destructive' });
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
        title="Admin Dashboard"
        right={
          <Button size="sm" variant="outline" onClick={() => void signOut()}>
            <LogOut aria-hidden className="h-4 w-4" />
            Sign Out
          </Button>
        }
      />
      <main>
        <PageContainer wide className="space-y-6 py-6">
          <div className="space-y-3">
            <p className="text-sm text-slate-700" data-testid="signed-in-as">
              {staff ? (
                <>
                  Signed in as <strong className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{staff.name}</strong> ·{' '}
                  {staffRoleText(staff)}
                </>
              ) : (
                'Signed in with the district pin'
              )}
            </p>

            <nav aria-label="Admin shortcuts" className="flex flex-wrap gap-2">
              <LinkButton href={paths.home} variant="outline" size="sm">
                <Home aria-hidden className="h-4 w-4" />
                Homepage
              </LinkButton>
              <LinkButton href={paths.jobFeed} variant="outline" size="sm">
                <ListVideo aria-hidden className="h-4 w-4" />
                Job Feed
              </LinkButton>
              <LinkButton href={paths.employerDashboard} variant="outline" size="sm">
                <LayoutDashboard aria-hidden className="h-4 w-4" />
                Employer Dashboard
              </LinkButton>
            </nav>
          </div>

          <Tabs.Root value={tab} onValueChange={(v) => setTab(v as AdminTab)} className="space-y-6">
            <Tabs.List
              aria-label="Admin sections"
              className="flex flex-wrap gap-1 rounded-3xl border border-slate-200 bg-white p-1 shadow-sm"
            >
              {tabs.map((t) => (
                <Tabs.Trigger key={t} value={t} className={TAB_CLASSES}>
                  {TAB_LABELS[t]}
                </Tabs.Trigger>
              ))}
            </Tabs.List>

            <Tabs.Content value="ai" className="space-y-6 rounded-3xl">
              <section aria-label="Request counters" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                <Counter
                  label="Pending Requests"
                  value={requests.data ? pendingCount : undefined}
                  icon={<Clock aria-hidden className="h-5 w-5" />}
                />
                <Counter
                  label="On Hold"
                  value={requests.data ? onHoldCount : undefined}
                  icon={<PauseCircle aria-hidden className="h-5 w-5" />}
                />
                <Counter
                  label="Completed"
                  value={requests.data ? completedCount : undefined}
                  icon={<CheckCircle2 aria-hidden className="h-5 w-5" />}
                />
                <Counter
                  label="Total Requests"
                  value={requests.data ? list.length : undefined}
                  icon={<Film aria-hidden className="h-5 w-5" />}
                />
              </section>

              <section aria-labelledby="requests-heading" className="space-y-3">
                <h2 id="requests-heading" className="text-lg font-bold text-slate-900">
                  AI Video Requests
                </h2>
                <p className="text-sm text-slate-600">
                  Choose the finished video on the request it belongs to, then press its Upload Video. Requests on hold wait until their
                  posting can go live.
                </p>
                <div role="group" aria-label="Show requests" className="flex flex-wrap gap-1.5">
                  {FILTERS.map((f) => (
                    <Button
                      key={f.value}
                      size="sm"
                      variant={filter === f.value ? 'primary' : 'outline'}
                      aria-pressed={filter === f.value}
                      onClick={() => setFilter(f.value)}
                    >
                      {f.label}
                      {requests.data ? ` (${filterCounts[f.value]})` : ''}
                    </Button>
                  ))}
                </div>
                <ListStates
                  query={requests}
                  loadingLabel="Loading requests"
                  loadingClassName="py-8"
                  errorText="requests"
                  onRetry={() => void requests.refetch()}
                  isEmpty={shown.length === 0}
                  empty={
                    list.length === 0
                      ? 'No AI video requests yet.'
                      : `No ${FILTERS.find((f) => f.value === filter)?.label.toLowerCase() ?? ''} requests.`
                  }
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
              <ReportsTab />
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
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default AdminPage;
