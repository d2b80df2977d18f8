import { expectNoSidewaysScroll, PHONE } from '../admin/admin-api.js';
import { expect, test } from '../support/fixtures.js';
import { w3cErrors } from '../support/w3c-checker.js';

// One run of the W3C checker (a Java program): seconds to start on a busy machine.
test.setTimeout(180_000);
test.use(PHONE);

// The shell the server sends is checked in public/w3c-validity.spec.ts; this is the form React draws into it.
test('the onboarding form, as the browser renders it on a phone, passes the W3C HTML checker with no errors', async ({ page }) => {
  await page.goto('/onboarding');
  const address = page.getByRole('textbox', { name: 'Endereço', exact: true });
  await expect(address).toBeVisible();
  await expectNoSidewaysScroll(page, 390);
  // Mantine injects its CSS variables as <style> elements in <body> at run time: not markup the app writes.
  const rendered = await page.evaluate(() => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    for (const style of copy.querySelectorAll('body style')) style.remove();
    return `<!DOCTYPE html>\n${copy.outerHTML}`;
  });
  expect(w3cErrors({ onboarding: rendered })).toEqual({ onboarding: [] });
  // An <input> takes an address line; "street-address" is the whole multi-line address, for a <textarea>.
  await expect(address).toHaveAttribute('autocomplete', 'address-line1');
});
