import { API, logoutAnswer } from '@portal/domain';
import { api } from '@/lib/api-client';

export const logout = (): Promise<{ redirectUrl: string | null }> => api.post(API.logout.url(), logoutAnswer);
