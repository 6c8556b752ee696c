import { act, Suspense, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { BackendModule } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enBrowse from '@/locales/en/browse.json';
import enFeed from '@/locales/en/feed.json';
import enNotifications from '@/locales/en/notifications.json';
import { changeLanguage, defineNamespace, i18n, startI18n } from './i18n';
import { useTranslation } from './use-translation';

// React's act() flushes renders, effects and retries of suspended trees before it returns.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
/** Lets held catalogue loads through (a failed test must not leave the next ones waiting). */
let arrive = () => {};
let container: HTMLElement;

async function render(node: ReactNode): Promise<HTMLElement> {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root?.render(<Suspense fallback={<p>suspended</p>}>{node}</Suspense>));
  return container;
}

beforeAll(async () => {
  await startI18n('en');
  defineNamespace('browse', enBrowse);
  defineNamespace('feed', enFeed);
});

afterEach(async () => {
  arrive();
  await act(async () => root?.unmount());
  root = null;
  container.remove();
  await act(() => changeLanguage('en'));
});

describe('useTranslation', () => {
  function Cancel() {
    const { t } = useTranslation();
    return <p>{t('actions.cancel')}</p>;
  }

  it('reads the common namespace by default and re-renders in the new language on a switch', async () => {
    const view = await render(<Cancel />);
    expect(view.textContent).toBe('Cancel');

    await act(() => changeLanguage('es'));
    expect(view.textContent).toBe('Cancelar');

    await act(() => changeLanguage('en'));
    expect(view.textContent).toBe('Cancel');
  });

  it("suspends while the language's catalogue of its namespace loads, then shows it, never English first", async () => {
    await act(() => changeLanguage('es'));
    // The catalogue arrives when the test says so (a slow network), not in the same tick.
    const backend = i18n.services.backendConnector.backend as BackendModule;
    const read = backend.read.bind(backend);
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    vi.spyOn(backend, 'read').mockImplementation((language, namespace, callback) => {
      void arrived.then(() => read(language, namespace, callback));
    });
    // As a lazily loaded screen does: its namespace is defined once Spanish is in use, so
    // its Spanish catalogue starts loading now.
    defineNamespace('notifications', enNotifications);

    const seen: string[] = [];
    function Title() {
      const { t } = useTranslation('notifications');
      const text = t('bell.title');
      seen.push(text);
      return <h1>{text}</h1>;
    }
    const view = await render(<Title />);
    expect(view.textContent).toBe('suspended');

    await act(async () => {
      arrive();
      await i18n.loadNamespaces('notifications');
    });
    expect(view.textContent).toBe('Notificaciones');
    expect(seen).toEqual(['Notificaciones']);
  });

  it('makes a text once and answers it from then on, across renders', async () => {
    // A store change starts the texts over, so this test's first call is a real one.
    i18n.addResource('en', 'common', 'testOnly.unused', 'unused');
    const translate = vi.spyOn(i18n, 't');
    let rerender = () => {};
    function Counted() {
      const [count, setCount] = useState(0);
      rerender = () => setCount((value) => value + 1);
      const { t } = useTranslation();
      return (
        <p>
          {t('actions.close')} {count}
        </p>
      );
    }
    const view = await render(<Counted />);
    await act(async () => rerender());
    await act(async () => rerender());

    expect(view.textContent).toBe('Close 2');
    expect(translate.mock.calls.filter(([key]) => key === 'actions.close')).toHaveLength(1);
  });

  it('answers a key a catalogue added after the text was first made', async () => {
    let rerender = () => {};
    function Late() {
      const [, setCount] = useState(0);
      rerender = () => setCount((value) => value + 1);
      const { t } = useTranslation();
      // A key the catalogue does not have yet: i18next answers the key itself.
      return <p>{t('testOnly.late' as 'actions.close')}</p>;
    }
    const view = await render(<Late />);
    expect(view.textContent).toBe('testOnly.late');

    i18n.addResource('en', 'common', 'testOnly.late', 'Arrived');
    await act(async () => rerender());
    expect(view.textContent).toBe('Arrived');
  });

  it("reads several namespaces, the first one's keys plain and the others' with their prefix", async () => {
    function Both() {
      const { t } = useTranslation(['feed', 'common']);
      return (
        <p>
          {t('heading')} / {t('common:actions.cancel')}
        </p>
      );
    }
    const view = await render(<Both />);
    expect(view.textContent).toBe('Job Feed / Cancel');
  });

  it("picks the plural form of the count, by the language's rules, for each count", async () => {
    function Found({ counts }: { counts: number[] }) {
      const { t } = useTranslation('browse');
      return <p>{counts.map((count) => t('found', { count })).join(' | ')}</p>;
    }
    const view = await render(<Found counts={[1, 2, 1, 1_000_000]} />);
    expect(view.textContent).toBe('1 internship found | 2 internships found | 1 internship found | 1000000 internships found');

    await act(() => changeLanguage('es'));
    expect(view.textContent).toBe(
      '1 práctica encontrada | 2 prácticas encontradas | 1 práctica encontrada | 1000000 prácticas encontradas',
    );
  });

  it('does not keep a text made from a value that is not a string, number or boolean', async () => {
    const translate = vi.spyOn(i18n, 't');
    function Titled({ title }: { title: { toString(): string } }) {
      const { t } = useTranslation('feed');
      return <p>{t('titleAtCompany', { title: title as unknown as string, company: 'Acme' })}</p>;
    }
    const title = { toString: () => 'Designer' };
    const view = await render(<Titled title={title} />);
    await act(async () => root?.render(<Titled title={title} />));

    expect(view.textContent).toBe('Designer at Acme');
    expect(translate.mock.calls.filter(([key]) => key === 'titleAtCompany').length).toBeGreaterThanOrEqual(2);
  });
});
