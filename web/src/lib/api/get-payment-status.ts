import { API, type PaymentStatusAnswer, paymentStatusAnswer } from '@portal/domain';
import { api } from '@/lib/api-client';

/** Which application's payment to ask about (the route parameters of the waiting screen). */
export interface PaymentTarget {
  merchantId: string;
  merchantPaymentReference: string;
}

/**
 * The answer of `GET /payment/status` (spec section 3). `paymentStatus` is kept a plain string:
 * the screen must cope with a status it does not know (it stops with "Unknown status code").
 */
export type { PaymentStatusAnswer } from '@portal/domain';

export const getPaymentStatus = ({ merchantId, merchantPaymentReference }: PaymentTarget): Promise<PaymentStatusAnswer> =>
  api.get(API.paymentStatus.url(), paymentStatusAnswer, { merchantId, merchantPaymentReference });
