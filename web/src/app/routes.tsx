import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PAGES } from '@portal/domain';
import { PageSpinner } from '@/components/layout/page-spinner';
import type { ErrorStatus } from './pages/error-page';

const IdentifyPage = lazy(() => import('./pages/identify'));
const ApplyPage = lazy(() => import('./pages/apply'));
const ErrorPage = lazy(() => import('./pages/error-page'));
const LogoutPage = lazy(() => import('./pages/logout'));
const FormApplyPage = lazy(() => import('./pages/form-apply'));
const SignPage = lazy(() => import('./pages/sign'));
const SignFailPage = lazy(() => import('./pages/sign-fail'));
const PaymentLoadingPage = lazy(() => import('./pages/payment-loading'));
const PaymentPage = lazy(() => import('./pages/payment'));
const PaymentFailPage = lazy(() => import('./pages/payment-fail'));
const DesignSystemPage = lazy(() => import('./pages/design-system'));

const ERROR_STATUSES: readonly ErrorStatus[] = ['400', '401', '403', '404', '500'];

/**
 * The route table of spec section 2; every page is loaded lazily. Fixed paths come before the
 * apply route, whose `/:reference` would otherwise take them; anything else goes to the 404 page.
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path={PAGES.index.pattern} component={IdentifyPage} />
        <Route path={PAGES.paymentLoadingFor.pattern} component={PaymentLoadingPage} />
        <Route path={PAGES.formApply.pattern} component={FormApplyPage} />
        <Route path={PAGES.formSign.pattern} component={SignPage} />
        <Route path={PAGES.formSignFail.pattern} component={SignFailPage} />
        <Route path={PAGES.paymentLoading.pattern} component={PaymentLoadingPage} />
        <Route path={PAGES.payment.pattern} component={PaymentPage} />
        <Route path={PAGES.paymentFail.pattern} component={PaymentFailPage} />
        <Route path={PAGES.logout.pattern} component={LogoutPage} />
        <Route path={PAGES.designSystem.pattern} component={DesignSystemPage} />
        {ERROR_STATUSES.map((status) => (
          <Route key={status} path={`/${status}`}>
            <ErrorPage status={status} />
          </Route>
        ))}
        <Route path={PAGES.apply.pattern} component={ApplyPage} />
        <Route>
          <Redirect to={PAGES.notFound.url()} replace />
        </Route>
      </Switch>
    </Suspense>
  );
}
