import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from './button';

/** 'Try again' under a load error: asks for the failed data once more. */
export function RetryButton({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Button size="sm" variant="outline" className="mt-3" onClick={onRetry}>
      {t('actions.tryAgain')}
    </Button>
  );
}
