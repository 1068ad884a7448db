import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { PAGES } from '@portal/domain';
import { PageSpinner } from '@/components/layout/page-spinner';
import { logout } from '@/features/auth/api/logout';
import { browser } from '@/lib/api-client';

/** Ends the session on the server, then goes to the merchant (or the start page). */
export default function LogoutPage() {
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    let active = true;
    void logout()
      .catch(() => ({ redirectUrl: null }))
      .then(async ({ redirectUrl }) => {
        // Forget everything loaded for the session that just ended.
        await mutate(() => true, undefined, { revalidate: false });
        if (!active) return;
        if (redirectUrl) browser.assign(redirectUrl);
        else navigate(PAGES.index.url(), { replace: true });
      });
    return () => {
      active = false;
    };
  }, [mutate, navigate]);
  return <PageSpinner />;
}
