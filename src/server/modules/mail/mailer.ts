import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
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
  compose(content: MailContent): ComposedMail;
  /** An absolute link into the app, from PUBLIC_BASE_URL. */
  link(path: string): string;
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
  // Links never come from a request's Host header (it can be forged); without PUBLIC_BASE_URL, the local address.
  const baseUrl = config.publicBaseUrl ?? `http://localhost:${config.port}`;
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
    compose: (content) => composeMail(content, baseUrl),
    link: (path) => new URL(path, `${baseUrl}/`).toString(),
    close: () => transport.close(),
  };
}
