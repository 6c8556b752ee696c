import { toast } from '@/stores/toast-store';

/**
 * Copy text for the user: 'Copied' with what it was on success; where the browser refuses
 * (no clipboard, an insecure page), a toast says to copy it by hand.
 */
export async function copyText(text: string, what: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied', description: `${what} copied to the clipboard.`, variant: 'success' });
    return true;
  } catch {
    toast({ title: 'Could not copy', description: `Select the ${what.toLowerCase()} and copy it by hand.`, variant: 'destructive' });
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
