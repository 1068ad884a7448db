import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Heading } from './heading';
import { Text } from './text';
import { renderUi } from './test-render';

describe('Heading and Text', () => {
  it.each([1, 2, 3, 4, 5, 6] as const)('level %i is its own heading level with its own look', (level) => {
    renderUi(<Heading level={level}>Title</Heading>);
    const heading = screen.getByRole('heading', { level });
    expect(heading).toHaveClass(`text-h${level}`);
  });

  it('can look like another level without changing the outline', () => {
    renderUi(
      <Heading level={2} size={4}>
        Small section
      </Heading>,
    );
    expect(screen.getByRole('heading', { level: 2 })).toHaveClass('text-h4');
  });

  it('renders text as a paragraph with its size, colour and alignment', () => {
    renderUi(
      <Text size="sm" color="tertiary" align="justify">
        Body
      </Text>,
    );
    const text = screen.getByText('Body');
    expect(text.tagName).toBe('P');
    expect(text).toHaveClass('text-sm', 'text-neutral-600', 'text-justify');
  });
});
