// A real OpenID Connect provider for the InternReel integration tests.
//
//   node tests/oidc/provider.mjs CONFIG.json
//
// Built on `oidc-provider` (panva). Listens on 127.0.0.1, prints exactly one
// line to stdout -- `listening http://127.0.0.1:PORT` -- and exits when stdin
// closes or on SIGTERM/SIGINT. Everything else (diagnostics, oidc-provider
// notices) goes to stderr. See README.md for the CONFIG format and the request
// sequence a non-browser client goes through.

import * as crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as http from 'node:http';

// oidc-provider prints NOTICE lines with console.info (stdout). stdout is
// reserved for the single "listening" line, so route console.log/info to stderr
// before the library is loaded.
console.log = (...args) => console.error(...args);
console.info = (...args) => console.error(...args);

const { default: Provider } = await import('oidc-provider');

function fail(msg) {
  process.stderr.write(`provider.mjs: ${msg}\n`);
  process.exit(2);
}

// ---------------------------------------------------------------- config ----

const configPath = process.argv[2];
if (!configPath) fail('usage: node provider.mjs CONFIG.json');

let config;
try {
  config = JSON.parse(readFileSync(configPath, 'utf8'));
} catch (err) {
  fail(`cannot read config ${configPath}: ${err.message}`);
}

const port = Number.isInteger(config.port) ? config.port : 0;
const title = typeof config.title === 'string' && config.title ? config.title : 'School Sign-In';
const exitOnStdinClose = config.exit_on_stdin_close !== false;
const clientsConfig = Array.isArray(config.clients) ? config.clients : [];
const accounts = Array.isArray(config.accounts) ? config.accounts : [];

if (!clientsConfig.length) fail('config.clients must list at least one client');

const tamperClients = new Set(
  clientsConfig.filter((c) => c.tamper_id_token === true).map((c) => c.client_id),
);

const accountsById = new Map(accounts.map((a) => [String(a.id), a]));

function findAccountByEmail(email) {
  const wanted = String(email ?? '').trim().toLowerCase();
  return accounts.find((a) => String(a.email ?? '').toLowerCase() === wanted);
}

// Claims an account exposes; only keys the account actually has are returned,
// so e.g. `hd` is absent for accounts without it.
const CLAIM_KEYS = ['email', 'email_verified', 'name', 'given_name', 'family_name', 'hd'];

function accountClaims(account) {
  const claims = { sub: String(account.id) };
  for (const key of CLAIM_KEYS) {
    if (account[key] !== undefined && account[key] !== null) claims[key] = account[key];
  }
  return claims;
}

// ------------------------------------------------------------ lifecycle ----

function shutdown(code = 0) {
  process.exit(code);
}
process.on('SIGTERM', () => shutdown(0));
process.on('SIGINT', () => shutdown(0));
if (exitOnStdinClose) {
  // The test harness keeps our stdin open as a pipe; when the test process
  // dies the pipe closes and we go away with it.
  process.stdin.on('end', () => shutdown(0));
  process.stdin.on('close', () => shutdown(0));
  process.stdin.on('error', () => shutdown(0));
  process.stdin.resume();
}

// --------------------------------------------------------------- server ----

let handler = (req, res) => {
  res.statusCode = 503;
  res.end('starting');
};
const server = http.createServer((req, res) => handler(req, res));
await new Promise((resolve, reject) => {
  server.once('error', reject);
  server.listen(port, '127.0.0.1', resolve);
});
const actualPort = server.address().port;
const issuer = `http://127.0.0.1:${actualPort}`;

// ID token signing key: fresh RSA key per start, published at /jwks.
const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingJwk = {
  ...privateKey.export({ format: 'jwk' }),
  kid: crypto.randomBytes(8).toString('hex'),
  alg: 'RS256',
  use: 'sig',
};

const providerClients = clientsConfig.map((c) => ({
  client_id: c.client_id,
  client_secret: c.client_secret,
  redirect_uris: c.redirect_uris,
  post_logout_redirect_uris: c.post_logout_redirect_uris ?? [],
  application_type: 'web',
  grant_types: ['authorization_code'],
  response_types: ['code'],
  // Either of client_secret_basic / client_secret_post authenticates the
  // client: oidc-provider accepts both for a client registered with one of them.
  token_endpoint_auth_method: c.token_endpoint_auth_method ?? 'client_secret_basic',
  id_token_signed_response_alg: 'RS256',
}));

