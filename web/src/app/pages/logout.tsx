import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { PAGES } from '@portal/domain';
import { PageSpinner } from '@/components/layout/page-spinner';
import { logout } from '@/features/auth/api/logout';
import { browser } from '@/lib/api-client';
import { useForgetSession } from '@/lib/page-data';

/** Ends the session on the server, then goes to the merchant (or the start page). */
export default function LogoutPage() {
  const [, navigate] = useLocation();
  const forgetSession = useForgetSession();
  useEffect(() => {
    let active = true;
    void logout()
      .catch(() => ({ redirectUrl: null }))
      .then(async ({ redirectUrl }) => {
        await forgetSession();
        if (!active) return;
        if (redirectUrl) browser.assign(redirectUrl);
        else navigate(PAGES.index.url(), { replace: true });
      });
    return () => {
      active = false;
    };
  }, [forgetSession, navigate]);
  return <PageSpinner />;
}
