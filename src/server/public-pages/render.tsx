/**
 * Entry point of the server-rendered public pages: pure functions from API data to complete HTML
 * documents (no HTTP, no database, no client JavaScript). Routes add status codes and caching.
 */

import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { type PublicEstablishmentResponse, type PublicMenuResponse, publicMenuPath } from '../../shared/public-menu.js';
import { Document, EstablishmentHeader, Footer, Ornament, WineCard } from './components.js';
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
import { groupByCategory, plural, truncate } from './format.js';

const DOCTYPE = '<!doctype html>';

function toHtml(element: ReactElement): string {
  return DOCTYPE + renderToString(element);
}

export interface RenderMenuOptions {
  /** Path the filter form submits to and "Limpar filtros" points at; defaults to publicMenuPath(). */
  basePath?: string;
}

function FilterForm({ action, options, filters, open }: { action: string; options: FilterOptions; filters: MenuFilters; open: boolean }) {
  const active = [filters.country, filters.grape, filters.priceBand].filter(Boolean).length;
  return (
    <details className="filter" open={open}>
      <summary>
        Filtrar vinhos
        {active > 0 ? <span className="badge">{`${active} ativo${active > 1 ? 's' : ''}`}</span> : null}
      </summary>
      <form method="get" action={action} aria-label="Filtrar vinhos">
        <div className="fields">
          <div>
            <label htmlFor="f-pais">País</label>
            <select id="f-pais" name={FILTER_PARAMS.country} defaultValue={filters.country ?? ''}>
              <option value="">Todos os países</option>
              {options.countries.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="f-uva">Uva</label>
            <select id="f-uva" name={FILTER_PARAMS.grape} defaultValue={filters.grape ?? ''}>
              <option value="">Todas as uvas</option>
              {options.grapes.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="f-preco">Preço</label>
            <select id="f-preco" name={FILTER_PARAMS.priceBand} defaultValue={filters.priceBand ?? ''}>
              <option value="">Todos os preços</option>
              {PRICE_BANDS.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="actions">
          <button type="submit" className="btn">
            Filtrar
          </button>
          <a className="clear" href={action}>
            Limpar filtros
          </a>
        </div>
      </form>
    </details>
  );
}

/** The public wine list of one menu. `filters` usually comes from parseMenuFilters(request.query). */
export function renderMenuPage(data: PublicMenuResponse, filters: MenuFilters = {}, opts: RenderMenuOptions = {}): string {
  const { menu, establishment } = data;
  const basePath = opts.basePath ?? publicMenuPath(establishment, menu);
  const available = (Array.isArray(menu.wines) ? menu.wines : []).filter(isAvailable);
  const options = deriveFilterOptions(available);
  const active = sanitizeFilters(filters, options);
  const filtering = hasActiveFilters(active);
  const shown = filtering ? filterWines(available, active) : available;
  const groups = groupByCategory(shown);

  const title = `${menu.name} — ${establishment.name}`;
  const description = truncate(
    menu.description ||
      establishment.description ||
      `Carta de vinhos de ${establishment.name}: ${plural(available.length, 'rótulo', 'rótulos')} com descrição, notas e harmonização.`,
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
        <FilterForm action={basePath} options={options} filters={active} open={filtering} />
        {filtering && shown.length > 0 ? (
          <p className="status" role="status">
            {`Mostrando ${shown.length} de ${plural(available.length, 'vinho', 'vinhos')}.`}
          </p>
        ) : null}
        {groups.length > 0 ? (
          <nav className="cats" aria-label="Categorias">
            <ul>
              {groups.map((g) => (
                <li key={g.anchor}>
                  <a href={`#${g.anchor}`}>
                    {g.shortLabel}
                    <small>{String(g.wines.length)}</small>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {groups.map((g) => (
          <section key={g.anchor} id={g.anchor} className="cat" aria-labelledby={`${g.anchor}-t`}>
            <h2 id={`${g.anchor}-t`}>{g.name}</h2>
            {g.blurb ? <p className="blurb">{g.blurb}</p> : null}
            {g.wines.map((w) => (
              <WineCard key={w.id} wine={w} />
            ))}
          </section>
        ))}
        {shown.length === 0 ? (
          <div className="empty" role="status">
            <h2>Nenhum vinho encontrado com esses filtros.</h2>
            <p>Experimente outra combinação ou veja a carta completa.</p>
            <a className="btn" href={basePath}>
              Limpar filtros
            </a>
          </div>
        ) : null}
      </>
    );
  }

  return toHtml(
    <Document title={title} description={description}>
      {available.length > 0 ? (
        <a className="skip" href="#carta">
          Pular para a carta
        </a>
      ) : null}
      <div className="wrap">
        <EstablishmentHeader establishment={establishment} />
        <Ornament />
        <main id="carta">
          <div className="intro">
            <p className="eyebrow">Carta de vinhos</p>
            <h2>{menu.name}</h2>
            {menu.description ? <p className="desc">{menu.description}</p> : null}
            {available.length > 0 ? <p className="count">{plural(available.length, 'rótulo', 'rótulos')}</p> : null}
          </div>
          {content}
        </main>
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
    establishment.description || `Cartas de vinhos de ${establishment.name}, com descrição, notas e harmonização.`,
    160,
  );
  return toHtml(
    <Document title={`${establishment.name} — Cartas de vinhos`} description={description}>
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
                  <h2>{m.name}</h2>
                  {m.description ? <p>{m.description}</p> : null}
                  <p className="n">{plural(Number(m.wine_count) || 0, 'vinho', 'vinhos')}</p>
                  <a className="btn" href={publicMenuPath(establishment, m)} aria-label={`Visualizar Carta: ${m.name}`}>
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
    <Document title={`${title} — Adega`} description={text} noIndex>
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
