import { hashToken } from '@brigade/core/identity/secrets';
import { accountKey } from '@brigade/core/identity/throttle';
import { authThrottle, outboxEmails, passwordResetTokens, sessions } from '@brigade/db/schema/identity';
import {
  PASSWORD_RESET_THROTTLE,
  SIGNIN_THROTTLE,
  SIGNUP_THROTTLE,
  signinDelayMs,
} from '@brigade/domain/session-policy';
import { COMMON_PASSWORD_MESSAGE } from '@brigade/domain/user';
import { makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { APP_ORIGIN, asBearer, asBrowser, emailOfSignIn, signInAs } from '../test-client';

const t = useTestApp();

/** Counts `attempts` sign-in attempts on a throttle key now, as if they had been made (the window starts now). */
const countAttempts = (key: string, attempts: number) =>
  t.database.db.insert(authThrottle).values({ key, failures: attempts });

const signupBody = (email: string) => ({ email, password: 'secret-pw', firstName: 'Sam', lastName: 'Cook' });

describe('sign-up and sign-in', () => {
  it('creates an inactive, non-admin account, signs it in with an HttpOnly SameSite=Lax cookie and sets lastLogin', async () => {
    const response = await asBrowser(t.app, null, {
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: signupBody('New.Cook@Example.com'),
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.user).toMatchObject({
      email: 'new.cook@example.com',
      displayName: 'Sam Cook',
      isActive: false,
      isSiteAdmin: false,
      emailVerified: false,
      tenantAssignments: [],
    });
    expect(body.data.user.lastLogin).not.toBeNull();
    expect(body.data.user).not.toHaveProperty('passwordHash');
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^brigade_session=[\w-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Expires'); // no "remember me": a browser-session cookie
    const session = await asBrowser(
      t.app,
      { token: '', cookie: cookie.split(';')[0]! },
      { method: 'GET', url: '/api/v1/auth/session' },
    );
    expect(session.json()).toMatchObject({
      success: true,
      data: { user: { email: 'new.cook@example.com' } },
    });
  });

  it('stores only the SHA-256 of a session token', async () => {
    const user = await makeUser(t.database.db);
    const { token } = await signInAs(t.app, user.email, TEST_PASSWORD);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userUid, user.uid));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.tokenHash).not.toContain(token);
  });

  it('refuses bad sign-up input with the spec messages and a taken email case-insensitively', async () => {
    const bad = await asBrowser(t.app, null, {
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email: 'nope', password: '12345', firstName: '', lastName: ' ' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'email', message: 'A valid email is required' },
      { path: 'password', message: 'Password must be at least 6 characters' },
      { path: 'firstName', message: 'First name is required' },
      { path: 'lastName', message: 'Last name is required' },
    ]);
    await asBrowser(t.app, null, {
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: signupBody('taken@example.com'),
    });
    const again = await asBrowser(t.app, null, {
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: signupBody('TAKEN@example.com'),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([
      { path: 'email', message: 'An account with this email already exists' },
    ]);
  });

  it('gives one message for a wrong password and an unknown email', async () => {
    const user = await makeUser(t.database.db);
    for (const payload of [
      { email: user.email, password: 'wrong-password' },
      { email: 'nobody-here@example.com', password: TEST_PASSWORD },
    ]) {
      const response = await asBrowser(t.app, null, { method: 'POST', url: '/api/v1/auth/signin', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        detail: 'Invalid email or password',
      });
    }
  });

  it('returns the spec sign-in result, keeps lastLogin once set, and accepts the token as a bearer', async () => {
    const user = await makeUser(t.database.db);
    const first = await asBrowser(t.app, null, {
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: user.email.toUpperCase(), password: TEST_PASSWORD, rememberMe: true },
    });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'expiresAt', 'sessionToken', 'success']);
    // "remember me" sessions last 30 days idle: the cookie persists until then.
    const days = (new Date(body.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(String(first.headers['set-cookie'])).toContain('Expires=');
    const lastLogin = body.data.user.lastLogin;
    expect(lastLogin).not.toBeNull();
    const second = await signInAs(t.app, user.email, TEST_PASSWORD);
    const me = await asBearer(t.app, second, { method: 'GET', url: '/api/v1/auth/session' });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.lastLogin).toBe(lastLogin);
  });

  it('rotates the session on sign-in and ends it on sign-out', async () => {
    const user = await makeUser(t.database.db);
    const old = await signInAs(t.app, user.email, TEST_PASSWORD);
    const rotated = await asBrowser(t.app, old, {
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const fresh = {
      token: rotated.json().sessionToken,
      cookie: `brigade_session=${rotated.json().sessionToken}`,
    };
    expect((await asBearer(t.app, old, { method: 'GET', url: '/api/v1/auth/session' })).statusCode).toBe(401);
    expect((await asBearer(t.app, fresh, { method: 'GET', url: '/api/v1/auth/session' })).statusCode).toBe(
      200,
    );
    const out = await asBrowser(t.app, fresh, { method: 'POST', url: '/api/v1/auth/signout' });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toContain('brigade_session=;');
    expect((await asBearer(t.app, fresh, { method: 'GET', url: '/api/v1/auth/session' })).statusCode).toBe(
      401,
    );
  });

  it('refuses an address after 5 failed sign-ins on an account, even for the right password, with Retry-After', async () => {
    const user = await makeUser(t.database.db);
    const attempt = (password: string) =>
      asBrowser(t.app, null, {
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { email: user.email, password },
        remoteAddress: '10.9.0.1',
      });
    for (let i = 0; i < 5; i++) expect((await attempt('wrong')).statusCode).toBe(401);
    const locked = await attempt(TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect(locked.json().detail).toBe('Too many sign-in attempts. Try again later.');
  });

  it('counts parallel attempts before checking any password: at most the limits are checked', async () => {
    const user = await makeUser(t.database.db);
    const attempt = (remoteAddress: string) =>
      asBrowser(t.app, null, {
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { email: user.email, password: 'wrong' },
        remoteAddress,
      });
    // One address: only perAddressAndAccount passwords are checked (a check answers 401, a refusal 429).
    const fromOne = await Promise.all(Array.from({ length: 20 }, () => attempt('10.9.1.1')));
    expect(fromOne.filter((r) => r.statusCode === 401)).toHaveLength(SIGNIN_THROTTLE.perAddressAndAccount);
    expect(fromOne.filter((r) => r.statusCode === 429)).toHaveLength(
      20 - SIGNIN_THROTTLE.perAddressAndAccount,
    );

    // Many addresses against one account near its ceiling: the rest up to perAccount are checked, no more.
    const other = await makeUser(t.database.db);
    await countAttempts(accountKey(other.email), SIGNIN_THROTTLE.perAccount - 10);
    const spread = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        asBrowser(t.app, null, {
          method: 'POST',
          url: '/api/v1/auth/signin',
          payload: { email: other.email, password: 'wrong' },
          remoteAddress: `10.9.2.${i + 1}`,
        }),
      ),
    );
    expect(spread.filter((r) => r.statusCode === 401)).toHaveLength(10);
    expect(spread.filter((r) => r.statusCode === 429)).toHaveLength(10);
  });

  it('lets the owner sign in from their own address while others guess on theirs: slower, not locked', async () => {
    const owner = await makeUser(t.database.db);
    const from = (remoteAddress: string, password: string, email = owner.email) =>
      asBrowser(t.app, null, {
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { email, password },
        remoteAddress,
      });
    const timed = async (request: Promise<{ statusCode: number }>) => {
      const started = performance.now();
      const { statusCode } = await request;
      return { statusCode, ms: performance.now() - started };
    };
    // Four addresses, five wrong passwords each: twice the old account limit of 10.
    const attackers = ['10.9.5.1', '10.9.5.2', '10.9.5.3', '10.9.5.4'];
    await Promise.all(
      attackers.map(async (address) => {
        for (let i = 0; i < SIGNIN_THROTTLE.perAddressAndAccount; i++)
          expect((await from(address, 'guess')).statusCode).toBe(401);
      }),
    );
    for (const address of attackers) expect((await from(address, TEST_PASSWORD)).statusCode).toBe(429);
    // The 21st attempt on the account: the owner signs in, after the progressive delay (1 s).
    expect(signinDelayMs(21)).toBe(1000);
    const owners = await timed(from('10.9.5.99', TEST_PASSWORD));
    expect(owners.statusCode).toBe(200);
    expect(owners.ms).toBeGreaterThanOrEqual(signinDelayMs(21) - 5);
    // Signing in cleared the owner's address only: the guessers' count on the account goes on.
    const next = await timed(from('10.9.5.5', 'guess'));
    expect(next.statusCode).toBe(401);
    expect(next.ms).toBeGreaterThanOrEqual(signinDelayMs(22) - 5);
    // An email without an account is slowed down the same way, so the delay tells no account apart.
    const unknown = `nobody-${owner.email}`;
    await countAttempts(accountKey(unknown), 20);
    const unknowns = await timed(from('10.9.5.6', 'guess', unknown));
    expect(unknowns.statusCode).toBe(401);
    expect(unknowns.ms).toBeGreaterThanOrEqual(signinDelayMs(21) - 5);
  });

  it('refuses every address once an account reaches its ceiling, the right password too', async () => {
    const owner = await makeUser(t.database.db);
    await countAttempts(accountKey(owner.email), SIGNIN_THROTTLE.perAccount);
    const refused = await asBrowser(t.app, null, {
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: owner.email, password: TEST_PASSWORD },
      remoteAddress: '10.9.6.1',
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    expect(refused.json()).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      detail: 'Too many sign-in attempts. Try again later.',
    });
  });

  it('locks one account from an address without locking other accounts signing in from it', async () => {
    const target = await makeUser(t.database.db);
    const colleague = await makeUser(t.database.db);
    const from = (email: string, password: string) =>
      asBrowser(t.app, null, {
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { email, password },
        remoteAddress: '10.9.0.4',
      });
    for (let i = 0; i < SIGNIN_THROTTLE.perAddress + 5; i++) await from(target.email, 'guess');
    expect((await from(target.email, TEST_PASSWORD)).statusCode).toBe(429);
    expect((await from(colleague.email, TEST_PASSWORD)).statusCode).toBe(200);
    // The target can still sign in from elsewhere: one address cannot lock an account for everyone.
    const elsewhere = await asBrowser(t.app, null, {
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: target.email, password: TEST_PASSWORD },
      remoteAddress: '10.9.0.5',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('limits unknown-account spraying from one address, answering known and unknown emails alike', async () => {
    const user = await makeUser(t.database.db);
    const from = (address: string, email: string, password: string) =>
      asBrowser(t.app, null, {
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { email, password },
        remoteAddress: address,
      });
    for (let i = 0; i < SIGNIN_THROTTLE.perAddress; i++) {
      expect((await from('10.9.0.2', `spray-${i}@example.com`, 'guess')).statusCode).toBe(401);
    }
    const sprayed = await from('10.9.0.2', 'spray-next@example.com', 'guess');
    expect(sprayed.statusCode).toBe(429);
    expect(Number(sprayed.headers['retry-after'])).toBeGreaterThan(800);
    // A wrong password on a real account gets the same answer, so the limit does not tell accounts apart...
    expect((await from('10.9.0.2', user.email, 'guess')).statusCode).toBe(429);
    // ...but the right password still signs in from that address (behind a proxy, that is everyone).
    expect((await from('10.9.0.2', user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await from('10.9.0.3', 'spray-next@example.com', 'guess')).statusCode).toBe(401);
  });

  it('throttles sign-ups per client address with the rate-limit problem', async () => {
    const signupFrom = (email: string) =>
      asBrowser(t.app, null, {
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: signupBody(email),
        remoteAddress: '10.9.3.1',
      });
    for (let i = 0; i < SIGNUP_THROTTLE.perAddress; i++) {
      expect((await signupFrom(`many-${i}@example.com`)).statusCode).toBe(201);
    }
    const refused = await signupFrom('one-more@example.com');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      status: 429,
      code: 'TOO_MANY_ATTEMPTS',
      detail: 'Too many sign-up attempts. Try again later.',
    });
    // An existing email is no way around it (it would tell which accounts exist).
    expect((await signupFrom('many-0@example.com')).statusCode).toBe(429);
    const elsewhere = await asBrowser(t.app, null, {
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: signupBody('one-more@example.com'),
      remoteAddress: '10.9.3.2',
    });
    expect(elsewhere.statusCode).toBe(201);
  });
});

describe('cross-site request forgery', () => {
  it('refuses cookie-authenticated writes without an Origin or from a foreign one, and accepts bearer scripts', async () => {
    const user = await makeUser(t.database.db);
    const session = await signInAs(t.app, user.email, TEST_PASSWORD);
    const payload = { currentPassword: 'x', newPassword: 'whatever-1' };
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      headers: { cookie: session.cookie },
      payload,
    });
    expect(noOrigin.statusCode).toBe(403);
    expect(noOrigin.json().code).toBe('CSRF_REJECTED');
    const foreign = await asBrowser(t.app, session, {
      method: 'POST',
      url: '/api/v1/auth/password',
      headers: { origin: 'https://evil.example' },
      payload,
    });
    expect(foreign.statusCode).toBe(403);
    // Reads are not blocked, and bearer tokens carry no ambient authority.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/auth/session',
          headers: { cookie: session.cookie },
        })
      ).statusCode,
    ).toBe(200);
    const script = await asBearer(t.app, session, { method: 'POST', url: '/api/v1/auth/password', payload });
    expect(script.statusCode).toBe(400); // reached the use-case: the current password is wrong
  });

  it('does not check the Origin of a bearer request without the cookie, and does with it (real HTTP)', async () => {
    const user = await makeUser(t.database.db);
    const session = await signInAs(t.app, user.email, TEST_PASSWORD);
    const change = (headers: Record<string, string>) =>
      fetch(`${t.baseUrl}/api/v1/auth/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ currentPassword: 'x', newPassword: 'whatever-1' }),
      });
    const bearer = `Bearer ${session.token}`;
    // A script that happens to send a foreign Origin (a server-side proxy, a tool) reaches the use-case.
    const script = await change({ authorization: bearer, origin: 'https://tools.example' });
    expect(script.status).toBe(400);
    expect(((await script.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
    // With the session cookie as well, a foreign Origin is refused: the cookie is what a forger could use.
    const both = await change({
      authorization: bearer,
      cookie: session.cookie,
      origin: 'https://evil.example',
    });
    expect(both.status).toBe(403);
    expect(((await both.json()) as { code: string }).code).toBe('CSRF_REJECTED');
    // The cookie alone from a foreign Origin, and no credentials from one (a forged sign-in), stay refused.
    expect((await change({ cookie: session.cookie, origin: 'https://evil.example' })).status).toBe(403);
    const forgedSignin = await fetch(`${t.baseUrl}/api/v1/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    });
    expect(forgedSignin.status).toBe(403);
  });
});

