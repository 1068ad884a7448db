import { Link } from 'wouter';
import { PAGES } from '@portal/domain';
import { Button, buttonVariants } from '@/components/ui/button';
import { useT } from '@/lib/i18n';
import { isChunkLoadError } from '@/lib/route-errors';
import { MessagePanel } from './message-panel';

/** Reloading is the only way to get a lazy page whose download failed (React keeps the failure). */
const reload = () => window.location.reload();

/**
 * Shown by the error boundary when a page failed: its code could not be downloaded (offline, or
 * a new release replaced the files: reloading helps), or it broke while rendering (try again).
 */
export function PageFailure({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useT();
  const download = isChunkLoadError(error);
  return (
    <MessagePanel
      tone={download ? 'warning' : 'error'}
      title={t(download ? 'pages.download.title' : 'pages.crash.title')}
      actions={
        <>
          <Button onClick={download ? reload : retry}>{t(download ? 'pages.reload' : 'pages.retry')}</Button>
          <Link href={PAGES.index.url()} className={buttonVariants({ variant: 'link' })}>
            {t('pages.home')}
          </Link>
        </>
      }
    >
      <p>{t(download ? 'pages.download.text' : 'pages.crash.text')}</p>
    </MessagePanel>
  );
}
