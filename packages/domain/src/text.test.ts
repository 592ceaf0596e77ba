import { describe, expect, it } from 'vitest';
import { cutText, firstCharacter, multilineText, requiredText, TEXT_CHARACTERS_MESSAGE, text } from './text';

const refusal = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('text (decision 016)', () => {
  it('accepts any well-formed text, emoji and other astral characters included', () => {
    for (const value of ['Café', '😀'.repeat(25), '👨‍👩‍👧 family', 'e\u0301', '中文', '']) {
      expect(text().safeParse(value).success).toBe(true);
    }
  });

  it('refuses C0 controls, DEL and unpaired surrogates with one message', () => {
    for (const value of [
      'a\u0000b',
      '\u0001',
      'x\u001f',
      'del\u007f',
      'lone \ud83d',
      '\ude00 low',
      'a\tb',
      'a\nb',
    ]) {
      expect(refusal(text().safeParse(value))).toEqual([TEXT_CHARACTERS_MESSAGE]);
    }
  });

  it('lets multi-line text hold tab, line feed and carriage return, and nothing else of C0', () => {
    expect(multilineText().safeParse('line one\r\n\tline two').success).toBe(true);
    expect(refusal(multilineText().safeParse('a\u0000b'))).toEqual([TEXT_CHARACTERS_MESSAGE]);
    expect(refusal(multilineText().safeParse('a\u000bb'))).toEqual([TEXT_CHARACTERS_MESSAGE]);
  });

  it('keeps the required-text message for blank text and adds the character rule', () => {
    const name = requiredText('Name is required');
    expect(refusal(name.safeParse('  '))).toEqual(['Name is required']);
    expect(refusal(name.safeParse('\u0000'))).toEqual([TEXT_CHARACTERS_MESSAGE]);
    expect(name.safeParse('  Bistro ').data).toBe('Bistro');
  });

  it('checks a string of a megabyte in linear time', () => {
    const started = performance.now();
    expect(text().safeParse('x'.repeat(1_000_000)).success).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('cutText', () => {
  it('keeps text that fits', () => {
    expect(cutText('Bistro', 6)).toBe('Bistro');
  });

  it('cuts before a character that does not fit whole, never inside a surrogate pair', () => {
    expect(cutText('😀😀😀', 5)).toBe('😀😀');
    expect(cutText('a😀', 2)).toBe('a');
    expect(cutText('abcdef', 3)).toBe('abc');
  });
});

describe('firstCharacter', () => {
  it('is a whole code point', () => {
    expect(firstCharacter('😀 Bar')).toBe('😀');
    expect(firstCharacter('Bar')).toBe('B');
    expect(firstCharacter('')).toBe('');
  });
});
