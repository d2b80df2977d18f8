/** The small page a guest sees when the server cannot answer (the database is down, or a bug): no JSON, no script. */
const TEXTS: Record<'unavailable' | 'failed', { title: string; message: string }> = {
  unavailable: {
    title: 'Carta indisponível no momento',
    message: 'Não conseguimos carregar esta página agora. Tente de novo em alguns instantes.',
  },
  failed: {
    title: 'Algo deu errado',
    message: 'Não conseguimos mostrar esta página. Tente de novo em alguns instantes.',
  },
};

export function serviceUnavailablePage(status: number): string {
  const { title, message } = TEXTS[status === 503 ? 'unavailable' : 'failed'];
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#1c1416;color:#f4ece6;text-align:center;padding:24px;box-sizing:border-box}h1{font-size:1.4rem;margin:0 0 .75rem}p{margin:0;line-height:1.5;color:#d9c9bf}</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${message}</p>
</main>
</body>
</html>
`;
}
