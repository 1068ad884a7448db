import { I18nProvider } from '@lingui/react';
import { act, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageMenu } from '@/components/layout/language-menu';
import { i18n } from '@/lib/i18n';
import { useForm } from '@/lib/use-form';
import { Button } from './button';
import { Checkbox } from './checkbox';
import { Collapsible } from './collapsible';
import { FormField } from './form-field';
import { renderUi } from './test-render';
import { emptyToNull, TextInput } from './text-input';

// A page the server rendered (ADR 26), before and after the app takes it over (hydration).

type Values = { phone: string | null; consent: boolean };
const resolver = async (values: Values) => ({ values, errors: {} as Record<string, never> });

/** The page, and its form's values as the app has them. */
function page() {
  let form: ReturnType<typeof useForm<Values>> | undefined;
  function Page() {
    const f = useForm<Values>({ resolver, defaultValues: { phone: '+47 912', consent: false } });
    form = f;
    return (
      <form>
        <LanguageMenu />
        <FormField label="Phone">
          <TextInput {...f.register('phone', { setValueAs: emptyToNull })} />
        </FormField>
        <Checkbox {...f.register('consent')}>I accept</Checkbox>
        <Collapsible title="More">Details</Collapsible>
        <Button type="submit">Send</Button>
      </form>
    );
  }
  return { Page, values: () => form?.getAllValues() };
}

const containers: HTMLElement[] = [];
afterEach(() => {
  for (const container of containers.splice(0)) container.remove();
});

/** The page as the server sends it, in the document, not yet taken over. */
function served(Page: () => ReactNode): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <I18nProvider i18n={i18n}>
      <Page />
    </I18nProvider>,
  );
  containers.push(container);
  document.body.append(container);
  return container;
}

/** The app taking the served page over (hydration). */
async function takeOver(Page: () => ReactNode, container: HTMLElement) {
  await act(async () => {
    renderUi(<Page />, { container, hydrate: true });
  });
}

describe('a page the server rendered', () => {
  it('shows the form’s starting values and no control that would do nothing (or send the form the browser’s way)', () => {
    served(page().Page);
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('+47 912');
    expect(screen.getByRole('checkbox', { name: 'I accept' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'More' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Svenska' })).toBeDisabled();
  });

  it('keeps what the customer typed and ticked before the app took it over, and then works', async () => {
    const { Page, values } = page();
    const container = served(Page);
    const phone = screen.getByRole<HTMLInputElement>('textbox', { name: 'Phone' });
    phone.value = '+47 98765432';
    screen.getByRole<HTMLInputElement>('checkbox', { name: 'I accept' }).checked = true;

    await takeOver(Page, container);
    expect(phone).toHaveValue('+47 98765432');
    expect(values()).toEqual({ phone: '+47 98765432', consent: true });
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'More' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Svenska' })).toBeEnabled();
  });

  it('takes a field nobody touched from the form, as a page the app renders itself', async () => {
    const { Page, values } = page();
    await takeOver(Page, served(Page));
    expect(values()).toEqual({ phone: '+47 912', consent: false });
  });
});
