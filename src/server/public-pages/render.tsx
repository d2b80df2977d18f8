/**
 * Entry point of the server-rendered public pages: pure functions from API data to complete HTML
 * documents (no HTTP, no database). They need no JavaScript: the menu page carries one small inline
 * script that only highlights the category in view. Routes add status codes and caching.
 */

import type { ReactElement, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
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
import { MENU_HEAD_SCRIPT } from './menu-script.js';
import { MENU_CSS, PAGE_CSS } from './styles.js';

const DOCTYPE = '<!doctype html>';

function toHtml(element: ReactElement): string {
  return DOCTYPE + renderToString(element);
}

export interface RenderMenuOptions {
  /** Path the filter form submits to and "Limpar filtros" points at; defaults to publicMenuPath(). */
  basePath?: string;
  /** The table of a table QR code (`?mesa=N`): every search, filter and "see all" link of the page keeps it. */
  table?: number | null;
}

/** The query parameter of a table QR code (`?mesa=5`, modules/menu-insights counts views by it). */
const TABLE_PARAM = 'mesa';

/** Where a search or filter lands: the results, not the top of the page (also the skip link's target). */
const RESULTS_ID = 'vinhos';

/** One GET form, no JavaScript: the search box, and the filters folded under it. */
/** Unfiltered, no field says selected="" or value="": the first option and an empty box are what a browser shows anyway. */
function FindForm({
  action,
  allWines,
  table,
  options,
  filters,
}: {
  action: string;
  allWines: string;
  table: number | null;
  options: FilterOptions;
  filters: MenuFilters;
}) {
  const active = [filters.country, filters.grape, filters.priceBand, filters.glass].filter(Boolean).length;
  return (
    <form className="find" method="get" action={`${action}#${RESULTS_ID}`} aria-label="Buscar e filtrar vinhos">
      {table ? <input type="hidden" name={TABLE_PARAM} value={table} /> : null}
      <div className="q">
        <label htmlFor="f-q" className="sr">
          Buscar vinho
        </label>
        <input
          id="f-q"
          type="search"
          name={FILTER_PARAMS.query}
          defaultValue={filters.query}
          dir={filters.query && needsIsolation(filters.query) ? 'auto' : undefined}
          placeholder="Vinho, produtor, uva…"
          maxLength={60}
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit" className="btn">
          Buscar
        </button>
      </div>
      <details className="filter" open={active > 0}>
        <summary>
          Filtrar por país, uva ou preço
          {active > 0 ? <span className="badge">{`${active} ativo${active > 1 ? 's' : ''}`}</span> : null}
        </summary>
        <div className="fields">
          <div>
            <label htmlFor="f-pais">País</label>
            <select id="f-pais" name={FILTER_PARAMS.country} defaultValue={filters.country}>
              <option value="">Todos os países</option>
              {/* An option's value is its text: no value attribute, fewer bytes (labels are already single-spaced). */}
              {options.countries.map((c) => (
                <UserOption key={c} text={c} />
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="f-uva">Uva</label>
            <select id="f-uva" name={FILTER_PARAMS.grape} defaultValue={filters.grape}>
              <option value="">Todas as uvas</option>
              {options.grapes.map((g) => (
                <UserOption key={g} text={g} />
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="f-preco">Preço</label>
            <select id="f-preco" name={FILTER_PARAMS.priceBand} defaultValue={filters.priceBand}>
              <option value="">Todos os preços</option>
              {PRICE_BANDS.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.label}
                </option>
              ))}
            </select>
          </div>
          {options.glass ? (
            // No value attribute: a checked box sends "taca=on", and any value asks for the filter (fewer bytes).
            <label className="ck">
              <input type="checkbox" name={FILTER_PARAMS.glass} defaultChecked={filters.glass === true} />
              Por taça
            </label>
          ) : null}
        </div>
        <div className="actions">
          <button type="submit" className="btn">
            Filtrar
          </button>
          <a className="clear" href={allWines}>
            Limpar filtros
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
function UserOption({ text }: { text: string }) {
  return <option dir={needsIsolation(text) ? 'auto' : undefined}>{text}</option>;
}

function statusText(shown: number, total: number, query: string | undefined): ReactNode {
  const found = `Mostrando ${shown} de ${plural(total, 'vinho', 'vinhos')}`;
  return query ? mixed([`${found} para “`, { user: query }, '”.']) : `${found}.`;
}

/** The public wine list of one menu. `filters` usually comes from parseMenuFilters(request.query). */
export function renderMenuPage(data: PublicMenuResponse, filters: MenuFilters = {}, opts: RenderMenuOptions = {}): string {
  const { menu, establishment } = data;
  const basePath = opts.basePath ?? publicMenuPath(establishment, menu);
  const table = opts.table ?? null;
  const allWines = table ? `${basePath}?${TABLE_PARAM}=${table}` : basePath;
  const available = (Array.isArray(menu.wines) ? menu.wines : []).filter(isAvailable);
  const options = deriveFilterOptions(available);
  const active = sanitizeFilters(filters, options);
  const filtering = hasActiveFilters(active);
  const shown = filtering ? filterWines(available, active) : available;
  const groups = groupByCategory(shown);
  const count = available.length > 0 ? plural(available.length, 'vinho', 'vinhos') : null;

  const title = `${isolate(menu.name)} — ${isolate(establishment.name)}`;
  const description = truncate(
    menu.description ||
      establishment.description ||
      `Carta de vinhos de ${isolate(establishment.name)}: ${plural(available.length, 'vinho', 'vinhos')} com descrição, notas e harmonização.`,
    160,
  );

  let content: ReactElement;
  if (available.length === 0) {
    content = (
      <div className="empty" role="status">
        <h2>Carta temporariamente indisponível</h2>
        <p>Estamos atualizando nossa seleção de vinhos. Peça à nossa equipe as sugestões de hoje.</p>
      </div>
    );
  } else {
    content = (
      <>
        <FindForm action={basePath} allWines={allWines} table={table} options={options} filters={active} />
        <div id={RESULTS_ID}>
          {groups.length > 0 ? (
            <nav className="cats" aria-label="Categorias">
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
              {statusText(shown.length, available.length, active.query)} <a href={allWines}>Ver todos</a>
            </p>
          ) : null}
          {groups.map((g) => (
            <section key={g.anchor} id={g.anchor} className="cat" aria-labelledby={`${g.anchor}-t`}>
              <h2 id={`${g.anchor}-t`}>{userText(g.label)}</h2>
              {g.blurb ? <p className="blurb">{g.blurb}</p> : null}
              {g.wines.map((w) => (
                <WineRow key={w.id} wine={w} />
              ))}
            </section>
          ))}
          {shown.length === 0 ? (
            <div className="empty" role="status">
              <h2>
                {active.query
                  ? mixed(['Nenhum vinho encontrado para “', { user: active.query }, '”.'])
                  : 'Nenhum vinho encontrado com esses filtros.'}
              </h2>
              <p>Experimente outra busca ou combinação, ou veja a carta completa.</p>
              <a className="btn" href={allWines}>
                Limpar filtros
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
      css={MENU_CSS}
      // Every page with wines carries the script, a single section's too (a search's results, say): its beacon counts
      // the wines opened. The first paint waits for the second section, or the only one.
      script={groups[0] ? { text: MENU_HEAD_SCRIPT, paintWith: (groups[1] ?? groups[0]).anchor } : undefined}
    >
      {available.length > 0 ? (
        <a className="skip" href={`#${RESULTS_ID}`}>
          Pular para os vinhos
        </a>
      ) : null}
      <div className="wrap">
        <CompactHeader establishment={establishment} menuName={menu.name} menuDescription={menu.description} count={count} />
        <main id="carta">{content}</main>
      </div>
      <Footer sommelier={establishment.sommelier} />
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