describe('handoff to another app', () => {
  it('issues a single-use code for an allowed return URL and exchanges it once, for that origin only', async () => {
    const user = await makeUser(t.database.db);
    const session = await signInAs(t.app, user.email, TEST_PASSWORD);
    const refused = await asBearer(t.app, session, {
      method: 'POST',
      url: '/api/v1/auth/handoff',
      payload: { returnUrl: 'https://evil.example/steal' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe('returnUrl');

    const issued = await asBearer(t.app, session, {
      method: 'POST',
      url: '/api/v1/auth/handoff',
      payload: { returnUrl: 'http://localhost:3005/menus?tab=1' },
    });
    expect(issued.statusCode).toBe(201);
    const { code, redirectUrl } = issued.json();
    expect(redirectUrl).toBe(`http://localhost:3005/menus?tab=1&token=${code}`);

    const wrongOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/handoff/exchange',
      headers: { origin: 'http://localhost:3001' },
      payload: { code },
    });
    expect(wrongOrigin.statusCode).toBe(401);
    const issued2 = await asBearer(t.app, session, {
      method: 'POST',
      url: '/api/v1/auth/handoff',
      payload: { returnUrl: 'http://localhost:3005/' },
    });
    const exchange = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/handoff/exchange',
        headers: { origin: 'http://localhost:3005' },
        payload: { code: issued2.json().code },
      });
    const first = await exchange();
    expect(first.statusCode).toBe(200);
    expect(first.json().data.user.uid).toBe(user.uid);
    expect(String(first.headers['set-cookie'])).toContain('brigade_session=');
    const second = await exchange();
    expect(second.statusCode).toBe(401);
    expect(second.json().detail).toBe('Authentication failed');
  });
});

