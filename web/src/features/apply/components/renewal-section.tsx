import { useId } from 'react';
import { type ConsentView, type Currency, PRODUCT_NAME_MAX_LENGTH, RENEWAL_WINDOW_DAYS, type RenewalProductView } from '@portal/domain';
import { Checkbox } from '@/components/ui/checkbox';
import { Collapsible } from '@/components/ui/collapsible';
import { Text } from '@/components/ui/text';
import { useT } from '@/lib/i18n';
import { useFormat } from '@/lib/use-format';
import type { ApplyFormState } from '../hooks/use-apply-form';
import { isSelected, shortProductName, totalResidualValue } from '../logic/renewal';
import { ConsentCheckbox } from './consent-checkbox';

interface Props {
  state: ApplyFormState;
  products: readonly RenewalProductView[];
  /** The two renewal consents. */
  consents: readonly ConsentView[];
  currency: Currency;
}

/**
 * Products up for renewal (spec sections 2 and 4): each can be selected to be replaced; the total
 * residual value of the selection, the return window and the two renewal consents follow. The
 * section opens by itself when its consents are missing on submit.
 */
export function RenewalSection({ state, products, consents, currency }: Props) {
  const t = useT();
  const { money } = useFormat();
  const orders = state.form.watch('orders');
  const baseId = useId();

  return (
    <Collapsible
      title={t('apply.renewal.title', { count: products.length })}
      headingLevel={2}
      open={state.renewalOpen}
      onOpenChange={state.setRenewalOpen}
    >
      <div className="space-y-4">
        <Text>{t('apply.renewal.intro')}</Text>
        <ul className="space-y-3">
          {products.map((product, index) => {
            const name = shortProductName(product.productName, PRODUCT_NAME_MAX_LENGTH);
            const detailsId = `${baseId}-${index}`;
            return (
              <li key={product.productReference} className="rounded-md border border-neutral-200 p-3">
                <Checkbox
                  checked={isSelected(orders, product)}
                  onChange={() => state.toggleProduct(product)}
                  aria-describedby={detailsId}
                  disabled={state.loading}
                >
                  {/* A cut name is for the eye; a screen reader gets the whole of it. */}
                  <span aria-hidden={name === product.productName ? undefined : true} className="font-semibold break-words">
                    {name}
                  </span>
                  {name === product.productName ? null : <span className="sr-only">{product.productName}</span>}
                </Checkbox>
                <p id={detailsId} className="mt-1 pl-9 text-sm text-neutral-700">
                  <span className="block">{t('apply.renewal.serialNumber', { serial: product.serialNumber })}</span>{' '}
                  <span className="block">{t('apply.renewal.monthly', { amount: money(product.monthlyPayment, currency) })}</span>
                </p>
              </li>
            );
          })}
        </ul>
        <div className="space-y-2 rounded-md bg-neutral-50 p-3">
          <p aria-live="polite" className="font-semibold">
            {t('apply.renewal.total', { amount: money(totalResidualValue(orders), currency) })}
          </p>
          <Text size="sm" color="secondary">
            {t('apply.renewal.disclaimer', { days: RENEWAL_WINDOW_DAYS })}
          </Text>
        </div>
        <div className="space-y-3">
          {consents.map((consent) => (
            <ConsentCheckbox key={consent.type} consent={consent} state={state} required={orders.length > 0} />
          ))}
        </div>
      </div>
    </Collapsible>
  );
}
