import { renderToStaticMarkup } from 'react-dom/server';

/** What a message says, in the order a person reads it; the layout is the same for every message. */
export interface MailContent {
  subject: string;
  greeting?: string;
  paragraphs: string[];
  /** The one thing the message asks the reader to do: a button in HTML, a bare link in plain text. */
  action?: { label: string; path: string };
  /** Small print under the action, e.g. how long a link is valid or what to do if it was not you. */
  footnote?: string;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

const SIGNATURE = 'Equipe Adega';

/** Plain text and HTML of one message; links are made absolute from `baseUrl` (PUBLIC_BASE_URL, else the request's address). */
export function composeMail(content: MailContent, baseUrl: string): ComposedMail {
  const actionUrl = content.action ? new URL(content.action.path, `${baseUrl}/`).toString() : undefined;
  const text = [
    content.greeting,
    ...content.paragraphs,
    content.action && actionUrl ? `${content.action.label}: ${actionUrl}` : undefined,
    content.footnote,
    `— ${SIGNATURE}`,
  ]
    .filter((part): part is string => Boolean(part))
    .join('\n\n');
  const html = `<!doctype html>${renderToStaticMarkup(<MailBody content={content} actionUrl={actionUrl} />)}`;
  return { subject: content.subject, text: `${text}\n`, html };
}

function MailBody({ content, actionUrl }: { content: MailContent; actionUrl: string | undefined }) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <title>{content.subject}</title>
      </head>
      <body style={{ margin: 0, padding: '24px', background: '#f6f1ee', fontFamily: 'Arial, Helvetica, sans-serif', color: '#2b2124' }}>
        <div style={{ maxWidth: '560px', margin: '0 auto', background: '#ffffff', borderRadius: '8px', padding: '24px' }}>
          <p style={{ margin: '0 0 16px', fontSize: '20px', fontWeight: 'bold', color: '#7b1e3a' }}>Adega</p>
          {content.greeting && <p style={{ margin: '0 0 12px', fontSize: '16px' }}>{content.greeting}</p>}
          {content.paragraphs.map((paragraph) => (
            <p key={paragraph} style={{ margin: '0 0 12px', fontSize: '16px', lineHeight: 1.5 }}>
              {paragraph}
            </p>
          ))}
          {content.action && actionUrl && (
            <>
              <p style={{ margin: '20px 0' }}>
                <a
                  href={actionUrl}
                  style={{
                    display: 'inline-block',
                    background: '#7b1e3a',
                    color: '#ffffff',
                    padding: '12px 20px',
                    borderRadius: '6px',
                    textDecoration: 'none',
                    fontWeight: 'bold',
                  }}
                >
                  {content.action.label}
                </a>
              </p>
              <p style={{ margin: '0 0 12px', fontSize: '13px', color: '#5c4f53', wordBreak: 'break-all' }}>
                Se o botão não abrir, copie este endereço no navegador: {actionUrl}
              </p>
            </>
          )}
          {content.footnote && <p style={{ margin: '16px 0 0', fontSize: '13px', color: '#5c4f53' }}>{content.footnote}</p>}
          <p style={{ margin: '24px 0 0', fontSize: '14px', color: '#5c4f53' }}>— {SIGNATURE}</p>
        </div>
      </body>
    </html>
  );
}
