import { Flag, Hourglass, Trash2 } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { ReportDialog, type ReportTarget } from '@/components/safety/report-dialog';
import { Badge } from '@/components/ui/badge';
import { Button, LinkButton } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SpinnerBlock } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { formatDate, initials } from '@/lib/format';
import { useReporter } from '@/lib/reports';
import type { Comment, Internship } from '@/types/internship';
import { useAddComment, useComments, useDeleteComment } from '../api/comments';
import { ns } from '../i18n';

function commentDate(createdAt: string | null, justNow: string): string {
  if (!createdAt) return justNow;
  const age = Date.now() - new Date(createdAt).getTime();
  if (Number.isNaN(age) || age < 60_000) return justNow;
  return formatDate(createdAt, justNow);
}

/** The author's first and last name; empty when the comment has neither. */
function authorName(comment: Comment): string {
  return [comment.user?.firstName, comment.user?.lastName].filter((p) => p && p.trim()).join(' ');
}

export function commentAuthorName(comment: Comment, anonymous: string): string {
  return authorName(comment) || anonymous;
}

function CommentItem({
  comment,
  onDelete,
  deleting,
  onReport,
}: {
  comment: Comment;
  onDelete: () => void;
  deleting: boolean;
  /** Set when the reader may report this comment (signed in, not their own). */
  onReport?: () => void;
}) {
  const { t } = useTranslation(ns);
  const name = commentAuthorName(comment, t('comments.anonymous'));
  return (
    <li className="flex gap-3 py-3" data-testid="comment" data-awaiting-review={comment.awaitingReview ? 'true' : undefined}>
      {comment.user?.profileImageUrl ? (
        <img src={comment.user.profileImageUrl} alt="" className="h-9 w-9 shrink-0 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-700"
        >
          {initials(authorName(comment), 'A')}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold text-slate-900">{name}</span>
          <span className="text-xs text-slate-500">{commentDate(comment.createdAt, t('comments.justNow'))}</span>
          {comment.awaitingReview ? (
            <Badge tone="warning" data-testid="awaiting-review">
              <Hourglass aria-hidden className="h-3 w-3" />
              {t('comments.awaitingReview')}
            </Badge>
          ) : null}
        </p>
        <p className="mt-0.5 whitespace-pre-wrap break-words text-sm text-slate-700">{comment.content}</p>
        {onReport ? (
          <button
            type="button"
            onClick={onReport}
            aria-label={t('comments.reportAria', { name })}
            className="mt-1 inline-flex min-h-8 items-center gap-1 rounded-full px-1 text-xs font-semibold text-slate-600 hover:text-rose-700 hover:underline"
          >
            <Flag aria-hidden className="h-3.5 w-3.5" />
            {t('comments.report')}
          </button>
        ) : null}
      </div>
      {comment.canDelete ? (
        <button
          type="button"
          onClick={onDelete}
          disabled={deleting}
          aria-label={t('comments.deleteAria', { name })}
          className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-rose-50 hover:text-rose-600 disabled:opacity-50"
        >
          <Trash2 aria-hidden className="h-4 w-4" />
        </button>
      ) : null}
    </li>
  );
}

/** The comments dialog of a feed card. */
export function CommentsDialog({
  internship,
  open,
  onOpenChange,
}: {
  internship: Internship;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(ns);
  const [text, setText] = useState('');
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const reporter = useReporter();
  const { isGuest } = useUser();
  const comments = useComments(internship.id, open);
  const add = useAddComment(internship.id);
  const remove = useDeleteComment(internship.id);
  const blank = text.trim() === '';

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (blank || add.isPending) return;
    add.mutate(text.trim(), { onSuccess: () => setText('') });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const list = comments.data ?? [];

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('comments.title')}
      description={t('titleAtCompany', { title: internship.title, company: internship.company })}
      footer={
        // A guest reads the thread; writing needs an account, so the box becomes the invitation.
        isGuest ? (
          <div className="flex flex-wrap items-center justify-between gap-2" data-testid="guest-comment-invite">
            <p className="text-sm text-slate-700">{t('comments.guestInvite')}</p>
            <LinkButton href={paths.studentSignup} size="sm" variant="gradient">
              {t('comments.createAccount')}
            </LinkButton>
          </div>
        ) : (
          <form onSubmit={submit} className="flex items-end gap-2">
            <label htmlFor={`comment-input-${internship.id}`} className="sr-only">
              {t('comments.addLabel')}
            </label>
            <textarea
              id={`comment-input-${internship.id}`}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKeyDown}
              placeholder={t('comments.placeholder')}
              rows={1}
              maxLength={1000}
              className="max-h-32 min-h-11 flex-1 resize-none rounded-2xl border border-slate-300 px-3.5 py-2.5 text-base focus:border-brand-600 focus:outline-none focus:ring-4 focus:ring-brand-600/25"
            />
            <Button type="submit" disabled={blank || add.isPending} className="h-11">
              {add.isPending ? t('comments.posting') : t('comments.post')}
            </Button>
          </form>
        )
      }
    >
      {comments.isLoading ? (
        <SpinnerBlock label={t('comments.loading')} className="py-8" />
      ) : list.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500">{t('comments.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={t('comments.title')}>
          {list.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              deleting={remove.isPending && remove.variables === comment.id}
              onDelete={() => remove.mutate(comment.id)}
              onReport={
                reporter.canReport && !(comment.user?.id != null && comment.user.id === reporter.meId)
                  ? () =>
                      setReporting({
                        type: 'comment',
                        id: comment.id,
                        label: t('comments.reportTarget', { name: commentAuthorName(comment, t('comments.anonymous')) }),
                      })
                  : undefined
              }
            />
          ))}
        </ul>
      )}
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
    </Dialog>
  );
}
