import { ApiError } from '../../support/api-error';

/**
 * What only Anthropic's own API can take (server tools, PDF documents, `top_k`, blocks with no
 * chat counterpart …): noted while the request is translated, left out of the translation, and
 * honoured only on a model whose provider speaks the Messages dialect natively (message-call.ts);
 * any other model refuses the first one by name (`400 svc_unsupported_parameter`).
 */
export class NativeOnly {
  first: ApiError | null = null;

  note(name: string, what: string): void {
    this.first ??= new ApiError(
      400,
      'svc_unsupported_parameter',
      `Parameter "${name}" (${what}) is taken only by Anthropic's own models.`,
      {
        params: { [name]: `${what}: only Anthropic's own models take it` },
      },
    );
  }
}
