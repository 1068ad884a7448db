import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiRequestError, browser, NetworkError, setApiLanguage } from './api-client';

function respond(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('api client', () => {
  it('sends JSON with X-Requested-With and the UI language', async () => {
    const fetchMock = respond(200, { ok: true });
    setApiLanguage('nb');
    await expect(api.post('/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/x');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({
      'X-Requested-With': 'XMLHttpRequest',
      'Accept-Language': 'nb',
      'Content-Type': 'application/json',
    });
  });

  it('adds query parameters, leaving out empty ones', async () => {
    const fetchMock = respond(200, {});
    await api.get('/api/status', { merchantId: 'demo', merchantPaymentReference: 'a b', skip: null });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/status?merchantId=demo&merchantPaymentReference=a+b');
  });

  it('follows a redirect-url answer header', async () => {
    respond(200, {}, { 'redirect-url': 'https://shop.example.com/return' });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    await api.get('/api/x');
    expect(assign).toHaveBeenCalledWith('https://shop.example.com/return');
  });

  it('never follows a redirect-url that is not an http(s) address', async () => {
    respond(200, {}, { 'redirect-url': 'javascript:alert(1)' });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    await api.get('/api/x');
    expect(assign).not.toHaveBeenCalled();
  });

  it('throws the server’s error body with its status', async () => {
    respond(503, { status: 503, errorCode: 'WEB_SERVICE_DOWN', message: 'Bank services are unavailable.' });
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 503, body: { errorCode: 'WEB_SERVICE_DOWN' } });
  });

  it('makes an error of an answer that is not the error shape', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })));
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 502, body: { errorCode: 'UNKNOWN' } });
  });

  it('reports a network failure as such', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api.get('/api/x')).rejects.toBeInstanceOf(NetworkError);
  });
});
