/**
 * Messages in the web app (docs/messages.md): the Markdown renderer draws headings, links,
 * lists and images and never lets a script through (raw HTML dropped, javascript: links
 * emptied); the help icon's address; the publishing form's request and preview in each language.
 */
import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownText } from '../src/components/rich-text/MarkdownText';
import { emptyValues, previewText, toRequest } from '../src/features/global/publishing/lib/form';
import { helpPath, messagePath, sectionTypeOf } from '../src/features/messages/lib/sections';
import { plainMarkdown } from '../src/lib/plain-markdown';

const render = (text: string) => renderToStaticMarkup(createElement(MantineProvider, null, createElement(MarkdownText, { text })));

describe('a message’s Markdown', () => {
  it('draws headings (below the page’s h1), links, lists and images', () => {
    const html = render(
      '# Opening hours\n\n## Depots\n\n- Oslo\n- Uppsala\n\n[Read more](https://example.com/x) ![A pallet](https://example.com/p.png)',
    );
    expect(html).toMatch(/<h2[^>]*>Opening hours<\/h2>/);
    expect(html).toMatch(/<h3[^>]*>Depots<\/h3>/);
    expect(html).not.toMatch(/<h1/);
    expect(html).toMatch(/<li>Oslo<\/li>/);
    expect(html).toMatch(/<a[^>]*href="https:\/\/example.com\/x"[^>]*target="_blank"[^>]*rel="noopener noreferrer"/);
    expect(html).toMatch(/<img[^>]*src="https:\/\/example.com\/p.png"[^>]*alt="A pallet"/);
  });

  it('never renders a script: raw HTML is dropped, javascript: and data: links are emptied', () => {
    const html = render(
      'Hi <script>alert(1)</script> <img src=x onerror="alert(2)"> <iframe src="https://evil.example"></iframe>\n\n[click](javascript:alert(3)) [data](data:text/html,<script>alert(4)</script>) ![x](javascript:alert(5))',
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).not.toMatch(/onerror/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/href="data:/i);
    expect(html).toContain('click');
  });
});

describe('the Messages section’s addresses', () => {
  it('sends the help icon to the guides of the current page', () => {
    expect(helpPath('/app/orders/12')).toBe('/app/messages/guides?route=orders%2F12');
    expect(helpPath('/app/company/users/')).toBe('/app/messages/guides?route=company%2Fusers');
    expect(helpPath('/app/messages/articles')).toBe('/app/messages/guides');
    expect(helpPath('/app')).toBe('/app/messages/guides');
  });

  it('knows each list’s type and each message’s page', () => {
    expect(sectionTypeOf('/app/messages')).toBe('messages');
    expect(sectionTypeOf('/app/messages/12')).toBe('messages');
    expect(sectionTypeOf('/app/messages/guides/4')).toBe('guides');
    expect(messagePath('system', 7)).toBe('/app/messages/system/7');
    expect(messagePath('messages', 7)).toBe('/app/messages/7');
  });
});

describe('the publishing form', () => {
  it('sends only the languages written, and "everyone" as no audience', () => {
    const values = emptyValues();
    values.texts['sv-SE'] = { title: 'Hej', text: 'Text' };
    values.path = '/app/orders/';
    values.visibility = 'all';
    values.customerId = 5;
    expect(toRequest(values)).toMatchObject({
      type: 'messages',
      texts: { 'sv-SE': { title: 'Hej', text: 'Text' } },
      path: 'orders/',
      language: null,
      locationType: null,
      taskId: null,
      customerId: null,
    });
    expect(Object.keys(toRequest(values).texts)).toEqual(['sv-SE']);
    expect(toRequest(values, 3, true)).toMatchObject({ id: 3, withdrawn: true });
  });

  it('previews a language not written with the fallback: the message’s language, else English', () => {
    const values = emptyValues();
    values.texts['en-US'] = { title: 'Hello', text: 'x' };
    values.texts['fi-FI'] = { title: 'Hei', text: 'y' };
    expect(previewText(values, 'fi-FI')?.title).toBe('Hei');
    expect(previewText(values, 'sv-SE')?.title).toBe('Hello');
    values.language = 'fi-FI';
    expect(previewText(values, 'sv-SE')?.title).toBe('Hei');
  });
});

describe('the login page’s welcome texts', () => {
  it('show Markdown as plain text: no marks, links by their words', () => {
    expect(plainMarkdown('## Welcome\n\nCall **customer service** or see [our site](https://example.com).\n\n- one\n- *two*')).toBe(
      'Welcome\n\nCall customer service or see our site.\n\n• one\n• two',
    );
    expect(plainMarkdown('snake_case_name stays')).toBe('snake_case_name stays');
  });
});
