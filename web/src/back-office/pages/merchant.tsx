import { type FormEvent, type ReactNode, useState } from 'react';
import useSWR from 'swr';
import { Link } from 'wouter';
import { type ApiKeyView, BACK_OFFICE_API, BACK_OFFICE_LIMITS, COUNTRY_CODES, type MerchantView } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Heading } from '@/components/ui/heading';
import { Spinner } from '@/components/ui/spinner';
import { TextArea } from '@/components/ui/text-area';
import { TextInput } from '@/components/ui/text-input';
import { call, fetcher, fieldErrorsOf } from '../api';
import { ErrorMessage } from '../components/error-message';
import { useFormatting } from '../components/formatting';
import { ReasonForm } from '../components/reason-form';
import { SecretOnce } from '../components/secret-once';
import { type BoKey, useBoT } from '../i18n';
import { linesOf } from './merchants';

function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-lg border border-neutral-200 bg-white p-4">
      <Heading level={2} size={3} id={id}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

/** A form's busy state, error and a success note, for the panels below. */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      await action();
      setDone(true);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, done, run, fields: fieldErrorsOf(error) };
}

function Settings({ merchant, onSaved }: { merchant: MerchantView; onSaved: (m: MerchantView) => void }) {
  const t = useBoT();
  const [form, setForm] = useState({ name: merchant.name, origins: merchant.allowedOrigins.join('\n'), webhookUrl: merchant.webhookUrl ?? '' });
  const action = useAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () =>
      onSaved(
        await call<MerchantView>('PATCH', BACK_OFFICE_API.updateMerchant.route.url({ merchantId: merchant.id }), {
          name: form.name.trim(),
          allowedOrigins: linesOf(form.origins),
          webhookUrl: form.webhookUrl.trim() || null,
        }),
      ),
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <FormField label={t('merchants.name')} required error={action.fields.name}>
        <TextInput value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} />
      </FormField>
      <FormField label={t('merchants.origins')} hint={t('merchants.originsHint')} error={Object.entries(action.fields).find(([key]) => key.startsWith('allowedOrigins'))?.[1]}>
        <TextArea rows={3} value={form.origins} onChange={(event) => setForm({ ...form, origins: event.target.value })} spellCheck={false} />
      </FormField>
      <FormField label={t('merchants.webhookUrl')} hint={t('merchants.webhookUrlHint')} error={action.fields.webhookUrl}>
        <TextInput type="url" value={form.webhookUrl} onChange={(event) => setForm({ ...form, webhookUrl: event.target.value })} spellCheck={false} />
      </FormField>
      {action.error && Object.keys(action.fields).length === 0 ? <ErrorMessage error={action.error} /> : null}
      {action.done ? <Alert variant="success">{t('common.saved')}</Alert> : null}
      <Button type="submit" loading={action.busy}>
        {t('common.save')}
      </Button>
    </form>
  );
}

