import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../api/http';
import { failureMessage } from '../machines/shared/submission-error';
import { toSubmissionError } from './submission';

describe('submit failures shown to the user', () => {
  it("carry an API error's (translated) message", () => {
    const error = new ApiRequestError(400, { status_code: 400, message: '代理人編號或密碼不正確。' }, '代理人編號或密碼不正確。');
    expect(failureMessage(toSubmissionError(error))).toBe('代理人編號或密碼不正確。');
  });

  it('hide the text of anything else', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(failureMessage(toSubmissionError(new TypeError('x is undefined')))).toBeNull();
    vi.restoreAllMocks();
  });
});
