import { brand } from '@ipatient/contracts';
import { describe, expect, it } from 'vitest';
import {
  codeEmail,
  contactMessageEmail,
  escapeHtml,
  passwordChangedEmail,
  signupAttemptEmail,
} from './email-templates.ts';

describe('codeEmail', () => {
  it('puts the sign-up code in the text and, in large type, in the HTML', () => {
    const email = codeEmail({ purpose: 'signup', code: '7KQ2MB' });
    expect(email.subject).toContain(brand.siteName);
    expect(email.text).toContain(`Your ${brand.siteName} verification code: 7KQ2MB`);
    expect(email.text).toMatch(/code: 7KQ2MB/);
    expect(email.text).toContain('10 minutes');
    expect(email.text).toMatch(/only once/);
    expect(email.text).toMatch(/did not ask/);
    expect(email.html).toContain('<html lang="en">');
    expect(email.html).toContain(brand.siteName);
    expect(email.html).toMatch(/font-size:32px[^>]*>7KQ2MB</);
    expect(email.html).toContain('role="presentation"');
  });

  it('greets no one by name in a sign-up code email, whatever name is passed', () => {
    const email = codeEmail({
      purpose: 'signup',
      code: '7KQ2MB',
      firstName: 'URGENT verify at evil.example',
    });
    expect(email.text.startsWith('Hello,\n')).toBe(true);
    expect(email.text).not.toContain('URGENT');
    expect(email.html).not.toContain('URGENT');
  });

  it('writes a reset email with its 10-character code shown grouped, the link and the name', () => {
    const link = 'https://ipatient.example/verify-password?email=a%40b.ng&code=ABCDE-FGHJK';
    const email = codeEmail({ purpose: 'reset', code: 'ABCDEFGHJK', firstName: 'Ada', link });
    expect(email.subject).toBe(`Reset your ${brand.siteName} password`);
    expect(email.text).toMatch(/code: ABCDE-FGHJK\n/);
    expect(email.text).toContain('Hello Ada,');
    expect(email.text).toContain(`\n${link}\n`);
    expect(email.text).toContain('10 minutes');
    expect(email.html).toContain('>ABCDE-FGHJK<');
    expect(email.html).toContain(`href="${escapeHtml(link)}"`);
  });

  it('escapes every interpolated value in the HTML', () => {
    const email = codeEmail({
      purpose: 'reset',
      code: '<b>1</b>',
      firstName: '<script>alert("x")</script>',
      link: 'https://x.example/?a="b"&c=<d>',
    });
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>1</b>');
    expect(email.html).not.toContain('"b"');
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    // The text part is plain text: the name stays as typed.
    expect(email.text).toContain('Hello <script>alert("x")</script>,');
  });
});

describe('signupAttemptEmail', () => {
  it('tells the owner of a sign-up attempt in fixed words, with the login and reset links', () => {
    const email = signupAttemptEmail({
      loginUrl: 'https://ipatient.example/login',
      resetUrl: 'https://ipatient.example/reset-password',
    });
    expect(email.subject).toContain('Someone tried to create');
    expect(email.text.startsWith('Hello,\n')).toBe(true);
    expect(email.text).toContain('If it was you');
    expect(email.text).toContain('Log in: https://ipatient.example/login');
    expect(email.text).toContain('Reset your password: https://ipatient.example/reset-password');
    expect(email.text).not.toMatch(/code: /);
    expect(email.html).toContain('href="https://ipatient.example/login"');
    expect(email.html).toContain('href="https://ipatient.example/reset-password"');
  });
});

describe('contactMessageEmail', () => {
  it('warns the team that the sender and the message are not verified', () => {
    const email = contactMessageEmail({
      id: 'm1',
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.ng',
      phone: '+2348031234567',
      message: 'Please verify your account at evil.example',
    });
    expect(email.text).toContain('have not been verified');
    expect(email.html).toContain('have not been verified');
    expect(email.text.indexOf('have not been verified')).toBeLessThan(
      email.text.indexOf('evil.example'),
    );
  });
});

describe('passwordChangedEmail', () => {
  it('tells the owner and says what to do if it was not them', () => {
    const email = passwordChangedEmail({ firstName: "O'Neil & Co" });
    expect(email.subject).toContain('password was changed');
    expect(email.subject).toContain(brand.siteName);
    expect(email.text).toContain(brand.contactEmail);
    expect(email.text).toMatch(/not you, reset your password/);
    expect(email.html).toContain(`mailto:${brand.contactEmail}`);
    expect(email.html).toContain('Hello O&#39;Neil &amp; Co,');
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
