import { expect, test, type Page } from '@playwright/test';
import { createStudentViaApi, DEMO_ADMIN_PIN, expectToast, newStudent } from './support';

/** Every visible interactive element must have an accessible name. */
async function unlabelledControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="checkbox"], [role="combobox"], [tabindex]:not([tabindex="-1"])';
    const missing: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const style = window.getComputedStyle(el);
      const hidden = el.closest('[aria-hidden="true"]') || style.display === 'none' || style.visibility === 'hidden';
      if (hidden) continue;
      // Visually hidden file inputs are reached through their labelled buttons, but are labelled too.
      const labelledBy = el.getAttribute('aria-labelledby');
      const byIds = labelledBy
        ? labelledBy
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : '';
      const labels =
        'labels' in el && (el as HTMLInputElement).labels
          ? Array.from((el as HTMLInputElement).labels ?? [])
              .map((l) => l.textContent ?? '')
              .join(' ')
          : '';
      const name = [el.getAttribute('aria-label') ?? '', byIds, labels, el.textContent ?? '', el.getAttribute('title') ?? '']
        .join(' ')
        .trim();
      if (!name) missing.push(el.outerHTML.slice(0, 120));
    }
    return missing;
  });
}

test('controls on the accounts and marketing screens are labelled', async ({ page }) => {
  for (const route of ['/', '/role-selection', '/student-signup', '/employer-signup', '/login?type=student', '/employer-login', '/reset-password', '/reset-password?token=nonsense', '/contact', '/learn-about', '/help', '/support', '/employer-guide', '/employer-confirmation', '/guest', '/confirm-email?token=nonsense', '/no-such-page']) {
    await page.goto(route);
    await expect(page.locator('main').first()).toBeVisible();
    expect(await unlabelledControls(page), route).toEqual([]);
  }
});

test('the landing role buttons and the sign-up form work from the keyboard', async ({ page }) => {
  await page.goto('/');
  const student = page.getByRole('button', { name: "I'm a Student" }).first();
  await student.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/student-signup$/);

  // The grade select opens and picks with the keyboard.
  const grade = page.getByLabel('Grade level', { exact: true });
  await grade.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Senior (12th grade)' }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(grade).not.toHaveText('Select your grade');

  // Interest chips toggle with Space.
  const tech = page.getByRole('checkbox', { name: 'Technology' });
  await tech.focus();
  await page.keyboard.press('Space');
  await expect(tech).toBeChecked();
});

test('F8 moves focus to the notifications region', async ({ page }) => {
  // Any toast will do; this one needs no server call (and no failed sign-in that counts
  // against the server's per-address throttle).
  await page.goto('/student-signup');
  await page.getByLabel('Profile photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expectToast(page, 'Invalid File Type');
  await page.keyboard.press('F8');
  const focusedInRegion = await page.evaluate(() => {
    const region = document.querySelector('[data-testid="toast-viewport"]');
    return !!region && (region === document.activeElement || region.contains(document.activeElement));
  });
  expect(focusedInRegion).toBe(true);
});

test('the signed-in screens of district review and data rights have labelled controls', async ({ browser }) => {
  const base = test.info().project.use.baseURL;
  const studentContext = await browser.newContext({ baseURL: base });
  const student = await studentContext.newPage();
  await createStudentViaApi(student.request, newStudent('a11y-safety'));
  await student.goto('/profile');
  await expect(student.getByRole('heading', { name: 'Blocked companies' })).toBeVisible();
  await expect(student.getByRole('region', { name: 'Change password' })).toBeVisible();
  expect(await unlabelledControls(student), '/profile').toEqual([]);
  const postings = (await (await student.request.get('/api/internships?limit=1')).json()) as { id: number }[];
  await student.goto(`/company/${postings[0].id}`);
  await student.getByRole('button', { name: 'Report this posting' }).first().click();
  await expect(student.getByRole('dialog', { name: 'Report this posting' })).toBeVisible();
  expect(await unlabelledControls(student), 'the Report dialog').toEqual([]);
  await studentContext.close();

  const adminContext = await browser.newContext({ baseURL: base });
  const admin = await adminContext.newPage();
  expect((await admin.request.post('/api/admin/login', { data: { pin: DEMO_ADMIN_PIN } })).status()).toBe(200);
  await admin.goto('/admin');
  for (const tab of ['Employers', 'Reports', 'Audit']) {
    await admin.getByRole('tab', { name: tab }).click();
    await expect(admin.getByRole('tabpanel', { name: tab })).toBeVisible();
    expect(await unlabelledControls(admin), `/admin ${tab}`).toEqual([]);
  }
  await adminContext.close();
});
