import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';
import type { HeadingLevel } from './heading';
import { ChevronDownIcon } from './icons';

export interface CollapsibleProps extends Omit<ComponentProps<'section'>, 'title'> {
  /** The heading text; the whole heading is the button that opens and closes. */
  title: ReactNode;
  /** Its level in the page's outline (3 unless said otherwise). */
  headingLevel?: HeadingLevel;
  defaultOpen?: boolean;
  /** Controlled use: the state and its change. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * A section whose body opens and closes: the disclosure pattern (a button with `aria-expanded`
 * inside a heading, so the section stays in the heading outline). A closed body is `hidden`:
 * nothing in it can be reached by Tab or read by a screen reader until it is opened.
 */
export function Collapsible({
  title,
  headingLevel = 3,
  defaultOpen = false,
  open: openProp,
  onOpenChange,
  className,
  children,
  ...props
}: CollapsibleProps) {
  const [openState, setOpenState] = useState(defaultOpen);
  const open = openProp ?? openState;
  const bodyId = useId();
  // Until the app has taken a rendered page over, a press would do nothing.
  const hydrated = useHydrated();
  const Heading = `h${headingLevel}` as const;
  const toggle = () => {
    setOpenState(!open);
    onOpenChange?.(!open);
  };
  return (
    <section className={cn('rounded-md border border-neutral-300 bg-white', className)} {...props}>
      <Heading className="text-h5">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          disabled={!hydrated}
          onClick={toggle}
          className="flex min-h-12 w-full items-center justify-between gap-3 rounded-md px-4 py-2 text-left hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus"
        >
          <span>{title}</span>
          <ChevronDownIcon
            className={cn('size-5 shrink-0 transition-transform motion-reduce:transition-none', open && 'rotate-180')}
          />
        </button>
      </Heading>
      <div id={bodyId} hidden={!open} className="border-t border-neutral-200 px-4 py-3">
        {children}
      </div>
    </section>
  );
}
