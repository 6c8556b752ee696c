import { Ban, Check, CheckCheck, Flag, Send } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { ReportDialog, type ReportTarget } from '@/components/safety/report-dialog';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Spinner, SpinnerBlock } from '@/components/ui/spinner';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useBlockEmployer, useBlocks } from '@/lib/blocks';
import { cn } from '@/lib/cn';
import { messageTime } from '@/lib/format';
import { messagingNs } from '@/lib/i18n/namespaces/messaging';
import { queryClient } from '@/lib/query-client';
import { asAccount, useUser } from '@/lib/auth';
import { toast } from '@/stores/toast-store';
import type { UserType } from '@/types/api';
import { MESSAGE_MAX, receivedKey, useLoadEarlierMessages, useSendMessage, useThread } from '@/lib/messaging/messages';
import { useMessagesSocket } from '@/lib/messaging/socket';

/** Who a conversation is with: the application and the other party. */
export interface MessageTarget {
  applicationId: number;
  otherUserId: number;
  otherName: string;
  /** Shown under the title, e.g. the internship's title. */
  subject?: string;
  /** Student side: the employer's company (named by 'Block {company}'); else `otherName`. */
  company?: string;
}

/**
 * Student side: 'Block {company}' (asked first), or, once blocked, the line saying so. While
 * blocked the thread stays readable and sending is off.
 */
function BlockBar({ employerId, company, blocked }: { employerId: number; company: string; blocked: boolean }) {
  const { t } = useTranslation(messagingNs);
  const [confirming, setConfirming] = useState(false);
  const block = useBlockEmployer();
  // The Block button is gone once blocked: focus moves to the line that replaces it.
  const justBlocked = useRef(false);
  const noteRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (blocked && justBlocked.current) {
      justBlocked.current = false;
      noteRef.current?.focus();
    }
  }, [blocked]);
  if (blocked) {
    return (
      <p
        ref={noteRef}
        tabIndex={-1}
        role="status"
        data-testid="blocked-note"
        className="border-b border-slate-100 bg-slate-50 px-5 py-2.5 text-sm font-medium text-slate-800"
      >
        {t('block.blocked', { company })}
      </p>
    );
  }
  return (
    <div className="flex justify-end border-b border-slate-100 px-5 py-1.5">
      <Button variant="ghost" size="sm" className="text-slate-700 hover:text-rose-700" onClick={() => setConfirming(true)}>
        <Ban aria-hidden className="h-4 w-4" />
        {t('block.button', { company })}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('block.confirmTitle', { company })}
        description={t('block.confirmText', { company })}
        confirmLabel={block.isPending ? t('block.pending') : t('block.confirm')}
        pending={block.isPending}
        onConfirm={() =>
          block.mutate(
            { employerId, company },
            {
              onSuccess: (answer) => {
                justBlocked.current = true;
                setConfirming(false);
                toast({ title: answer?.message || t('block.done', { company }), variant: 'success' });
              },
              onError: (error) => {
                setConfirming(false);
                toast({ title: t('block.failed'), description: errorMessage(error), variant: 'destructive' });
              },
            },
          )
        }
      />
    </div>
  );
}

