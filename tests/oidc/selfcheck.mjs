// Self-check for provider.mjs: starts it with a temporary config and runs the
// authorization code flow (PKCE S256, state, nonce) exactly as a non-browser
// relying party would, then verifies the ID token.
//
//   node tests/oidc/selfcheck.mjs        -> prints "selfcheck ok", exits 0
//
// No dependencies beyond Node itself (global fetch, node:crypto).

import { spawn } from 'node:child_process';
import * as crypto from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';

const here = dirname(fileURLToPath(import.meta.url));
const REDIRECT = 'http://127.0.0.1:1234/api/auth/sso/Lakeside/callback';

const config = {
  port: 0,
  title: 'Lakeside Sign-In',
  clients: [
    { client_id: 'internreel', client_secret: 's3cret', redirect_uris: [REDIRECT], tamper_id_token: false },
    { client_id: 'tampered', client_secret: 't4mper', redirect_uris: [REDIRECT], tamper_id_token: true },
  ],
  accounts: [
    {
      id: 'stu1', email: 'ana@lakeside.k12.ca.us', email_verified: true, given_name: 'Ana',
      family_name: 'Lopez', name: 'Ana Lopez', hd: 'lakeside.k12.ca.us', amr: ['pwd'], password: 'pw',
    },
    {
      id: 'stu2', email: 'bo@example.org', email_verified: false, name: 'Bo',
      amr: ['pwd', 'otp'], password: 'pw2',
    },
  ],
};

const dir = mkdtempSync(join(tmpdir(), 'oidc-selfcheck-'));
const configPath = join(dir, 'config.json');
writeFileSync(configPath, JSON.stringify(config));

const started = Date.now();
const child = spawn(process.execPath, [join(here, 'provider.mjs'), configPath], {
  stdio: ['pipe', 'pipe', 'inherit'],
});

function cleanup() {
  try { child.stdin.end(); } catch {}
  try { rmSync(dir, { recursive: true, force: true }); } catch {}
}

