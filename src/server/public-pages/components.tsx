/** Building blocks of the server-rendered public pages (no client JavaScript, no hooks). */
import type { ReactNode } from 'react';
import { DEFAULT_GUEST_LANGUAGE, type GuestLanguage, type GuestMessages, guestMessages } from '../../shared/guest-i18n/catalogue.js';
import { guestPrice, type PublicEstablishment, type PublicMenuWine } from '../../shared/public-menu.js';
import { COUNTRY_FLAGS } from '../../shared/wine-vocabulary.js';
import {
  formatAlcohol,
  formatVolume,
  isolate,
  mailtoHref,
  needsIsolation,
  safeImageUrl,
  safeWebsiteUrl,
  telHref,
  websiteLabel,
} from './format.js';
import { THEME_COLOR } from './styles.js';

export interface DocumentProps {
  title: string;
  description: string;
  noIndex?: boolean;
  /** The page's inline stylesheet (styles.ts): MENU_CSS or PAGE_CSS. */
  css: string;
  /**
   * The menu's inline script (MENU_HEAD_SCRIPT, allowed by its CSP hash; the page works without it), in the head:
   * the first paint waits for the element with the id `paintWith`, so the browser paints the first screen once,
   * whole, instead of painting the header first and the wines after more parsing.
   */
  script?: { text: string; paintWith: string };
  /** The page's language (pt-BR unless the guest reads another). */
  lang?: GuestLanguage;
  /** More of the head, after the title: the alternate languages' links. */
  head?: ReactNode;
  children: ReactNode;
}

export function Document({ title, description, noIndex, css, script, lang = DEFAULT_GUEST_LANGUAGE, head, children }: DocumentProps) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <title>{title}</title>
        <meta name="description" content={isolate(description)} />
        <meta name="theme-color" content={THEME_COLOR} />
        <meta name="color-scheme" content="dark" />
        <meta name="format-detection" content="telephone=no" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {head}
        {noIndex ? <meta name="robots" content="noindex" /> : null}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own static script, never user data */}
        {script ? <script data-p={script.paintWith} dangerouslySetInnerHTML={{ __html: script.text }} /> : null}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own static stylesheet, never user data */}
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>{children}</body>
    </html>
  );
}

/** A piece of text the user wrote, for mixed(). */
export type UserPiece = { user: string };

/**
 * Our text and the user's in one run: each user piece goes in <bdi> when it could reorder its neighbours (a bidi
 * control such as U+202E, or right-to-left letters). Otherwise the run is one plain string, which costs the page no
 * bytes (not even React's <!-- --> between text nodes; decision 0045).
 */
export function mixed(pieces: readonly (string | UserPiece)[]): ReactNode {
  if (!pieces.some((p) => typeof p !== 'string' && needsIsolation(p.user))) {
    return pieces.map((p) => (typeof p === 'string' ? p : p.user)).join('');
  }
  return pieces.map((p, i) => (typeof p === 'string' ? p : <bdi key={String(i)}>{p.user}</bdi>));
}

/** A piece of user text on its own: in <bdi> when it could reorder what is around it, else plain (no bytes). */
export const userText = (text: string): ReactNode => mixed([{ user: text }]);

export function Ornament() {
  return (
    <div className="orn" aria-hidden="true">
      <i />
    </div>
  );
}

/** The establishment's logo, when it has one that is safe to show: a square of `size` px, loaded lazily. */
function Logo({
  establishment,
  size,
  fetchPriority,
  m = guestMessages(),
}: {
  establishment: PublicEstablishment;
  size: number;
  fetchPriority?: 'low';
  m?: GuestMessages;
}) {
  const logo = safeImageUrl(establishment.logo);
  if (!logo) return null;
  return (
    <img
      className="logo"
      src={logo}
      alt={m.t('menu.logoAlt', { establishment: isolate(establishment.name) })}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      fetchPriority={fetchPriority}
    />
  );
}

