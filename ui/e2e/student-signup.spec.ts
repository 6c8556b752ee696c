import { expect } from '@playwright/test';
import { test } from './fixtures';
import { createStudentViaApi, expectToast, fillStudentSignup, makePng, newStudent, snap, TINY_PDF } from './support';

test.describe('student sign-up', () => {
  test('shows every validation message on submit', async ({ page }) => {
    await page.goto('/student-signup');
    await expect(page.getByRole('heading', { name: 'Student Sign Up' })).toBeVisible();
    await expect(page.getByText('Step 1 of 2')).toBeVisible();
    await expect(page.getByText('50% Complete')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Photo' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose File' })).toBeVisible();

    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Valid email required',
      'Password must be at least 6 characters',
      'Grade level is required',
      'School name is required',
      'Please select at least one interest',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page).toHaveURL(/\/student-signup$/);
    await snap(page, 'student-signup-errors');

    // Messages clear as the fields are fixed.
    await page.getByLabel('First name').fill('Sam');
    await expect(page.getByText('First name is required')).toHaveCount(0);
  });

  test('checks the photo and transcript pickers', async ({ page }) => {
    await page.goto('/student-signup');
    await page.getByLabel('Profile photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await expectToast(page, 'Invalid File Type', 'Please upload an image file');

    await page.getByLabel('Profile photo').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await expectToast(page, 'File Too Large', 'Profile photo must be under 5MB');

    await page.getByLabel('Profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await makePng(page) });
    await expectToast(page, 'Photo Uploaded', 'me.png is ready to upload');
    await expect(page.getByRole('button', { name: 'Change Photo' })).toBeVisible();

    await page.getByLabel('Transcript', { exact: true }).setInputFiles({
      name: 'song.mp3',
      mimeType: 'audio/mpeg',
      buffer: Buffer.from('ID3'),
    });
    await expectToast(page, 'Invalid File Type', 'Please upload a PDF or image file');

    await page.getByLabel('Transcript', { exact: true }).setInputFiles({
      name: 'big.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
    });
    await expectToast(page, 'File Too Large', 'Transcript must be under 10MB');

    await page
      .getByLabel('Transcript', { exact: true })
      .setInputFiles({ name: 'grades.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
    await expectToast(page, 'Transcript Uploaded', 'grades.pdf is ready to upload');
    await expect(page.getByRole('button', { name: 'Change File' })).toBeVisible();
  });

  test('creates the account, uploads photo and transcript, and lands on the job feed', async ({ page }) => {
    const account = newStudent('signup');
    await page.goto('/student-signup');
    await fillStudentSignup(page, account);
    await page.getByLabel('Profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await makePng(page) });
    await page
      .getByLabel('Transcript', { exact: true })
      .setInputFiles({ name: 'grades.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });

    const photoUpload = page.waitForResponse((r) => /\/api\/users\/\d+\/photo$/.test(new URL(r.url()).pathname));
    const transcriptUpload = page.waitForResponse((r) => /\/api\/users\/\d+\/transcript$/.test(new URL(r.url()).pathname));
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect((await photoUpload).status()).toBe(200);
    expect((await transcriptUpload).status()).toBe(200);

    await expect(page).toHaveURL(/\/job-feed$/);
    await expect(page.getByTestId('greeting')).toContainText(account.firstName);
    await expectToast(page, 'Account Created Successfully!');

    const me = await page.request.get('/api/auth/user');
    expect(me.status()).toBe(200);
    const user = (await me.json()) as { email: string; profileImageUrl: string | null; hasTranscript: boolean };
    expect(user.email).toBe(account.email);
    expect(user.profileImageUrl).toBeTruthy();
    expect(user.hasTranscript).toBe(true);
    // The photo was cropped in the browser to a centred 200x200 JPEG before the upload.
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, user.profileImageUrl as string);
    expect(size).toEqual([200, 200]);
    const photo = await page.request.get(user.profileImageUrl as string);
    expect(photo.headers()['content-type']).toContain('image/jpeg');
    await snap(page, 'student-signup-done');
  });

  test('a duplicate email shows the account-exists message', async ({ page, request }) => {
    const account = newStudent('dupe');
    await createStudentViaApi(request, account);

    await page.goto('/student-signup');
    await fillStudentSignup(page, account);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(
      page,
      'Account Creation Failed',
      'An account with this email already exists. Please use a different email address or try logging in.',
    );
    await expect(page).toHaveURL(/\/student-signup$/);
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });
});
