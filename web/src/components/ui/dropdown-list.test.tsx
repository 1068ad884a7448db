import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UI_TIMINGS } from '@portal/domain';
import { DropdownList, findTypeaheadMatch } from './dropdown-list';
import { FormField } from './form-field';
import { renderUi } from './test-render';

const OPTIONS = [
  { value: 'dk', label: 'Denmark' },
  { value: 'fi', label: 'Finland' },
  { value: 'fr', label: 'France', disabled: true },
  { value: 'no', label: 'Norway' },
  { value: 'nl', label: 'Netherlands' },
  { value: 'se', label: 'Sweden' },
];

function Country({ onChange = () => undefined }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <FormField label="Country" error={null}>
      <DropdownList
        options={OPTIONS}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </FormField>
  );
}

const activeOption = () => {
  const combo = screen.getByRole('combobox', { name: 'Country' });
  const id = combo.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

afterEach(() => vi.useRealTimers());

describe('DropdownList (select-only combobox)', () => {
  it('is named by the field label, opens a listbox at most 15rem high and chooses with the keyboard', async () => {
    const onChange = vi.fn();
    renderUi(<Country onChange={onChange} />);
    const combo = screen.getByRole('combobox', { name: 'Country' });
    expect(combo).toHaveAttribute('aria-expanded', 'false');
    expect(combo).toHaveTextContent('Choose…');

    await userEvent.tab();
    expect(combo).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(combo).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Country' });
    expect(listbox).toHaveClass('max-h-60');
    expect(activeOption()).toHaveTextContent('Denmark');

    // France is disabled: the arrows step over it.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Norway');
    await userEvent.keyboard('{End}');
    expect(activeOption()).toHaveTextContent('Sweden');
    await userEvent.keyboard('{Home}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('dk');
    expect(combo).toHaveAttribute('aria-expanded', 'false');
    expect(combo).toHaveTextContent('Denmark');
    expect(combo).toHaveFocus();

    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Denmark' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(combo).toHaveAttribute('aria-expanded', 'false');
    expect(combo).toHaveTextContent('Denmark');
  });

  it('chooses with the pointer', async () => {
    const onChange = vi.fn();
    renderUi(<Country onChange={onChange} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Country' }));
    await userEvent.click(screen.getByRole('option', { name: 'Sweden' }));
    expect(onChange).toHaveBeenCalledWith('se');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveFocus();
  });

  it('jumps to what is typed and forgets it after 350 ms', () => {
    vi.useFakeTimers();
    renderUi(<Country />);
    const combo = screen.getByRole('combobox', { name: 'Country' });
    act(() => combo.focus());
    fireEvent.keyDown(combo, { key: 'n' });
    expect(combo).toHaveAttribute('aria-expanded', 'true');
    expect(activeOption()).toHaveTextContent('Norway');
    fireEvent.keyDown(combo, { key: 'e' });
    expect(activeOption()).toHaveTextContent('Netherlands');

    act(() => vi.advanceTimersByTime(UI_TIMINGS.dropdownTypeaheadResetMs));
    // A fresh "s" searches anew rather than continuing "nes".
    fireEvent.keyDown(combo, { key: 's' });
    expect(activeOption()).toHaveTextContent('Sweden');
  });

  it('finds typed-ahead options, cycling through one repeated letter and skipping disabled ones', () => {
    const labels = ['Denmark', 'Finland', null, 'Norway', 'Netherlands', 'Sweden'];
    expect(findTypeaheadMatch(labels, 'n', -1)).toBe(3);
    expect(findTypeaheadMatch(labels, 'nn', 3)).toBe(4);
    expect(findTypeaheadMatch(labels, 'nnn', 4)).toBe(3);
    expect(findTypeaheadMatch(labels, 'ne', 3)).toBe(4);
    expect(findTypeaheadMatch(labels, 'f', -1)).toBe(1);
    expect(findTypeaheadMatch(labels, 'x', 0)).toBe(-1);
  });
});
