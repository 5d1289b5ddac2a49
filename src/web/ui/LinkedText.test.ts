// What a member's message shows: web addresses as links, everything else as escaped text.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LinkedText } from './LinkedText.js';

const shown = (text: string) => renderToStaticMarkup(createElement(LinkedText, { text }));
const link = (href: string) => `<a href="${href}" target="_blank" rel="noopener noreferrer nofollow ugc">${href}</a>`;

describe('LinkedText', () => {
  it('links web addresses, leaving the sentence’s punctuation out of them', () => {
    expect(shown('See https://example.com/a?b=1, or http://doorstep.test.')).toBe(
      `See ${link('https://example.com/a?b=1')}, or ${link('http://doorstep.test')}.`,
    );
  });

  it('links nothing else: other schemes and markup stay text', () => {
    expect(shown('javascript:alert(1) <b>hi</b> www.example.com')).toBe(
      'javascript:alert(1) &lt;b&gt;hi&lt;/b&gt; www.example.com',
    );
  });
});