function Thread({ target, meId, meType }: { target: MessageTarget; meId: number; meType: UserType | undefined }) {
  const { t } = useTranslation(messagingNs);
  const socketState = useMessagesSocket(meId);
  const thread = useThread(target.applicationId, socketState === 'connected');
  const send = useSendMessage(target.applicationId, target.otherUserId, meId);
  const [text, setText] = useState('');
  const inputId = useId();
  const counterId = useId();
  const loadEarlier = useLoadEarlierMessages(target.applicationId);
  const endRef = useRef<HTMLLIElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  // Distance from the bottom before earlier messages are prepended, to keep the view in place.
  const keepFromBottom = useRef<number | null>(null);
  const messages = thread.data?.messages ?? [];
  const earlier = thread.data?.earlier ?? null;
  const trimmed = text.trim();
  const tooLong = text.length > MESSAGE_MAX;
  const isStudent = meType === 'student';
  const blocks = useBlocks(isStudent);
  const company = target.company ?? target.otherName;
  const blocked = isStudent && (blocks.data ?? []).some((b) => b.employerId === target.otherUserId);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  // A refusal the server explained (403: blocked, suspended, awaiting review) stays in view.
  const refusal = send.error && isApiError(send.error) && send.error.status === 403 ? send.error.message : null;
  // Such a refusal is a state, not a glitch (the employer suspended or awaiting review, the
  // student's block): the box stays off and the reason stays shown. The thread's GET says so
  // ahead of time (`X-Thread-Closed`), so the box is off from the start; a refused send still
  // closes it should the state change between two reads.
  const closedBecause = thread.data?.closed || refusal;
  const closed = Boolean(closedBecause) && !blocked;
  const off = blocked || closed;

  // Reading the thread marks received messages read: refresh the unread count.
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    if (thread.isSuccess) void queryClient.invalidateQueries({ queryKey: receivedKey(meId) });
  }, [thread.isSuccess, thread.dataUpdatedAt, meId]);

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [lastId]);

  const firstId = messages[0]?.id;
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box || keepFromBottom.current === null) return;
    box.scrollTop = box.scrollHeight - keepFromBottom.current;
    keepFromBottom.current = null;
  }, [firstId]);

  const showEarlier = () => {
    const box = scrollRef.current;
    keepFromBottom.current = box ? box.scrollHeight - box.scrollTop : null;
    loadEarlier.mutate();
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!trimmed || tooLong || send.isPending || off) return;
    send.mutate(trimmed, { onSuccess: () => setText('') });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {isStudent ? <BlockBar employerId={target.otherUserId} company={company} blocked={blocked} /> : null}
      <div ref={scrollRef} className="min-h-48 flex-1 overflow-y-auto px-5 py-4" data-testid="message-thread">
        {earlier && !thread.isLoading ? (
          <div className="mb-3 flex justify-center">
            <Button variant="outline" size="sm" onClick={showEarlier} disabled={loadEarlier.isPending}>
              {loadEarlier.isPending ? t('thread.loadingEarlier') : t('thread.loadEarlier')}
            </Button>
          </div>
        ) : null}
        {thread.isLoading ? (
          <SpinnerBlock label={t('thread.loading')} className="py-8" />
        ) : thread.isError ? (
          <p className="py-8 text-center text-sm text-rose-700" role="alert">
            {t('thread.loadFailed', { error: thread.error.message })}
          </p>
        ) : messages.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-500">{t('thread.empty')}</p>
        ) : (
          <ol className="flex flex-col gap-2" aria-label={t('thread.list')}>
            {messages.map((m) => {
              const mine = m.senderId === meId;
              return (
                <li
                  key={m.id}
                  data-testid="message"
                  data-mine={mine ? 'true' : 'false'}
                  className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}
                >
                  <span className="sr-only">{t('thread.sender', { name: mine ? t('thread.you') : m.senderName })}</span>
                  <p
                    className={cn(
                      'max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm',
                      mine ? 'rounded-br-md bg-brand-600 text-white' : 'rounded-bl-md bg-slate-100 text-slate-900',
                    )}
                  >
                    {m.content}
                  </p>
                  <span className="mt-0.5 flex items-center gap-1 text-[11px] text-slate-600">
                    <time dateTime={m.createdAt}>{messageTime(m.createdAt)}</time>
                    {mine ? null : (
                      <button
                        type="button"
                        onClick={() => setReporting({ type: 'message', id: m.id, label: t('thread.reportLabel', { name: m.senderName }) })}
                        aria-label={t('thread.reportButton', { name: m.senderName })}
                        className="ml-1 inline-flex min-h-6 items-center gap-0.5 rounded-full px-1 font-semibold text-slate-600 hover:text-rose-700 hover:underline"
                      >
                        <Flag aria-hidden className="h-3 w-3" />
                        {t('thread.report')}
                      </button>
                    )}
                    {mine ? (
                      m.readAt ? (
                        <span className="inline-flex items-center gap-0.5 text-brand-600" data-testid="read-receipt">
                          <CheckCheck aria-hidden className="h-3.5 w-3.5" />
                          <span className="sr-only">{t('thread.read')}</span>
                        </span>
                      ) : (
                        <span className="inline-flex items-center gap-0.5" data-testid="sent-receipt">
                          <Check aria-hidden className="h-3.5 w-3.5" />
                          <span className="sr-only">{t('thread.sent')}</span>
                        </span>
                      )
                    ) : null}
                  </span>
                </li>
              );
            })}
            <li ref={endRef} aria-hidden className="h-px" />
          </ol>
        )}
      </div>
      <form onSubmit={submit} className="border-t border-slate-100 px-5 py-3">
        {closed ? (
          <p
            role={refusal ? 'alert' : 'status'}
            data-testid="send-error"
            className="mb-2 rounded-2xl bg-rose-50 px-3 py-2 text-sm font-medium text-rose-800"
          >
            {closedBecause}
          </p>
        ) : null}
        <label htmlFor={inputId} className="sr-only">
          {t('thread.to', { name: target.otherName })}
        </label>
        <div className="flex items-end gap-2">
          <textarea
            id={inputId}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder={blocked ? t('thread.offBlocked') : closed ? t('thread.offClosed') : t('thread.placeholder')}
            rows={2}
            maxLength={MESSAGE_MAX}
            disabled={off}
            aria-describedby={counterId}
            className="max-h-36 min-h-11 flex-1 resize-none rounded-2xl border border-slate-300 px-3.5 py-2.5 text-base focus:border-brand-600 focus:outline-none focus:ring-4 focus:ring-brand-600/25"
          />
          <Button
            type="submit"
            size="icon"
            disabled={!trimmed || tooLong || send.isPending || off}
            aria-label={t('thread.send')}
            className="h-11 w-11"
          >
            {send.isPending ? <Spinner label={t('thread.sending')} /> : <Send aria-hidden className="h-5 w-5" />}
          </Button>
        </div>
        <p
          id={counterId}
          className={cn('mt-1 text-right text-xs', text.length >= MESSAGE_MAX ? 'font-semibold text-rose-700' : 'text-slate-500')}
        >
          {text.length}/{MESSAGE_MAX}
          <span className="sr-only">{t('thread.characters')}</span>
        </p>
      </form>
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
    </div>
  );
}

/**
 * The messaging dialog of one application (shared by the student profile and the employer
 * screens). Open while `target` is set; live through /ws with polling as the fallback.
 */
export function MessagingDialog({ target, onClose }: { target: MessageTarget | null; onClose: () => void }) {
  const { t } = useTranslation(messagingNs);
  const me = useUser().user;
  const meId = asAccount(me)?.id;
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={target ? t('dialog.title', { name: target.otherName }) : t('dialog.titleNone')}
      description={target?.subject ?? t('dialog.subject')}
      className="h-[80dvh] sm:h-[70dvh]"
      bodyClassName="flex flex-col p-0"
    >
      {target && meId !== undefined ? <Thread key={target.applicationId} target={target} meId={meId} meType={me?.userType} /> : null}
    </Dialog>
  );
}
