import { type ComponentType, lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PAGES } from '@portal/domain';
import { PageSpinner } from '@/components/layout/page-spinner';
import { loadNamespaces, type Namespace } from '@/lib/i18n';
import type { ErrorStatus } from './pages/error-page';

const IdentifyPage = page(() => import('./pages/identify'), 'index', 'my');
const ApplyPage = page(() => import('./pages/apply'), 'apply');
const ErrorPage = page(() => import('./pages/error-page'), 'error-page');
const LogoutPage = lazy(() => import('./pages/logout'));
const FormApplyPage = page(() => import('./pages/form-apply'), 'apply');
const SignPage = page(() => import('./pages/sign'), 'sign');
const KeyFactsPage = page(() => import('./pages/key-facts'), 'key-facts');
const SignFailPage = page(() => import('./pages/sign-fail'), 'sign', 'sign-fail');
const PaymentLoadingPage = page(() => import('./pages/payment-loading'), 'payment');
const PaymentPage = page(() => import('./pages/payment'), 'payment');
const PaymentFailPage = page(() => import('./pages/payment-fail'), 'payment');
const DeclinedPage = page(() => import('./pages/declined'), 'my', 'my-list');
const MyApplicationsPage = page(() => import('./pages/my-applications'), 'my', 'my-list');
const ReviewPage = page(() => import('./pages/review'), 'my', 'my-review');
const WithdrawPage = page(() => import('./pages/withdraw'), 'my-list', 'my-withdraw');
const DesignSystemPage = page(() => import('./pages/design-system'), 'ds');

/** A lazily loaded page that arrives with its texts, so it never shows a message id. */
function page<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, ...namespaces: Namespace[]) {
  return lazy(async () => (await Promise.all([load(), loadNamespaces(...namespaces)]))[0]);
}

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
        <Route path={PAGES.formKeyFacts.pattern} component={KeyFactsPage} />
        <Route path={PAGES.formSign.pattern} component={SignPage} />
        <Route path={PAGES.formSignFail.pattern} component={SignFailPage} />
        <Route path={PAGES.paymentLoading.pattern} component={PaymentLoadingPage} />
        <Route path={PAGES.payment.pattern} component={PaymentPage} />
        <Route path={PAGES.paymentFail.pattern} component={PaymentFailPage} />
        <Route path={PAGES.declined.pattern} component={DeclinedPage} />
        <Route path={PAGES.myApplications.pattern} component={MyApplicationsPage} />
        <Route path={PAGES.myReview.pattern} component={ReviewPage} />
        <Route path={PAGES.myWithdrawal.pattern} component={WithdrawPage} />
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
