import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RichText } from './rich-text';

const markup = (props: Parameters<typeof RichText>[0]) => renderToStaticMarkup(<RichText {...props} />);

describe('RichText', () => {
  it('renders a self-closing tag as its element, in its place in the sentence', () => {
    expect(
      markup({
        text: "We couldn't find <path/>. It may have moved.",
        tags: { path: () => <code>/jobs/7</code> },
      }),
    ).toBe('We couldn&#x27;t find <code>/jobs/7</code>. It may have moved.');
  });

  it("renders a tag with inner text as its element given the translated inner text, in the language's word order", () => {
    expect(
      markup({
        text: 'Acepto los <terms>Términos del servicio</terms> y la <privacy>Política de privacidad</privacy>.',
        tags: {
          terms: (inner) => <a href="/terms">{inner}</a>,
          privacy: (inner) => <a href="/privacy">{inner}</a>,
        },
      }),
    ).toBe('Acepto los <a href="/terms">Términos del servicio</a> y la <a href="/privacy">Política de privacidad</a>.');
  });

  it('leaves a tag it was not given as text, escaped', () => {
    expect(markup({ text: 'Press <b>here</b> or <img/>', tags: {} })).toBe('Press &lt;b&gt;here&lt;/b&gt; or &lt;img/&gt;');
  });

  it("never reads a value inside a tag's element as markup", () => {
    const path = '<terms>click</terms><script>alert(1)</script>';
    expect(
      markup({
        text: "We couldn't find <path/>.",
        tags: { path: () => <code>{path}</code>, terms: (inner) => <a href="/terms">{inner}</a> },
      }),
    ).toBe('We couldn&#x27;t find <code>&lt;terms&gt;click&lt;/terms&gt;&lt;script&gt;alert(1)&lt;/script&gt;</code>.');
  });

  it('renders a sentence without tags as it is', () => {
    expect(markup({ text: 'Just text & more', tags: { path: () => <code /> } })).toBe('Just text &amp; more');
  });
});
