import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UI_TIMINGS } from '@portal/domain';
import { throttle } from './throttle';
import { renderUi } from './test-render';
import { Tooltip } from './tooltip';

afterEach(() => vi.useRealTimers());

describe('Tooltip', () => {
  it('describes its trigger, opens on focus and closes with Escape', async () => {
    renderUi(<Tooltip content="The yearly interest without fees." />);
    const trigger = screen.getByRole('button', { name: 'More information' });
    expect(trigger).toHaveAccessibleDescription('The yearly interest without fees.');
    expect(screen.queryByRole('tooltip')).toBeNull();

    await userEvent.tab();
    expect(screen.getByRole('tooltip')).toHaveTextContent('The yearly interest without fees.');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('opens on hover and stays while the pointer moves onto it', () => {
    vi.useFakeTimers();
    renderUi(<Tooltip content="Explained">Nominal interest</Tooltip>);
    const trigger = screen.getByRole('button', { name: 'Nominal interest' });
    const wrapper = trigger.parentElement as HTMLElement;
    fireEvent.pointerEnter(wrapper, { pointerType: 'mouse' });
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    fireEvent.pointerLeave(wrapper, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(50));
    fireEvent.pointerEnter(wrapper, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    fireEvent.pointerLeave(wrapper, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

describe('throttle', () => {
  it('runs at most once per 16 ms, the first call at once and the latest at the end', () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const run = throttle((n: number) => calls.push(n), UI_TIMINGS.tooltipThrottleMs);
    run(1);
    run(2);
    run(3);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(UI_TIMINGS.tooltipThrottleMs);
    expect(calls).toEqual([1, 3]);
    vi.advanceTimersByTime(100);
    run(4);
    expect(calls).toEqual([1, 3, 4]);
    run(5);
    run.cancel();
    vi.advanceTimersByTime(100);
    expect(calls).toEqual([1, 3, 4]);
  });
});
