/**
 * Entry point of the server-rendered public pages: pure functions from API data to complete HTML
 * documents (no HTTP, no database). They need no JavaScript: the menu page carries one small inline
 * script that only highlights the category in view. Routes add status codes and caching.
 */

import type { ReactElement, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  DEFAULT_GUEST_LANGUAGE,
  type GuestLanguage,
  type GuestMessages,
  guestMessages,
  LANGUAGE_SHORT,
} from '../../shared/guest-i18n/catalogue.js';
import { type PublicEstablishmentResponse, type PublicMenuResponse, publicMenuPath } from '../../shared/public-menu.js';
import { CompactHeader, Document, EstablishmentHeader, Footer, mixed, Ornament, userText, WineRow } from './components.js';
import {
  deriveFilterOptions,
  FILTER_PARAMS,
  type FilterOptions,
  filterWines,
  hasActiveFilters,
  isAvailable,
  type MenuFilters,
  PRICE_BANDS,
  sanitizeFilters,
} from './filters.js';
import { groupByCategory, isolate, needsIsolation, plural, truncate } from './format.js';
import { localizeMenu } from './localize.js';
import { MENU_HEAD_SCRIPT } from './menu-script.js';
import { LANG_CSS, MENU_CSS, PAGE_CSS } from './styles.js';

const DOCTYPE = '<!doctype html>';

function toHtml(element: ReactElement): string {
  return DOCTYPE + renderToString(element);
}

export interface RenderMenuOptions {
  /** Path the filter form submits to and "Limpar filtros" points at; defaults to publicMenuPath(). */
  basePath?: string;
  /** The table of a table QR code (`?mesa=N`): every search, filter and "see all" link of the page keeps it. */
  table?: number | null;
  /** The guest's language (routes.ts chooses it among the menu's languages); pt-BR by default. */
  lang?: GuestLanguage;
  /**
   * PUBLIC_BASE_URL: the `hreflang` alternates are absolute URLs on it, as search engines want them. Without it they
   * stay relative: the cached page is the same for every Host a request names, and no Host is copied into it.
   */
  origin?: string | undefined;
}

/** The query parameter of a table QR code (`?mesa=5`, modules/menu-insights counts views by it). */
const TABLE_PARAM = 'mesa';
/** The query parameter of an explicit language choice (`?lang=en`): kept by every link of a menu with languages. */
export const LANG_PARAM = 'lang';

/** `base` with the page's own parameters (language, table) that every link and form of the page keeps. */
function pageHref(base: string, lang: GuestLanguage | null, table: number | null): string {
  const params = [lang ? `${LANG_PARAM}=${lang}` : '', table ? `${TABLE_PARAM}=${table}` : ''].filter(Boolean);
  return params.length > 0 ? `${base}?${params.join('&')}` : base;
}

/** A template with one slot of user text ("… para “{query}”."): our words around it, the user's isolated. */
function withUser(template: string, slot: string, user: string): ReactNode {
  const [before = '', after = ''] = template.split(`{${slot}}`);
  return mixed([before, { user }, after]);
}

/** Where a search or filter lands: the results, not the top of the page (also the skip link's target). */
const RESULTS_ID = 'vinhos';

