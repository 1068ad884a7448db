/**
 * The shop's order page, where the customer lands after the portal and the shop's staff handle
 * the order after the sale: what happened, in words, in the language the customer shopped in
 * (the codes in small print for developers), the status and the money the merchant API gives,
 * the buttons the order's state allows (each a form the shop posts to itself, with a key of its
 * own so that a second press of the same button does one thing), the operations with their
 * states, and the webhooks received. No script: it reads on a phone and works with a keyboard.
 */
import { randomBytes } from 'node:crypto';
import type { ReactNode } from 'react';
import {
  COUNTRIES,
  type Currency,
  DEMO_SHOP,
  type Language,
  type MerchantApplicationView,
  type MerchantStatus,
  type MoneyOperationView,
  openAmount,
  type Outcome,
  OUTCOMES,
  SHARED_MESSAGES,
} from '@portal/domain';
import { type LineChoice, ORDER_ACTION, possible, quantityField, serialField, type Unit } from './orders';
import { shopPage } from './page';
import { Amount, amountText, Code, Header, Moment, today } from './parts';
import type { OrderLine } from './scenarios';
import type { ActionRecord, OrderAction, ReceivedWebhook } from './store';
import { SHOP_TEXTS, type ShopTexts } from './texts';

const isOutcome = (value: string | undefined): value is Outcome => (OUTCOMES as readonly string[]).includes(value ?? '');

/** A new Idempotency-Key for one button as rendered: a second press of it sends the same key. */
const newKey = () => randomBytes(18).toString('base64url');

export interface OrderPage {
  lang: Language;
  /** The outcome the portal sent the customer back with (the return address's query). */
  outcome: string | undefined;
  reference: string | undefined;
  view: MerchantApplicationView | null;
  /** The lines the shop sold (empty for an order the shop did not keep them for). */
  lines: readonly OrderLine[];
  webhooks: ReceivedWebhook[];
  /** What came of the button just pressed (the redirect after it names it). */
  pressed: ActionRecord | null;
  stylesheet: string;
}

/** The order page's own query (without its language), for its language links and the redirect after a button. */
export function orderQuery(outcome: string | undefined, reference: string | undefined, action?: string): string {
  const query = new URLSearchParams();
  if (outcome) query.set('outcome', outcome);
  if (reference) query.set('merchantPaymentReference', reference);
  if (action) query.set('action', action);
  return query.toString();
}

type Say = { t: ShopTexts; lang: Language; currency: Currency };

const errorText = (lang: Language, code: string | null) => (code ? ((SHARED_MESSAGES[lang].ERRORS as Record<string, string | undefined>)[code] ?? code) : '');

/**
 * What came of the button just pressed. A press answered pending follows its operation: once the
 * lender has answered, the page says so.
 */
function Pressed({ say, pressed, view }: { say: Say; pressed: ActionRecord; view: MerchantApplicationView | null }) {
  const { t, lang, currency } = say;
  const operation = pressed.operationId ? view?.operations.find((o) => o.id === pressed.operationId) : undefined;
  const result = operation?.state ?? pressed.result;
  const errorCode = operation?.failure?.errorCode ?? pressed.errorCode;
  const amount = operation?.amount ?? pressed.amount;
  const done = () => {
    if (pressed.action === 'cancel' && !pressed.operationId) return t.orderCancelled;
    return t.resultDone[pressed.action].replace('{amount}', amount === null ? '' : amountText(lang, currency, amount));
  };
  const words: Record<typeof result, string> = {
    done: done(),
    pending: t.results.pending,
    failed: `${t.results.failed} ${errorText(lang, errorCode)}`,
    refused: `${t.results.refused} ${pressed.message ?? errorText(lang, errorCode)}`,
    unanswered: t.results.unanswered,
  };
  const trouble = result === 'failed' || result === 'refused' || result === 'unanswered';
  return (
    // The redirect after a button lands here (#result): focus starts from the answer.
    <div id="result" className={`answer ${trouble ? 'error' : result}`} role={trouble ? 'alert' : 'status'} tabIndex={-1} data-testid="result" data-result={result}>
      <p>
        <strong>{t.actions[pressed.action].button}:</strong> {words[result]} {errorCode ? <Code>{errorCode}</Code> : null}
      </p>
    </div>
  );
}

