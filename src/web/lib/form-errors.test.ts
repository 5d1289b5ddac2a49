// How a refused form's server answer reaches its fields: only the fields the form shows, in the
// form's order, the focus on the first one when asked, the screen's own messages first.
import { describe, expect, it, vi } from 'vitest';

// api.js loads session.js, which listens to `storage` events on window when it loads.
vi.hoisted(() => {
  vi.stubGlobal('window', { addEventListener: () => undefined });
});

import { text } from '../../contract/messages.js';
import { ApiError } from './api.js';
import { applyServerErrors, errorMessage, failureMessage, serverFieldError } from './form-errors.js';

const refused = new ApiError('Please check the form.', 400, { email: 'Email is taken', phone: 'Phone is invalid' });

describe('applyServerErrors', () => {
  it('sets the message of each field the form shows and says it did', () => {
    const setError = vi.fn();
    expect(applyServerErrors(refused, setError, ['name', 'phone', 'email'])).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['phone', { message: 'Phone is invalid' }, undefined],
      ['email', { message: 'Email is taken' }, undefined],
    ]);
  });

  it('focuses the first refused field only, when asked', () => {
    const setError = vi.fn();
    applyServerErrors(refused, setError, ['email', 'phone'], { focus: true });
    expect(setError.mock.calls.map((call) => call[2])).toEqual([{ shouldFocus: true }, { shouldFocus: false }]);
  });

  it("puts the screen's own message before the server's", () => {
    const setError = vi.fn();
    applyServerErrors(refused, setError, ['phone', 'time'], { extra: { time: 'Taken meanwhile', phone: undefined } });
    expect(setError.mock.calls).toEqual([
      ['phone', { message: 'Phone is invalid' }, undefined],
      ['time', { message: 'Taken meanwhile' }, undefined],
    ]);
  });

  it('leaves the fields alone and says so when the failure names none of them', () => {
    const setError = vi.fn();
    expect(applyServerErrors(new ApiError('Offline', 0), setError, ['email'])).toBe(false);
    expect(applyServerErrors(new Error('boom'), setError, ['email'])).toBe(false);
    expect(applyServerErrors(refused, setError, ['name'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('the words for a failure', () => {
  it("are the error's own, else the generic ones", () => {
    expect(errorMessage(refused)).toBe('Please check the form.');
    expect(errorMessage('nope')).toBe(text.genericError);
  });

  it("fall back to the screen's words for anything but a server message", () => {
    expect(failureMessage(refused, 'Could not send')).toBe('Please check the form.');
    expect(failureMessage(new ApiError(text.genericError, 500), 'Could not send')).toBe('Could not send');
    expect(failureMessage(new Error('boom'), 'Could not send')).toBe('Could not send');
  });

  it('name one field when the server did', () => {
    expect(serverFieldError(refused, 'email')).toBe('Email is taken');
    expect(serverFieldError(refused, 'name')).toBeUndefined();
    expect(serverFieldError(new Error('boom'), 'email')).toBeUndefined();
  });
});