describe('passwords', () => {
  it('changes the password and ends every other session of the user', async () => {
    const user = await makeUser(t.database.db);
    const here = await signInAs(t.app, user.email, TEST_PASSWORD);
    const elsewhere = await signInAs(t.app, user.email, TEST_PASSWORD);
    const wrong = await asBrowser(t.app, here, {
      method: 'POST',
      url: '/api/v1/auth/password',
      payload: { currentPassword: 'not-it', newPassword: 'brand-new-pw' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { path: 'currentPassword', message: 'Current password is incorrect' },
    ]);
    const ok = await asBrowser(t.app, here, {
      method: 'POST',
      url: '/api/v1/auth/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-pw' },
    });
    expect(ok.statusCode).toBe(204);
    expect((await asBearer(t.app, here, { method: 'GET', url: '/api/v1/auth/session' })).statusCode).toBe(
      200,
    );
    expect(
      (await asBearer(t.app, elsewhere, { method: 'GET', url: '/api/v1/auth/session' })).statusCode,
    ).toBe(401);
    expect(await emailOfSignIn(t.app, user.email, 'brand-new-pw')).toBe(user.email);
  });

  it('limits wrong current passwords per user, counted before the check', async () => {
    const user = await makeUser(t.database.db);
    const session = await signInAs(t.app, user.email, TEST_PASSWORD);
    const change = (currentPassword: string) =>
      asBearer(t.app, session, {
        method: 'POST',
        url: '/api/v1/auth/password',
        payload: { currentPassword, newPassword: 'brand-new-pw' },
      });
    const answers = await Promise.all(
      Array.from({ length: SIGNIN_THROTTLE.perUserPasswordChange + 3 }, () => change('not-it')),
    );
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(SIGNIN_THROTTLE.perUserPasswordChange);
    const refused = await change(TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    expect(refused.json()).toMatchObject({ detail: 'Too many password change attempts. Try again later.' });
  });

  it('limits password-reset requests per email and per address, alike for accounts and unknown emails', async () => {
    const user = await makeUser(t.database.db);
    const reset = (email: string, remoteAddress: string) =>
      asBrowser(t.app, null, {
        method: 'POST',
        url: '/api/v1/auth/password-reset',
        payload: { email },
        remoteAddress,
      });
    const { perEmail, perAddress } = PASSWORD_RESET_THROTTLE;
    // Per email, from addresses that change each time: an account and an unknown email are treated alike.
    for (const email of [user.email, 'nobody-reset@example.com']) {
      for (let i = 0; i < perEmail; i++) expect((await reset(email, `10.9.5.${i}`)).statusCode).toBe(202);
      const refused = await reset(email, '10.9.5.200');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      expect(refused.json()).toMatchObject({
        status: 429,
        code: 'TOO_MANY_ATTEMPTS',
        detail: 'Too many password reset requests. Try again later.',
      });
    }
    // No more than perEmail mails reached the outbox for the account.
    const mails = await t.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, user.email));
    expect(mails).toHaveLength(perEmail);
    // Per address, whatever the emails.
    for (let i = 0; i < perAddress; i++)
      expect((await reset(`spread-${i}@example.com`, '10.9.6.1')).statusCode).toBe(202);
    expect((await reset('spread-last@example.com', '10.9.6.1')).statusCode).toBe(429);
    expect((await reset('spread-last@example.com', '10.9.6.2')).statusCode).toBe(202);
  });

  it('refuses the most common passwords in any case, on sign-up, change and reset, and keeps what was stored', async () => {
    const common = [{ path: 'password', message: COMMON_PASSWORD_MESSAGE }];
    const signup = await asBrowser(t.app, null, {
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { ...signupBody('common-pw@example.com'), password: 'Password123' },
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json().errors).toEqual(common);
    // nothing was made: the address is free for the same sign-up with a better password
    const later = await asBrowser(t.app, null, {
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: signupBody('common-pw@example.com'),
    });
    expect(later.statusCode).toBe(201);

    const user = await makeUser(t.database.db);
    const session = await signInAs(t.app, user.email, TEST_PASSWORD);
    const change = await asBrowser(t.app, session, {
      method: 'POST',
      url: '/api/v1/auth/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'QWERTY123' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().errors).toEqual([{ path: 'newPassword', message: COMMON_PASSWORD_MESSAGE }]);
    await asBrowser(t.app, null, {
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: user.email, resetUrl: `${APP_ORIGIN}/auth/reset-password` },
    });
    const [mail] = await t.database.db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(1);
    const token = /token=([\w-]+)/.exec(mail!.textBody)?.[1] ?? '';
    const reset = await asBrowser(t.app, null, {
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token, newPassword: 'iloveyou' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().errors).toEqual([{ path: 'newPassword', message: COMMON_PASSWORD_MESSAGE }]);
    // the password is as it was, and the refused reset did not use up the link
    expect(await emailOfSignIn(t.app, user.email, TEST_PASSWORD)).toBe(user.email);
    const retry = await asBrowser(t.app, null, {
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token, newPassword: 'a-rarer-pick-41' },
    });
    expect(retry.statusCode).toBe(204);
  });

  it('resets a password through the emailed link, once, and ends all sessions', async () => {
    const user = await makeUser(t.database.db);
    const before = await signInAs(t.app, user.email, TEST_PASSWORD);
    const unknown = await asBrowser(t.app, null, {
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: 'no-such-user@example.com' },
    });
    expect(unknown.statusCode).toBe(202);
    const known = await asBrowser(t.app, null, {
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: user.email, resetUrl: `${APP_ORIGIN}/auth/reset-password` },
    });
    expect(known.statusCode).toBe(202);
    const [mail] = await t.database.db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(1);
    expect(mail).toMatchObject({ toAddress: user.email, subject: 'Reset your Brigade password' });
    const link = /(http:\/\/localhost:3000\/auth\/reset-password\?token=[\w-]+)/.exec(mail!.textBody)?.[1];
    const token = new URL(link ?? 'http://missing.invalid/').searchParams.get('token') ?? '';
    // the mailed link carries the one token stored for the user, by its SHA-256
    const stored = await t.database.db
      .select({ tokenHash: passwordResetTokens.tokenHash })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userUid, user.uid));
    expect(stored).toEqual([{ tokenHash: hashToken(token) }]);
    const confirm = (newPassword: string) =>
      asBrowser(t.app, null, {
        method: 'POST',
        url: '/api/v1/auth/password-reset/confirm',
        payload: { token, newPassword },
      });
    expect((await confirm('reset-pw-1')).statusCode).toBe(204);
    const reused = await confirm('reset-pw-2');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors).toEqual([
      { path: 'token', message: 'This reset link is invalid or has expired' },
    ]);
    expect((await asBearer(t.app, before, { method: 'GET', url: '/api/v1/auth/session' })).statusCode).toBe(
      401,
    );
    expect(await emailOfSignIn(t.app, user.email, 'reset-pw-1')).toBe(user.email);
  });
});

