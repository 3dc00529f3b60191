/**
 * One call to a test service's control API (the provider emulator, the client receiver):
 * JSON in and out; anything but 2xx throws, naming the service, the call and the answer.
 */
export async function controlRequest(service: string, baseUrl: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(baseUrl + path, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${service} ${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}
