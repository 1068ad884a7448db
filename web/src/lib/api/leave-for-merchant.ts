import { API, leaveAnswer } from '@portal/domain';
import { api } from '@/lib/api-client';

/** Leaving for the merchant: the server records the outcome and answers the return address. */
export const leaveForMerchant = () => api.post(API.leave.url(), leaveAnswer);
