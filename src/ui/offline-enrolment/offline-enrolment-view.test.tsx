import { composeStories } from '@storybook/react-vite';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fn } from 'storybook/test';
import { afterEach, describe, expect, it } from 'vitest';
import { clickBackdrop } from '../testing/render';
import { renderWithI18n } from '../testing/render-with-i18n';
import * as stories from './offline-enrolment-view.stories';

// Every story of the enrolment (issue 14) renders in each language with no text left untranslated,
// and shows what its state is about.

const all = Object.entries(composeStories(stories));
afterEach(cleanup);

describe('the offline enrolment view', () => {
  it.each(['en', 'zh', 'cn'] as const)('renders every state in %s with every text translated', (lang) => {
    for (const [, Story] of all) {
      const { container, unmount } = renderWithI18n(<Story />, lang);
      expect(document.body.textContent).not.toMatch(/offline:|common:/);
      expect(container.textContent).not.toBe('');
      unmount();
    }
  });

  it('names every SPEC §3 display field of the course', () => {
    const { Browsing } = composeStories(stories);
    renderWithI18n(<Browsing />);
    const fields = within(screen.getByTestId('offline-fields'));
    for (const label of ['Venue', 'Fee', 'Initiator', 'Remaining quota', 'Application date', 'Enrolment deadline', 'Remarks', 'Enquiry email', 'Duration']) {
      expect(fields.getByText(label)).toBeInTheDocument();
    }
    expect(fields.getByText('HKD 150')).toBeInTheDocument();
    expect(fields.getByText('12 of 30 places left')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sessions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Product Brochure.jpeg' })).toHaveAttribute('href', '/courses/material/12');
  });

  it('shows the waiting position, the checked-out attendance and its CPD time', () => {
    const { WaitingWithPosition, CheckedOut } = composeStories(stories);
    renderWithI18n(<WaitingWithPosition />, 'zh');
    expect(screen.getByTestId('offline-phase')).toHaveTextContent('在候補名單上，排第 2 位。');
    cleanup();
    renderWithI18n(<CheckedOut />);
    expect(screen.getByTestId('offline-attended')).toHaveTextContent('Attendance: 90 minutes');
    expect(screen.getByTestId('offline-cpd')).toHaveTextContent('CPD time credited: 90 minutes');
    expect(screen.queryByTestId('check-code')).toBeNull();
  });

  // Issue 43 item 17: the cancel-enrolment confirmation closes only through its two buttons.
  it('keeps the cancel-enrolment confirmation open on Escape and on a click outside', async () => {
    const { ConfirmingCancel } = composeStories(stories);
    const onDismissCancel = fn();
    const onConfirmCancel = fn();
    renderWithI18n(<ConfirmingCancel onDismissCancel={onDismissCancel} onConfirmCancel={onConfirmCancel} />);
    const dialog = await screen.findByRole('alertdialog');
    // Radix registers its outside-pointer listener on the next tick after opening.
    await act(() => new Promise((r) => setTimeout(r, 20)));
    clickBackdrop();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(onDismissCancel).not.toHaveBeenCalled();
    expect(dialog).toBeInTheDocument();
    await userEvent.click(within(dialog).getByTestId('offline-cancel-confirm'));
    expect(onConfirmCancel).toHaveBeenCalledTimes(1);
  });
});

