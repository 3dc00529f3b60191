import type { ReceivedWebhook, ScriptedResponse } from './client-receiver';
import { controlRequest } from './control-request';
import { eventually, WAIT_MS } from './eventually';
import { stack } from './stack';

export type { ReceivedWebhook, ScriptedResponse };

/** A typed client for the test client site's control API (client-receiver.ts). */
export class ReceiverClient {
  constructor(readonly url: string) {}

  private send(method: string, path: string, body?: unknown): Promise<any> {
    return controlRequest('receiver', this.url, method, path, body);
  }

  /** The URL the hub should POST to for this endpoint name. */
  endpointUrl(name: string): string {
    return `${this.url}/hooks/${name}`;
  }

  /** Registers (or replaces) an endpoint: the site's secrets, and its next answers in order (then 200). */
  async register(name: string, secrets: string[], responses: ScriptedResponse[] = []): Promise<void> {
    await this.send('PUT', `/_control/endpoints/${name}`, { secrets, responses });
  }

  async received(name: string): Promise<ReceivedWebhook[]> {
    return this.send('GET', `/_control/received?endpoint=${encodeURIComponent(name)}`);
  }

  /** Polls (every 100 ms, up to `timeoutMs`) until `done` holds for what the endpoint received; returns the last list. */
  async waitFor(name: string, done: (received: ReceivedWebhook[]) => boolean, timeoutMs = WAIT_MS): Promise<ReceivedWebhook[]> {
    return eventually(() => this.received(name), done, timeoutMs);
  }
}

/** The e2e stack's client receiver (started by the global setup). */
export function receiver(): ReceiverClient {
  return new ReceiverClient(stack().receiverUrl);
}
