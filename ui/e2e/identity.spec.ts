import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { expect, request as apiRequest, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './fixtures';
import { AxeAudit } from './axe';
import { base32Decode, DEMO_ADMIN, expectReflows, freshCode, totp } from './totp';
import { BASE_URL, choose, DEMO_ADMIN_PIN, expectToast, snap, uniqueEmail } from './support';

/**
 * District identity (issue #34): a staff invite (QR code, key, password, code, recovery codes
 * shown once), the named staff's sign-in with an authenticator code computed here (RFC 6238),
 * the Staff and Students tabs by role, and the school sign-in's pages without a provider (the
 * "Continue with" flow through a real OpenID provider is another spec's). Against the demo
 * server, which seeds a named admin (Dana Ruiz) and a coordinator of Lincoln High School (Sam Okafor).
 */

const DEMO_COORDINATOR = {
  name: 'Sam Okafor',
  email: 'coordinator@district.example',
  password: 'demo-coord-pass-1',
  secret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
  school: 'Lincoln High School',
};

const INVITE_GONE = 'This invite link is invalid or has expired. Ask your district admin for a new one.';
const INVITE_ELSEWHERE =
  'This invite link was opened in another browser first. Finish setting up there, or ask your district admin for a new invite link.';
const CODE_LABEL = 'Code from your authenticator app';

/** The known values of RFC 6238's appendix B (SHA-1, 8 digits there; the last 6 here). */
test('the TOTP of this spec matches RFC 6238', () => {
  // The RFC's SHA-1 key, '12345678901234567890', in base32.
  const key = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  expect(base32Decode(key).toString()).toBe('12345678901234567890');
  expect(totp(key, 59_000)).toBe('287082');
  expect(totp(key, 1_111_111_109_000)).toBe('081804');
  expect(totp(key, 1_234_567_890_000)).toBe('005924');
});

/** A request context signed in with the district pin (its own cookies). */
async function pinAdmin(): Promise<APIRequestContext> {
  const admin = await apiRequest.newContext({ baseURL: BASE_URL });
  expect((await admin.post('/api/admin/login', { data: { pin: DEMO_ADMIN_PIN } })).status()).toBe(200);
  return admin;
}

interface Invite {
  email: string;
  name: string;
  /** The invite page's path (/staff/invite/TOKEN). */
  path: string;
}

/**
 * A new staff member through the API as the pin admin; the invite link's path. The link is not
 * opened here: the first browser to open it is the only one shown the secret.
 */
async function inviteStaff(name: string, role: 'admin' | 'coordinator', school: string | null): Promise<Invite> {
  const admin = await pinAdmin();
  try {
    const email = uniqueEmail('staff');
    const res = await admin.post('/api/admin/staff', { data: { email, name, role, school } });
    expect(res.status(), await res.text()).toBe(201);
    const { inviteUrl } = (await res.json()) as { inviteUrl: string };
    const path = new URL(inviteUrl, BASE_URL).pathname;
    expect(path).toMatch(/^\/staff\/invite\/[^/]+$/);
    return { email, name, path };
  } finally {
    await admin.dispose();
  }
}

/**
 * What a phone's camera would read from the QR code: the SVG drawn onto a canvas in the page,
 * its pixels decoded here (jsQR).
 */
async function readQrCode(page: Page): Promise<string | null> {
  const image = await page.getByRole('img', { name: 'QR code for your authenticator app' }).evaluate(async (svg) => {
    const side = 320;
    const url = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(svg)], { type: 'image/svg+xml' }));
    try {
      const img = new Image(side, side);
      img.src = url;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = side;
      canvas.height = side;
      const ctx = canvas.getContext('2d');
      if (!ctx) return null;
      ctx.drawImage(img, 0, 0, side, side);
      return { side, data: Array.from(ctx.getImageData(0, 0, side, side).data) };
    } finally {
      URL.revokeObjectURL(url);
    }
  });
  if (!image) return null;
  return jsQR(Uint8ClampedArray.from(image.data), image.side, image.side)?.data ?? null;
}

