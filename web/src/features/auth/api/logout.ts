import { API } from '@portal/domain';
import { api } from '@/lib/api-client';

export const logout = (): Promise<{ redirectUrl: string | null }> =>
  api.post<{ redirectUrl: string | null }>(API.logout.url());
