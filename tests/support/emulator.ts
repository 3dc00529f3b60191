import type { Behaviour, ProviderName } from '../emulators/behaviours';
import type { LoggedRequest } from '../emulators/request-log';
import { controlRequest } from './control-request';
import { eventually, WAIT_MS } from './eventually';
import { stack } from './stack';

export type { Behaviour, LoggedRequest, ProviderName };

/** A typed client for the provider emulator's control API (tests/emulators/README.md). */
export class EmulatorClient {
  constructor(readonly url: string) {}

  private send(method: string, path: string, body?: unknown): Promise<any> {
    return controlRequest('emulator', this.url, method, path, body);
  }

  /** Forgets every script, pending ack and logged request. */
  async reset(): Promise<void> {
    await this.send('POST', '/_control/reset');
  }

  /** The next `behaviours.length` requests for this provider and model (all models when omitted) behave so, in order. */
  async script(provider: ProviderName, model: string | undefined, behaviours: Behaviour[]): Promise<void> {
    await this.send('POST', '/_control/script', { provider, model, behaviours });
  }

  async requests(filter: { provider?: ProviderName; model?: string } = {}): Promise<LoggedRequest[]> {
    const query = new URLSearchParams(Object.entries(filter).filter((pair): pair is [string, string] => pair[1] !== undefined));
    return this.send('GET', `/_control/requests${query.size ? `?${query}` : ''}`);
  }

  /** Releases a stream scripted with `{ waitForAck: id }`. */
  async ack(id: string): Promise<void> {
    await this.send('POST', `/_control/ack/${encodeURIComponent(id)}`);
  }

  /** Polls the log until `predicate` holds for it (every 100 ms, up to `timeoutMs`); returns the last log. */
  async waitForRequests(predicate: (requests: LoggedRequest[]) => boolean, timeoutMs = WAIT_MS): Promise<LoggedRequest[]> {
    return eventually(() => this.requests(), predicate, timeoutMs);
  }
}

/** The e2e stack's emulator (started by the global setup). */
export function emulator(): EmulatorClient {
  return new EmulatorClient(stack().emulatorUrl);
}
