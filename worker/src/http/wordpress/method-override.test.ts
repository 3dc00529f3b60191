import type { IncomingMessage } from 'node:http';
import { methodOverride } from './method-override';

const request = (url: string, headers: Record<string, string> = {}) => ({ url, headers }) as unknown as IncomingMessage;

describe('methodOverride', () => {
  it('takes _method, then X-HTTP-Method-Override, naming one of the five methods in any case', () => {
    expect(methodOverride(request('/wp-json/svc/v1/x?_method=put'))).toBe('PUT');
    expect(methodOverride(request('/wp-json/svc/v1/x', { 'x-http-method-override': 'delete' }))).toBe('DELETE');
    expect(methodOverride(request('/wp-json/svc/v1/x?_method=PATCH', { 'x-http-method-override': 'DELETE' }))).toBe('PATCH');
  });

  it('reads the parameter as PHP does: the last one, .method and %5Fmethod included', () => {
    expect(methodOverride(request('/x?_method=GET&_method=DELETE'))).toBe('DELETE');
    expect(methodOverride(request('/x?.method=put'))).toBe('PUT');
    expect(methodOverride(request('/x?%5Fmethod=put'))).toBe('PUT');
  });

  it('ignores anything else, and falls back to the header', () => {
    expect(methodOverride(request('/x?_method=OPTIONS'))).toBeNull();
    expect(methodOverride(request('/x?_method=FOO', { 'x-http-method-override': 'PUT' }))).toBe('PUT');
    expect(methodOverride(request('/x?_method=', { 'x-http-method-override': 'TRACE' }))).toBeNull();
    expect(methodOverride(request('/x?method=PUT'))).toBeNull();
  });

  it('leaves a request the shell signed alone: it carries the method WordPress settled on', () => {
    expect(methodOverride(request('/x?_method=DELETE', { 'x-svc-hub-signature': 'v2=…', 'x-http-method-override': 'PUT' }))).toBeNull();
  });
});
