import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, request as apiRequest, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';

/*
 * Contract with the screens (keep it when replacing a placeholder):
 * - wherever the signed-in user's first name is shown in the top bar, the element carries
 *   data-testid="greeting" (the shared AuthControls does this), next to a 'Logout' button;
 *   employer screens show no greeting and a 'Sign Out' button (the dashboard's word);
 * - toasts render inside the Toaster's viewport, data-testid="toast-viewport".
 */

/** The server the specs run against, for request contexts made outside a test's fixtures. */
export const BASE_URL = process.env.INTERNREEL_BASE_URL ?? 'http://127.0.0.1:18080';

/** A phone-sized viewport (the size most specs check the screens at). */
export const PHONE = { width: 390, height: 844 };

/** A page in a browser context of its own (its own cookies), at the project's base URL. */
export async function newPage(browser: Browser, viewport = PHONE): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

/** Screenshots land in the repository's target/screenshots/ as test artefacts. */
const SCREENSHOT_DIR = fileURLToPath(new URL('../../target/screenshots/', import.meta.url));

export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png` });
}

let counter = 0;

/** A unique address per call, so specs never depend on each other's accounts. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}.${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** The toast region (Radix viewport); toasts are looked up inside it only. */
export function toasts(page: Page): Locator {
  return page.getByTestId('toast-viewport');
}

export async function expectToast(page: Page, title: string | RegExp, description?: string | RegExp): Promise<void> {
  const region = toasts(page);
  await expect(region.getByText(title, { exact: typeof title === 'string' })).toBeVisible();
  if (description !== undefined) {
    await expect(region.getByText(description, { exact: typeof description === 'string' })).toBeVisible();
  }
}

/** Pick an option of a Radix select by the field's label and the option's text. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A real PNG drawn by the browser's canvas (no binary fixtures in the repo). */
export async function makePng(page: Page, width = 320, height = 240): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      const g = ctx.createLinearGradient(0, 0, w, h);
      g.addColorStop(0, '#7c3aed');
      g.addColorStop(1, '#ec4899');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, w, h);
      return canvas.toDataURL('image/png');
    },
    [width, height] as const,
  );
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

export interface StudentAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export function newStudent(prefix = 'student'): StudentAccount {
  return { firstName: 'Avery', lastName: 'Nguyen', email: uniqueEmail(prefix), password: 'secret123' };
}

/** Create a student straight through the API (its own cookie jar, so the page stays signed out). */
export async function createStudentViaApi(request: APIRequestContext, account: StudentAccount): Promise<void> {
  const res = await request.post('/api/users', {
    data: {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      password: account.password,
      grade: 'junior',
      school: 'Lincoln High School',
      interests: ['technology'],
      gpa: '3.6',
      userType: 'student',
      company: null,
      position: null,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

export interface EmployerAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  company: string;
}

export function newEmployer(prefix = 'employer'): EmployerAccount {
  return { firstName: 'Jordan', lastName: 'Rivera', email: uniqueEmail(prefix), password: 'hire-teens-2025', company: 'Brightside Studio' };
}

export async function createEmployerViaApi(request: APIRequestContext, account: EmployerAccount): Promise<void> {
  const res = await request.post('/api/employers', {
    data: {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      password: account.password,
      position: 'Studio Manager',
      company: account.company,
      companySize: '11-50',
      industry: 'marketing',
      website: 'https://brightside.example.com',
      address: '12 Main Street, Springfield, IL',
      companyDescription: 'A small design studio that makes videos and brands for local businesses and non-profits.',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await verifyEmployer(account.email);
}

/** The demo's admin pin (fixtures/demo.json). */
export const DEMO_ADMIN_PIN = '246810';

/**
 * The district verifies a new employer, as it must before students see its postings (the
 * server's default). Done through the admin API in a context of its own, so the caller's
 * session is untouched.
 */
export async function verifyEmployer(email: string): Promise<void> {
  const admin = await apiRequest.newContext({ baseURL: BASE_URL });
  try {
    expect((await admin.post('/api/admin/login', { data: { pin: DEMO_ADMIN_PIN } })).status()).toBe(200);
    const list = (await (await admin.get('/api/admin/employers?pending=true')).json()) as { employers: { id: number; email: string }[] };
    const employer = list.employers.find((e) => e.email.toLowerCase() === email.toLowerCase());
    expect(employer, `${email} awaits review`).toBeTruthy();
    expect((await admin.post(`/api/admin/employers/${employer!.id}/verify`)).status()).toBe(200);
  } finally {
    await admin.dispose();
  }
}

/**
 * The sign-up form's school: typed where the district has no roster, else chosen from the
 * roster's schools (`school` when it is one of them, else the first).
 */
export async function fillSchool(page: Page, school = 'Lincoln High School'): Promise<void> {
  const field = page.getByLabel('School name', { exact: true });
  // The field waits for GET /api/schools before it knows which kind it is.
  await expect(field).toBeEnabled();
  if ((await field.getAttribute('role')) === 'combobox') {
    await field.click();
    const named = page.getByRole('option', { name: school, exact: true });
    await ((await named.count()) > 0 ? named : page.getByRole('option').first()).click();
  } else {
    await field.fill(school);
  }
}

/** Fill the student sign-up form (without submitting). */
export async function fillStudentSignup(page: Page, account: StudentAccount): Promise<void> {
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await fillSchool(page);
  await choose(page, 'Grade level', 'Junior (11th grade)');
  await page.getByLabel('GPA').fill('3.7');
  await page.getByRole('checkbox', { name: 'Technology' }).check();
  await page.getByRole('checkbox', { name: 'Design' }).check();
}

/** Sign a new student up through the UI and wait for the job feed. */
export async function signUpStudentViaUi(page: Page, account: StudentAccount): Promise<void> {
  await page.goto('/student-signup');
  await fillStudentSignup(page, account);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/job-feed$/);
  await expect(page.getByTestId('greeting')).toContainText(account.firstName);
}

/** What the specs read of a posting the server returns. */
export interface Posting {
  id: number;
  title: string;
  company: string;
  employerId: number;
}

/** A request context of its own, signed in as a fresh verified employer of `company`. */
export async function newEmployerApi(prefix: string, company: string): Promise<APIRequestContext> {
  const api = await apiRequest.newContext({ baseURL: BASE_URL });
  const employer = newEmployer(prefix);
  employer.company = company;
  await createEmployerViaApi(api, employer);
  return api;
}

/** The fields of a posting sent to POST /api/internships; `postInternshipViaApi` fills the ones not given. */
export type PostingData = { title: string; description: string } & Record<string, unknown>;

/**
 * Post an internship through the JSON API as the employer whose session `request` carries
 * (an AI video requested, so it needs no upload); returns the server's answer.
 */
export async function postInternshipViaApi<T = { id: number }>(request: APIRequestContext, data: PostingData): Promise<T> {
  const res = await request.post('/api/internships', {
    data: {
      location: 'Remote',
      duration: '4 weeks',
      requirements: ['Curious about how teams work'],
      applicationDeadline: '2030-06-30',
      workStyle: 'Remote',
      ageRequirement: '16+',
      gradeRequirement: '11th-12th grade',
      skills: ['Teamwork'],
      benefits: ['Mentorship'],
      tags: ['technology'],
      aiVideoRequested: true,
      ...data,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

/** What the employer sign-up form asks beyond the account; the defaults are the Brightside Studio's. */
export interface EmployerCompanyFields {
  position?: string;
  industry?: string;
  website?: string;
  address?: string;
  description?: string;
}

/** Fill the employer sign-up form (without submitting). */
export async function fillEmployerSignup(page: Page, account: EmployerAccount, company: EmployerCompanyFields = {}): Promise<void> {
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Work email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Your position').fill(company.position ?? 'Studio Manager');
  await page.getByLabel('Company name').fill(account.company);
  await choose(page, 'Industry', company.industry ?? 'Marketing & Advertising');
  await choose(page, 'Company size', '11-50 employees');
  if (company.website !== undefined) await page.getByLabel('Website').fill(company.website);
  await page.getByLabel('Company address').fill(company.address ?? '12 Main Street, Springfield, IL');
  await page
    .getByLabel('Company description')
    .fill(company.description ?? 'A small design studio that makes videos and brands for local businesses and non-profits.');
}

/** The demo's employer with the most postings and applicants (fixtures/demo.json). */
export const DEMO_EMPLOYER = { email: 'jordan@sproutly.example', password: 'employer123' };

/** The demo's Riverside Community Hospital: a long company name, and a posting whose deadline has passed. */
export const RIVERSIDE = { email: 'angela@riversidehealth.example', password: 'employer123', company: 'Riverside Community Hospital' };

/** A desktop window. */
export const DESKTOP = { width: 1280, height: 800 };

/** The narrowest window the screens must fit without scrolling sideways (WCAG 1.4.10). */
export const NARROW = { width: 320, height: 640 };

/** A posting with its deadline, as the server returns it. */
export interface DatedPosting {
  id: number;
  title: string;
  company: string;
  deadline: string | null;
  applicationDeadline: string | null;
}

/** Today in the browser's (and this machine's) calendar, YYYY-MM-DD. */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function inDays(days: number): string {
  const d = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function deadlineOf(p: DatedPosting): string {
  return p.applicationDeadline || p.deadline || '';
}

/** The Riverside employer's postings (its own list holds closed ones too), through the API. */
export async function riversidePostings(request: APIRequestContext): Promise<DatedPosting[]> {
  const login = await request.post('/api/employers/login', { data: { email: RIVERSIDE.email, password: RIVERSIDE.password } });
  expect(login.status(), await login.text()).toBe(200);
  const res = await request.get('/api/employers/internships');
  expect(res.status()).toBe(200);
  const list = (await res.json()) as DatedPosting[];
  expect(list.length).toBeGreaterThan(0);
  return list;
}

/** An AI-video posting, due in 60 days, made through the API by the employer signed in on `api`. */
export async function postViaApi(api: APIRequestContext, title: string, extra: Record<string, unknown> = {}): Promise<DatedPosting> {
  const res = await api.post('/api/internships', {
    data: {
      title,
      description: 'Help our team run weekend workshops for younger kids.',
      location: 'Springfield, IL',
      duration: '6 weeks',
      requirements: ['Reliable and curious', 'Patient with younger kids'],
      applicationDeadline: inDays(60),
      workStyle: 'Hybrid',
      ageRequirement: '16+',
      gradeRequirement: '11th-12th grade',
      skills: ['Teaching'],
      benefits: ['Mentorship'],
      tags: ['education'],
      aiVideoRequested: true,
      ...extra,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as DatedPosting;
}

export function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

/** The page scrolls sideways (content wider than the window). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element has a box').not.toBeNull();
  return box ?? { x: 0, y: 0, width: 0, height: 0 };
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
