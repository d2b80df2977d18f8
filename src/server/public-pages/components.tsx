/** Building blocks of the server-rendered public pages (no client JavaScript, no hooks). */
import type { ReactNode } from 'react';
import { formatBRL } from '../../shared/money.js';
import type { PublicEstablishment, PublicMenuWine } from '../../shared/public-menu.js';
import { COUNTRY_FLAGS } from '../../shared/wine-vocabulary.js';
import { formatAlcohol, formatVolume, mailtoHref, safeImageUrl, safeWebsiteUrl, telHref, websiteLabel } from './format.js';
import { THEME_COLOR } from './styles.js';

export interface DocumentProps {
  title: string;
  description: string;
  noIndex?: boolean;
  /** The page's inline stylesheet (styles.ts): MENU_CSS or PAGE_CSS. */
  css: string;
  /** Script inlined at the end of the body (the CSP allows it by its hash, see menu-script.ts); the page works without it. */
  script?: string;
  /**
   * Id of an element the first paint waits for (`<link rel="expect" blocking="render">`): the browser paints the
   * first screen once, whole, instead of painting the header first and the wines after more parsing.
   */
  paintWith?: string;
  children: ReactNode;
}

/** `blocking` is not in React's types yet; React renders it as written. */
const renderBlocking = { blocking: 'render' } as Record<string, string>;

export function Document({ title, description, noIndex, css, script, paintWith, children }: DocumentProps) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <title>{title}</title>
        <meta name="description" content={description} />
        <meta name="theme-color" content={THEME_COLOR} />
        <meta name="color-scheme" content="dark" />
        <meta name="format-detection" content="telephone=no" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {noIndex ? <meta name="robots" content="noindex" /> : null}
        {paintWith ? <link rel="expect" href={`#${paintWith}`} {...renderBlocking} /> : null}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own static stylesheet, never user data */}
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        {children}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own static script, never user data */}
        {script ? <script dangerouslySetInnerHTML={{ __html: script }} /> : null}
      </body>
    </html>
  );
}

export function Ornament() {
  return (
    <div className="orn" aria-hidden="true">
      <i />
    </div>
  );
}

export function EstablishmentHeader({ establishment }: { establishment: PublicEstablishment }) {
  const logo = safeImageUrl(establishment.logo);
  return (
    <header className="est">
      {logo ? (
        <img className="logo" src={logo} alt={`Logotipo de ${establishment.name}`} width={88} height={88} loading="lazy" decoding="async" />
      ) : null}
      <h1>{establishment.name}</h1>
      {establishment.description ? <p className="desc">{establishment.description}</p> : null}
      {establishment.address ? <p className="addr">{establishment.address}</p> : null}
      <Contacts establishment={establishment} />
    </header>
  );
}

function Contacts({ establishment }: { establishment: PublicEstablishment }) {
  const tel = telHref(establishment.phone);
  const mail = mailtoHref(establishment.email);
  const site = safeWebsiteUrl(establishment.website);
  if (!tel && !mail && !site) return establishment.phone ? <p className="addr">{establishment.phone}</p> : null;
  return (
    <ul className="contact">
      {tel ? (
        <li>
          <a href={tel} aria-label={`Ligar para ${establishment.phone ?? ''}`}>
            {establishment.phone}
          </a>
        </li>
      ) : null}
      {mail ? (
        <li>
          <a href={mail}>{establishment.email}</a>
        </li>
      ) : null}
      {site ? (
        <li>
          <a href={site} rel="noopener noreferrer nofollow">
            {websiteLabel(site)}
          </a>
        </li>
      ) : null}
    </ul>
  );
}

/**
 * The menu page's header, one line tall so the wines come first: logo, establishment and menu name; the
 * descriptions, address and contacts are folded under "Sobre a casa".
 */
