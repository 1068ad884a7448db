import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from '@/lib/use-form';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox';
import { FormField } from './form-field';
import { Select } from './select';
import { renderUi } from './test-render';
import { TextArea } from './text-area';
import { emptyToNull, TextInput } from './text-input';

describe('FormField with its controls', () => {
  it('names the control by its label, marks it required and links the error text under it', () => {
    renderUi(
      <FormField label="E-mail" required error="Enter an e-mail address" hint="For the receipt">
        <TextInput name="email" />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('For the receipt Enter an e-mail address');
    // The asterisk is for the eye; assistive technology hears "required" from aria-required.
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('leaves a valid control unmarked', () => {
    renderUi(
      <FormField label="City">
        <TextInput name="city" />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'City' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('gives select and text area the same wiring', () => {
    renderUi(
      <>
        <FormField label="Country" error="Choose a country">
          <Select placeholder="Choose…">
            <option value="NO">Norway</option>
          </Select>
        </FormField>
        <FormField label="Message">
          <TextArea />
        </FormField>
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Country' });
    expect(select).toHaveAccessibleDescription('Choose a country');
    expect(select).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute('rows', '5');
  });
});

describe('TextInput', () => {
  it('emits null when emptied and keeps maxlength', async () => {
    const onValueChange = vi.fn();
    renderUi(<TextInput aria-label="Name" maxLength={5} onValueChange={onValueChange} />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.type(input, 'Kari Nordmann');
    expect(input).toHaveValue('Kari ');
    expect(onValueChange).toHaveBeenLastCalledWith('Kari ');
    await userEvent.clear(input);
    expect(onValueChange).toHaveBeenLastCalledWith(null);
  });

  it('works with the form hook’s register: value, null when empty, focus on the invalid field', async () => {
    let form: ReturnType<typeof useForm<{ phone: string | null; consent: boolean }>> | undefined;
    const resolver = async (values: { phone: string | null; consent: boolean }) => ({ values, errors: {} as Record<string, never> });
    function PhoneForm() {
      const f = useForm<{ phone: string | null; consent: boolean }>({ resolver, defaultValues: { phone: '+47 912', consent: false } });
      form = f;
      return (
        <form>
          <FormField label="Phone">
            <TextInput {...f.register('phone', { setValueAs: emptyToNull })} />
          </FormField>
          <Checkbox {...f.register('consent')}>I accept</Checkbox>
        </form>
      );
    }
    renderUi(<PhoneForm />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input).toHaveValue('+47 912');
    await userEvent.type(input, '34567');
    expect(form?.getValues('phone')).toBe('+47 91234567');
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('checkbox', { name: 'I accept' }));
    expect(form?.getAllValues()).toEqual({ phone: null, consent: true });
    // What handleSubmit does with the first invalid field: the ref reaches the input.
    form?.setFocus('phone');
    await waitFor(() => expect(input).toHaveFocus());
  });
});

describe('Checkbox', () => {
  it('is ticked from its whole label and links its error text', async () => {
    renderUi(<Checkbox error="Accept the terms to continue">I accept the terms</Checkbox>);
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Accept the terms to continue');
    await userEvent.click(screen.getByText('I accept the terms'));
    expect(box).toBeChecked();
  });
});
