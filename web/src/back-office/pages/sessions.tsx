import { useState } from 'react';
import useSWR from 'swr';
import { BACK_OFFICE_API, type OperatorSessionView } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { Heading } from '@/components/ui/heading';
import { Spinner } from '@/components/ui/spinner';
import { call, fetcher } from '../api';
import { ErrorMessage } from '../components/error-message';
import { useFormatting } from '../components/formatting';
import { useBoT } from '../i18n';

export function SessionsPage() {
  const t = useBoT();
  const format = useFormatting();
  const sessions = useSWR<OperatorSessionView[]>(BACK_OFFICE_API.sessions.route.url(), fetcher);
  const [error, setError] = useState<unknown>(null);
  const revoke = async (sessionId: string) => {
    setError(null);
    try {
      await call('POST', BACK_OFFICE_API.revokeSession.route.url({ sessionId }), {});
      await sessions.mutate();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <div className="space-y-6">
      <Heading level={1}>{t('sessions.title')}</Heading>
      <p>{t('sessions.intro')}</p>
      {sessions.error || error ? <ErrorMessage error={sessions.error ?? error} /> : null}
      {!sessions.data && !sessions.error ? <Spinner label={t('common.loading')} /> : null}
      <ul className="space-y-2">
        {(sessions.data ?? []).map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-neutral-200 bg-white p-3 text-sm">
            <div>
              <p className="font-semibold">
                {session.operatorName} · {session.roles.map((role) => t(`roles.${role}`)).join(', ')}
                {session.current ? ` · ${t('sessions.current')}` : ''}
              </p>
              <p className="text-neutral-700">{t('sessions.times', { since: format.dateTime(session.createdAt), seen: format.dateTime(session.lastSeenAt), until: format.dateTime(session.expiresAt) })}</p>
            </div>
            {session.current ? null : (
              <Button size="sm" variant="secondary" onClick={() => void revoke(session.id)} aria-label={t('sessions.revokeNamed', { name: session.operatorName })}>
                {t('sessions.revoke')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