/** Sign in on /admin-login's staff form. */
async function staffSignIn(page: Page, email: string, password: string, code: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Staff sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel(CODE_LABEL).fill(code);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

async function tabNames(page: Page): Promise<string[]> {
  return page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab').allTextContents();
}

test('a staff invite: QR code and key, password and code, recovery codes shown once; the new coordinator signs in with one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const audit = new AxeAudit(page);
  const invite = await inviteStaff('Morgan Lee', 'coordinator', DEMO_COORDINATOR.school);

  await page.goto(invite.path);
  await expect(page.getByRole('heading', { name: 'Welcome, Morgan Lee' })).toBeVisible();
  await expect(page.getByTestId('invite-who')).toContainText(invite.email);
  await expect(page.getByTestId('invite-who')).toContainText(`Coordinator, ${DEMO_COORDINATOR.school}`);
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  expect((await qr.boundingBox())?.width ?? 0).toBeGreaterThan(150);
  // The key as text, in groups of four; the QR code scans to the same secret.
  const key = page.getByTestId('totp-secret');
  await expect(key).toHaveText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const secret = ((await key.textContent()) ?? '').replace(/\s/g, '');
  const scanned = await readQrCode(page);
  expect(scanned).toMatch(/^otpauth:\/\/totp\//);
  expect(new URL(scanned ?? 'x:').searchParams.get('secret')).toBe(secret);
  // The same link in another browser: refused, and told what to do.
  const elsewhere = await page.context().browser()?.newContext();
  if (elsewhere) {
    const other = await elsewhere.newPage();
    await other.goto(invite.path);
    await expect(other.getByText(INVITE_ELSEWHERE)).toBeVisible();
    await expect(other.getByTestId('totp-secret')).toHaveCount(0);
    await elsewhere.close();
  }
  await expect(page.getByRole('button', { name: 'Copy key' })).toBeVisible();
  await expect(page.getByLabel(CODE_LABEL)).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByLabel(CODE_LABEL)).toHaveAttribute('autocomplete', 'one-time-code');
  await audit.scan('/staff/invite');
  await expectReflows(page, '/staff/invite');
  await snap(page, 'staff-invite');

  // The client's checks: a short password, a mismatch and no code.
  await page.getByLabel('New password', { exact: true }).fill('too-short');
  await page.getByLabel('Confirm new password', { exact: true }).fill('different');
  await page.getByRole('button', { name: 'Finish setup' }).click();
  await expect(page.getByText('Password must be at least 12 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toBeFocused();

  // A wrong code: the server's sentence stands on the code field.
  const password = 'correct-horse-battery-1';
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password', { exact: true }).fill(password);
  const wrong = totp(secret) === '000000' ? '111111' : '000000';
  await page.getByLabel(CODE_LABEL).fill(wrong);
  await page.getByRole('button', { name: 'Finish setup' }).click();
  const codeField = page.getByLabel(CODE_LABEL);
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/That code is not right/)).toBeVisible();
  await expect(codeField).toBeFocused();
  await audit.scan('/staff/invite, wrong code');

  await codeField.fill(await freshCode(page, secret));
  await page.getByRole('button', { name: 'Finish setup' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  const codes = await list.getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}$/i);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download codes' }).click()]);
  expect(download.suggestedFilename()).toBe('internreel-recovery-codes.txt');
  const file = readFileSync(await download.path(), 'utf8');
  for (const code of codes) expect(file).toContain(code);
  await page.getByRole('button', { name: 'Copy codes' }).click();
  await expectToast(page, /^(Copied|Could not copy)$/);
  await audit.scan('/staff/invite, recovery codes');
  await expectReflows(page, '/staff/invite, recovery codes');
  await snap(page, 'staff-invite-codes');

  // Shown once: the link is used up.
  await page.reload();
  await expect(page.getByText(INVITE_GONE)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toHaveCount(0);
  await audit.scan('/staff/invite, used');

  // The new coordinator signs in with a recovery code instead of the app's code.
  await page.goto('/admin-login');
  const form = page.getByRole('form', { name: 'Staff sign in' });
  await form.getByRole('button', { name: 'Use a recovery code' }).click();
  await form.getByLabel('Email').fill(invite.email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Recovery code').fill(codes[0] ?? '');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('signed-in-as')).toHaveText(`Signed in as Morgan Lee · Coordinator, ${DEMO_COORDINATOR.school}`);
  expect(await tabNames(page)).toEqual(['Students', 'Reports', 'Placements', 'Program']);
  audit.expectClean();
});

test('staff sign-in with an authenticator code: the named admin sees every tab and adds a coordinator on the Staff tab', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const audit = new AxeAudit(page);
  await page.goto('/admin-login');
  const form = page.getByRole('form', { name: 'Staff sign in' });
  await expect(form).toBeVisible();
  const code = form.getByLabel(CODE_LABEL);
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page.getByText('Lost your phone? A recovery code works here too.')).toBeVisible();
  // The pin stays below while the district keeps it on (the demo does).
  await expect(page.getByRole('heading', { name: 'District pin' })).toBeVisible();
  await expect(page.getByLabel('Security pin')).toBeVisible();
  await audit.scan('/admin-login');
  await expectReflows(page, '/admin-login');
  await snap(page, 'staff-login');

  // Nothing filled: each field says what it needs, the first one takes the focus.
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Password is required')).toBeVisible();
  await expect(form.getByText('Enter the code from your authenticator app')).toBeVisible();
  await expect(form.getByLabel('Email')).toBeFocused();

  // A wrong code: the server's sentence, and the code field is emptied for the next one.
  const wrong = totp(DEMO_ADMIN.secret) === '000000' ? '111111' : '000000';
  await staffSignIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password, wrong);
  await expect(page.getByTestId('staff-login-error')).toHaveText('Invalid email, password or code. Please try again.');
  await expect(code).toHaveValue('');
  await audit.scan('/admin-login, refused');

  await staffSignIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password, await freshCode(page, DEMO_ADMIN.secret));
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('signed-in-as')).toHaveText(`Signed in as ${DEMO_ADMIN.name} · District admin`);
  // The line stands clear above the shortcuts.
  const line = await page.getByTestId('signed-in-as').boundingBox();
  const shortcuts = await page.getByRole('navigation', { name: 'Admin shortcuts' }).boundingBox();
  expect((line?.y ?? 0) + (line?.height ?? 0)).toBeLessThanOrEqual(shortcuts?.y ?? 0);
  expect(await tabNames(page)).toEqual([
    'AI video requests',
    'Employers',
    'Reports',
    'Captions',
    'Audit',
    'Staff',
    'Students',
    'Placements',
    'Program',
  ]);

  // The Staff tab: the seeded coordinator, and a new one added with an invite link.
  await page.getByRole('tab', { name: 'Staff', exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: 'Staff' });
  await expect(panel.getByRole('listitem').filter({ hasText: DEMO_COORDINATOR.email })).toBeVisible();
  await audit.scan('/admin, Staff');

  const add = panel.getByRole('form', { name: 'Add staff member' });
  const name = `Riley Park ${Date.now().toString(36)}`;
  const email = uniqueEmail('coordinator');
  await add.getByLabel('Name', { exact: true }).fill(name);
  await add.getByLabel('Email').fill(email);
  await choose(page, 'Role', 'Coordinator');
  await add.getByRole('button', { name: 'Add and send invite' }).click();
  await expect(add.getByText('A coordinator needs a school')).toBeVisible();
  await expect(add.getByLabel('School', { exact: true })).toBeFocused();
  // The schools the roster and the students name are offered; one none of them names is said
  // under the field (a coordinator of a misspelt school would see no students).
  const schoolField = add.getByLabel('School', { exact: true });
  const listId = await schoolField.getAttribute('list');
  expect(listId).toBeTruthy();
  await expect(add.locator(`datalist[id="${listId}"] option[value="${DEMO_COORDINATOR.school}"]`)).toHaveCount(1);
  await schoolField.fill('Lincon High School');
  await expect(add.getByTestId('school-unknown')).toHaveText('Not a school of the roster or of any student yet: check the spelling.');
  await audit.scan('/admin, Staff, unknown school');
  await schoolField.fill(DEMO_COORDINATOR.school.toUpperCase());
  await expect(add.getByTestId('school-unknown')).toHaveCount(0);
  await add.getByLabel('School', { exact: true }).fill(DEMO_COORDINATOR.school);
  await add.getByRole('button', { name: 'Add and send invite' }).click();
  await expectToast(page, 'Invite sent');

  const link = panel.getByLabel(`Invite link for ${name}`);
  await expect(link).toHaveValue(/\/staff\/invite\/[^/]+$/);
  await expect(link).toHaveAttribute('readonly', '');
  await expect(panel.getByRole('button', { name: 'Copy link' })).toBeVisible();
  const row = panel.getByTestId('staff-member').filter({ hasText: email });
  await expect(row.getByTestId('staff-status')).toHaveText('Invited');
  await expect(row).toContainText(`Coordinator, ${DEMO_COORDINATOR.school}`);
  await expect(row.getByRole('button', { name: `Change role of ${name}` })).toBeVisible();
  await expect(row.getByRole('button', { name: `Turn off ${name}` })).toBeVisible();
  await expect(row.getByRole('button', { name: `Reset two-factor for ${name}` })).toBeVisible();
  await audit.scan('/admin, Staff, invite link');
  await expectReflows(page, '/admin, Staff');
  await snap(page, 'admin-staff');

  // The link works: it opens the invite page for the new coordinator.
  const invitePath = new URL(await link.inputValue()).pathname;
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const invitePage = await other.newPage();
    await invitePage.goto(invitePath);
    await expect(invitePage.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible();
  } finally {
    await other.close();
  }

  // Turn off asks first, then the badge says so; Turn on brings it back.
  await row.getByRole('button', { name: `Turn off ${name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeVisible();
  await audit.scan('/admin, Staff, turn off');
  await confirm.getByRole('button', { name: 'Turn off', exact: true }).click();
  await expect(row.getByTestId('staff-status')).toHaveText('Turned off');
  await row.getByRole('button', { name: `Turn on ${name}` }).click();
  await expect(row.getByTestId('staff-status')).not.toHaveText('Turned off');
  audit.expectClean();
});

test('the Students tab lists every school for the pin admin and filters by one', async ({ page }) => {
  const audit = new AxeAudit(page);
  expect((await page.request.post('/api/admin/login', { data: { pin: DEMO_ADMIN_PIN } })).status()).toBe(200);
  await page.goto('/admin');
  await expect(page.getByTestId('signed-in-as')).toHaveText('Signed in with the district pin');
  await page.getByRole('tab', { name: 'Students', exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: 'Students' });
  const rows = panel.getByTestId('admin-student');
  await expect(rows.first()).toBeVisible();
  // The count says the rows shown (other specs sign students up meanwhile: read both at once).
  const countMatchesRows = () =>
    expect
      .poll(async () => {
        const n = await rows.count();
        return (await panel.getByTestId('students-count').textContent()) === `${n} student${n === 1 ? '' : 's'}`;
      })
      .toBe(true);
  await countMatchesRows();
  const all = await rows.count();
  for (const badge of await panel.getByTestId('student-source').allTextContents()) {
    expect(['Roster', 'School account', 'Self sign-up']).toContain(badge);
  }
  await audit.scan('/admin, Students');

  await choose(page, 'School', DEMO_COORDINATOR.school);
  await expect(panel.getByTestId('students-count')).toContainText(`at ${DEMO_COORDINATOR.school}`);
  const filtered = await rows.count();
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(all);
  for (const text of await rows.allTextContents()) expect(text).toContain(DEMO_COORDINATOR.school);
  await audit.scan('/admin, Students, one school');
  await expectReflows(page, '/admin, Students');
  await snap(page, 'admin-students');

  await choose(page, 'School', 'All schools');
  await expect(panel.getByTestId('students-count')).not.toContainText(`at ${DEMO_COORDINATOR.school}`);
  await countMatchesRows();
  expect(await rows.count()).toBeGreaterThanOrEqual(all);
  audit.expectClean();
});

test('a coordinator signs in with the app code: Students (their school only, no filter) and Reports', async ({ page }) => {
  const audit = new AxeAudit(page);
  await page.goto('/admin-login');
  await staffSignIn(page, DEMO_COORDINATOR.email, DEMO_COORDINATOR.password, await freshCode(page, DEMO_COORDINATOR.secret));
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('signed-in-as')).toHaveText(
    `Signed in as ${DEMO_COORDINATOR.name} · Coordinator, ${DEMO_COORDINATOR.school}`,
  );
  expect(await tabNames(page)).toEqual(['Students', 'Reports', 'Placements', 'Program']);
  await expect(page.getByRole('tab', { name: 'Students', exact: true })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Students' });
  await expect(panel.getByTestId('students-count')).toBeVisible();
  await expect(panel.getByLabel('School', { exact: true })).toHaveCount(0);
  for (const text of await panel.getByTestId('admin-student').allTextContents()) expect(text).toContain(DEMO_COORDINATOR.school);
  await audit.scan('/admin as coordinator, Students');
  await expectReflows(page, '/admin as coordinator');

  await page.getByRole('tab', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('tabpanel', { name: 'Reports' })).toBeVisible();
  await audit.scan('/admin as coordinator, Reports');
  audit.expectClean();
});

test('the school sign-in pages without a sign-in waiting: the error and expiry sentences', async ({ page }) => {
  const audit = new AxeAudit(page);
  const expired = 'This sign-in has expired or was already used. Please start again.';
  await page.goto('/login?ssoError=expired');
  await expect(page.getByRole('alert').filter({ hasText: expired })).toBeVisible();
  await audit.scan('/login?ssoError');
  // The page says it in its reader's language.
  await page.goto('/login?ssoError=expired&lang=es');
  await expect(page.getByRole('alert').filter({ hasText: 'Este inicio de sesión venció o ya se usó. Vuelve a empezar.' })).toBeVisible();
  await audit.scan('/login?ssoError in Spanish');
  await expectReflows(page, '/login?ssoError in Spanish');
  await page.goto('/login?lang=en');

  // A link cannot put its own words on the page: the general sentence instead.
  const crafted = 'Your account is locked. Call 555-0100.';
  await page.goto(`/admin-login?ssoError=${encodeURIComponent(crafted)}`);
  await expect(page.getByRole('alert').filter({ hasText: 'School sign-in could not finish. Please try again in a minute.' })).toBeVisible();
  await expect(page.getByText(crafted)).toHaveCount(0);
  await audit.scan('/admin-login?ssoError');
  await expectReflows(page, '/admin-login?ssoError');

  // The code step with no school sign-in behind it.
  await page.goto('/admin-login?sso=code');
  await expect(page.getByRole('alert').filter({ hasText: /no longer waiting/ })).toBeVisible();
  await expect(page.getByLabel('Security pin')).toHaveCount(0);
  await audit.scan('/admin-login?sso=code');

  await page.goto('/school-signup');
  await expect(page.getByRole('heading', { name: 'Finish setting up your account' })).toBeVisible();
  await expect(page.getByText(/no longer waiting here/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  await audit.scan('/school-signup');
  await expectReflows(page, '/school-signup');
  audit.expectClean();
});
