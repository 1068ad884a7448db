import { describe, expect, it } from 'vitest';
import { requiredText } from './atoms';
import { checkInput, fieldMessagesOf, z } from './zod';

describe('error messages of the shared schemas', () => {
  it('are zod’s own by default: importing domain/ installs no global error map', () => {
    // zod/mini carries no locale: its own message is the short English one.
    const result = z.object({ PORT: z.number() }).safeParse({ PORT: 'eighty' });
    expect(result.error?.issues[0]?.message).toBe('Invalid input');
  });

  it('are message keys of the screens when input is checked for a person (checkInput)', () => {
    const result = checkInput(z.object({ city: requiredText(10), age: z.number() }), { city: 'x'.repeat(11), age: 'old' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldMessagesOf(result.error)).toEqual({
      city: { key: 'validation.tooLong', params: { max: 10 } },
      age: { key: 'validation.wrongType', params: {} },
    });
  });
});
