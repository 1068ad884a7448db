/**
 * The apply form's state and behaviour (spec sections 4 and 5): the shared schema's rules for
 * the application's country and customer type, validation on submit and on each checkbox, focus
 * on the first invalid field, the submit flow of the screen, and its loading and error states.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from '@/lib/use-form';
import { useLocation, useSearch } from 'wouter';
import {
  CONSENT_FIELDS,
  type ConsentView,
  type LoanApplicationView,
  PAGES,
  RENEWAL_CONSENT_FIELDS,
  type RenewalProductView,
} from '@portal/domain';
import { ApiRequestError, browser, NetworkError } from '@/lib/api-client';
import { isChunkLoadError, pageForError } from '@/lib/route-errors';
import { SERVER_ERROR } from '../logic/field-message';
import { type ApplyField, type ApplyFormValues, CONTACT_FIELDS, initialValues, shownConsents, toPayload } from '../logic/form-values';
import { toggleRenewalProduct } from '../logic/renewal';
import { isWebAddress, submitApplication } from '../logic/submit-flow';
import type { ApplyVariant } from '../logic/variant';

interface Options {
  application: LoanApplicationView;
  consents: readonly ConsentView[];
  variant: ApplyVariant;
}

/** Runs `task` when the browser is idle after the current render; answers how to cancel it. */
function whenIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}

/** Moves focus to an element and brings it into view, in the middle where its label shows too. */
function focusOn(element: HTMLElement | null | undefined) {
  if (!element) return;
  element.scrollIntoView({ block: 'center' });
  element.focus({ preventScroll: true });
}

