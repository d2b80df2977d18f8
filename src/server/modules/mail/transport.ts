import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions, type TransportOptions as SmtpOptions } from 'nodemailer';

export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where messages go: an SMTP server, or .eml files when none is configured. */
export interface MailTransport {
  readonly delivery: 'smtp' | 'file';
  /** Resolves once the server accepted the message (or the file is written); rejects with the server's answer. */
  deliver(message: OutgoingMail): Promise<void>;
  close(): void;
}

export interface TransportOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  /** Told where each .eml file was written. */
  onFileWritten(file: string): void;
}

export const mailDirectory = (dataDir: string) => path.join(dataDir, 'mail');

export function createMailTransport(options: TransportOptions): MailTransport {
  return options.smtpUrl ? smtpTransport(options.smtpUrl, options.from) : fileTransport(options);
}

function smtpTransport(smtpUrl: string, from: string): MailTransport {
  // Nodemailer upgrades with STARTTLS whenever the server offers it; smtps:// starts in TLS.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as SmtpOptions);
  return {
    delivery: 'smtp',
    async deliver(message) {
      await transporter.sendMail(envelope(message, from));
    },
    close: () => transporter.close(),
  };
}

function fileTransport(options: TransportOptions): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const directory = mailDirectory(options.dataDir);
  return {
    delivery: 'file',
    async deliver(message) {
      const info = await transporter.sendMail(envelope(message, options.from));
      await mkdir(directory, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(directory, `${stamp}-${message.id}.eml`);
      await writeFile(file, info.message as Buffer);
      options.onFileWritten(file);
    },
    close: () => transporter.close(),
  };
}

function envelope(message: OutgoingMail, from: string): SendMailOptions {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    // The same id on every attempt, so a server or reader can tell a retried message from a new one.
    messageId: `<${message.id}@adega.mail>`,
  };
}

/** How the SMTP server answered, in its own words where it gave them. */
export function smtpAnswer(err: unknown): string {
  if (err && typeof err === 'object') {
    const { response, code, message } = err as { response?: unknown; code?: unknown; message?: unknown };
    if (typeof response === 'string' && response) return response;
    if (typeof message === 'string' && message) return typeof code === 'string' ? `${code}: ${message}` : message;
  }
  return String(err);
}

/** A 5xx answer means the server will never take this message; anything else (4xx, no connection) may pass later. */
export function isPermanentFailure(err: unknown): boolean {
  const responseCode = err && typeof err === 'object' ? (err as { responseCode?: unknown }).responseCode : undefined;
  return typeof responseCode === 'number' && responseCode >= 500;
}
