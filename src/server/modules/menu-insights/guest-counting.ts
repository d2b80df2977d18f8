/**
 * What a public menu page request adds to the counts (docs/decisions/0058, 0064, 0083): a visit, unless the guest's
 * visit of the menu was counted in the last 30 minutes; their search, if it looks like one; the filters applied; all
 * within what one address may add per minute. Never awaited: the page does not wait for counting.
 */
import type { FastifyRequest } from 'fastify';
import type { GuestLanguage } from '../../../shared/guest-i18n/catalogue.js';
import { createAddressQuota } from './address-quota.js';
import { isCountableView, tableOf } from './countable.js';
import type { MenuEventCounter } from './event-counter.js';
import { createGuestKeys } from './guest-keys.js';
import { isWineSearch } from './search-words.js';
import type { MenuViewCounter } from './view-counter.js';

/** What a menu page request showed (public-pages/routes.ts's MenuView). */
export interface ShownMenu {
  menuId: string;
  search: { words: string; found: () => number } | null;
  filters: string[];
  /** The language the page was shown in: the counts keep it (issue 28). */
  lang: GuestLanguage;
}

export function countGuestActivity(deps: {
  views: MenuViewCounter;
  events: MenuEventCounter;
  /** The server's secret: the day's key of the guests' hashes derives from it (guest-keys.ts). */
  secret: string;
  perMinute?: number;
  now?: () => number;
}) {
  const keys = createGuestKeys(deps.secret, deps.now);
  const quota = createAddressQuota(deps.perMinute, deps.now);
  return (request: FastifyRequest, shown: ShownMenu): void => {
    if (!isCountableView(request)) return;
    const { menuId, search, lang } = shown;
    let address: string | undefined;
    // Hashed only when something may be added: a guest's further pages within the visit cost one HMAC.
    const allowed = () => {
      address ??= keys.address(request.ip);
      return quota.take(address);
    };
    const visitor = keys.visitor(request.ip, request.headers['user-agent'] as string);
    if (!deps.views.isNew(menuId, visitor) || allowed()) deps.views.record(menuId, tableOf(request.query), visitor, lang);
    if (search && isWineSearch(search.words) && allowed()) deps.events.search(menuId, search.words, search.found(), lang);
    for (const filter of shown.filters) if (allowed()) deps.events.filter(menuId, filter, lang);
  };
}
