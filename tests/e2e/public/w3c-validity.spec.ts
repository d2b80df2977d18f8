import { apiToken, expect, test } from '../support/fixtures.js';
import { w3cErrors } from '../support/w3c-checker.js';
import { menuInThreeLanguages } from './menu-in-three-languages.js';

// One run of the W3C checker (a Java program) for all the pages: seconds to start on a busy machine.
test.setTimeout(180_000);

test('the public menu in each language, the establishment page and /onboarding pass the W3C HTML checker with no errors', async ({
  request,
}) => {
  const token = await apiToken(request);
  const seeded = await request.post('/api/seed/pedra-da-ilha', { headers: { authorization: `Bearer ${token}` } });
  expect([200, 201], await seeded.text()).toContain(seeded.status());
  // A menu guests may read in English and Spanish (issue 28): each language's page, its switch and its alternates.
  const { path } = await menuInThreeLanguages(request);

  const pages = {
    menu: '/pedra-da-ilha/carta-de-vinhos',
    'menu-search': '/pedra-da-ilha/carta-de-vinhos?q=malbec',
    'menu-nothing-found': '/pedra-da-ilha/carta-de-vinhos?q=nada-disso',
    // A table's page: the table travels in a hidden field of the search form (issue 27).
    'menu-table': '/pedra-da-ilha/carta-de-vinhos?mesa=5&pais=Chile',
    'menu-pt-with-switch': path,
    'menu-en': `${path}?lang=en`,
    'menu-es-search': `${path}?lang=es&q=tinto`,
    'menu-en-table-filter': `${path}?lang=en&mesa=3&taca=1`,
    establishment: '/pedra-da-ilha',
    // The admin app's shell (built by Vite), as /onboarding is served.
    onboarding: '/onboarding',
  };
  const documents: Record<string, string> = {};
  for (const [name, url] of Object.entries(pages)) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    documents[name] = await res.text();
  }
  const errors = w3cErrors(documents);
  expect(errors).toEqual(Object.fromEntries(Object.keys(pages).map((name) => [name, []])));
});
