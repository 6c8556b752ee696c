import { UserPlus } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button, LinkButton } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { useGuestInviteStore } from '@/lib/guest';

/**
 * The invitation a guest sees when trying something that needs an account (like, save,
 * comment, apply...): the server's reason and a way to create a student account, which
 * starts with the guest's interests and grade.
 */
export function GuestInviteDialog() {
  const { t } = useTranslation();
  const open = useGuestInviteStore((s) => s.open);
  const message = useGuestInviteStore((s) => s.message);
  const close = useGuestInviteStore((s) => s.close);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      variant="center"
      title={t('guestInvite.title')}
      description={message || t('guestInvite.onlyMessage')}
    >
      <div data-testid="guest-invite" className="flex flex-col gap-3 sm:flex-row-reverse">
        <LinkButton href={paths.studentSignup} variant="gradient" className="sm:flex-1" onClick={close}>
          <UserPlus aria-hidden className="h-4 w-4" />
          {t('guestInvite.create')}
        </LinkButton>
        <Button variant="outline" className="sm:flex-1" onClick={close}>
          {t('guestInvite.keepBrowsing')}
        </Button>
      </div>
    </Dialog>
  );
}
