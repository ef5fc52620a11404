import { describe, expect, it } from 'vitest';
import { emailKey } from './email-key.ts';

describe('emailKey', () => {
  it.each([
    ['Name@Example.com', 'name@example.com'],
    ['name+tag@example.com', 'name@example.com'],
    ['name+a+b@example.com', 'name@example.com'],
    ['first.last@example.com', 'first.last@example.com'],
    ['Ada.Obi+x@gmail.com', 'adaobi@gmail.com'],
    ['adaobi@googlemail.com', 'adaobi@gmail.com'],
    ['a.d.a.o.b.i@GMAIL.COM', 'adaobi@gmail.com'],
    ['ada.obi+x@yahoo.com', 'ada.obi@yahoo.com'],
    ['+tag@example.com', '@example.com'],
  ])('%s -> %s', (email, key) => {
    expect(emailKey(email)).toBe(key);
  });

  it('keeps different mailboxes apart', () => {
    expect(emailKey('ada@example.com')).not.toBe(emailKey('ada@example.ng'));
    expect(emailKey('ada.obi@example.com')).not.toBe(emailKey('adaobi@example.com'));
    expect(emailKey('adaobi@gmail.com.ng')).not.toBe(emailKey('adaobi@gmail.com'));
  });
});
