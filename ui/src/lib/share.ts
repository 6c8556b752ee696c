import { tCommon } from '@/lib/i18n/i18n';
import { toast } from '@/stores/toast-store';

/**
 * Share a link: the Web Share API when there is one, else copy the link ('Link copied!'),
 * else show the URL in a toast so it can be copied by hand.
 */
export async function shareLink(input: { title: string; text?: string; path: string }): Promise<void> {
  const url = new URL(input.path, window.location.origin).toString();
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: input.title, text: input.text, url });
      return;
    } catch (error) {
      // The user closed the share sheet: nothing more to do.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: tCommon('toasts.linkCopied'), description: url, variant: 'success' });
      return;
    } catch {
      // Fall through to showing the URL.
    }
  }
  toast({ title: tCommon('toasts.shareLink'), description: url, duration: 15000 });
}
