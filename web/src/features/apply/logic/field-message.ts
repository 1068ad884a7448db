/**
 * The words under a field. The shared schema's messages are message ids (`validation.*`, with
 * their values) translated here, so they follow the UI language; the server's 400 answers are
 * already in the language of the request and are shown as they are.
 */
import type { FieldError } from '@/lib/use-form';
import { i18n, type MessageKey, type MessageValues } from '@/lib/i18n';

export const SERVER_ERROR = 'server';

const isMessageKey = (id: string): id is MessageKey => Object.hasOwn(i18n.messages, id);

export function fieldMessage(
  error: FieldError | undefined,
  t: (key: MessageKey, values?: MessageValues) => string,
): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  if (error.type === SERVER_ERROR || !isMessageKey(message)) return message;
  // The resolver keeps the message's values (a length limit) beside it on the error.
  const params = (error as FieldError & { params?: MessageValues }).params;
  return t(message, params);
}
