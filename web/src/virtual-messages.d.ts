declare module 'virtual:messages/loaders' {
  import type { Messages } from '@lingui/core';
  /** A loader per language and group (`base`, or a page's namespace). */
  export const loaders: Record<string, Record<string, () => Promise<{ messages: Messages }>>>;
}

declare module 'virtual:messages/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
