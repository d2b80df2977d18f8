import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

const page = (file: string) => fileURLToPath(new URL(`./src/client/${file}`, import.meta.url));

const meta = (attrs: Record<string, string>): HtmlTagDescriptor => ({ tag: 'meta', attrs, injectTo: 'head-prepend' });

/** The head every page of the client starts with (charset first); each page adds its own title and description. */
function sharedHead(): Plugin {
  const tags: HtmlTagDescriptor[] = [
    meta({ charset: 'UTF-8' }),
    { tag: 'link', attrs: { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }, injectTo: 'head-prepend' },
    meta({ name: 'viewport', content: 'width=device-width, initial-scale=1.0' }),
    meta({ name: 'theme-color', content: '#5c1a2b' }),
  ];
  return { name: 'adega-shared-head', transformIndexHtml: () => tags };
}

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), sharedHead()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    // The admin app, and /onboarding's own light page (decision 0067).
    rollupOptions: { input: { index: page('index.html'), onboarding: page('onboarding.html') } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
    },
  },
});
