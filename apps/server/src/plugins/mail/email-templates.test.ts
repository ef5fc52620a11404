import { brand } from '@ipatient/contracts';
import { describe, expect, it } from 'vitest';
import { codeEmail, escapeHtml, passwordChangedEmail } from './email-templates.ts';

describe('codeEmail', () => {
  it('puts the sign-up code in the text and, in large type, in the HTML', () => {
    const email = codeEmail({ purpose: 'signup', code: '7KQ2MB', firstName: 'Ada' });
    expect(email.subject).toContain(brand.siteName);
    expect(email.text).toContain(`Your ${brand.siteName} verification code: 7KQ2MB`);
    expect(email.text).toMatch(/code: 7KQ2MB/);
    expect(email.text).toContain('10 minutes');
    expect(email.text).toMatch(/only once/);
    expect(email.text).toMatch(/did not ask/);
    expect(email.text).toContain('Hello Ada,');
    expect(email.html).toContain('<html lang="en">');
    expect(email.html).toContain(brand.siteName);
    expect(email.html).toMatch(/font-size:32px[^>]*>7KQ2MB</);
    expect(email.html).toContain('role="presentation"');
  });

  it('writes a reset email with its 4-character code', () => {
    const email = codeEmail({ purpose: 'reset', code: 'X9P4' });
    expect(email.subject).toBe(`Reset your ${brand.siteName} password`);
    expect(email.text).toMatch(/code: X9P4\n/);
    expect(email.text).toContain('Hello,');
    expect(email.text).toContain('10 minutes');
    expect(email.html).toContain('>X9P4<');
  });

  it('escapes every interpolated value in the HTML', () => {
    const email = codeEmail({
      purpose: 'signup',
      code: '<b>1</b>',
      firstName: '<script>alert("x")</script>',
    });
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>1</b>');
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    // The text part is plain text: the name stays as typed.
    expect(email.text).toContain('Hello <script>alert("x")</script>,');
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
