import type { FastifyRequest } from 'fastify';
import { INVITATION_DAYS } from '../../../shared/invitations.js';
import { ROLE_LABELS, type Role } from '../../../shared/roles.js';
import type { Executor } from '../../db/client.js';

/** What invitations need of the mail module (modules/mail): compose a pt-BR message and queue it in a transaction. */
export interface InvitationMailer {
  queue(executor: Executor, message: { to: string; subject: string; text: string; html: string; kind: string }): Promise<unknown>;
  compose(
    content: {
      subject: string;
      greeting?: string;
      paragraphs: string[];
      action?: { label: string; path: string };
      footnote?: string;
    },
    linkBase: string,
  ): { subject: string; text: string; html: string };
  link(path: string, linkBase: string): string;
  /** Where the links of an invitation sent for this request point (PUBLIC_BASE_URL, else the request's address). */
  linkBase(request: FastifyRequest): string;
  readonly delivery: 'smtp' | 'file';
}

const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} e ${names[names.length - 1]}`;

/** The invitation e-mail: who invites, to do what, where; the link is the only way in (never a password). */
export function invitationMessage(input: { role: Role; establishments: string[]; inviter: string | null; path: string }) {
  const where = input.establishments.length > 0 ? ` em ${listOf(input.establishments)}` : '';
  const who = input.inviter ? `${input.inviter} convidou você` : 'Você foi convidado';
  return {
    subject: 'Seu convite para o Adega',
    greeting: 'Olá!',
    paragraphs: [
      `${who} para acessar o painel do Adega como ${ROLE_LABELS[input.role]}${where}.`,
      `Para aceitar, abra o link abaixo, informe seu nome e escolha uma senha. O link vale por ${INVITATION_DAYS} dias e pode ser usado uma vez.`,
    ],
    action: { label: 'Aceitar convite', path: input.path },
    footnote: 'Se você não esperava este convite, ignore esta mensagem.',
  };
}
