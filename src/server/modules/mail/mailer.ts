import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { isLocalAddress } from '../../http/local-address.js';
import { publicBaseUrl } from '../../http/request-origin.js';
import type { JobRunner } from '../../jobs/runner.js';
import { type ComposedMail, composeMail, type MailContent } from './compose.js';
import { DEFAULT_MAIL_RETRY, MAIL_DELIVERY_QUEUE, type MailRetryPolicy, registerMailDelivery } from './delivery.js';
import { insertMail, markJobQueued } from './repository.js';
import { createMailTransport } from './transport.js';

export interface MailMessage extends ComposedMail {
  to: string;
  /** What the message is about ('password_reset', 'invitation', 'order_created' …), for the log and the admin. */
  kind: string;
}

export interface Mailer {
  /** 'file' when no SMTP server is configured: messages are .eml files under DATA_DIR/mail, nobody receives them. */
  readonly delivery: 'smtp' | 'file';
  /**
   * Writes the message to the outbox as part of `executor`'s transaction, with its delivery job when the job runner
   * is started (otherwise the sweep gives it one). Nothing is sent if that transaction rolls back. Returns its id.
   */
  queue(executor: Executor, message: MailMessage): Promise<string>;
  /** The message, its links made absolute on `linkBase` (what `linkBase(request)` answered for the request behind it). */
  compose(content: MailContent, linkBase: string): ComposedMail;
  /** An absolute link into the app on `linkBase`. */
  link(path: string, linkBase: string): string;
  /**
   * Where links in e-mails point: PUBLIC_BASE_URL, else the address the request came in on (400 for a Host header
   * that is not a plain host[:port]). Taken while the request is there, even when the message is written later.
   */
  linkBase(request: FastifyRequest): string;
  /** 'config' when PUBLIC_BASE_URL is set; 'request' when links take the address each request came in on. */
  readonly linkBaseSource: 'config' | 'request';
  /**
   * Where the links of an e-mail that anybody may ask for (a password reset) point: PUBLIC_BASE_URL, else the request's
   * address only when it is this machine or the local network, else `fallbackLinkBase`. Anyone can forge a Host, and a
   * reset link on a forged public address would hand that address a working token (Host header poisoning).
   */
  anonymousLinkBase(request: FastifyRequest): string;
  /** For work that no request started (a job queued before links carried their base): PUBLIC_BASE_URL, else this server. */
  readonly fallbackLinkBase: string;
  close(): void;
}

export interface MailerDeps {
  db: Db;
  jobs: JobRunner;
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'publicBaseUrl' | 'port'>;
  log: FastifyBaseLogger;
  retry?: MailRetryPolicy;
}

export function createMailer(deps: MailerDeps): Mailer {
  const { config, log } = deps;
  const transport = createMailTransport({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    onFileWritten: (file) => log.info({ file }, 'e-mail written to a file (no SMTP_URL): pass it on by hand'),
  });
  registerMailDelivery({ db: deps.db, jobs: deps.jobs, transport, log, retry: deps.retry ?? DEFAULT_MAIL_RETRY });
  return {
    delivery: transport.delivery,
    async queue(executor, message) {
      return executor.transaction(async (tx) => {
        const id = await insertMail(tx, message);
        if (deps.jobs.started) {
          await deps.jobs.sendWithin(tx, MAIL_DELIVERY_QUEUE, { id });
          await markJobQueued(tx, id);
        }
        return id;
      });
    },
    compose: (content, linkBase) => composeMail(content, linkBase),
    link: (path, linkBase) => new URL(path, `${linkBase}/`).toString(),
    linkBase: (request) => publicBaseUrl(request, config.publicBaseUrl),
    anonymousLinkBase(request) {
      const base = publicBaseUrl(request, config.publicBaseUrl);
      return config.publicBaseUrl || isLocalAddress(base) ? base : this.fallbackLinkBase;
    },
    linkBaseSource: config.publicBaseUrl ? 'config' : 'request',
    fallbackLinkBase: config.publicBaseUrl ?? `http://localhost:${config.port}`,
    close: () => transport.close(),
  };
}
