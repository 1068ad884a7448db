import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, featuresAnswer, loanApplicationsResponseAnswer, PAGES, z } from '@portal/domain';
import { api, ApiRequestError, browser, MalformedAnswerError, NetworkError, setApiLanguage } from './api-client';
import { pageForError } from './route-errors';

/** Any JSON: for the tests of the transport, not of an answer's shape. */
const anything = z.unknown();

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
    await expect(api.post('/api/x', anything, { a: 1 })).resolves.toEqual({ ok: true });
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
    await api.get('/api/status', anything, { merchantId: 'demo', merchantPaymentReference: 'a b', skip: null });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/status?merchantId=demo&merchantPaymentReference=a+b');
  });

  it('follows a redirect-url answer header', async () => {
    respond(200, {}, { 'redirect-url': 'https://shop.example.com/return' });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    await api.get('/api/x', anything);
    expect(assign).toHaveBeenCalledWith('https://shop.example.com/return');
  });

  it('never follows a redirect-url that is not an http(s) address', async () => {
    respond(200, {}, { 'redirect-url': 'javascript:alert(1)' });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    await api.get('/api/x', anything);
    expect(assign).not.toHaveBeenCalled();
  });

  it('throws the server’s error body with its status', async () => {
    respond(503, { status: 503, errorCode: 'WEB_SERVICE_DOWN', message: 'Bank services are unavailable.' });
    const error = await api.get('/api/x', anything).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 503, body: { errorCode: 'WEB_SERVICE_DOWN' } });
  });

  it('makes an error of an answer that is not the error shape', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })));
    await expect(api.get('/api/x', anything)).rejects.toMatchObject({ status: 502, body: { errorCode: 'UNKNOWN' } });
  });

  it('reports a network failure as such', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api.get('/api/x', anything)).rejects.toBeInstanceOf(NetworkError);
  });

  it('answers with an answer that keeps the contract (a field it does not know yet does no harm)', async () => {
    respond(200, { showDummyLogin: true, resursMerchantApiEnabled: false, newField: 1 });
    await expect(api.get(API.features.url(), featuresAnswer)).resolves.toMatchObject({ showDummyLogin: true, resursMerchantApiEnabled: false });
  });

  it('rejects a malformed answer as a server error, reported without its values, so the screen shows the technical-issue page', async () => {
    const report = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The applications answer with a person whose name is missing and a list that is not a list.
    respond(200, { person: { firstName: 'Kari', lastName: null }, loanApplications: 'none', consents: [], products: [], lenderAvailable: true });
    const error = await api.get(API.applications.url(), loanApplicationsResponseAnswer).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedAnswerError);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 500, body: { errorCode: 'UNKNOWN' } });
    expect(pageForError(error, 'ref-1')).toBe(PAGES.serverError.url());
    expect(report).toHaveBeenCalledTimes(1);
    const logged = JSON.stringify(report.mock.calls[0]);
    expect(logged).toContain('person.lastName');
    expect(logged).toContain('loanApplications');
    expect(logged).not.toContain('Kari');
  });

  it('rejects an answer that is not JSON at all', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>proxy page</html>', { status: 200 })));
    await expect(api.get(API.features.url(), featuresAnswer)).rejects.toBeInstanceOf(MalformedAnswerError);
  });
});
