import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { agent01, json, tokenFor } from '../../api/test-helpers';
import { clearToken, setToken } from '../../platform/storage/token-storage';
import { fakeApi } from '../testing/network';
import { renderApp } from '../testing/render-app';

beforeEach(() => {
  setToken(tokenFor('0'));
  clearToken();
  setToken(tokenFor('1'));
  fakeApi({ 'GET /api/users/current': () => json(agent01) });
});
afterEach(() => vi.unstubAllGlobals());

describe('setting page', () => {
  it('switches the language of the whole app and remembers it', async () => {
    const { i18n } = renderApp('/setting');
    await userEvent.selectOptions(await screen.findByTestId('language-select'), 'cn');
    expect(await screen.findByRole('heading', { level: 1, name: '设置' })).toBeInTheDocument();
    expect(i18n.language).toBe('cn');
    expect(localStorage.getItem('lang')).toBe('cn');
    await waitFor(() => expect(document.title).toBe('设置 -- 代理人学院'));
  });

  it('links to the change-password page', async () => {
    const { router } = renderApp('/setting');
    await userEvent.click(await screen.findByRole('link', { name: 'Change password' }));
    await screen.findByLabelText('Current password');
    expect(router.state.location.pathname).toBe('/setting/reset-password');
  });
});
