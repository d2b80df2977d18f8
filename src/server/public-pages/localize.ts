/**
 * The restaurant's own texts in the guest's language (issue 28): the menu's name and description, each wine's
 * description and the custom categories' names, from the menu's translations. The system's own texts come from the
 * catalogues (shared/guest-i18n). A language reaches guests only when its texts are complete (modules/public), so the
 * pt-BR text below is a guard, never what a guest of a complete language reads.
 */
import { DEFAULT_GUEST_LANGUAGE, type GuestLanguage } from '../../shared/guest-i18n/catalogue.js';
import type { PublicEstablishment, PublicMenu, PublicMenuResponse } from '../../shared/public-menu.js';

export interface LocalizedMenu {
  menu: PublicMenu;
  establishment: PublicEstablishment;
  /** Custom category (as stored) -> its name in the language; empty in pt-BR. */
  categoryLabels: Record<string, string>;
}

const NO_LABELS: Record<string, string> = {};
const localized = new WeakMap<PublicMenuResponse, Map<GuestLanguage, LocalizedMenu>>();

export function localizeMenu(data: PublicMenuResponse, lang: GuestLanguage): LocalizedMenu {
  const translation = lang === DEFAULT_GUEST_LANGUAGE ? undefined : data.menu.translations?.[lang];
  if (!translation) return { menu: data.menu, establishment: data.establishment, categoryLabels: NO_LABELS };
  let byLang = localized.get(data);
  const known = byLang?.get(lang);
  if (known) return known;
  const menu = data.menu;
  const out: LocalizedMenu = {
    establishment: data.establishment,
    categoryLabels: translation.categories,
    menu: {
      ...menu,
      name: translation.name || menu.name,
      description: menu.description ? translation.description || menu.description : null,
      wines: menu.wines.map((w) => (w.description ? { ...w, description: translation.wines[w.id] || w.description } : w)),
    },
  };
  if (!byLang) {
    byLang = new Map();
    localized.set(data, byLang);
  }
  byLang.set(lang, out);
  return out;
}
