import { tCommon } from '@/lib/i18n/i18n';
import { toast } from '@/stores/toast-store';

/**
 * Copy text for the user: 'Copied' with what it was (`what`, in the UI's language: 'The key')
 * on success; where the browser refuses
 * (no clipboard, an insecure page), a toast says to copy it by hand.
 */
export async function copyText(text: string, what: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    toast({ title: tCommon('toasts.copied'), description: tCommon('toasts.copiedText', { what }), variant: 'success' });
    return true;
  } catch {
    toast({
      title: tCommon('toasts.copyFailed'),
      description: tCommon('toasts.copyByHand', { what: what.toLowerCase() }),
      variant: 'destructive',
    });
    return false;
  }
}

/** Offer text as a file download (a Blob URL, released right after the click). */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
