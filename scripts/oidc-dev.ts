/**
 * A real OpenID Connect provider (the `oidc-provider` package) for development and tests, so single
 * sign-on (ADR 048) runs end to end without the network: authorization code + PKCE, signed ID tokens,
 * a JWKS, discovery. It listens on 127.0.0.1 only, knows the clients and accounts it is given, and
 * logs people in with its own small form (e-mail and password) and no consent screen. An account
 * marked `mfa` logs in with `amr: ["pwd", "mfa"]`, as an IdP that enforced a second factor would.
 * Run: `tsx scripts/oidc-dev.ts --port 12112 --redirect http://127.0.0.1:8787/sso/callback`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import { DEMO_SSO } from '../drizzle/seed/demo-sso';

export interface OidcDevAccount {
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  /** The IdP enforced a second factor: the ID token's `amr` says `mfa`. */
  mfa?: boolean;
  /** Defaults to true; false makes an account whose e-mail the IdP has not verified. */
  emailVerified?: boolean;
}

export interface OidcDevClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface OidcDevOptions {
  /** 0 picks a free port. */
  port: number;
  clients: OidcDevClient[];
  accounts: OidcDevAccount[];
  /** Lifetime of ID tokens in seconds (default 600). */
  idTokenTtlSeconds?: number;
}

export interface OidcDev {
  issuer: string;
  close(): Promise<void>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

function loginPage(uid: string, client: string, error?: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Dev identity provider</title></head>
<body style="font-family:sans-serif;max-width:360px;margin:4em auto">
<h1>Dev identity provider</h1><p>Sign in to <b>${escapeHtml(client)}</b> (local development only).</p>
${error ? `<p style="color:#b00">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<p><label>E-mail<br><input name="login" type="email" autofocus required></label></p>
<p><label>Password<br><input name="password" type="password" required></label></p>
<p><button type="submit">Sign in</button></p></form></body></html>`;
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function configuration(options: OidcDevOptions): Configuration {
  const byEmail = new Map(options.accounts.map((a) => [a.email.toLowerCase(), a]));
  return {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    async findAccount(_ctx, id) {
      const account = byEmail.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          given_name: account.givenName,
          family_name: account.familyName,
        }),
      };
    },
    claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // The ID token carries the e-mail and names itself, as most hosted IdPs do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: {
      IdToken: options.idTokenTtlSeconds ?? 600,
      AccessToken: 600,
      AuthorizationCode: 60,
      Interaction: 600,
      Grant: 3600,
      Session: 3600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // First-party demo clients: the grant is given at login, so there is no consent screen.
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const existing = session.grantIdFor(client.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    cookies: { keys: ['oidc-dev-cookie-key-local-only'] },
  };
}

/** Starts the provider on 127.0.0.1:`port`. */
export async function startOidcDev(options: OidcDevOptions): Promise<OidcDev> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, configuration(options));
  const accounts = new Map(options.accounts.map((a) => [a.email.toLowerCase(), a]));
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, login: boolean) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const client = String(details.params.client_id ?? '');
    if (!login) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(uid, client));
      return;
    }
    const form = await formOf(req);
    const email = (form.get('login') ?? '').trim().toLowerCase();
    const account = accounts.get(email);
    if (!account || account.password !== form.get('password')) {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(loginPage(uid, client, 'Wrong e-mail or password.'));
      return;
    }
    const amr = account.mfa ? ['pwd', 'mfa'] : ['pwd'];
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: email, amr } },
      { mergeWithLastSubmission: false },
    );
  }

  server.on('request', (req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url ?? '');
    if (!match) return callback(req, res);
    const login = match[2] !== undefined;
    if (login !== (req.method === 'POST')) return res.writeHead(405).end();
    interaction(req, res, match[1] as string, login).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(`Login failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  return {
    issuer,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const flag = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

if (process.argv[1]?.endsWith('oidc-dev.ts')) {
  const port = Number(flag('--port') ?? process.env.OIDC_DEV_PORT ?? 12112);
  const redirect = flag('--redirect') ?? 'http://127.0.0.1:8787/sso/callback';
  const localhost = redirect.replace('//127.0.0.1', '//localhost');
  const dev = await startOidcDev({
    port,
    clients: [
      { clientId: DEMO_SSO.clientId, clientSecret: DEMO_SSO.clientSecret, redirectUris: [redirect, localhost] },
    ],
    accounts: DEMO_SSO.accounts.map((a) => ({ ...a, password: DEMO_SSO.password })),
  });
  console.log(`dev OpenID provider at ${dev.issuer}`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => dev.close().then(() => process.exit(0)));
}