const issuer = await new Promise((resolve, reject) => {
  let buf = '';
  const timer = setTimeout(() => reject(new Error('provider did not start within 15s')), 15000);
  child.stdout.on('data', (d) => {
    buf += d;
    const nl = buf.indexOf('\n');
    if (nl !== -1) {
      clearTimeout(timer);
      const line = buf.slice(0, nl);
      const m = /^listening (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
      if (!m) reject(new Error(`unexpected first stdout line: ${JSON.stringify(line)}`));
      else resolve(m[1]);
    }
  });
  child.on('exit', (code) => reject(new Error(`provider exited early (${code})`)));
});
console.log(`provider up at ${issuer} after ${Date.now() - started} ms`);

// ---------------------------------------------------------- tiny client ----

class Jar {
  constructor() { this.cookies = new Map(); }
  store(res) {
    for (const sc of res.headers.getSetCookie()) {
      const [pair, ...attrs] = sc.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = '/';
      let expired = false;
      for (const a of attrs) {
        const [k, v] = a.split('=');
        if (k.toLowerCase() === 'path') path = v;
        if (k.toLowerCase() === 'expires' && Date.parse(v) < Date.now()) expired = true;
        if (k.toLowerCase() === 'max-age' && Number(v) <= 0) expired = true;
      }
      const key = `${name};${path}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }
  header(url) {
    const { pathname } = new URL(url);
    return [...this.cookies.values()]
      .filter((c) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

const log = [];
async function request(jar, method, url, { body, headers = {} } = {}) {
  const cookie = jar.header(url);
  const res = await fetch(url, {
    method,
    redirect: 'manual',
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    body,
  });
  jar.store(res);
  log.push(`${method} ${url.replace(issuer, '')} -> ${res.status}${res.headers.get('location') ? ` Location: ${res.headers.get('location').replace(issuer, '')}` : ''}`);
  return res;
}

const b64u = (buf) => Buffer.from(buf).toString('base64url');

function decodeJwt(jwt) {
  const [h, p] = jwt.split('.');
  return {
    header: JSON.parse(Buffer.from(h, 'base64url').toString('utf8')),
    payload: JSON.parse(Buffer.from(p, 'base64url').toString('utf8')),
  };
}

async function verifyJwt(jwt, jwks) {
  const [h, p, s] = jwt.split('.');
  const { header } = decodeJwt(jwt);
  assert.equal(header.alg, 'RS256', 'ID token must be RS256');
  const jwk = jwks.keys.find((k) => k.kid === header.kid);
  assert.ok(jwk, `kid ${header.kid} not in JWKS`);
  assert.ok(!('d' in jwk), 'JWKS must not leak the private key');
  const key = crypto.createPublicKey({ key: jwk, format: 'jwk' });
  return crypto.verify('RSA-SHA256', Buffer.from(`${h}.${p}`), key, Buffer.from(s, 'base64url'));
}

const discovery = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
assert.equal(discovery.issuer, issuer);
const jwks = await (await fetch(discovery.jwks_uri)).json();

// Runs the full code flow; returns { tokens, claims, callback, jar }.
async function codeFlow({
  clientId, secret, email, password, authMethod = 'basic', wrongPasswordFirst = false,
  jar = new Jar(), expectForm = true, extraParams = {},
}) {
  const verifier = b64u(crypto.randomBytes(32));
  const challenge = b64u(crypto.createHash('sha256').update(verifier).digest());
  const state = b64u(crypto.randomBytes(16));
  const nonce = b64u(crypto.randomBytes(16));

  const auth = new URL(discovery.authorization_endpoint);
  auth.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extraParams,
  }).toString();

  // 1. authorize -> 303 /interaction/UID
  let res = await request(jar, 'GET', auth.href);
  if (!expectForm) {
    // Existing provider session: straight through to the redirect_uri.
    assert.equal(res.status, 303);
    assert.ok(res.headers.get('location').startsWith(REDIRECT), 'expected SSO pass-through');
    return finish(new URL(res.headers.get('location')));
  }
  assert.equal(res.status, 303, 'authorize should redirect to the interaction');
  const interactionUrl = new URL(res.headers.get('location'), issuer).href;
  assert.match(new URL(interactionUrl).pathname, /^\/interaction\/[A-Za-z0-9_-]+$/);

  // 2. GET login form
  res = await request(jar, 'GET', interactionUrl);
  assert.equal(res.status, 200);
  let html = await res.text();
  assert.match(html, /<h1>Lakeside Sign-In<\/h1>/);
  assert.match(html, /<label>Email <input name="email"><\/label>/);
  assert.match(html, /<label>Password <input name="password" type="password"><\/label>/);
  assert.match(html, /<button type="submit">Sign in<\/button>/);
  const action = new URL(/<form method="post" action="([^"]+)"/.exec(html)[1], interactionUrl).href;

  const post = (pw) => request(jar, 'POST', action, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password: pw }).toString(),
  });

  if (wrongPasswordFirst) {
    res = await post(`${password}-wrong`);
    assert.equal(res.status, 200);
    html = await res.text();
    assert.match(html, /Wrong email or password/);
    assert.match(html, /<h1>Lakeside Sign-In<\/h1>/);
  }

  // 3. POST credentials -> 303 /auth/UID
  res = await post(password);
  assert.equal(res.status, 303, 'login POST should redirect back to the authorization endpoint');

  // 4. follow redirects until we reach the redirect_uri
  let location = new URL(res.headers.get('location'), action).href;
  for (let i = 0; i < 10 && !location.startsWith(REDIRECT); i += 1) {
    res = await request(jar, 'GET', location);
    if (res.status === 200) {
      // Switching accounts inside an existing provider session: oidc-provider
      // answers with an auto-submitting form (POST /session/end/confirm with
      // hidden xsrf + logout=yes) that ends the old session, then redirects
      // back to /auth/UID. A browser submits it by JavaScript; do it by hand.
      const page = await res.text();
      const formAction = /<form method="post" action="([^"]+)"/.exec(page);
      assert.ok(formAction, `expected redirect or auto-submit form, got 200: ${page}`);
      const fields = new URLSearchParams();
      for (const m of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)) fields.append(m[1], m[2]);
      res = await request(jar, 'POST', new URL(formAction[1], location).href, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: fields.toString(),
      });
    }
    assert.ok([302, 303].includes(res.status), `expected redirect, got ${res.status}: ${await res.text()}`);
    location = new URL(res.headers.get('location'), location).href;
  }
  assert.ok(location.startsWith(REDIRECT), `did not reach redirect_uri: ${location}`);
  return finish(new URL(location));

  // 5. redeem the code at the token endpoint (hoisted helper)
  async function finish(callback) {
    let res;
    assert.equal(callback.searchParams.get('state'), state);
    assert.equal(callback.searchParams.get('error'), null, `authorization error: ${callback.search}`);
    const code = callback.searchParams.get('code');
    assert.ok(code, 'no code in callback');

    const form = new URLSearchParams({
      grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier,
    });
    const headers = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    if (authMethod === 'basic') {
      headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    } else {
      form.set('client_id', clientId);
      form.set('client_secret', secret);
    }
    res = await request(new Jar(), 'POST', discovery.token_endpoint, { headers, body: form.toString() });
    const tokens = await res.json();
    assert.equal(res.status, 200, `token endpoint: ${JSON.stringify(tokens)}`);
    assert.ok(tokens.id_token, 'no id_token');

    const { payload: claims } = decodeJwt(tokens.id_token);
    assert.equal(claims.nonce, nonce, 'nonce mismatch');
    assert.equal(claims.iss, issuer);
    assert.equal(claims.aud, clientId);
    return { tokens, claims, callback, jar };
  }
}

try {
  // --- happy path, client_secret_basic, with a wrong password attempt first
  const a = await codeFlow({
    clientId: 'internreel', secret: 's3cret', email: 'ana@lakeside.k12.ca.us', password: 'pw', wrongPasswordFirst: true,
  });
  console.log('request sequence (non-browser client):');
  for (const l of log) console.log(`  ${l}`);
  console.log('callback query:', a.callback.search);
  console.log('id_token claims:', JSON.stringify(a.claims, null, 2));
  assert.equal(a.claims.sub, 'stu1');
  assert.equal(a.claims.email, 'ana@lakeside.k12.ca.us');
  assert.equal(a.claims.email_verified, true);
  assert.equal(a.claims.name, 'Ana Lopez');
  assert.equal(a.claims.given_name, 'Ana');
  assert.equal(a.claims.family_name, 'Lopez');
  assert.equal(a.claims.hd, 'lakeside.k12.ca.us');
  assert.deepEqual(a.claims.amr, ['pwd']);
  assert.equal(await verifyJwt(a.tokens.id_token, jwks), true, 'ID token signature must verify');

  // userinfo works with the access token too
  const ui = await (await fetch(discovery.userinfo_endpoint, {
    headers: { authorization: `Bearer ${a.tokens.access_token}` },
  })).json();
  assert.equal(ui.email, 'ana@lakeside.k12.ca.us');

  console.log('token response keys:', Object.keys(a.tokens).sort().join(', '));

  // --- same cookie jar again: provider session => no login form
  const again = await codeFlow({ clientId: 'internreel', secret: 's3cret', jar: a.jar, expectForm: false });
  assert.equal(again.claims.sub, 'stu1');
  assert.deepEqual(again.claims.amr, ['pwd']);

  // --- same jar with prompt=login: login form again; logging in as another
  // account ends the old provider session first (auto-submit form, see above)
  const before = log.length;
  const relogin = await codeFlow({
    clientId: 'internreel', secret: 's3cret', jar: a.jar, extraParams: { prompt: 'login' },
    email: 'bo@example.org', password: 'pw2',
  });
  assert.equal(relogin.claims.sub, 'stu2');
  console.log('account switch within one cookie jar (prompt=login):');
  for (const l of log.slice(before)) console.log(`  ${l}`);

  // --- client_secret_post, account without hd, multi-value amr
  const b = await codeFlow({
    clientId: 'internreel', secret: 's3cret', email: 'BO@example.org', password: 'pw2', authMethod: 'post',
  });
  assert.equal(b.claims.sub, 'stu2');
  assert.equal(b.claims.email_verified, false);
  assert.equal('hd' in b.claims, false, 'hd must be absent when the account has none');
  assert.deepEqual(b.claims.amr, ['pwd', 'otp']);
  assert.equal(await verifyJwt(b.tokens.id_token, jwks), true);

  // --- token without PKCE is refused at the authorization endpoint
  const noPkce = new URL(discovery.authorization_endpoint);
  noPkce.search = new URLSearchParams({
    response_type: 'code', client_id: 'internreel', redirect_uri: REDIRECT, scope: 'openid', state: 'x', nonce: 'y',
  }).toString();
  const np = await fetch(noPkce, { redirect: 'manual' });
  const npLoc = new URL(np.headers.get('location'));
  assert.equal(npLoc.searchParams.get('error'), 'invalid_request', 'PKCE must be required');

  // --- tampered client: token must fail signature verification
  const t = await codeFlow({
    clientId: 'tampered', secret: 't4mper', email: 'ana@lakeside.k12.ca.us', password: 'pw',
  });
  assert.equal(t.claims.email, 'ana@lakeside.k12.ca.us');
  assert.equal(await verifyJwt(t.tokens.id_token, jwks), false, 'tampered ID token must NOT verify');

  // --- exits when stdin closes
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin.end();
  const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('provider did not exit after stdin closed')), 5000));
  await Promise.race([exited, timeout]);

  rmSync(dir, { recursive: true, force: true });
  console.log('selfcheck ok');
  process.exit(0);
} catch (err) {
  console.error('request log:');
  for (const l of log) console.error(`  ${l}`);
  console.error(err);
  cleanup();
  process.exit(1);
}
