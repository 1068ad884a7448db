import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Collapsible } from './collapsible';
import { renderUi } from './test-render';

describe('Collapsible', () => {
  it('opens and closes with its heading button, hiding the body while closed', async () => {
    renderUi(
      <Collapsible title="Products up for renewal" headingLevel={2}>
        <a href="/x">Inside</a>
      </Collapsible>,
    );
    const button = screen.getByRole('button', { name: 'Products up for renewal' });
    expect(screen.getByRole('heading', { level: 2 })).toContainElement(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Inside' })).toBeNull();

    await userEvent.keyboard('{Tab}{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Inside' })).toBeVisible();
    expect(document.getElementById(button.getAttribute('aria-controls') ?? '')).not.toHaveAttribute('hidden');

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
