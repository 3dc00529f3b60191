import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { withAnswerHeaders } from './answer-headers';

/** A blocking call's headers (X-Svc-Cache) reach its answer: the JSON answer or the error answer, never after the head left. */
const newResponse = () => new ServerResponse(new IncomingMessage(new Socket()));

describe('withAnswerHeaders', () => {
  it('puts what the call set on the answer once it returns', async () => {
    const response = newResponse();
    const answer = await withAnswerHeaders(response, async (headers) => {
      headers.set('X-Svc-Cache', 'hit');
      return 'answer';
    });
    expect(answer).toBe('answer');
    expect(response.getHeader('X-Svc-Cache')).toBe('hit');
  });

  it('puts them on the answer when the call throws too (the error answer says miss)', async () => {
    const response = newResponse();
    const failing = withAnswerHeaders(response, async (headers) => {
      headers.set('X-Svc-Cache', 'miss');
      throw new Error('upstream failed');
    });
    await expect(failing).rejects.toThrow('upstream failed');
    expect(response.getHeader('X-Svc-Cache')).toBe('miss');
  });

  it('leaves an answer whose head already left alone', async () => {
    const response = newResponse();
    Object.defineProperty(response, 'headersSent', { value: true });
    await withAnswerHeaders(response, async (headers) => void headers.set('X-Svc-Cache', 'hit'));
    expect(response.getHeader('X-Svc-Cache')).toBeUndefined();
  });
});
