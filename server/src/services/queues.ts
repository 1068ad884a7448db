/** The names of the stored job queues, one definition each: use cases queue work, jobs/ runs it. */
export const WEBHOOK_QUEUE = 'webhook-delivery';
export const STATUS_POLL_QUEUE = 'provider-status-poll';
export const RESURS_V2_CALLBACK_QUEUE = 'resurs-v2-callback';
export const CONTRACT_DELIVERY_QUEUE = 'contract-delivery';
export const MONEY_OPERATION_QUEUE = 'money-operation';
export const MAIL_DELIVERY_QUEUE = 'mail-delivery';