/** One GET form, no JavaScript: the search box, and the filters folded under it. */
/** Unfiltered, no field says selected="" or value="": the first option and an empty box are what a browser shows anyway. */
function FindForm({
  action,
  allWines,
  table,
  lang,
  options,
  filters,
  m,
}: {
  action: string;
  allWines: string;
  table: number | null;
  /** Set when the menu offers several languages: the form keeps the guest's. */
  lang: GuestLanguage | null;
  options: FilterOptions;
  filters: MenuFilters;
  m: GuestMessages;
}) {
  const active = [filters.country, filters.grape, filters.priceBand, filters.glass].filter(Boolean).length;
  return (
    <form className="find" method="get" action={`${action}#${RESULTS_ID}`} aria-label={m.t('find.label')}>
      {lang ? <input type="hidden" name={LANG_PARAM} value={lang} /> : null}
      {table ? <input type="hidden" name={TABLE_PARAM} value={table} /> : null}
      <div className="q">
        <label htmlFor="f-q" className="sr">
          {m.t('find.searchLabel')}
        </label>
        <input
          id="f-q"
          type="search"
          name={FILTER_PARAMS.query}
          defaultValue={filters.query}
          dir={filters.query && needsIsolation(filters.query) ? 'auto' : undefined}
          placeholder={m.t('find.placeholder')}
          maxLength={60}
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit" className="btn">
          {m.t('find.search')}
        </button>
      </div>
      <details className="filter" open={active > 0}>
        <summary>
          {m.t('find.filterBy')}
          {active > 0 ? <span className="badge">{m.plural('find.active', active)}</span> : null}
        </summary>
        <div className="fields">
          <div>
            <label htmlFor="f-pais">{m.t('find.country')}</label>
            <select id="f-pais" name={FILTER_PARAMS.country} defaultValue={filters.country}>
              <option value="">{m.t('find.allCountries')}</option>
              {/* An option's value is its text: no value attribute, fewer bytes (labels are already single-spaced). */}
              {options.countries.map((c) => (
                <UserOption key={c} text={c} label={m.country(c)} />
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="f-uva">{m.t('find.grape')}</label>
            <select id="f-uva" name={FILTER_PARAMS.grape} defaultValue={filters.grape}>
              <option value="">{m.t('find.allGrapes')}</option>
              {options.grapes.map((g) => (
                <UserOption key={g} text={g} label={g} />
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="f-preco">{m.t('find.price')}</label>
            <select id="f-preco" name={FILTER_PARAMS.priceBand} defaultValue={filters.priceBand}>
              <option value="">{m.t('find.allPrices')}</option>
              {PRICE_BANDS.map((b) => (
                <option key={b.id} value={b.id}>
                  {m.priceBand(b.id)}
                </option>
              ))}
            </select>
          </div>
          {options.glass ? (
            // No value attribute: a checked box sends "taca=on", and any value asks for the filter (fewer bytes).
            <label className="ck">
              <input type="checkbox" name={FILTER_PARAMS.glass} defaultChecked={filters.glass === true} />
              {m.t('find.byGlass')}
            </label>
          ) : null}
        </div>
        <div className="actions">
          <button type="submit" className="btn">
            {m.t('find.filter')}
          </button>
          <a className="clear" href={allWines}>
            {m.t('find.clear')}
          </a>
        </div>
      </details>
    </form>
  );
}

/**
 * A country or grape of the menu as a select option: its value is its text (no value attribute, fewer bytes), so it is
 * isolated by dir="auto" rather than by characters that would change what the form sends.
 */
function UserOption({ text, label }: { text: string; label: string }) {
  // A translated label (a country's name in English) sends the stored text as its value.
  return (
    <option dir={needsIsolation(text) ? 'auto' : undefined} value={label === text ? undefined : text}>
      {label}
    </option>
  );
}

function statusText(shown: number, total: number, query: string | undefined, m: GuestMessages): ReactNode {
  const counts = { shown: String(shown), total: m.wines(total) };
  return query ? withUser(m.t('find.showingFor', counts), 'query', query) : m.t('find.showing', counts);
}

/** "PT · EN · ES": links to the page in each language the menu offers (no JavaScript, no cookie). */
function LanguageSwitch({
  languages,
  current,
  basePath,
  table,
  m,
}: {
  languages: readonly GuestLanguage[];
  current: GuestLanguage;
  basePath: string;
  table: number | null;
  m: GuestMessages;
}) {
  return (
    <nav className="lang" aria-label={m.t('menu.languages')}>
      {languages.map((l) => (
        <a key={l} href={pageHref(basePath, l, table)} hrefLang={l} lang={l} aria-current={l === current ? 'page' : undefined}>
          {LANGUAGE_SHORT[l]}
        </a>
      ))}
    </nav>
  );
}

/** The public wine list of one menu. `filters` usually comes from parseMenuFilters(request.query). */
export function renderMenuPage(data: PublicMenuResponse, filters: MenuFilters = {}, opts: RenderMenuOptions = {}): string {
  const languages = data.menu.languages ?? [DEFAULT_GUEST_LANGUAGE];
  const lang = opts.lang && languages.includes(opts.lang) ? opts.lang : DEFAULT_GUEST_LANGUAGE;
  const m = guestMessages(lang);
  const { menu, establishment, categoryLabels } = localizeMenu(data, lang);
  const basePath = opts.basePath ?? publicMenuPath(establishment, menu);
  const table = opts.table ?? null;
  const origin = opts.origin?.replace(/\/+$/, '') ?? '';
  // With one language, no link carries it (the pt-BR page keeps its bytes); with several, every link keeps the guest's.
  const several = languages.length > 1;
  const kept = several ? lang : null;
  const allWines = pageHref(basePath, kept, table);
  const available = (Array.isArray(menu.wines) ? menu.wines : []).filter(isAvailable);
  const options = deriveFilterOptions(available);
  const active = sanitizeFilters(filters, options);
  const filtering = hasActiveFilters(active);
  const shown = filtering ? filterWines(available, active, m, categoryLabels) : available;
  const groups = groupByCategory(shown, m, categoryLabels);
  const count = available.length > 0 ? m.wines(available.length) : null;

  const title = m.t('menu.title', { menu: isolate(menu.name), establishment: isolate(establishment.name) });
  const description = truncate(
    menu.description ||
      (lang === DEFAULT_GUEST_LANGUAGE ? establishment.description : null) ||
      m.t('menu.metaDescription', { establishment: isolate(establishment.name), wines: m.wines(available.length) }),
    160,
  );

  let content: ReactElement;
  if (available.length === 0) {
    content = (
      <div className="empty" role="status">
        <h2>{m.t('menu.unavailable.title')}</h2>
        <p>{m.t('menu.unavailable.text')}</p>
      </div>
    );
  } else {
    content = (
      <>
        <FindForm action={basePath} allWines={allWines} table={table} lang={kept} options={options} filters={active} m={m} />
        <div id={RESULTS_ID}>
          {groups.length > 0 ? (
            <nav className="cats" aria-label={m.t('menu.categories')}>
              <ul>
                {groups.map((g) => (
                  <li key={g.anchor}>
                    <a href={`#${g.anchor}`}>
                      {mixed([{ user: g.label }])}
                      <small>{String(g.wines.length)}</small>
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {filtering && shown.length > 0 ? (
            <p className="status" role="status">
              {statusText(shown.length, available.length, active.query, m)} <a href={allWines}>{m.t('find.seeAll')}</a>
            </p>
          ) : null}
          {groups.map((g) => (
            <section key={g.anchor} id={g.anchor} className="cat" aria-labelledby={`${g.anchor}-t`}>
              <h2 id={`${g.anchor}-t`}>{userText(g.label)}</h2>
              {g.blurb ? <p className="blurb">{g.blurb}</p> : null}
              {g.wines.map((w) => (
                <WineRow key={w.id} wine={w} m={m} />
              ))}
            </section>
          ))}
          {shown.length === 0 ? (
            <div className="empty" role="status">
              <h2>{active.query ? withUser(m.t('find.noneFor'), 'query', active.query) : m.t('find.noneFiltered')}</h2>
              <p>{m.t('find.tryAnother')}</p>
              <a className="btn" href={allWines}>
                {m.t('find.clear')}
              </a>
            </div>
          ) : null}
        </div>
      </>
    );
  }

  return toHtml(
    <Document
      title={title}
      description={description}
      lang={lang}
      css={several ? MENU_CSS + LANG_CSS : MENU_CSS}
      head={
        several ? (
          <>
            {languages.map((l) => (
              <link key={l} rel="alternate" hrefLang={l} href={`${origin}${pageHref(basePath, l, null)}`} />
            ))}
            <link rel="alternate" hrefLang="x-default" href={`${origin}${basePath}`} />
          </>
        ) : null
      }
      // Every page with wines carries the script, a single section's too (a search's results, say): its beacon counts
      // the wines opened. The first paint waits for the second section, or the only one.
      script={groups[0] ? { text: MENU_HEAD_SCRIPT, paintWith: (groups[1] ?? groups[0]).anchor } : undefined}
    >
      {available.length > 0 ? (
        <a className="skip" href={`#${RESULTS_ID}`}>
          {m.t('menu.skipToWines')}
        </a>
      ) : null}
      <div className="wrap">
        <CompactHeader
          establishment={establishment}
          menuName={menu.name}
          menuDescription={menu.description}
          count={count}
          m={m}
          languages={several ? <LanguageSwitch languages={languages} current={lang} basePath={basePath} table={table} m={m} /> : null}
        />
        <main id="carta">{content}</main>
      </div>
      <Footer
        sommelier={establishment.sommelier}
        m={m}
        note={lang === DEFAULT_GUEST_LANGUAGE ? undefined : m.t('menu.pricesNote')}
        pdf={lang === DEFAULT_GUEST_LANGUAGE ? undefined : `${basePath}.pdf?${LANG_PARAM}=${lang}`}
      />
    </Document>,
  );
}

/** The establishment's public page: header and its active menus. */
export function renderEstablishmentPage(data: PublicEstablishmentResponse): string {
  const { establishment } = data;
  const menus = Array.isArray(data.menus) ? data.menus : [];
  const description = truncate(
    establishment.description || `Cartas de vinhos de ${isolate(establishment.name)}, com descrição, notas e harmonização.`,
    160,
  );
  return toHtml(
    <Document title={`${isolate(establishment.name)} — Cartas de vinhos`} description={description} css={PAGE_CSS}>
      <div className="wrap">
        <EstablishmentHeader establishment={establishment} />
        <Ornament />
        <main>
          <div className="intro">
            <p className="eyebrow">Nossas cartas</p>
          </div>
          {menus.length === 0 ? (
            <div className="empty" role="status">
              <h2>Nenhuma carta ativa</h2>
              <p>No momento não há cartas publicadas. Peça à nossa equipe as sugestões de hoje.</p>
            </div>
          ) : (
            <ul className="menus">
              {menus.map((m) => (
                <li key={m.id}>
                  <h2>{userText(m.name)}</h2>
                  {m.description ? <p>{userText(m.description)}</p> : null}
                  <p className="n">{plural(Number(m.wine_count) || 0, 'vinho', 'vinhos')}</p>
                  <a className="btn" href={publicMenuPath(establishment, m)} aria-label={`Visualizar Carta: ${isolate(m.name)}`}>
                    Visualizar Carta
                  </a>
                </li>
              ))}
            </ul>
          )}
        </main>
      </div>
      <Footer sommelier={establishment.sommelier} />
    </Document>,
  );
}

function NotFound({ title, text }: { title: string; text: string }) {
  return (
    <Document title={`${title} — Adega`} description={text} css={PAGE_CSS} noIndex>
      <main className="wrap lost">
        <Ornament />
        <h1>{title}</h1>
        <p>{text}</p>
        <Ornament />
      </main>
    </Document>
  );
}

/** Body of the 404 for a missing or inactive menu. */
export function renderMenuNotFoundPage(): string {
  return toHtml(
    <NotFound
      title="Carta não encontrada"
      text="O endereço pode estar incorreto ou esta carta não está mais disponível. Confira o QR code ou peça ajuda à equipe do estabelecimento."
    />,
  );
}

/** Body of the 404 for a missing establishment. */
export function renderEstablishmentNotFoundPage(): string {
  return toHtml(
    <NotFound
      title="Estabelecimento não encontrado"
      text="Não encontramos nenhum estabelecimento neste endereço. Confira o link ou o QR code e tente novamente."
    />,
  );
}