export function useApplyForm({ application, consents, variant }: Options) {
  const { customer } = application;
  const [, navigate] = useLocation();
  const search = useSearch();
  // The rules are rebuilt when the country (or customer type) changes (spec section 5). They
  // are not part of the route's first load (the bundle budget): they download once the screen
  // has shown and the browser is idle, or at the first check if that comes sooner. A download
  // that fails is tried again at the next check.
  const rules = useMemo(() => {
    let ready: Promise<Resolver<ApplyFormValues>> | null = null;
    const load = () =>
      (ready ??= import('../logic/apply-validation')
        .then((module) => module.applyFormResolver<ApplyFormValues>(customer.countryCode, customer.type, variant === 'consumer-v1'))
        .catch((caught: unknown) => {
          ready = null;
          throw caught;
        }));
    const resolver: Resolver<ApplyFormValues> = async (values) => (await load())(values);
    return { resolver, preload: () => void load().catch(() => undefined) };
  }, [customer.countryCode, customer.type, variant]);
  useEffect(() => whenIdle(rules.preload), [rules]);
  const { resolver } = rules;
  const [defaultValues] = useState(() => initialValues(customer, consents));
  const form = useForm<ApplyFormValues>({ resolver, defaultValues });

  // Which button started the submission under way, if any.
  const [pending, setPending] = useState<'standard' | 'student' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [renewalOpen, setRenewalOpen] = useState(false);
  // The application turned final with this submission: the screen gives way to a closing panel.
  const [closed, setClosed] = useState<'declined' | 'closed' | null>(null);
  // Where focus goes after the next render: the first of these fields, or the error alert.
  const [focusInvalid, setFocusInvalid] = useState<{ names: string[] } | null>(null);
  const [focusAlert, setFocusAlert] = useState(0);
  // Found by id when focus moves (ids rather than refs keep the returned state plain data).
  const formId = useId();
  const alertId = useId();

  useEffect(() => {
    if (!focusInvalid) return;
    // The first invalid field in the order the customer sees them, found by name (their
    // messages may render later than the request to move focus).
    const form = document.getElementById(formId);
    const fields = focusInvalid.names
      .map((name) => form?.querySelector<HTMLElement>(`[name="${name}"]`))
      .filter((field): field is HTMLElement => Boolean(field))
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    focusOn(fields[0]);
  }, [focusInvalid, formId]);
  useEffect(() => {
    if (focusAlert) focusOn(document.getElementById(alertId));
  }, [focusAlert, alertId]);

  const showInvalid = (names: string[]) => {
    // The renewal consents can take focus once their section is open, in the same render.
    if (RENEWAL_CONSENT_FIELDS.some((field) => names.includes(field))) setRenewalOpen(true);
    setFocusInvalid({ names });
  };
  const onInvalid = (errors: FieldErrors<ApplyFormValues>) => showInvalid(Object.keys(errors));

  const shownFields = new Set<string>([
    ...CONTACT_FIELDS,
    ...shownConsents(consents).map((consent) => CONSENT_FIELDS[consent.type]),
  ]);
  const isShownField = (name: string): name is ApplyField => shownFields.has(name);

  const fail = (caught: unknown) => {
    setPending(null);
    // Declined (Resurs version 1 answers the decision as APPLICATION_NOT_APPROVED), or already
    // final: nothing can be sent again, so the form goes.
    const code = caught instanceof ApiRequestError ? caught.body.errorCode : null;
    if (code === 'APPLICATION_ALREADY_COMPLETE' || (variant === 'consumer-v1' && code === 'APPLICATION_NOT_APPROVED')) {
      setClosed(code === 'APPLICATION_NOT_APPROVED' ? 'declined' : 'closed');
      return;
    }
    // An expired session: identify again, then come back to this application.
    const page = caught instanceof ApiRequestError && caught.status === 401 ? pageForError(caught, application.reference, search, true) : null;
    if (page) {
      navigate(page, { replace: true });
      return;
    }
    setError(caught);
    // The server's messages (a 400 with fieldErrors) go under the fields they are about; those
    // about something the form does not show are covered by the alert.
    const serverErrors = (caught instanceof ApiRequestError && caught.body.fieldErrors) || {};
    const names = Object.keys(serverErrors).filter(isShownField);
    for (const name of names) form.setError(name, { type: SERVER_ERROR, message: serverErrors[name] });
    if (names.length > 0) showInvalid(names);
    else setFocusAlert((n) => n + 1);
  };

  const submitWith = (accountKey: 'student' | null) => {
    const run = form.handleSubmit(async (values) => {
      setPending(accountKey ?? 'standard');
      setError(null);
      try {
        const next = await submitApplication(variant, toPayload(values, consents, accountKey), values.orders);
        if (next.kind === 'sign') {
          // A consumer's credit: the key facts and the SECCI's mail before the signature (issue 31).
          navigate(variant === 'consumer-v1' ? PAGES.formKeyFacts.url() : PAGES.formSign.url());
        } else if (isWebAddress(next.url)) {
          // The loading panel stays while the browser leaves.
          browser.assign(next.url);
        } else {
          throw new Error('The next address is not a web address');
        }
      } catch (caught) {
        fail(caught);
      }
    }, onInvalid);
    // The form's rules could not be downloaded: the same message as a lost connection.
    return (event?: { preventDefault(): void }) => run(event).catch((caught: unknown) => fail(isChunkLoadError(caught) ? new NetworkError(caught) : caught));
  };

  const validateOnChange = (name: ApplyField) => ({ onChange: () => void form.trigger(name) });

  const toggleProduct = (product: RenewalProductView) => {
    form.setValue('orders', toggleRenewalProduct(form.getValues('orders'), product));
    // Once shown, the consents' messages follow the selection (they are needed only with one).
    const { errors, isSubmitted } = form.formState;
    if (isSubmitted || RENEWAL_CONSENT_FIELDS.some((field) => errors[field])) void form.trigger([...RENEWAL_CONSENT_FIELDS]);
  };

  return {
    form,
    formId,
    alertId,
    loading: pending !== null,
    pending,
    error,
    closed,
    renewalOpen,
    setRenewalOpen,
    submit: submitWith(null),
    submitFlexYoung: submitWith('student'),
    validateOnChange,
    toggleProduct,
  };
}

export type ApplyFormState = ReturnType<typeof useApplyForm>;
