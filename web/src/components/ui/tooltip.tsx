import { type PointerEvent, type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { UI_TIMINGS } from '@portal/domain';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';
import { InfoIcon } from './icons';
import { useThrottledCallback } from './use-throttled-callback';

const GAP = 8;
const EDGE = 8;
/** Time to move the pointer from the trigger onto the tooltip before it closes (WCAG 1.4.13, hoverable). */
const CLOSE_DELAY_MS = 150;

export interface TooltipProps {
  /** The explanation. It is also the trigger's description for screen readers, open or not. */
  content: ReactNode;
  /** What the trigger shows; an info icon unless given. */
  children?: ReactNode;
  /** The trigger's name when it shows only the icon ("More information" unless given). */
  label?: string;
  className?: string;
}

/**
 * A small explanation next to a term. It opens on hover, on keyboard focus and on a tap; it stays
 * while the pointer is over it and closes with Escape, a second tap or a tap elsewhere (WCAG
 * 1.4.13). It is placed above the trigger, or below when there is no room, and kept inside the
 * window; while it is open, scrolling and resizing move it, at most once per frame (16 ms).
 */
export function Tooltip({ content, children, label, className }: TooltipProps) {
  const t = useT();
  const tooltipId = useId();
  const [open, setOpen] = useState(false);
  const lastPointer = useRef<string>('mouse');
  const triggerRef = useRef<HTMLButtonElement>(null);
  const tooltipRef = useRef<HTMLSpanElement>(null);
  const wrapperRef = useRef<HTMLSpanElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancelClose = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  };
  const show = () => {
    cancelClose();
    setOpen(true);
  };
  const hide = () => {
    cancelClose();
    setOpen(false);
  };
  const hideSoon = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  };
  useEffect(() => cancelClose, []);

  // Written straight to the element's style (no re-render per scroll event).
  const place = useCallback(() => {
    const tooltip = tooltipRef.current;
    const trigger = triggerRef.current?.getBoundingClientRect();
    if (!tooltip || !trigger) return;
    const tip = tooltip.getBoundingClientRect();
    const roomAbove = trigger.top - GAP - tip.height >= EDGE;
    const top = roomAbove ? trigger.top - GAP - tip.height : trigger.bottom + GAP;
    const centred = trigger.left + trigger.width / 2 - tip.width / 2;
    const left = Math.min(Math.max(EDGE, centred), window.innerWidth - EDGE - tip.width);
    tooltip.style.top = `${Math.round(top)}px`;
    tooltip.style.left = `${Math.round(Math.max(EDGE, left))}px`;
    tooltip.dataset.placed = 'true';
  }, []);
  const placeThrottled = useThrottledCallback(place, UI_TIMINGS.tooltipThrottleMs);

  useLayoutEffect(() => {
    const tooltip = tooltipRef.current;
    if (open) place();
    else if (tooltip) delete tooltip.dataset.placed;
  }, [open, place, content]);

  useEffect(() => {
    if (!open) return;
    const close = () => {
      clearTimeout(closeTimer.current);
      setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (event.target instanceof Node && !wrapperRef.current?.contains(event.target)) close();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('scroll', placeThrottled, { capture: true, passive: true });
    window.addEventListener('resize', placeThrottled, { passive: true });
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('scroll', placeThrottled, { capture: true });
      window.removeEventListener('resize', placeThrottled);
    };
  }, [open, placeThrottled]);

  // Touch has no hover: a tap toggles instead (handled by click).
  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') show();
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') hideSoon();
  };

  return (
    <span ref={wrapperRef} className={cn('relative inline-flex align-middle', className)} onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave}>
      <button
        ref={triggerRef}
        type="button"
        aria-label={children ? undefined : (label ?? t('app.moreInfo'))}
        aria-describedby={tooltipId}
        onFocus={show}
        onBlur={hide}
        onPointerDown={(event) => {
          lastPointer.current = event.pointerType;
        }}
        // A tap toggles; a mouse click or Enter keeps it open (hover and focus opened it already).
        onClick={() => (open && lastPointer.current !== 'mouse' ? hide() : show())}
        onKeyDown={() => {
          lastPointer.current = 'mouse';
        }}
        className={cn(
          'inline-flex min-h-6 min-w-6 items-center justify-center rounded-full text-brand-700 hover:text-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus',
          children ? 'underline decoration-dotted underline-offset-4' : '',
        )}
      >
        {children ?? <InfoIcon className="size-5" />}
      </button>
      <span
        ref={tooltipRef}
        id={tooltipId}
        role="tooltip"
        hidden={!open}
        // Measured first, shown once placed: never a jump from the corner.
        className="invisible fixed top-0 left-0 z-50 block w-max max-w-[min(20rem,calc(100vw-1rem))] rounded-md bg-neutral-900 px-3 py-2 text-left text-sm font-normal text-white shadow-lg data-placed:visible"
      >
        {content}
      </span>
    </span>
  );
}
