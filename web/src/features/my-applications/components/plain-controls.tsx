/**
 * The few form parts the customer's own pages need, drawn as the design system draws them
 * (components/ui: checkbox, field-error, control-variants). Those live in the apply screen's
 * chunk (vite.config.ts, FORM), and importing one would bring that whole chunk (about 8.5 KB
 * gzip) to these pages, over their JavaScript budget (bench/bundle-size.mjs, ADR 14).
 */
import type { ComponentProps, ReactNode } from 'react';
import { CheckIcon, ErrorIcon } from '@/components/ui/icons';

/** As components/ui/field-error.tsx: the message under a control, with an icon so it does not rest on colour. */
export function ErrorText({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-medium text-red-700">
      <ErrorIcon className="mt-px size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

/** As components/ui/checkbox.tsx: a native box drawn at 24 px, the whole label clickable. */
export function PlainCheckbox({ id, children, ...props }: Omit<ComponentProps<'input'>, 'type'> & { id: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <span className="relative inline-flex size-6 shrink-0">
        <input
          type="checkbox"
          id={id}
          {...props}
          className="peer size-6 cursor-pointer appearance-none rounded border-2 border-neutral-600 bg-white checked:border-brand-700 checked:bg-brand-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus aria-invalid:border-red-700 forced-colors:appearance-auto"
        />
        <CheckIcon className="pointer-events-none absolute inset-0.5 hidden size-5 stroke-3 text-white peer-checked:block forced-colors:hidden" />
      </span>
      <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer pt-px text-base">
        {children}
      </label>
    </div>
  );
}

/** As components/ui/control-variants.ts: the box of a text field; an invalid one gets a thicker red edge. */
export const CONTROL =
  'block w-full min-h-11 rounded-md border border-neutral-500 bg-white px-3 py-2 text-base text-neutral-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-focus aria-invalid:border-2 aria-invalid:border-red-700';
