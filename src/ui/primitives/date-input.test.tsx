import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../testing/render-with-i18n';
import { FormDateInput } from './date-input';

// Issue 43 item 25: a date field shows the interface language's order, whatever the browser's locale.
describe('the date field', () => {
  it('shows and reads dd/mm/yyyy in English; its value stays yyyy-mm-dd', async () => {
    const onValueChange = vi.fn();
    renderWithI18n(<FormDateInput aria-label="From" defaultValue="2026-08-01" onValueChange={onValueChange} />);
    const field = screen.getByRole('textbox', { name: 'From' });
    expect(field).toHaveValue('01/08/2026');
    expect(field).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await userEvent.clear(field);
    await userEvent.type(field, '15/09/2026');
    expect(onValueChange).toHaveBeenLastCalledWith('2026-09-15');
    await userEvent.clear(field);
    await userEvent.type(field, '31/02/2026');
    expect(onValueChange).toHaveBeenLastCalledWith('31/02/2026');
  });

  it('shows yyyy/mm/dd in Traditional and Simplified Chinese', () => {
    renderWithI18n(<FormDateInput aria-label="從" defaultValue="2026-12-01" onValueChange={() => {}} />, 'zh');
    expect(screen.getByRole('textbox', { name: '從' })).toHaveValue('2026/12/01');
    renderWithI18n(<FormDateInput aria-label="从" defaultValue="2026-12-01" onValueChange={() => {}} />, 'cn');
    expect(screen.getByRole('textbox', { name: '从' })).toHaveValue('2026/12/01');
  });
});