export function CompactHeader({
  establishment,
  menuName,
  menuDescription,
  count,
}: {
  establishment: PublicEstablishment;
  menuName: string;
  menuDescription: string | null;
  count: string | null;
}) {
  const logo = safeImageUrl(establishment.logo);
  const hasAbout = Boolean(
    menuDescription ||
      establishment.description ||
      establishment.address ||
      establishment.phone ||
      establishment.email ||
      establishment.website,
  );
  return (
    <header className="hdr">
      <div className="brand">
        {logo ? (
          // Low priority: a 44 px logo must not compete with the text of the first screen (the LCP is the first blurb).
          <img
            className="logo"
            src={logo}
            alt={`Logotipo de ${establishment.name}`}
            width={44}
            height={44}
            loading="lazy"
            decoding="async"
            fetchPriority="low"
          />
        ) : null}
        <div>
          <h1>{establishment.name}</h1>
          <p className="sub">{count ? `${menuName} · ${count}` : menuName}</p>
        </div>
      </div>
      {hasAbout ? (
        <details className="about">
          <summary>Sobre a casa e contatos</summary>
          <div className="ab">
            {menuDescription ? <p>{menuDescription}</p> : null}
            {establishment.description ? <p>{establishment.description}</p> : null}
            {establishment.address ? <p className="addr">{establishment.address}</p> : null}
            <Contacts establishment={establishment} />
          </div>
        </details>
      ) : null}
    </header>
  );
}

export function Footer({ sommelier }: { sommelier?: string | null }) {
  return (
    <footer>
      {sommelier ? <p className="som">{`Sommelier: ${sommelier}`}</p> : null}
      <p>Carta digital por Adega</p>
    </footer>
  );
}

function Flag({ country }: { country: string }) {
  const flag = COUNTRY_FLAGS[country];
  return flag ? <span aria-hidden="true">{`${flag} `}</span> : null;
}

/** "Bodega Catena Zapata · Mendoza · 2021": who made it, where and when; country and grape when that is all there is. */
export function originLine(wine: PublicMenuWine): string {
  const parts = [wine.producer, wine.region || wine.country];
  if (!wine.producer) parts.push(wine.grape_variety);
  if (wine.vintage) parts.push(String(wine.vintage));
  return parts.filter(Boolean).join(' · ');
}

/**
 * One wine as a compact row that opens on tap (<details>, no JavaScript): name, origin, vintage, size and
 * price in the row; description, facts, pairing and tasting notes inside.
 */
export function WineRow({ wine }: { wine: PublicMenuWine }) {
  const image = safeImageUrl(wine.image_url);
  const volume = formatVolume(wine.volume);
  const alcohol = formatAlcohol(wine.alcohol_content);
  const origin = originLine(wine);
  const facts: ReactNode[] = [];
  if (wine.country) {
    facts.push(
      <span key="c">
        <Flag country={wine.country} />
        {wine.country}
      </span>,
    );
  }
  if (wine.grape_variety) facts.push(<span key="g">{wine.grape_variety}</span>);
  if (wine.wine_style) facts.push(<span key="s">{wine.wine_style}</span>);
  if (alcohol) facts.push(<span key="a">{alcohol}</span>);
  const notes: [string, string][] = [];
  if (wine.color) notes.push(['Cor', wine.color]);
  if (wine.aroma) notes.push(['Aroma', wine.aroma]);
  if (wine.palate) notes.push(['Paladar', wine.palate]);
  if (wine.aging) notes.push(['Amadurecimento', wine.aging]);
  return (
    <details className="wine">
      <summary>
        <h3>{wine.name}</h3>
        {origin ? <span className="o">{origin}</span> : null}
        <span className="p">
          {formatBRL(wine.price)}
          {volume ? <small>{volume}</small> : null}
        </span>
      </summary>
      <div className={image ? 'wd i' : 'wd'}>
        {image ? <img src={image} alt={`Garrafa de ${wine.name}`} width={64} height={96} loading="lazy" decoding="async" /> : null}
        <div>
          {wine.description ? <p>{wine.description}</p> : null}
          {facts.length > 0 ? <p className="meta">{facts}</p> : null}
          {wine.pairing ? (
            <p className="pair">
              <b>Harmoniza com</b>
              {wine.pairing}
            </p>
          ) : null}
        </div>
        {notes.length > 0 ? (
          <dl>
            {notes.map(([label, text]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{text}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </details>
  );
}
