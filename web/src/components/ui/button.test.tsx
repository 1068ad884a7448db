import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { renderUi } from './test-render';

describe('Button', () => {
  it('is a plain button unless told to submit, so it never submits a form by accident', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    renderUi(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button>Plain</Button>
        <Button type="submit">Send</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Plain' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('while loading is busy and cannot be pressed again', async () => {
    const onClick = vi.fn();
    renderUi(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('passes native props and the ref through', () => {
    let element: HTMLButtonElement | null = null;
    renderUi(
      <Button ref={(el) => void (element = el)} aria-describedby="x" name="action" value="go">
        Go
      </Button>,
    );
    expect(element).toBe(screen.getByRole('button', { name: 'Go' }));
    expect(element).toHaveAttribute('aria-describedby', 'x');
    expect(element).toHaveAttribute('name', 'action');
  });
});
