/** Building blocks of the server-rendered public pages (no client JavaScript, no hooks). */
import type { ReactNode } from 'react';
import { formatBRL } from '../../shared/money.js';
import type { PublicEstablishment, PublicMenuWine } from '../../shared/public-menu.js';
import { COUNTRY_FLAGS } from '../../shared/wine-vocabulary.js';
import { formatAlcohol, formatVolume, mailtoHref, safeImageUrl, safeWebsiteUrl, telHref, websiteLabel } from './format.js';
import { CSS, THEME_COLOR } from './styles.js';

export interface DocumentProps {
  title: string;
  description: string;
  noIndex?: boolean;
  children: ReactNode;
}

export function Document({ title, description, noIndex, children }: DocumentProps) {
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
        {noIndex ? <meta name="robots" content="noindex" /> : null}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own static stylesheet, never user data */}
        <style dangerouslySetInnerHTML={{ __html: CSS }} />
      </head>
      <body>{children}</body>
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
  const tel = telHref(establishment.phone);
  const mail = mailtoHref(establishment.email);
  const site = safeWebsiteUrl(establishment.website);
  const hasContact = Boolean(tel || mail || site);
  return (
    <header className="est">
      {logo ? (
        <img className="logo" src={logo} alt={`Logotipo de ${establishment.name}`} width={88} height={88} loading="lazy" decoding="async" />
      ) : null}
      <h1>{establishment.name}</h1>
      {establishment.description ? <p className="desc">{establishment.description}</p> : null}
      {establishment.address ? <p className="addr">{establishment.address}</p> : null}
      {hasContact ? (
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
      ) : establishment.phone ? (
        <p className="addr">{establishment.phone}</p>
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

export function WineCard({ wine }: { wine: PublicMenuWine }) {
  const image = safeImageUrl(wine.image_url);
  const volume = formatVolume(wine.volume);
  const alcohol = formatAlcohol(wine.alcohol_content);
  const price = formatBRL(wine.price);
  const meta: ReactNode[] = [];
  if (wine.country) {
    meta.push(
      <span key="c">
        <Flag country={wine.country} />
        {wine.country}
      </span>,
    );
  }
  if (wine.grape_variety) meta.push(<span key="g">{wine.grape_variety}</span>);
  if (wine.wine_style) meta.push(<span key="s">{wine.wine_style}</span>);
  if (alcohol) meta.push(<span key="a">{alcohol}</span>);
  const notes: [string, string][] = [];
  if (wine.color) notes.push(['Cor', wine.color]);
  if (wine.aroma) notes.push(['Aroma', wine.aroma]);
  if (wine.palate) notes.push(['Paladar', wine.palate]);
  if (wine.aging) notes.push(['Amadurecimento', wine.aging]);
  return (
    <article className={image ? 'wine i' : 'wine'}>
      {image ? <img src={image} alt={`Garrafa de ${wine.name}`} width={64} height={96} loading="lazy" decoding="async" /> : null}
      <div className="wb">
        <div className="hd">
          <div className="top">
            <h3>{wine.name}</h3>
            <p className="price">
              {price}
              {volume ? <small>{volume}</small> : null}
            </p>
          </div>
          {meta.length > 0 ? <p className="meta">{meta}</p> : null}
        </div>
        {wine.description ? <p className="wd">{wine.description}</p> : null}
        {wine.pairing ? (
          <p className="pair">
            <b>Harmoniza com</b>
            {wine.pairing}
          </p>
        ) : null}
        {notes.length > 0 ? (
          <details className="notes">
            <summary>Notas de degustação</summary>
            <dl>
              {notes.map(([label, text]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{text}</dd>
                </div>
              ))}
            </dl>
          </details>
        ) : null}
      </div>
    </article>
  );
}
