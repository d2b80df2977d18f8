import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The status this request was answered with. */
  answered: number;
}

export interface WebhookReceiver {
  /** http://<host>:<port>/webhook */
  url: string;
  received: ReceivedWebhook[];
  /** The statuses the next requests are answered with, in turn; 200 once they run out. */
  answerNext(...statuses: number[]): void;
  /** Every request answered with `status` from now on (undefined: back to 200). */
  answerAlways(status: number | undefined): void;
  stop(): Promise<void>;
}

/** A partner's system receiving Adega's webhooks, as a test starts it on a loopback address (127.0.0.1 by default). */
export async function startWebhookReceiver(host = '127.0.0.1'): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const next: number[] = [];
  let always: number | undefined;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answered = next.shift() ?? always ?? 200;
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), answered });
      response.writeHead(answered, { 'content-type': 'text/plain' }).end(answered < 300 ? 'ok' : 'erro');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/webhook`,
    received,
    answerNext: (...statuses) => next.push(...statuses),
    answerAlways(status) {
      always = status;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
