import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from '../primitives/dialog';
import { clickBackdrop, renderWithI18n } from '../testing/render';
import { ConfirmationModal, type ConfirmationModalProps } from './confirmation-modal';
import { useConfirm } from './use-confirm';

/** Owns `open` the way a page would: either button closes it. */
function Harness(props: Omit<ConfirmationModalProps, 'open'>) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmationModal
      {...props}
      open={open}
      onClose={(ok) => {
        props.onClose?.(ok);
        setOpen(false);
      }}
    />
  );
}

// Radix registers its outside-pointer listener on the next tick after opening.
const tick = () => act(() => new Promise((r) => setTimeout(r, 20)));

async function tryToDismiss() {
  await tick();
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
  await tick();
  clickBackdrop();
  await tick();
}

describe('ConfirmationModal', () => {
  it('shows translated default labels, the accent confirm colour and the confirm panel class', () => {
    renderWithI18n(<Harness content="Delete it?" />);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveClass('dialog-panel', 'confirm');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveClass('btn--accent');
    expect(dialog).toHaveAccessibleDescription('Delete it?');
  });

  it('translates the default labels in Chinese', () => {
    renderWithI18n(<Harness content="?" />, 'zh');
    expect(screen.getByRole('button', { name: '取消' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '確認' })).toBeInTheDocument();
    renderWithI18n(<Harness content="?" />, 'cn');
    expect(screen.getByRole('button', { name: '确认' })).toBeInTheDocument();
  });

  it('cannot be closed by Escape or by clicking outside', async () => {
    const onCancel = vi.fn();
    const onClose = vi.fn();
    renderWithI18n(<Harness content="Stay?" onCancel={onCancel} onClose={onClose} />);
    await tryToDismiss();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(onCancel).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  describe('(control) the same gestures do close an ordinary dismissable modal', () => {
    function Plain() {
      const [open, setOpen] = useState(true);
      return <Modal open={open} onOpenChange={setOpen} fallbackTitle="Plain" />;
    }
    it('by Escape', async () => {
      renderWithI18n(<Plain />);
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      await tick();
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
    it('by a click outside', async () => {
      renderWithI18n(<Plain />);
      await tick();
      clickBackdrop();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
  });

  it('runs onConfirm and closes on confirm', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const onClose = vi.fn();
    renderWithI18n(<Harness content="Go?" onConfirm={onConfirm} onCancel={onCancel} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledWith(true);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('runs onCancel and closes on cancel', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithI18n(<Harness content="Go?" onConfirm={onConfirm} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('closes without callbacks when none are given', async () => {
    renderWithI18n(<Harness content="Go?" />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('shows an optional title, custom labels and colour, an extra panel class', () => {
    renderWithI18n(
      <Harness title="Leave the course?" content="x" cancelLabel="Stay" confirmLabel="Leave" confirmColor="danger" panelClass="wide" />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Leave the course?' });
    expect(dialog).toHaveClass('confirm', 'wide');
    expect(screen.getByRole('heading', { name: 'Leave the course?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stay' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave' })).toHaveClass('btn--danger');
  });

  it('has an accessible (hidden) name when no title is given', () => {
    renderWithI18n(<Harness content="x" />);
    expect(screen.getByRole('alertdialog', { name: 'Please confirm' })).toBeInTheDocument();
    // The fallback name is for screen readers only: no visible title.
    expect(document.querySelector('.dialog-title')).toBeNull();
  });

  it('keeps the line breaks of the content text', () => {
    renderWithI18n(<Harness content={'Line one\nLine two'} />);
    const text = screen.getByText(/Line one/);
    expect(text.textContent).toBe('Line one\nLine two');
    expect(text).toHaveClass('confirm-text');
  });

  it('renders custom content children and a content component with data', () => {
    renderWithI18n(
      <Harness render={(d) => <strong>Course: {(d as { name: string }).name}</strong>} data={{ name: 'Ethics 101' }}>
        <em>Custom part</em>
      </Harness>,
    );
    expect(screen.getByText('Custom part').tagName).toBe('EM');
    expect(screen.getByText('Course: Ethics 101').tagName).toBe('STRONG');
  });
});

describe('useConfirm', () => {
  function Asker({ onAnswer }: { onAnswer: (ok: boolean) => void }) {
    const { confirm, dialog } = useConfirm();
    return (
      <>
        <button onClick={async () => onAnswer(await confirm({ content: 'Sure?', confirmLabel: 'Yes' }))}>ask</button>
        {dialog}
      </>
    );
  }

  it('resolves true on confirm and false on cancel', async () => {
    const onAnswer = vi.fn();
    renderWithI18n(<Asker onAnswer={onAnswer} />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onAnswer).toHaveBeenLastCalledWith(true));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onAnswer).toHaveBeenLastCalledWith(false));
    expect(onAnswer).toHaveBeenCalledTimes(2);
  });
});
