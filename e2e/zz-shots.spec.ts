import { signInAdmin, test } from './fixtures.js';
const pages = (process.env.SHOTS ?? '').split(',').filter(Boolean);
for (const path of pages) {
  test(`shot ${path}`, async ({ page, request }) => {
    await signInAdmin(page, request);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await page.waitForTimeout(800);
      await page.screenshot({ path: `/tmp/shots/${path.replace(/\W+/g, '_')}-${width}.png`, fullPage: false });
    }
  });
}
