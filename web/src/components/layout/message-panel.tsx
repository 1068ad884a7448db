import { type ReactNode, useEffect, useRef } from 'react';
import { Heading } from '@/components/ui/heading';
import { ErrorIcon, InfoIcon, WarningIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';

const TONES = {
  info: { Icon: InfoIcon, colour: 'bg-sky-50 text-sky-800' },
  warning: { Icon: WarningIcon, colour: 'bg-amber-50 text-amber-800' },
  error: { Icon: ErrorIcon, colour: 'bg-red-50 text-red-700' },
} as const;

export interface MessagePanelProps {
  tone: keyof typeof TONES;
  title: ReactNode;
  children: ReactNode;
  /** The ways forward: buttons and links. */
  actions?: ReactNode;
  /**
   * Moves focus to the heading when the panel appears: for a panel that replaces a screen the
   * customer is working on (their focus would otherwise be lost with the form), so a screen
   * reader says what happened.
   */
  focusTitle?: boolean;
}

/**
 * A whole-page message (error pages, no connection, a page that failed): what happened, what it
 * means, and a way forward. The heading is the page's h1, so focus lands on it after navigation.
 */
export function MessagePanel({ tone, title, children, actions, focusTitle = false }: MessagePanelProps) {
  const { Icon, colour } = TONES[tone];
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);
  return (
    <section className="max-w-xl space-y-5 py-2 sm:py-6">
      <span className={cn('inline-flex size-12 items-center justify-center rounded-full', colour)}>
        <Icon className="size-7" />
      </span>
      <Heading level={1} ref={heading} tabIndex={focusTitle ? -1 : undefined}>
        {title}
      </Heading>
      <div className="space-y-3 text-base text-neutral-800">{children}</div>
      {actions ? <div className="flex flex-wrap items-center gap-3 pt-2">{actions}</div> : null}
    </section>
  );
}
