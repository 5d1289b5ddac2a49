// The Content-Security-Policy the server sends holds for the real app: the public pages, an admin
// screen with an image preview (a blob: URL) and Swagger UI at /docs render with no violation.
import type { Page } from '@playwright/test';
import { expect, signInAdmin, test } from './fixtures.js';

/** Every CSP violation the page reports, as the browser describes it. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return violations;
}

test('public pages render under the CSP', async ({ page, consoleErrors }) => {
  const violations = await watchViolations(page);
  for (const [path, heading] of [
    ['/', 'Home services on demand'],
    ['/userlogin', 'Login'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('an admin screen previews a picked image under the CSP', async ({ page, request, consoleErrors }) => {
  const violations = await watchViolations(page);
  await signInAdmin(page, request);
  const response = await page.goto('/services');
  expect(response?.headers()['content-security-policy']).toContain("img-src 'self' data: blob:");
  await expect(page.getByRole('heading', { name: 'Services Listing' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Service' });
  // A 1×1 PNG.
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201b1e7f1d50000000049454e44ae426082',
    'hex',
  );
  await dialog.getByLabel('Image').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
  const preview = dialog.getByRole('img', { name: 'Image preview' });
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(violations).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('Swagger UI at /docs works under its CSP', async ({ page, consoleErrors }) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/docs');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self';");
  await expect(page.getByRole('heading', { name: /Doorstep API/ })).toBeVisible();
  await expect(page.locator('.opblock').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