/** One button with what it does, as a form posted to the shop itself. */
function ActionForm(props: {
  say: Say;
  reference: string;
  outcome: string | undefined;
  action: OrderAction;
  words: { title: string; about: string; button: string };
  amount?: number;
  quiet?: boolean;
  children?: ReactNode;
}) {
  const { say, reference, outcome, action, words, amount } = props;
  const about = words.about.replace('{amount}', amount === undefined ? '' : amountText(say.lang, say.currency, amount));
  return (
    <form className="card" method="post" action={ORDER_ACTION.url({ merchantPaymentReference: reference, action })} data-action={action}>
      <h4 id={`${action}-title`}>{words.title}</h4>
      <p id={`${action}-about`}>{about}</p>
      <input type="hidden" name="key" value={newKey()} />
      <input type="hidden" name="lang" value={say.lang} />
      {outcome ? <input type="hidden" name="outcome" value={outcome} /> : null}
      {props.children}
      <div className="submit">
        <button type="submit" className={props.quiet ? 'secondary' : undefined} aria-describedby={`${action}-about`}>
          {words.button}
        </button>
      </div>
    </form>
  );
}

/** How many of each line: a select per line, none chosen at first. */
function Quantities({ say, action, legend, choices }: { say: Say; action: OrderAction; legend: string; choices: LineChoice[] }) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {choices.map(({ line, max }) => {
        const id = `${action}-${line.sku}`;
        return (
          <div key={line.sku}>
            <label htmlFor={id}>{say.t.ofMax.replace('{name}', line.name).replace('{max}', String(max))}</label>
            <select id={id} name={quantityField(line.sku)} defaultValue="0">
              {Array.from({ length: max + 1 }, (_, n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </fieldset>
  );
}

function Delivery({ say, units }: { say: Say; units: Unit[] }) {
  const { t } = say;
  return (
    <>
      <label htmlFor="delivered-on">{t.deliveredOn}</label>
      <input id="delivered-on" type="date" name="deliveredOn" defaultValue={today()} max={today()} required />
      <fieldset>
        <legend>{t.serialNumbers}</legend>
        {units.map((unit) => {
          const id = serialField(unit);
          return (
            <div key={id}>
              <label htmlFor={id}>{t.serialNumber.replace('{name}', unit.name).replace('{number}', String(unit.number)).replace('{count}', String(unit.count))}</label>
              <input id={id} type="text" name={id} autoComplete="off" spellCheck={false} maxLength={100} required />
            </div>
          );
        })}
      </fieldset>
    </>
  );
}

function Actions({ say, view, lines, reference, outcome }: { say: Say; view: MerchantApplicationView; lines: readonly OrderLine[]; reference: string; outcome: string | undefined }) {
  const { t } = say;
  const can = possible(view, lines);
  const common = { say, reference, outcome };
  const forms = [
    can.ship !== null && <ActionForm key="ship" {...common} action="ship" words={t.actions.ship} amount={can.ship} />,
    can.shipPart && (
      <ActionForm key="ship-part" {...common} action="ship-part" words={t.actions['ship-part']}>
        <Quantities say={say} action="ship-part" legend={t.toShip} choices={can.shipPart} />
      </ActionForm>
    ),
    can.return !== null && <ActionForm key="return" {...common} action="return" words={t.actions.return} amount={can.return} />,
    can.returnPart && (
      <ActionForm key="return-part" {...common} action="return-part" words={t.actions['return-part']}>
        <Quantities say={say} action="return-part" legend={t.toReturn} choices={can.returnPart} />
      </ActionForm>
    ),
    can.confirmDelivery && (
      <ActionForm key="confirm-delivery" {...common} action="confirm-delivery" words={t.actions['confirm-delivery']}>
        <Delivery say={say} units={can.confirmDelivery} />
      </ActionForm>
    ),
    can.cancel &&
      (can.cancel.whole ? (
        <ActionForm key="cancel" {...common} action="cancel" words={t.cancelOrder} quiet />
      ) : (
        <ActionForm key="cancel" {...common} action="cancel" words={t.actions.cancel} amount={can.cancel.amount} quiet />
      )),
  ].filter(Boolean);
  return forms.length > 0 ? <div className="grid actions">{forms}</div> : <p>{t.nothingToDo}</p>;
}

function Money({ say, view }: { say: Say; view: MerchantApplicationView }) {
  const { t, lang } = say;
  const amount = (value: number) => <Amount lang={lang} currency={say.currency} amount={value} />;
  if (view.customerType === 'LEGAL') {
    return (
      <dl data-testid="money">
        <dt>{t.delivery}</dt>
        <dd data-testid="delivery">{view.deliveryConfirmedAt ? <>{t.deliveryConfirmed} <Moment lang={lang} iso={view.deliveryConfirmedAt} /></> : t.deliveryNotConfirmed}</dd>
      </dl>
    );
  }
  const { money } = view;
  if (!money) return <p>{t.noMoneyYet}</p>;
  return (
    <dl data-testid="money">
      <dt>{t.authorized}</dt>
      <dd data-testid="authorized">{amount(money.authorized)}</dd>
      <dt>{t.captured}</dt>
      <dd data-testid="captured">{amount(money.captured)}</dd>
      <dt>{t.refunded}</dt>
      <dd data-testid="refunded">{amount(money.refunded)}</dd>
      <dt>{t.cancelled}</dt>
      <dd data-testid="cancelled">{amount(money.cancelled)}</dd>
      <dt>{t.leftToCapture}</dt>
      <dd data-testid="left-to-capture">{amount(openAmount(money))}</dd>
      <dt>{t.settlement}</dt>
      <dd>
        {t.settlements[money.settlement]} <Code testId="settlement">{money.settlement}</Code>
      </dd>
    </dl>
  );
}

function Operations({ say, view, lines }: { say: Say; view: MerchantApplicationView; lines: readonly OrderLine[] }) {
  const { t, lang } = say;
  if (view.operations.length === 0) return <p>{t.noOperations}</p>;
  const nameOf = (sku: string) => lines.find((line) => line.sku === sku)?.name ?? sku;
  const row = (operation: MoneyOperationView) => (
    <tr key={operation.id}>
      <td>
        <Moment lang={lang} iso={operation.createdAt} />
      </td>
      <td>
        {t.kinds[operation.kind]}, {t.operationStates[operation.state]}
        {operation.amount === null ? null : (
          <>
            : <Amount lang={lang} currency={say.currency} amount={operation.amount} />
          </>
        )}
        {operation.lines.length > 0 ? (
          <>
            <br />
            {operation.lines.map((line) => `${line.quantity} × ${nameOf(line.sku)}`).join(', ')}
          </>
        ) : null}
        {operation.failure ? (
          <>
            <br />
            {errorText(lang, operation.failure.errorCode)}
          </>
        ) : null}{' '}
        <Code>{[operation.kind, operation.state, operation.failure?.errorCode].filter(Boolean).join(' · ')}</Code>
      </td>
    </tr>
  );
  return (
    <table data-testid="operations">
      <thead>
        <tr>
          <th scope="col">{t.when}</th>
          <th scope="col">{t.what}</th>
        </tr>
      </thead>
      <tbody>{view.operations.map(row)}</tbody>
    </table>
  );
}

function Webhooks({ say, webhooks }: { say: Say; webhooks: ReceivedWebhook[] }) {
  const { t, lang } = say;
  if (webhooks.length === 0) return <p>{t.noWebhooks}</p>;
  const amount = (value: number, currency: Currency) => <Amount lang={lang} currency={currency} amount={value} />;
  return (
    <table data-testid="webhooks">
      <thead>
        <tr>
          <th scope="col">{t.received}</th>
          <th scope="col">{t.event}</th>
        </tr>
      </thead>
      <tbody>
        {webhooks.map((w) => {
          const afterSale = t.webhookTypes[w.type];
          const currency = w.money?.currency ?? say.currency;
          return (
            <tr key={w.eventId}>
              <td>
                <Moment lang={lang} iso={w.receivedAt} />
              </td>
              <td>
                {afterSale ? (
                  <>
                    {afterSale}
                    {typeof w.operation?.amount === 'number' ? <>: {amount(w.operation.amount, currency)}</> : null}
                    {w.operation?.errorCode ? ` (${errorText(lang, w.operation.errorCode)})` : null}
                    {w.money ? (
                      <>
                        <br />
                        {t.afterwards} {t.captured} {amount(w.money.captured, currency)}, {t.refunded.toLowerCase()} {amount(w.money.refunded, currency)},{' '}
                        {t.cancelled.toLowerCase()} {amount(w.money.cancelled, currency)}
                      </>
                    ) : null}
                  </>
                ) : (
                  <>
                    {t.statuses[w.status as MerchantStatus] ?? w.status}
                    {isOutcome(w.outcome ?? undefined) ? ` – ${t.outcomes[w.outcome as Outcome]}` : null}
                  </>
                )}
                <br />
                {/* Only webhooks whose signature checked out are kept. */}
                <span>{t.signatureValid}</span>{' '}
                <Code>{[w.type, w.status, w.outcome, w.money?.settlement].filter(Boolean).join(' · ')}</Code> <Code>{w.eventId}</Code>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function orderPage(page: OrderPage): string {
  const { lang, outcome, reference, view, webhooks, lines, pressed } = page;
  const t = SHOP_TEXTS[lang];
  const say: Say = { t, lang, currency: view?.money?.currency ?? COUNTRIES[view?.countryCode ?? 'NO'].currency };
  const saidOutcome = (value: string | null | undefined) => (isOutcome(value ?? undefined) ? t.outcomes[value as Outcome] : t.noOutcome);
  return shopPage(
    `${t.returnTitle}: ${t.title}`,
    lang,
    page.stylesheet,
    <>
      <Header t={t} lang={lang} path={DEMO_SHOP.return.pattern} query={orderQuery(outcome, reference, pressed?.key)} />
      <main>
        <h2>{t.returnTitle}</h2>
        {pressed ? <Pressed say={say} pressed={pressed} view={view} /> : null}
        <p className="result" data-testid="outcome-text">
          {saidOutcome(outcome)}
        </p>
        <dl>
          <dt>{t.order}</dt>
          <dd data-testid="order">{reference ?? '-'}</dd>
          <dt>{t.code}</dt>
          <dd>
            <Code testId="outcome">{outcome ?? '-'}</Code>
          </dd>
        </dl>
        <h3>{t.statusFromApi}</h3>
        {view && reference ? (
          <>
            <dl>
              <dt>{t.status}</dt>
              <dd>
                {t.statuses[view.status]} <Code testId="api-status">{view.status}</Code>
              </dd>
              <dt>{t.outcome}</dt>
              <dd>
                {saidOutcome(view.outcome)} <Code testId="api-outcome">{view.outcome ?? '-'}</Code>
              </dd>
            </dl>
            <h3>{view.customerType === 'LEGAL' ? t.lease : t.money}</h3>
            <Money say={say} view={view} />
            <h3>{t.handle}</h3>
            <Actions say={say} view={view} lines={lines} reference={reference} outcome={outcome} />
            <h3>{t.operations}</h3>
            <Operations say={say} view={view} lines={lines} />
            <h3>{t.timeline}</h3>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t.when}</th>
                  <th scope="col">{t.what}</th>
                </tr>
              </thead>
              <tbody>
                {view.timeline.map((e, i) => (
                  <tr key={i}>
                    <td>
                      <Moment lang={lang} iso={e.at} />
                    </td>
                    <td>
                      {e.status ? t.statuses[e.status] : null}
                      {e.outcome ? ` – ${t.outcomes[e.outcome]}` : null} <Code>{[e.type, e.status, e.outcome].filter(Boolean).join(' · ')}</Code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : (
          <p>{t.unknownOrder}</p>
        )}
        <h3>{t.webhooks}</h3>
        <Webhooks say={say} webhooks={webhooks} />
        <p>
          <a href={`${DEMO_SHOP.home.pattern}?lang=${lang}`}>{t.newOrder}</a>
        </p>
      </main>
    </>,
  );
}