describe("the apps' session check", () => {
  it('answers 200 with the user of a valid session, and 200 with null signed out or with a stale token', async () => {
    const user = await makeUser(t.database.db);
    const session = await signInAs(t.app, user.email, TEST_PASSWORD);
    const state = (response: {
      statusCode: number;
      json: () => unknown;
      headers: Record<string, unknown>;
    }) => {
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['cache-control'])).toMatch(/no-store|private/);
      return response.json() as { success: boolean; data: { user: { email: string } | null } };
    };
    const signedIn = state(
      await asBearer(t.app, session, { method: 'GET', url: '/api/v1/auth/session/state' }),
    );
    expect(signedIn).toMatchObject({ success: true, data: { user: { email: user.email } } });
    expect(signedIn.data.user).not.toHaveProperty('passwordHash');

    const signedOut = state(
      await asBrowser(t.app, null, { method: 'GET', url: '/api/v1/auth/session/state' }),
    );
    expect(signedOut).toEqual({ success: true, data: { user: null } });
    // the specified check keeps answering 401 to a caller without a session
    expect((await asBrowser(t.app, null, { method: 'GET', url: '/api/v1/auth/session' })).statusCode).toBe(
      401,
    );

    await asBearer(t.app, session, { method: 'POST', url: '/api/v1/auth/signout' });
    const stale = state(await asBearer(t.app, session, { method: 'GET', url: '/api/v1/auth/session/state' }));
    expect(stale.data.user).toBeNull();
  });
});
