import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useListNavigation } from './use-list';

type Nav = ReturnType<typeof useListNavigation>;

/** A list page on a data router (a loader, as the app's guarded pages have), keeping every
 * navigation object it rendered with. */
function mount(path: string) {
  const rendered: Nav[] = [];
  function Page() {
    rendered.push(useListNavigation(['type', 'language']));
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', loader: () => null, Component: Page, HydrateFallback: () => null }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { router, rendered };
}

describe('list navigation', () => {
  it('a second change made before the first one has rendered keeps the first one', async () => {
    const { router, rendered } = mount('/list?page=3');
    await act(async () => {});
    // Both changes come from the same render (the router renders a new address as a transition,
    // so on a slow device the second choice can be made before it).
    const nav = rendered.at(-1)!;
    await act(async () => {
      nav.setFilter('type', 'pdf');
      nav.setFilter('language', 'zh-Hant');
    });
    expect(router.state.location.search).toBe('?type=pdf&language=zh-Hant');
    await act(async () => rendered.at(-1)!.setPage(2));
    expect(router.state.location.search).toBe('?type=pdf&language=zh-Hant&page=2');
  });

  it('after Back, a change builds on the address shown, not on the one left', async () => {
    const { router, rendered } = mount('/list?type=pdf');
    await act(async () => {});
    await act(async () => rendered.at(-1)!.setFilter('language', 'en'));
    expect(router.state.location.search).toBe('?type=pdf&language=en');
    await act(async () => router.navigate(-1));
    expect(router.state.location.search).toBe('?type=pdf');
    await act(async () => rendered.at(-1)!.setPage(2));
    expect(router.state.location.search).toBe('?type=pdf&page=2');
    await act(async () => rendered.at(-1)!.clear());
    expect(router.state.location.search).toBe('');
  });
});