function ProviderSettings({ merchant, onSaved }: { merchant: MerchantView; onSaved: (m: MerchantView) => void }) {
  const t = useBoT();
  const resurs = merchant.providerSettings.resurs;
  const [storeId, setStoreId] = useState(resurs.storeId ?? '');
  const [credentials, setCredentials] = useState(
    Object.fromEntries(COUNTRY_CODES.map((country) => [country, { clientId: resurs.credentials[country]?.clientId ?? '', clientSecret: '' }])),
  );
  const action = useAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const given = Object.fromEntries(
      Object.entries(credentials)
        .filter(([, pair]) => pair.clientId.trim() !== '')
        .map(([country, pair]) => [country, { clientId: pair.clientId.trim(), ...(pair.clientSecret ? { clientSecret: pair.clientSecret } : {}) }]),
    );
    void action.run(async () => {
      onSaved(await call<MerchantView>('PUT', BACK_OFFICE_API.providerSettings.route.url({ merchantId: merchant.id }), { resurs: { storeId: storeId.trim() || null, credentials: given } }));
      setCredentials((current) => Object.fromEntries(Object.entries(current).map(([country, pair]) => [country, { ...pair, clientSecret: '' }])));
    });
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <p className="text-sm">{t('provider.intro')}</p>
      <FormField label={t('provider.storeId')} error={action.fields['resurs.storeId']}>
        <TextInput value={storeId} onChange={(event) => setStoreId(event.target.value)} spellCheck={false} />
      </FormField>
      {COUNTRY_CODES.map((country) => (
        <fieldset key={country} className="space-y-3 rounded-md border border-neutral-200 p-3">
          <legend className="px-1 font-semibold">{t(`provider.country.${country}` as BoKey)}</legend>
          <FormField label={t('provider.clientId')} error={action.fields[`resurs.credentials.${country}.clientId`]}>
            <TextInput
              value={credentials[country]?.clientId ?? ''}
              onChange={(event) => setCredentials({ ...credentials, [country]: { clientId: event.target.value, clientSecret: credentials[country]?.clientSecret ?? '' } })}
              spellCheck={false}
              autoComplete="off"
            />
          </FormField>
          <FormField
            label={t('provider.clientSecret')}
            hint={resurs.credentials[country]?.secretSet ? t('provider.secretKept') : undefined}
            error={action.fields[`resurs.credentials.${country}.clientSecret`]}
          >
            <TextInput
              type="password"
              value={credentials[country]?.clientSecret ?? ''}
              onChange={(event) => setCredentials({ ...credentials, [country]: { clientId: credentials[country]?.clientId ?? '', clientSecret: event.target.value } })}
              autoComplete="new-password"
            />
          </FormField>
        </fieldset>
      ))}
      {action.error && Object.keys(action.fields).length === 0 ? <ErrorMessage error={action.error} /> : null}
      {action.done ? <Alert variant="success">{t('common.saved')}</Alert> : null}
      <Button type="submit" loading={action.busy}>
        {t('common.save')}
      </Button>
    </form>
  );
}

