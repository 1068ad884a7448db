import { cva } from 'class-variance-authority';

/**
 * The box of every form control (text input, text area, select, dropdown list), declared once.
 * The border is neutral-500 (4.7:1 on white, above the 3:1 a control's edge needs); an invalid
 * control, marked with `aria-invalid`, gets a thicker red edge, so the state does not rest on
 * colour alone; read-only fields look filled in rather than editable.
 */
export const controlVariants = cva(
  'block w-full min-h-11 rounded-md border border-neutral-500 bg-white px-3 py-2 text-base text-neutral-900 placeholder:text-neutral-600 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-focus aria-invalid:border-2 aria-invalid:border-red-700 disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:text-neutral-600',
);

/** Read-only text looks like a value, not like a field waiting for input. */
export const readOnlyControl = 'read-only:border-neutral-300 read-only:bg-neutral-100';
