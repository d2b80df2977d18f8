/** Which public page requests are counted as a guest's doing, and what of them is kept. */
import type { FastifyRequest } from 'fastify';
import { MAX_TABLE_QR_CODES } from '../../../shared/wine-menus.js';

/** Crawlers, link previews, monitors and headless tools (our own Lighthouse runs included) are not guests. */
const BOT_USER_AGENT =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|whatsapp|telegram|embedly|headless|lighthouse|pingdom|uptime|monitor|curl|wget|python-requests|go-http-client|node-fetch|axios/i;

/** Browsers send a handful of distinct user agents: each is tested once (the page's path is measured, decision 0083). */
const botByAgent = new Map<string, boolean>();
const MAX_AGENTS = 512;
function isBot(agent: string): boolean {
  let bot = botByAgent.get(agent);
  if (bot === undefined) {
    bot = BOT_USER_AGENT.test(agent);
    if (botByAgent.size >= MAX_AGENTS) botByAgent.clear();
    botByAgent.set(agent, bot);
  }
  return bot;
}

/** A request a person's browser made: not a bot, not a prefetch or prerender. */
export function isGuest(request: FastifyRequest): boolean {
  const agent = request.headers['user-agent'];
  if (!agent || isBot(agent)) return false;
  const { 'sec-purpose': secPurpose, purpose, 'x-moz': xMoz } = request.headers;
  if (secPurpose === undefined && purpose === undefined && xMoz === undefined) return true;
  return !/prefetch|prerender|preview/i.test(`${secPurpose ?? ''} ${purpose ?? ''} ${xMoz ?? ''}`);
}

/** A page view a person made: a GET from a guest's browser. */
export function isCountableView(request: FastifyRequest): boolean {
  return request.method === 'GET' && isGuest(request);
}

/** The table of a table QR code (`?mesa=N`, 1..200); null for anything else. */
export function tableOf(query: unknown): number | null {
  const raw = (query as Record<string, unknown> | undefined)?.mesa;
  if (typeof raw !== 'string' || !/^\d{1,3}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= MAX_TABLE_QR_CODES ? n : null;
}
