declare module 'virtual:messages/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