const provider = new Provider(issuer, {
  clients: providerClients,
  jwks: { keys: [signingJwk] },
  cookies: {
    keys: [crypto.randomBytes(32).toString('base64url')],
    // http on loopback: cookies are only marked Secure when the request itself
    // is https (ctx.secure), so nothing else is needed here.
    long: { httpOnly: true, sameSite: 'lax' },
    short: { httpOnly: true, sameSite: 'lax' },
  },
  responseTypes: ['code'],
  clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
  scopes: ['openid', 'email', 'profile'],
  claims: {
    // amr / auth_time come from the session (the login interaction sets amr
    // from the account's `amr`). Listing them under `openid` makes them part
    // of every ID token; standalone (`amr: null`) claims are only returned
    // when requested through the claims parameter.
    openid: ['sub', 'amr', 'auth_time'],
    email: ['email', 'email_verified', 'hd'],
    profile: ['name', 'given_name', 'family_name', 'hd'],
  },
  // Put the scope-requested claims in the ID token (not only at userinfo):
  // the relying party reads them from the ID token.
  conformIdTokenClaims: false,
  pkce: { required: () => true },
  features: {
    devInteractions: { enabled: false },
    userinfo: { enabled: true },
    rpInitiatedLogout: { enabled: true },
  },
  interactions: {
    url: (ctx, interaction) => `/interaction/${interaction.uid}`,
  },
  // First-party clients: consent is granted automatically for whatever OIDC
  // scopes/claims the authorization request asks for, so no consent screen.
  async loadExistingGrant(ctx) {
    const { Grant } = ctx.oidc.provider;
    const clientId = ctx.oidc.client.clientId;
    const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(clientId);
    let grant = grantId ? await Grant.find(grantId) : undefined;
    if (!grant) {
      grant = new Grant({ clientId, accountId: ctx.oidc.session.accountId });
    }
    const scopes = [...ctx.oidc.requestParamOIDCScopes];
    if (scopes.length) grant.addOIDCScope(scopes.join(' '));
    const claims = [...ctx.oidc.requestParamClaims];
    if (claims.length) grant.addOIDCClaims(claims);
    await grant.save();
    return grant;
  },
  async findAccount(ctx, id) {
    const account = accountsById.get(String(id));
    if (!account) return undefined;
    return {
      accountId: String(account.id),
      async claims() {
        return accountClaims(account);
      },
    };
  },
  ttl: {
    AccessToken: 3600,
    AuthorizationCode: 600,
    IdToken: 3600,
    Interaction: 3600,
    Session: 86400,
    Grant: 86400,
  },
  renderError(ctx, out, error) {
    ctx.type = 'html';
    ctx.body = page('Error', `<h1>${esc(title)}</h1><p class="error">${esc(out.error)}: ${esc(out.error_description ?? '')}</p>`);
  },
});

// Surface server-side errors on stderr (helps debugging test failures).
provider.on('server_error', (ctx, err) => process.stderr.write(`oidc server_error: ${err?.stack ?? err}\n`));

// tamper_id_token: corrupt the id_token signature in the token endpoint
// response for the flagged clients.
provider.use(async (ctx, next) => {
  await next();
  if (
    ctx.oidc?.route === 'token'
    && ctx.status === 200
    && ctx.body && typeof ctx.body === 'object'
    && typeof ctx.body.id_token === 'string'
    && tamperClients.has(ctx.oidc.client?.clientId)
  ) {
    ctx.body = { ...ctx.body, id_token: tamperSignature(ctx.body.id_token) };
  }
});

function tamperSignature(jwt) {
  const [h, p, s] = jwt.split('.');
  // Change the first 8 characters of the signature (each one fully encodes 6
  // bits, so the decoded signature bytes really change).
  const flipped = [...s.slice(0, 8)].map((ch) => (ch === 'A' ? 'B' : 'A')).join('');
  return `${h}.${p}.${flipped}${s.slice(8)}`;
}

// ---------------------------------------------------------- interactions ----

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({
    '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;',
  })[c]);
}

function page(heading, body) {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${esc(heading)}</title></head>
<body>
${body}
</body>
</html>
`;
}

function loginPage(uid, { error } = {}) {
  return page(title, `<h1>${esc(title)}</h1>
${error ? `<p class="error" role="alert">${esc(error)}</p>\n` : ''}<form method="post" action="/interaction/${esc(uid)}">
<label>Email <input name="email"></label>
<label>Password <input name="password" type="password"></label>
<button type="submit">Sign in</button>
</form>`);
}

function sendHtml(res, status, html) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(html);
}

async function readForm(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > 64 * 1024) throw new Error('form too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

async function handleInteraction(req, res, uid) {
  let details;
  try {
    details = await provider.interactionDetails(req, res);
  } catch (err) {
    // Missing/expired interaction cookie or unknown interaction.
    sendHtml(res, 400, page(title, `<h1>${esc(title)}</h1><p class="error">Sign-in session expired or invalid (${esc(err.message)}). Start again from the application.</p>`));
    return;
  }
  if (details.uid !== uid) {
    sendHtml(res, 400, page(title, `<h1>${esc(title)}</h1><p class="error">Interaction mismatch.</p>`));
    return;
  }

  const { prompt } = details;

  if (prompt.name === 'consent') {
    // Normally unreachable (loadExistingGrant grants), but never show a
    // consent screen: grant whatever is asked and continue.
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
    if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '));
    if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return;
  }

  if (req.method === 'GET') {
    sendHtml(res, 200, loginPage(uid));
    return;
  }
  if (req.method !== 'POST') {
    res.statusCode = 405;
    res.setHeader('Allow', 'GET, POST');
    res.end();
    return;
  }

  const form = await readForm(req);
  const account = findAccountByEmail(form.get('email'));
  if (!account || typeof account.password !== 'string' || form.get('password') !== account.password) {
    sendHtml(res, 200, loginPage(uid, { error: 'Wrong email or password' }));
    return;
  }

  const login = { accountId: String(account.id) };
  if (Array.isArray(account.amr) && account.amr.length) login.amr = account.amr.map(String);
  if (typeof account.acr === 'string') login.acr = account.acr;
  await provider.interactionFinished(req, res, { login }, { mergeWithLastSubmission: false });
}

const providerCallback = provider.callback();

handler = async (req, res) => {
  const url = new URL(req.url, issuer);
  if (url.pathname === '/favicon.ico') {
    // Keep browser consoles free of 404 noise.
    res.statusCode = 204;
    res.end();
    return;
  }
  const m = /^\/interaction\/([A-Za-z0-9_-]+)\/?$/.exec(url.pathname);
  if (m) {
    try {
      await handleInteraction(req, res, m[1]);
    } catch (err) {
      process.stderr.write(`interaction error: ${err?.stack ?? err}\n`);
      if (!res.headersSent) sendHtml(res, 500, page(title, `<h1>${esc(title)}</h1><p class="error">Internal error</p>`));
      else res.end();
    }
    return;
  }
  providerCallback(req, res);
};

process.stdout.write(`listening ${issuer}\n`);