function ApiKeys({ merchantId }: { merchantId: string }) {
  const t = useBoT();
  const format = useFormatting();
  const keys = useSWR<ApiKeyView[]>(BACK_OFFICE_API.apiKeys.route.url({ merchantId }), fetcher);
  const [label, setLabel] = useState('');
  const [issued, setIssued] = useState<string | null>(null);
  const action = useAction();
  const issue = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const answer = await call<{ key: string }>('POST', BACK_OFFICE_API.issueApiKey.route.url({ merchantId }), { label: label.trim() });
      setIssued(answer.key);
      setLabel('');
      await keys.mutate();
    });
  };
  const revoke = (keyId: string) =>
    void action.run(async () => {
      await call('POST', BACK_OFFICE_API.revokeApiKey.route.url({ merchantId, keyId }), {});
      await keys.mutate();
    });
  return (
    <div className="space-y-4">
      {issued ? <SecretOnce heading="keys.issuedHeading" value={issued} /> : null}
      {keys.error ? <ErrorMessage error={keys.error} /> : null}
      <ul className="space-y-2" data-testid="api-keys">
        {(keys.data ?? []).map((key) => (
          <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-neutral-200 p-3">
            <div className="text-sm">
              <p>
                <span className="font-mono font-semibold">{key.prefix ? `${key.prefix}…` : t('keys.noPrefix')}</span> · {key.label}
              </p>
              <p className="text-neutral-700">
                {t('keys.created', { at: format.dateTime(key.createdAt) })} · {key.lastUsedAt ? t('keys.lastUsed', { at: format.dateTime(key.lastUsedAt) }) : t('keys.neverUsed')}
              </p>
              {key.revokedAt ? <p className="font-semibold text-red-800">{t('keys.revoked', { at: format.dateTime(key.revokedAt) })}</p> : null}
            </div>
            {key.revokedAt ? null : (
              <Button size="sm" variant="secondary" onClick={() => revoke(key.id)} aria-label={t('keys.revokeNamed', { label: key.label })}>
                {t('keys.revoke')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <form onSubmit={issue} className="flex flex-wrap items-end gap-3" noValidate>
        <FormField label={t('keys.label')} hint={t('keys.labelHint')} required error={action.fields.label} className="min-w-0 flex-1">
          <TextInput value={label} maxLength={BACK_OFFICE_LIMITS.apiKeyLabelMax} onChange={(event) => setLabel(event.target.value)} />
        </FormField>
        <Button type="submit" loading={action.busy}>
          {t('keys.issue')}
        </Button>
      </form>
      {action.error && !action.fields.label ? <ErrorMessage error={action.error} /> : null}
    </div>
  );
}

function WebhookSecret({ merchant, onRotated }: { merchant: MerchantView; onRotated: () => void }) {
  const t = useBoT();
  const format = useFormatting();
  const [grace, setGrace] = useState(String(BACK_OFFICE_LIMITS.secretGraceHoursDefault));
  const [secret, setSecret] = useState<string | null>(null);
  const action = useAction();
  const rotate = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const answer = await call<{ webhookSecret: string }>('POST', BACK_OFFICE_API.rotateWebhookSecret.route.url({ merchantId: merchant.id }), { graceHours: Number(grace) });
      setSecret(answer.webhookSecret);
      onRotated();
    });
  };
  return (
    <div className="space-y-4">
      <p className="text-sm">{t('secret.intro')}</p>
      {merchant.previousSecretValidUntil ? <Alert variant="info">{t('secret.grace', { until: format.dateTime(merchant.previousSecretValidUntil) })}</Alert> : null}
      {secret ? <SecretOnce heading="secret.newHeading" value={secret} /> : null}
      <form onSubmit={rotate} className="flex flex-wrap items-end gap-3" noValidate>
        <FormField label={t('secret.graceHours')} hint={t('secret.graceHint')} error={action.fields.graceHours}>
          <TextInput inputMode="numeric" value={grace} onChange={(event) => setGrace(event.target.value)} className="w-32" />
        </FormField>
        <Button type="submit" variant="secondary" loading={action.busy}>
          {t('secret.rotate')}
        </Button>
      </form>
      {action.error && !action.fields.graceHours ? <ErrorMessage error={action.error} /> : null}
    </div>
  );
}

export function MerchantPage({ merchantId }: { merchantId: string }) {
  const t = useBoT();
  const format = useFormatting();
  const merchant = useSWR<MerchantView>(BACK_OFFICE_API.merchant.route.url({ merchantId }), fetcher);
  if (merchant.error) return <ErrorMessage error={merchant.error} />;
  if (!merchant.data) return <Spinner label={t('common.loading')} />;
  const m = merchant.data;
  const saved = (updated: MerchantView) => void merchant.mutate(updated, { revalidate: false });
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Link href="/merchants" className="text-link underline underline-offset-2 hover:no-underline">
          {t('merchants.back')}
        </Link>
        <Heading level={1}>{m.name}</Heading>
        <p className="font-mono text-sm">{m.id}</p>
        <p>{m.active ? t('merchants.active') : t('merchants.inactiveSince', { at: format.dateTime(m.deactivatedAt) })}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={t('merchants.settings')} id="settings-title">
          <Settings key={m.updatedAt} merchant={m} onSaved={saved} />
        </Panel>
        <Panel title={t('keys.title')} id="keys-title">
          <ApiKeys merchantId={m.id} />
        </Panel>
        <Panel title={t('secret.title')} id="secret-title">
          <WebhookSecret merchant={m} onRotated={() => void merchant.mutate()} />
        </Panel>
        <Panel title={t('provider.title')} id="provider-title">
          <ProviderSettings merchant={m} onSaved={saved} />
        </Panel>
        <Panel title={m.active ? t('merchants.deactivate') : t('merchants.activate')} id="state-title">
          <p className="text-sm">{m.active ? t('merchants.deactivateIntro') : t('merchants.activateIntro')}</p>
          <ReasonForm
            label="merchants.reason"
            hint="merchants.reasonHint"
            submit={m.active ? 'merchants.deactivate' : 'merchants.activate'}
            variant="secondary"
            optional
            onSubmit={async (reason) => {
              const url = (m.active ? BACK_OFFICE_API.deactivateMerchant : BACK_OFFICE_API.activateMerchant).route.url({ merchantId: m.id });
              saved(await call<MerchantView>('POST', url, reason ? { reason } : {}));
            }}
          />
        </Panel>
      </div>
    </div>
  );
}
