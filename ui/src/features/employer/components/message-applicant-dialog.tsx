import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, CheckCheck, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { inputClasses } from '@/components/ui/field';
import { api } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { toast } from '@/stores/toast-store';
import type { ReceivedMessage } from '../types';

/**
 * TEMPORARY STAND-IN for the shared messaging dialog (features/messaging, built by the
 * student-screens helper). Same props as that dialog is specified with: the application and
 * the other party. When features/messaging lands, `messaging-slot.tsx` renders it instead and
 * this file goes.
 */
export interface MessageTarget {
  applicationId: number;
  otherUserId: number;
  otherName: string;
}

const MESSAGE_MAX = 500;

function timeLabel(iso: string): string {
  const date = new Date(iso);
  if (Date.now() - date.getTime() < 24 * 60 * 60 * 1000) {
    return date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  }
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

export function MessageApplicantDialog({
  target,
  meId,
  onClose,
}: {
  target: MessageTarget | null;
  meId: number;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [text, setText] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const key = [`/api/applications/${target?.applicationId ?? 0}/messages`];
  const thread = useQuery<ReceivedMessage[]>({
    queryKey: key,
    enabled: target !== null,
    refetchInterval: 2000,
    staleTime: 0,
  });
  const send = useMutation({
    mutationFn: (content: string) =>
      api.post<ReceivedMessage>(`/api/applications/${target?.applicationId}/messages`, {
        content,
        receiverId: target?.otherUserId,
      }),
    onSuccess: () => {
      setText('');
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: () => toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' }),
  });

  const messages = thread.data ?? [];
  useEffect(() => {
    listRef.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [messages.length]);

  const trimmed = text.trim();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!trimmed || trimmed.length > MESSAGE_MAX || send.isPending) return;
    send.mutate(trimmed);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) {
          setText('');
          onClose();
        }
      }}
      title={`Message ${target?.otherName ?? ''}`}
      description="Messages stay between you and this applicant."
      footer={
        <form onSubmit={submit} className="flex items-end gap-2" aria-label="Send a message">
          <div className="flex-1">
            <label htmlFor={inputId} className="sr-only">
              Message
            </label>
            <textarea
              id={inputId}
              rows={2}
              value={text}
              maxLength={MESSAGE_MAX}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKeyDown}
              placeholder="Type a message..."
              className={cn(inputClasses, 'min-h-12 resize-none')}
              aria-describedby={`${inputId}-count`}
            />
            <p id={`${inputId}-count`} className="mt-1 text-right text-xs text-slate-500">
              {text.length}/{MESSAGE_MAX}
            </p>
          </div>
          <Button type="submit" size="icon" aria-label="Send message" disabled={!trimmed || send.isPending} className="mb-6">
            <Send aria-hidden className="h-4 w-4" />
          </Button>
        </form>
      }
    >
      {thread.isLoading ? <p className="text-sm text-slate-500">Loading messages...</p> : null}
      {thread.isError ? <p className="text-sm text-rose-600">Could not load the conversation.</p> : null}
      {!thread.isLoading && messages.length === 0 ? (
        <p className="text-sm text-slate-500">No messages yet. Say hello!</p>
      ) : null}
      <ol ref={listRef} className="space-y-2" aria-label="Conversation">
        {messages.map((m) => {
          const mine = m.senderId === meId;
          return (
            <li key={m.id} className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
              <div
                className={cn(
                  'max-w-[80%] rounded-2xl px-3.5 py-2 text-sm',
                  mine ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-900',
                )}
              >
                <p className="sr-only">{mine ? 'You' : m.senderName}:</p>
                <p className="whitespace-pre-wrap break-words">{m.content}</p>
                <p className={cn('mt-1 flex items-center justify-end gap-1 text-[11px]', mine ? 'text-brand-100' : 'text-slate-500')}>
                  {timeLabel(m.createdAt)}
                  {mine ? (
                    m.readAt ? (
                      <CheckCheck aria-label="Read" className="h-3.5 w-3.5" />
                    ) : (
                      <Check aria-label="Sent" className="h-3.5 w-3.5" />
                    )
                  ) : null}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
    </Dialog>
  );
}
