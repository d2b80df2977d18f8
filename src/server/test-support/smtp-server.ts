import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

export interface TestSmtpServer {
  /** smtp://user:pass@127.0.0.1:PORT — the same address across stop() and start(). */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitForMessage(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** The next `count` messages are refused with this SMTP answer (e.g. 451 for "try later", 550 for "never"). */
  refuseNext(count: number, code: number, message: string): void;
  /** Stops listening: the app's connections are refused, as with a server that is down. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

const USER = 'adega';
const PASSWORD = 'segredo-smtp';

/** A real SMTP server (Nodemailer's smtp-server) on a free local port, requiring a login, keeping what it receives. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let refusals: { left: number; code: number; message: string } | undefined;

  const server = () =>
    new SMTPServer({
      authOptional: false,
      // Plain-text login on a local test server only: the app's STARTTLS upgrade is not what these tests prove.
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === USER && auth.password === PASSWORD) return callback(null, { user: USER });
        return callback(new Error('Invalid username or password'));
      },
      onData(stream: SMTPServerDataStream, _session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            if (refusals && refusals.left > 0) {
              refusals.left--;
              return callback(Object.assign(new Error(refusals.message), { responseCode: refusals.code }));
            }
            messages.push(toReceived(parsed));
            for (const wake of waiters) wake();
            return callback();
          })
          .catch((err: Error) => callback(err));
      },
    });

  let current = server();
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      current.once('error', reject);
      current.listen(port, '127.0.0.1', () => {
        const address = current.server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const port = await listen(0);

  return {
    url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`,
    messages,
    waitForMessage(match, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching e-mail arrived within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    refuseNext(count, code, message) {
      refusals = { left: count, code, message };
    },
    stop: () => new Promise<void>((resolve) => current.close(() => resolve())),
    async start() {
      current = server();
      await listen(port);
    },
  };
}

function toReceived(parsed: ParsedMail): ReceivedMail {
  const address = (value: ParsedMail['to']) => (Array.isArray(value) ? value.map((a) => a.text).join(', ') : (value?.text ?? ''));
  return {
    to: address(parsed.to),
    from: parsed.from?.text ?? '',
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    messageId: parsed.messageId ?? '',
  };
}
