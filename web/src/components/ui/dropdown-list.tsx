import { type KeyboardEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { UI_TIMINGS } from '@portal/domain';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';
import { controlVariants } from './control-variants';
import { CheckIcon, ChevronDownIcon } from './icons';
import { useFormFieldControl } from './use-form-field';

export interface DropdownOption<V extends string = string> {
  value: V;
  label: string;
  disabled?: boolean;
}

export interface DropdownListProps<V extends string = string> {
  options: readonly DropdownOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
  /** Called when focus leaves the list (a form library's `onBlur`). */
  onBlur?: () => void;
  /** Shown while nothing is chosen ("Choose…" unless given). */
  placeholder?: string;
  /** With a name, a hidden input carries the value in a native form submission. */
  name?: string;
  id?: string;
  disabled?: boolean;
  /** The focusable element (a form's ref, to focus the first invalid field). */
  ref?: Ref<HTMLDivElement>;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
}

const PAGE_STEP = 10;

/**
 * The option typed ahead: the first (enabled) option whose label starts with what was typed,
 * searching from the active option onward and wrapping around. Typing one letter again and
 * again steps through the options starting with it, as native selects do.
 */
export function findTypeaheadMatch(labels: readonly (string | null)[], typed: string, activeIndex: number): number {
  if (!typed || labels.length === 0) return -1;
  const lower = typed.toLocaleLowerCase();
  const repeated = [...lower].every((char) => char === lower[0]);
  const search = repeated ? lower.slice(0, 1) : lower;
  // A fresh or repeated letter moves on from the active option; a longer word may stay on it.
  const offset = repeated ? 1 : 0;
  for (let step = 0; step < labels.length; step += 1) {
    const index = (Math.max(activeIndex, -1) + offset + step + labels.length) % labels.length;
    const label = labels[index];
    if (label !== null && label !== undefined && label.toLocaleLowerCase().startsWith(search)) return index;
  }
  return -1;
}

function setRefs<T>(element: T | null, ...refs: (Ref<T> | undefined)[]) {
  for (const ref of refs) {
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  }
}

/**
 * A list to choose one value from, for where a native select cannot show what is needed: the
 * ARIA select-only combobox pattern (a focusable combobox that opens a listbox; focus stays on
 * the combobox and `aria-activedescendant` says which option is active). Keyboard: arrows,
 * Home, End, Page Up/Down, Enter or Space to choose, Escape to close, Tab chooses the active
 * option and moves on, and typing jumps to an option (the typed letters are forgotten after
 * 350 ms). At most 15rem high; the list scrolls inside.
 */
export function DropdownList<V extends string = string>({
  options,
  value,
  onChange,
  onBlur,
  placeholder,
  name,
  id,
  disabled = false,
  ref,
  className,
  ...aria
}: DropdownListProps<V>) {
  const t = useT();
  const generatedId = useId();
  const { labelId, ...control } = useFormFieldControl({ id, ...aria });
  const comboId = control.id ?? `${generatedId}-combo`;
  const listId = `${generatedId}-list`;
  const optionId = (index: number) => `${generatedId}-option-${index}`;
  const labelledBy = aria['aria-labelledby'] ?? (aria['aria-label'] ? undefined : labelId);

  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const comboRef = useRef<HTMLDivElement | null>(null);
  const listRef = useRef<HTMLUListElement | null>(null);
  const typed = useRef('');
  const typedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(typedTimer.current), []);

  const selectedIndex = options.findIndex((option) => option.value === value);
  const selected = selectedIndex >= 0 ? options[selectedIndex] : undefined;
  const enabled = (index: number) => Boolean(options[index] && !options[index]?.disabled);

  // The active option stays in view while moving through a long list.
  useEffect(() => {
    if (!open || active < 0) return;
    const element = listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(optionId(active))}`);
    element?.scrollIntoView?.({ block: 'nearest' });
    // optionId only depends on generatedId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, active]);

  /** The nearest enabled option from `from` in direction `step`, or `from` when there is none. */
  const move = (from: number, step: 1 | -1, count = 1): number => {
    let index = from;
    let found = from;
    let left = count;
    while (left > 0) {
      index += step;
      if (index < 0 || index >= options.length) break;
      if (enabled(index)) {
        found = index;
        left -= 1;
      }
    }
    return found;
  };
  const first = () => move(-1, 1);
  const last = () => move(options.length, -1);

  const openAt = (index: number) => {
    setOpen(true);
    setActive(index);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (index: number) => {
    const option = options[index];
    if (option && !option.disabled && option.value !== value) onChange(option.value);
    close();
  };

  const typeAhead = (char: string) => {
    typed.current += char;
    clearTimeout(typedTimer.current);
    typedTimer.current = setTimeout(() => {
      typed.current = '';
    }, UI_TIMINGS.dropdownTypeaheadResetMs);
    const labels = options.map((option) => (option.disabled ? null : option.label));
    const match = findTypeaheadMatch(labels, typed.current, open ? active : selectedIndex);
    if (match >= 0) openAt(match);
    else if (!open) openAt(selectedIndex >= 0 ? selectedIndex : first());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const { key, altKey } = event;
    const current = active >= 0 ? active : selectedIndex;
    const typing = typed.current !== '';

    if (!open) {
      if (key === 'ArrowDown' || key === 'ArrowUp' || key === 'Enter' || key === ' ') {
        event.preventDefault();
        openAt(selectedIndex >= 0 ? selectedIndex : first());
      } else if (key === 'Home') {
        event.preventDefault();
        openAt(first());
      } else if (key === 'End') {
        event.preventDefault();
        openAt(last());
      } else if (key.length === 1 && key !== ' ' && !event.ctrlKey && !event.metaKey && !altKey) {
        event.preventDefault();
        typeAhead(key);
      }
      return;
    }

    switch (key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive(current < 0 ? first() : move(current, 1));
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (altKey) choose(current);
        else setActive(current < 0 ? last() : move(current, -1));
        return;
      case 'Home':
        event.preventDefault();
        setActive(first());
        return;
      case 'End':
        event.preventDefault();
        setActive(last());
        return;
      case 'PageDown':
        event.preventDefault();
        setActive(move(current, 1, PAGE_STEP));
        return;
      case 'PageUp':
        event.preventDefault();
        setActive(move(current, -1, PAGE_STEP));
        return;
      case 'Enter':
        event.preventDefault();
        choose(current);
        return;
      case 'Escape':
        event.preventDefault();
        close();
        return;
      case 'Tab':
        // Tab moves on as usual, keeping the option that was active.
        choose(current);
        return;
      case ' ':
        event.preventDefault();
        if (typing) typeAhead(key);
        else choose(current);
        return;
      default:
        if (key.length === 1 && !event.ctrlKey && !event.metaKey && !altKey) {
          event.preventDefault();
          typeAhead(key);
        }
    }
  };

  return (
    <div className={cn('relative', className)}>
      <div
        ref={(element) => setRefs(element, comboRef, ref)}
        id={comboId}
        role="combobox"
        tabIndex={disabled ? -1 : 0}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-labelledby={labelledBy}
        aria-label={aria['aria-label']}
        aria-describedby={control['aria-describedby']}
        aria-invalid={control['aria-invalid']}
        aria-required={control['aria-required']}
        aria-disabled={disabled || undefined}
        onKeyDown={onKeyDown}
        onClick={() => {
          if (disabled) return;
          if (open) close();
          else openAt(selectedIndex >= 0 ? selectedIndex : first());
        }}
        onBlur={() => {
          close();
          onBlur?.();
        }}
        className={cn(
          controlVariants(),
          'flex cursor-pointer items-center justify-between gap-2 text-left select-none aria-disabled:cursor-not-allowed aria-disabled:bg-neutral-100 aria-disabled:text-neutral-600',
        )}
      >
        <span className={cn('truncate', !selected && 'text-neutral-600')}>
          {selected ? selected.label : (placeholder ?? t('app.form.choose'))}
        </span>
        <ChevronDownIcon
          className={cn('size-5 shrink-0 text-neutral-700 transition-transform motion-reduce:transition-none', open && 'rotate-180')}
        />
      </div>
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-labelledby={labelledBy}
        aria-label={aria['aria-label']}
        tabIndex={-1}
        hidden={!open}
        // Keeps focus on the combobox while the pointer picks an option.
        onMouseDown={(event) => event.preventDefault()}
        className="absolute z-40 mt-1 max-h-60 w-full overflow-y-auto rounded-md border border-neutral-500 bg-white py-1 shadow-lg"
      >
        {options.map((option, index) => (
          // Pointer selection only: the keyboard works on the combobox (aria-activedescendant).
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={option.value}
            id={optionId(index)}
            role="option"
            aria-selected={index === selectedIndex}
            aria-disabled={option.disabled || undefined}
            onClick={() => choose(index)}
            onMouseMove={() => {
              if (!option.disabled && active !== index) setActive(index);
            }}
            className={cn(
              'flex min-h-11 cursor-pointer items-center justify-between gap-2 px-3 py-2',
              index === active && 'bg-brand-50 outline-2 -outline-offset-2 outline-brand-700',
              option.disabled && 'cursor-not-allowed text-neutral-600 line-through',
            )}
          >
            <span>{option.label}</span>
            {index === selectedIndex ? <CheckIcon className="size-5 shrink-0 text-brand-700" /> : null}
          </li>
        ))}
      </ul>
      {name ? <input type="hidden" name={name} value={value ?? ''} /> : null}
    </div>
  );
}
