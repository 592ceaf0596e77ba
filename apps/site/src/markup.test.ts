import { describe, expect, it } from 'vitest';
import { htmlMarkup, phoneText } from './markup';

describe('static markup as HTML writes it', () => {
  it('drops the slash of void elements and lower-cases the camel-case attribute names', () => {
    expect(htmlMarkup('<head><meta charSet="utf-8"/><link rel="icon" href="/a.png"/></head>')).toBe(
      '<head><meta charset="utf-8"><link rel="icon" href="/a.png"></head>',
    );
    expect(htmlMarkup('<img src="/x.webp" fetchPriority="high" alt=""/><br/>')).toBe(
      '<img src="/x.webp" fetchpriority="high" alt=""><br>',
    );
  });

  it('leaves text, non-void elements and the contents of scripts and styles alone', () => {
    const text = '<p>charSet= is a word here <b>x</b></p>';
    expect(htmlMarkup(text)).toBe(text);
    const script = '<script type="application/ld+json">{"d":"a <br/> b charSet=1"}</script><br/>';
    expect(htmlMarkup(script)).toBe(
      '<script type="application/ld+json">{"d":"a <br/> b charSet=1"}</script><br>',
    );
    const style = '<style>a > b { color: red }</style><meta charSet="utf-8"/>';
    expect(htmlMarkup(style)).toBe('<style>a > b { color: red }</style><meta charset="utf-8">');
  });

  it('makes the spaces of a phone number non-breaking', () => {
    expect(phoneText('+1 503 555 0100')).toBe('+1\u00a0503\u00a0555\u00a00100');
  });
});
