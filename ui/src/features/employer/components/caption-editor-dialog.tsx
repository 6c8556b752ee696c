import { Flag, Pause, Play, Rewind, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { NativeSelectField } from '@/components/ui/native-select-field';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/stores/toast-store';
import { useDeleteCaptions, useSaveCaptions } from '../api/internships';
import { ns } from '../i18n';
import { CAPTION_LANGS, clockTime, cueAt, cueNumberOf, parseClock, parseVtt, toVtt, type CaptionLang, type Cue } from '../lib/captions';
import type { Internship } from '@/types/internship';

/** What the editor needs of a posting (the employer's posting, or an AI request's). */
export type CaptionSubject = Pick<Internship, 'id' | 'title' | 'videoUrl' | 'posterUrl' | 'captions'>;

interface CaptionEditorDialogProps {
  internship: CaptionSubject | null;
  onClose: () => void;
  /** The district admin writes through its own routes (the AI-video fulfilment screen). */
  admin?: boolean;
}

/** The server's refusal, and the cue (counted from 1) it names. */
/** A cue with the editor's own key (rows keep their focus while re-timed). */
type EditorCue = Cue & { id: number };

let lastId = 0;
function keyed(list: Cue[]): EditorCue[] {
  return list.map((c) => ({ ...c, id: (lastId += 1) }));
}

interface Refusal {
  message: string;
  cue: number | null;
}

/** One cue: its times (typed as people read them), its words, play from it, delete it. */
function CueRow({
  cue,
  n,
  error,
  onChange,
  onPlay,
  onDelete,
}: {
  cue: EditorCue;
  n: number;
  error: string | undefined;
  onChange: (cue: EditorCue) => void;
  onPlay: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(ns);
  const [start, setStart] = useState(clockTime(cue.start));
  const [end, setEnd] = useState(clockTime(cue.end));
  // Times changed elsewhere (a file opened, a cue re-timed) show here; typing is kept until then.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the typed text follows the cue's committed times
    setStart(clockTime(cue.start));
    setEnd(clockTime(cue.end));
  }, [cue.start, cue.end]);
  const startValid = parseClock(start) !== null;
  const endValid = parseClock(end) !== null;
  const errorId = useId();
  const commit = () => {
    const s = parseClock(start);
    const e = parseClock(end);
    if (s !== null && e !== null) onChange({ ...cue, start: s, end: e });
  };
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };
  return (
    <li
      className={error ? 'rounded-2xl border border-rose-300 bg-rose-50 p-3' : 'rounded-2xl border border-slate-200 p-3'}
      data-testid="caption-cue"
      aria-label={t('captions.cueLabel', { n })}
      aria-describedby={error ? errorId : undefined}
    >
      <p className="mb-2 text-sm font-bold text-slate-900">{t('captions.cueHeading', { n })}</p>
      <div className="grid grid-cols-2 gap-2">
        <TextField
          label={t('captions.start')}
          aria-label={t('captions.startOf', { n })}
          value={start}
          inputMode="decimal"
          onChange={(e) => setStart(e.currentTarget.value)}
          onBlur={commit}
          onKeyDown={onEnter}
          error={startValid ? undefined : t('captions.badTime')}
          data-cue-start={n}
        />
        <TextField
          label={t('captions.end')}
          aria-label={t('captions.endOf', { n })}
          value={end}
          inputMode="decimal"
          onChange={(e) => setEnd(e.currentTarget.value)}
          onBlur={commit}
          onKeyDown={onEnter}
          error={endValid ? undefined : t('captions.badTime')}
        />
      </div>
      <TextField
        containerClassName="mt-2"
        label={t('captions.text')}
        aria-label={t('captions.textOf', { n })}
        value={cue.text}
        onChange={(e) => onChange({ ...cue, text: e.currentTarget.value })}
      />
      {error ? (
        <p id={errorId} className="mt-2 text-sm font-medium text-rose-700" data-testid="cue-error">
          {error}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-1.5">
        <Button size="sm" variant="outline" onClick={onPlay} aria-label={t('captions.playFromLabel', { n })}>
          <Play aria-hidden className="h-4 w-4" />
          {t('captions.playFrom')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-rose-700 hover:bg-rose-50"
          onClick={onDelete}
          aria-label={t('captions.deleteLabel', { n })}
        >
          <Trash2 aria-hidden className="h-4 w-4" />
          {t('captions.delete')}
        </Button>
      </div>
    </li>
  );
}

/**
 * The caption editor (issue #56): the video plays; the employer types what is said and Enter
 * ends a cue at the current moment (it starts where the previous one ended, or where a start was
 * marked); cues are listed with their times, editable, deletable, re-timed by typing; any cue
 * plays from its start; the cue showing is drawn over the video as the feed draws it. A `.vtt`
 * file or the posting's track in the chosen language opens into it. Save writes the track
 * (PUT /api/internships/{id}/captions/{lang}); a refusal is shown on the cue it names.
 */
function CaptionEditor({ internship, onDone, admin }: { internship: CaptionSubject; onDone: () => void; admin: boolean }) {
  const { t } = useTranslation(ns);
  const [lang, setLang] = useState<CaptionLang>('en');
  const [cues, setCues] = useState<EditorCue[]>([]);

  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [marked, setMarked] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const save = useSaveCaptions(admin);
  const remove = useDeleteCaptions(admin);
  const track = internship.captions?.find((c) => c.lang === lang);
  const trackUrl = track?.url ?? null;

  // The posting's track in the chosen language opens into the editor.
  useEffect(() => {
    let stale = false;
    if (!trackUrl) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- a language without a track opens empty
      setCues([]);
      setLoadedFor(lang);
      return;
    }
    void fetch(trackUrl, { credentials: 'include' })
      .then((r) => (r.ok ? r.text() : ''))
      .then((text) => {
        if (stale) return;
        setCues(keyed(parseVtt(text)));
        setLoadedFor(lang);
      });
    return () => {
      stale = true;
    };
  }, [trackUrl, lang]);

  const video = () => videoRef.current;
  const currentTime = () => video()?.currentTime ?? 0;
  const nextStart = () => marked ?? (cues.length ? cues[cues.length - 1].end : 0);

  const togglePlay = () => {
    const v = video();
    if (!v) return;
    if (v.paused) void v.play();
    else v.pause();
  };
  const back = () => {
    const v = video();
    if (v) v.currentTime = Math.max(0, v.currentTime - 2);
  };
  const markStart = () => setMarked(currentTime());

  const addCue = () => {
    const text = draft.trim();
    if (!text) return;
    const start = nextStart();
    const duration = video()?.duration;
    let end = currentTime();
    if (end <= start) end = start + 1;
    if (duration && Number.isFinite(duration)) end = Math.min(end, duration);
    const added = [...cues, ...keyed([{ start, end, text }])].sort((a, b) => a.start - b.start);
    setCues(added);
    setDraft('');
    setMarked(null);
    setRefusal(null);
  };

  const playFrom = (cue: Cue) => {
    const v = video();
    if (!v) return;
    v.currentTime = cue.start;
    void v.play();
  };

  const openFile = async (file: File | undefined) => {
    if (!file) return;
    const read = parseVtt(await file.text());
    if (read.length === 0) {
      setFileError(t('captions.fileEmpty'));
      return;
    }
    setFileError(null);
    setRefusal(null);
    setCues(keyed(read));
  };

  const onSave = () => {
    setRefusal(null);
    const done = () => {
      toast({ title: t('captions.saved'), variant: 'success' });
      onDone();
    };
    const refused = (error: unknown) => {
      const message = errorMessage(error) ?? t('captions.saveFailed');
      const cue = /^(Cue|El fragmento) \d+/.test(message) ? cueNumberOf(message) : null;
      setRefusal({ message, cue });
      if (cue !== null) {
        window.setTimeout(() => listRef.current?.querySelector<HTMLInputElement>(`[data-cue-start="${cue}"]`)?.focus(), 0);
      }
    };
    if (cues.length === 0) {
      if (trackUrl) remove.mutate({ id: internship.id, lang }, { onSuccess: done, onError: refused });
      else setRefusal({ message: t('captions.noCues'), cue: null });
      return;
    }
    save.mutate({ id: internship.id, lang, vtt: toVtt(cues) }, { onSuccess: done, onError: refused });
  };

  const showing = cueAt(cues, now);
  const busy = save.isPending || remove.isPending;
  return (
    <div className="space-y-4" data-testid="caption-editor">
      <NativeSelectField
        label={t('captions.language')}
        value={lang}
        onValueChange={(v) => setLang(v as CaptionLang)}
        options={CAPTION_LANGS.map((code) => ({ value: code, label: t(`captions.languages.${code}`) }))}
      />
      <div className="relative mx-auto aspect-[9/16] max-h-[40dvh] overflow-hidden rounded-2xl bg-black">
        <video
          ref={videoRef}
          src={internship.videoUrl ?? undefined}
          poster={internship.posterUrl ?? undefined}
          aria-label={t('captions.video', { title: internship.title })}
          className="h-full w-full object-cover"
          playsInline
          controls
          preload="metadata"
          onTimeUpdate={(e) => setNow(e.currentTarget.currentTime)}
          onSeeked={(e) => setNow(e.currentTarget.currentTime)}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
        />
        {/* The preview: the cue showing now, drawn as the feed draws it. */}
        {showing ? (
          <p
            data-testid="caption-preview"
            className="pointer-events-none absolute inset-x-3 bottom-14 w-fit max-w-[calc(100%-1.5rem)] whitespace-pre-line break-words rounded-lg bg-black/75 px-2.5 py-1 text-base font-semibold leading-snug text-white"
          >
            {showing.text}
          </p>
        ) : null}
      </div>
      <p className="text-sm text-slate-700" aria-live="polite" data-testid="caption-clock">
        {t('captions.now', { time: clockTime(now) })}
        {marked !== null ? ` · ${t('captions.marked', { time: clockTime(marked) })}` : ''}
      </p>
      <div className="flex flex-wrap gap-1.5">
        <Button size="sm" variant="secondary" onClick={togglePlay}>
          {playing ? <Pause aria-hidden className="h-4 w-4" /> : <Play aria-hidden className="h-4 w-4" />}
          {playing ? t('captions.pause') : t('captions.play')}
        </Button>
        <Button size="sm" variant="outline" onClick={back}>
          <Rewind aria-hidden className="h-4 w-4" />
          {t('captions.back')}
        </Button>
        <Button size="sm" variant="outline" onClick={markStart}>
          <Flag aria-hidden className="h-4 w-4" />
          {t('captions.markStart')}
        </Button>
      </div>
      <TextField
        label={t('captions.said')}
        hint={t('captions.saidHint')}
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            addCue();
          } else if (e.altKey && e.code === 'KeyM') {
            e.preventDefault();
            markStart();
          } else if (e.altKey && e.code === 'KeyK') {
            e.preventDefault();
            togglePlay();
          }
        }}
        data-testid="caption-draft"
      />
      {refusal ? <FormAlert testId="caption-refusal">{refusal.message}</FormAlert> : null}
      {loadedFor === lang ? (
        cues.length > 0 ? (
          <ol ref={listRef} className="space-y-2" aria-label={t('captions.list')}>
            {cues.map((cue, i) => (
              <CueRow
                key={cue.id}
                cue={cue}
                n={i + 1}
                error={refusal?.cue === i + 1 ? refusal.message : undefined}
                onChange={(c) => setCues(cues.map((x, j) => (j === i ? c : x)))}
                onPlay={() => playFrom(cue)}
                onDelete={() => setCues(cues.filter((_, j) => j !== i))}
              />
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-600">{t('captions.empty')}</p>
        )
      ) : null}
      <TextField
        type="file"
        accept=".vtt,text/vtt"
        label={t('captions.open')}
        error={fileError ?? undefined}
        onChange={(e) => void openFile(e.currentTarget.files?.[0])}
        className="text-sm"
      />
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-3">
        <Button variant="outline" onClick={onDone}>
          {t('captions.cancel')}
        </Button>
        <Button onClick={onSave} disabled={busy}>
          {busy ? t('captions.saving') : t('captions.save')}
        </Button>
      </div>
    </div>
  );
}

export function CaptionEditorDialog({ internship, onClose, admin = false }: CaptionEditorDialogProps) {
  const { t } = useTranslation(ns);
  return (
    <Dialog
      open={internship !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('captions.title')}
      description={internship ? t('captions.description', { title: internship.title }) : undefined}
    >
      {internship ? <CaptionEditor internship={internship} onDone={onClose} admin={admin} /> : null}
    </Dialog>
  );
}
