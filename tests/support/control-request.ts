import { testFetch } from './test-fetch';

/**
 * One call to a test service's control API (the provider emulator, the client receiver):
 * JSON in and out; anything but 2xx throws, naming the service, the call and the answer. Over a
 * connection of its own (test-fetch.ts): no kept-alive socket the service could close under it.
 */
export async function controlRequest(service: string, baseUrl: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await testFetch(baseUrl + path, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${service} ${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}
