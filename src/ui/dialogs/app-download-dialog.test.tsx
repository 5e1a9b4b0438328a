import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { clickBackdrop, renderWithI18n } from '../testing/render';
import { AppDownloadDialog } from './app-download-dialog';

const LINK = 'https://apps.example.test/agent-academy';
const tick = () => act(() => new Promise((r) => setTimeout(r, 20)));

function Harness({ link, canClose, onClose }: { link: string | null; canClose: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <AppDownloadDialog
      open={open}
      link={link}
      canClose={canClose}
      onClose={() => {
        onClose?.();
        setOpen(false);
      }}
    />
  );
}

describe('AppDownloadDialog', () => {
  it('with a link and closable: message, download link and an OK button that closes it', async () => {
    const onClose = vi.fn();
    renderWithI18n(<Harness link={LINK} canClose onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Download our app' });
    expect(dialog).toHaveAccessibleDescription(/please download the Agent Academy app/);
    expect(screen.getByRole('link', { name: 'Download the app' })).toHaveAttribute('href', LINK);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('with a link and not closable: no OK button, Escape and outside clicks do nothing', async () => {
    const onClose = vi.fn();
    renderWithI18n(<Harness link={LINK} canClose={false} onClose={onClose} />);
    expect(screen.getByRole('link', { name: 'Download the app' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await tick();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await tick();
    clickBackdrop();
    await tick();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closable also closes with Escape or a backdrop click (the gestures the non-closable one ignores)', async () => {
    const onClose = vi.fn();
    renderWithI18n(<Harness link={LINK} canClose onClose={onClose} />);
    await tick();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    renderWithI18n(<Harness link={LINK} canClose onClose={onClose} />);
    await tick();
    clickBackdrop();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });

  it('without a link: the no-app hint instead of a download link', () => {
    renderWithI18n(<Harness link={null} canClose={false} />);
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('No app is available for your device yet.');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('without a link but closable: hint and OK', () => {
    renderWithI18n(<Harness link={null} canClose />);
    expect(screen.getByText('No app is available for your device yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
  });

  it('speaks traditional Chinese', () => {
    renderWithI18n(<Harness link={LINK} canClose />, 'zh');
    expect(screen.getByRole('dialog', { name: '下載我們的應用程式' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '確定' })).toBeInTheDocument();
  });
});
