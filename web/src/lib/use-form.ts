/**
 * Form state for the apply form: uncontrolled inputs registered by name, validation through a
 * resolver (the shared zod schema), errors per field, submit handling. The names and meaning
 * follow react-hook-form's, whose measured 12.7 KB would alone have taken more than a tenth of
 * the apply route's budget for one small form (ADR 0004). Only what the portal uses is here.
 */
import { type ChangeEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';

export interface FieldError {
  type: string;
  message?: string;
  /** Values the message interpolates (e.g. a length limit). */
  params?: Record<string, number>;
}

export type FieldErrors<T extends object> = Partial<Record<keyof T & string, FieldError>>;

export type ResolverResult<T extends object> = { values: T; errors: Record<string, never> } | { values: Record<string, never>; errors: FieldErrors<T> };
export type Resolver<T extends object> = (values: T) => Promise<ResolverResult<T>>;

type InputElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export interface RegisterOptions {
  /** Turns the input's text into the stored value (e.g. empty → null). */
  setValueAs?: (value: string) => unknown;
  onChange?: (event: ChangeEvent<InputElement>) => void;
}

export interface Registered {
  name: string;
  /** The field's starting value in the markup, so a page rendered on the server shows it (ADR 26). */
  defaultValue?: string;
  defaultChecked?: boolean;
  ref: (element: InputElement | null) => void;
  onChange: (event: ChangeEvent<InputElement>) => void;
  onBlur: () => void;
}

const isCheckbox = (element: InputElement): element is HTMLInputElement =>
  element instanceof HTMLInputElement && element.type === 'checkbox';

/** Whether the field differs from what its markup said (its default value, tick or option). */
function changedSinceMarkup(element: InputElement): boolean {
  // A select: the option its markup chose is no longer the chosen one (with none chosen, unknown).
  if (element instanceof HTMLSelectElement) return [...element.options].some((option) => option.defaultSelected && !option.selected);
  return isCheckbox(element) ? element.checked !== element.defaultChecked : element.value !== element.defaultValue;
}

export function useForm<T extends object>({ resolver, defaultValues }: { resolver: Resolver<T>; defaultValues: T }) {
  const values = useRef<T>({ ...defaultValues });
  const starting = useRef(defaultValues);
  const attached = useRef(new WeakSet<InputElement>());
  const elements = useRef(new Map<string, InputElement>());
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [isSubmitted, setSubmitted] = useState(false);
  // After a first submission, a field is checked again as it changes (react-hook-form's default).
  const submitted = useRef(false);
  const revalidate = useRef<(name: keyof T & string) => void>(() => undefined);
  // Bumped when a watched value changes through setValue, so watchers render again.
  const [, setVersion] = useState(0);

  const register = useCallback(
    (name: keyof T & string, options: RegisterOptions = {}): Registered => {
      const valueOf = (element: InputElement) => (isCheckbox(element) ? element.checked : options.setValueAs ? options.setValueAs(element.value) : element.value);
      const start = starting.current[name];
      return {
        name,
        ...(typeof start === 'boolean' ? { defaultChecked: start } : { defaultValue: start === null || start === undefined ? '' : String(start) }),
        ref: (element) => {
          if (!element || attached.current.has(element)) return;
          attached.current.add(element);
          elements.current.set(name, element);
          // Changed since the markup was made: typed (or ticked) on a page the server rendered,
          // before the app took it over. What the customer entered stands.
          if (changedSinceMarkup(element)) {
            values.current = { ...values.current, [name]: valueOf(element) };
            return;
          }
          const value = values.current[name];
          if (isCheckbox(element)) element.checked = value === true;
          else element.value = value === null || value === undefined ? '' : String(value);
        },
        onChange: (event) => {
          values.current = { ...values.current, [name]: valueOf(event.target) };
          options.onChange?.(event);
          if (submitted.current) revalidate.current(name);
        },
        onBlur: () => undefined,
      };
    },
    [],
  );

  /** Validates the form; updates the errors of `names` only (all when omitted). Answers whether they are valid. */
  const trigger = useCallback(
    async (names?: (keyof T & string) | (keyof T & string)[]): Promise<boolean> => {
      let result: ResolverResult<T>;
      try {
        result = await resolver(values.current);
      } catch {
        // The rules could not be run (not downloaded yet): the messages stay as they are, and
        // submitting reports the failure.
        return false;
      }
      const found = result.errors as FieldErrors<T>;
      const only = names === undefined ? null : Array.isArray(names) ? names : [names];
      setErrors((current) => {
        if (!only) return found;
        const next: FieldErrors<T> = { ...current };
        for (const name of only) {
          if (found[name]) next[name] = found[name];
          else delete next[name];
        }
        return next;
      });
      return (only ?? (Object.keys(found) as (keyof T & string)[])).every((name) => !found[name]);
    },
    [resolver],
  );

  useEffect(() => {
    revalidate.current = (name) => void trigger(name);
  }, [trigger]);

  const handleSubmit = useCallback(
    (onValid: (values: T) => Promise<void> | void, onInvalid?: (errors: FieldErrors<T>) => void) =>
      async (event?: { preventDefault(): void }) => {
        event?.preventDefault();
        submitted.current = true;
        setSubmitted(true);
        const result = await resolver(values.current);
        const found = result.errors as FieldErrors<T>;
        setErrors(found);
        if (Object.keys(found).length > 0) onInvalid?.(found);
        else await onValid(result.values as T);
      },
    [resolver],
  );

  const setError = useCallback((name: keyof T & string, error: FieldError) => {
    setErrors((current) => ({ ...current, [name]: error }));
  }, []);

  const setValue = useCallback(<K extends keyof T & string>(name: K, value: T[K]) => {
    values.current = { ...values.current, [name]: value };
    setVersion((n) => n + 1);
  }, []);

  const getValues = useCallback(<K extends keyof T & string>(name: K): T[K] => values.current[name], []);
  const getAllValues = useCallback((): T => values.current, []);

  /** The current value; the component renders again when it changes through setValue. */
  const watch = getValues;

  /** Moves focus to a registered field (what a failed submission does with the first invalid one). */
  const setFocus = useCallback((name: keyof T & string) => {
    elements.current.get(name)?.focus();
  }, []);

  const formState = useMemo(() => ({ errors, isSubmitted }), [errors, isSubmitted]);
  return { register, trigger, handleSubmit, setError, setValue, getValues, getAllValues, watch, setFocus, formState };
}
