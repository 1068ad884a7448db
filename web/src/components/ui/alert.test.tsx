import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Alert } from './alert';
import { renderUi } from './test-render';

describe('Alert', () => {
  it('interrupts for an error and waits its turn for the rest', () => {
    renderUi(
      <>
        <Alert variant="error">Bank services are unavailable.</Alert>
        <Alert variant="success">Signed.</Alert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Bank services are unavailable.');
    expect(screen.getByRole('status')).toHaveTextContent('Done: Signed.');
  });

  it('says its kind in words, not by colour alone, and can stay silent', () => {
    renderUi(
      <Alert variant="warning" heading="Check this" announce={false}>
        Text
      </Alert>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Warning:', { exact: false })).toHaveClass('sr-only');
  });
});