export function EstablishmentHeader({ establishment }: { establishment: PublicEstablishment }) {
  return (
    <header className="est">
      <Logo establishment={establishment} size={88} />
      <h1>{userText(establishment.name)}</h1>
      {establishment.description ? <p className="desc">{userText(establishment.description)}</p> : null}
      {establishment.address ? <p className="addr">{userText(establishment.address)}</p> : null}
      <Contacts establishment={establishment} />
    </header>
  );
}

function Contacts({ establishment, m = guestMessages() }: { establishment: PublicEstablishment; m?: GuestMessages }) {
  const tel = telHref(establishment.phone);
  const mail = mailtoHref(establishment.email);
  const site = safeWebsiteUrl(establishment.website);
  if (!tel && !mail && !site) return establishment.phone ? <p className="addr">{userText(establishment.phone)}</p> : null;
  return (
    <ul className="contact">
      {tel ? (
        <li>
          <a href={tel} aria-label={m.t('menu.call', { phone: isolate(establishment.phone ?? '') })}>
            {userText(establishment.phone ?? '')}
          </a>
        </li>
      ) : null}
      {mail ? (
        <li>
          <a href={mail}>{userText(establishment.email ?? '')}</a>
        </li>
      ) : null}
      {site ? (
        <li>
          <a href={site} rel="noopener noreferrer nofollow">
            {userText(websiteLabel(site))}
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
  languages,
  m = guestMessages(),
}: {
  establishment: PublicEstablishment;
  menuName: string;
  menuDescription: string | null;
  count: string | null;
  /** The language switch, when the menu offers more than pt-BR. */
  languages?: ReactNode;
  m?: GuestMessages;
}) {
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
        {/* Low priority: a 44 px logo must not compete with the text of the first screen (the LCP is the first blurb). */}
        <Logo establishment={establishment} size={44} fetchPriority="low" m={m} />
        <div>
          <h1>{userText(establishment.name)}</h1>
          <p className="sub">{mixed([{ user: menuName }, count ? ` · ${count}` : ''])}</p>
        </div>
      </div>
      {languages}
      {hasAbout ? (
        <details className="about">
          <summary>{m.t('menu.about')}</summary>
          <div className="ab">
            {menuDescription ? <p>{userText(menuDescription)}</p> : null}
            {establishment.description ? <p>{userText(establishment.description)}</p> : null}
            {establishment.address ? <p className="addr">{userText(establishment.address)}</p> : null}
            <Contacts establishment={establishment} m={m} />
          </div>
        </details>
      ) : null}
    </header>
  );
}

export function Footer({
  sommelier,
  note,
  pdf,
  m = guestMessages(),
}: {
  sommelier?: string | null;
  /** The prices' note of a page in another language than pt-BR. */
  note?: string;
  /** The menu's PDF in the page's language ("PDF (English)"). */
  pdf?: string;
  m?: GuestMessages;
}) {
  const [before = '', after = ''] = m.t('footer.sommelier').split('{name}');
  return (
    <footer>
      {note ? <p>{note}</p> : null}
      {pdf ? (
        <p>
          <a href={pdf}>{m.t('pdf.link')}</a>
        </p>
      ) : null}
      {sommelier ? <p className="som">{mixed([before, { user: sommelier }, after])}</p> : null}
      <p>{m.t('footer.credit')}</p>
    </footer>
  );
}

function Flag({ country }: { country: string }) {
  const flag = COUNTRY_FLAGS[country];
  return flag ? <span aria-hidden="true">{`${flag} `}</span> : null;
}

/**
 * "Bodega Catena Zapata · Mendoza · 2021": who made it, where and when; country and grape when that is all there is.
 * The parts as text, for the page and the PDF alike.
 */
export function originParts(wine: PublicMenuWine): string[] {
  const parts = [wine.producer, wine.region || wine.country];
  if (!wine.producer) parts.push(wine.grape_variety);
  const named = parts.filter((n): n is string => Boolean(n));
  return wine.vintage ? [...named, String(wine.vintage)] : named;
}

/** The origin line of the page: each name is isolated, so a bidi control in one cannot reorder the others. */
function originLine(wine: PublicMenuWine, m: GuestMessages): ReactNode {
  const vintage = wine.vintage ? String(wine.vintage) : undefined;
  // The country in the guest's language (Intl.DisplayNames); the other names as written.
  const parts: (string | UserPiece)[] = originParts(wine).map((part) =>
    part === vintage ? part : { user: part === wine.country ? m.country(part) : part },
  );
  return mixed(parts.flatMap((part, i) => (i > 0 ? [' · ', part] : [part])));
}

/** What the house cellar says of the wine, in a word or three (null when it says nothing). */
export function stockText(stock: PublicMenuWine['stock'], m: GuestMessages = guestMessages()): string | null {
  if (!stock) return null;
  if (stock.state === 'sold_out') return m.t('stock.soldOut');
  if (stock.state === 'glass_only') return m.t('stock.glassOnly');
  return stock.bottles === 1 ? m.t('stock.lastBottle') : m.t('stock.lastBottles', { n: stock.bottles });
}

/** The row's price (guestPrice) with the bottle's size under it. */
function Price({ wine, volume, m }: { wine: PublicMenuWine; volume: string | null; m: GuestMessages }) {
  return (
    <span className={wine.glass_price === null ? 'p' : 'p t'}>
      {guestPrice(wine, { glass: m.t('wine.glass'), bottle: m.t('wine.bottle') })}
      {volume ? <small>{volume}</small> : null}
    </span>
  );
}

/**
 * One wine as a compact row that opens on tap (<details>, no JavaScript): name, origin, vintage, size and
 * price in the row; description, facts, pairing and tasting notes inside.
 */
export function WineRow({ wine, m = guestMessages() }: { wine: PublicMenuWine; m?: GuestMessages }) {
  const image = safeImageUrl(wine.image_url);
  const volume = formatVolume(wine.volume);
  const alcohol = formatAlcohol(wine.alcohol_content);
  const origin = originLine(wine, m);
  const facts: ReactNode[] = [];
  if (wine.country) {
    facts.push(
      <bdi key="c">
        <Flag country={wine.country} />
        {m.country(wine.country)}
      </bdi>,
    );
  }
  if (wine.grape_variety) facts.push(<bdi key="g">{wine.grape_variety}</bdi>);
  if (wine.wine_style) facts.push(<bdi key="s">{m.style(wine.wine_style)}</bdi>);
  if (alcohol) facts.push(<span key="a">{userText(alcohol)}</span>);
  const notes: [string, string][] = [];
  if (wine.color) notes.push([m.t('wine.color'), wine.color]);
  if (wine.aroma) notes.push([m.t('wine.aroma'), wine.aroma]);
  if (wine.palate) notes.push([m.t('wine.palate'), wine.palate]);
  if (wine.aging) notes.push([m.t('wine.aging'), wine.aging]);
  const stock = stockText(wine.stock, m);
  return (
    <details className={wine.stock?.state === 'sold_out' ? 'wine x' : 'wine'}>
      <summary>
        <h3>{userText(wine.name)}</h3>
        {origin ? <span className="o">{origin}</span> : null}
        <Price wine={wine} volume={volume} m={m} />
        {stock ? <span className="b">{stock}</span> : null}
      </summary>
      <div className={image ? 'wd i' : 'wd'}>
        {/*
          The bottle illustrates the row its name heads: decorative (alt=""), the name is not read twice, and 50 wines'
          names in alt texts were some 230 bytes of the first TCP window (decision 0062). Lazy images are decoded off
          the main thread anyway: no decoding="async".
        */}
        {image ? <img src={image} alt="" width={64} height={96} loading="lazy" /> : null}
        <div>
          {wine.description ? <p>{userText(wine.description)}</p> : null}
          {facts.length > 0 ? <p className="meta">{facts}</p> : null}
          {wine.pairing ? (
            <p className="pair">
              <b>{m.t('wine.pairsWith')}</b>
              {userText(wine.pairing)}
            </p>
          ) : null}
        </div>
        {notes.length > 0 ? (
          <dl>
            {notes.map(([label, text]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{userText(text)}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </details>
  );
}
