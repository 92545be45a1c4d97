import { BULK_CSV_COLUMNS } from '@rounds/contracts/admin-users';
import { LIMITS } from '@rounds/contracts/limits';
import { describe, expect, it } from 'vitest';
import { csvProblem, csvTemplate } from './csv-template';
import { pageAfterDelete, pageCount } from './paging';
import { bulkPermissions, canTogglePermission, permissionOn } from './permissions';
import { roleChoices, rowLocked } from './row-access';
import {
  canSaveQuickLock,
  canSaveTimeout,
  defaultTimeoutError,
  frequencyInput,
  policyChanged,
  policyValid,
  quickLockError,
} from './settings-form';
import { EMPTY_USER_FORM, serverFieldError, validateUserForm } from './user-form';

describe('permission defaults (doc 2 section 4)', () => {
  it('reads sms, delSms and speechToText as on unless false; voice and video only when true', () => {
    const none = {};
    expect(permissionOn(none, 'sms')).toBe(true);
    expect(permissionOn(none, 'delSms')).toBe(true);
    expect(permissionOn(none, 'speechToText')).toBe(true);
    expect(permissionOn(none, 'voice')).toBe(false);
    expect(permissionOn(none, 'video')).toBe(false);
    expect(permissionOn({ sms: false, voice: true, video: true }, 'sms')).toBe(false);
    expect(permissionOn({ voice: true }, 'voice')).toBe(true);
    expect(permissionOn({ video: true }, 'video')).toBe(true);
  });

  it('lets only an Admin toggle message delete and speech to text', () => {
    expect(canTogglePermission('Admin', 'delSms')).toBe(true);
    expect(canTogglePermission('FacilityAdmin', 'delSms')).toBe(false);
    expect(canTogglePermission('FacilityAdmin', 'speechToText')).toBe(false);
    expect(canTogglePermission('FacilityAdmin', 'voice')).toBe(true);
    expect(bulkPermissions('FacilityAdmin')).toEqual(['voice', 'video', 'sms']);
    expect(bulkPermissions('Admin')).toEqual(['voice', 'video', 'sms', 'delSms', 'speechToText']);
  });
});

describe('rows (doc 2 section 4)', () => {
  it('offers the Admin role only to an Admin and locks Admin rows for others', () => {
    expect(roleChoices('Admin')).toContain('Admin');
    expect(roleChoices('FacilityAdmin')).toEqual(['FacilityAdmin', 'Regular']);
    expect(rowLocked('FacilityAdmin', { role: 'Admin' })).toBe(true);
    expect(rowLocked('Admin', { role: 'Admin' })).toBe(false);
    expect(rowLocked('FacilityAdmin', { role: 'Regular' })).toBe(false);
  });
});

describe('paging', () => {
  it('steps back a page when the last row of a page is deleted, never below the first', () => {
    expect(pageAfterDelete(3, 1)).toBe(2);
    expect(pageAfterDelete(3, 4)).toBe(3);
    expect(pageAfterDelete(1, 1)).toBe(1);
  });

  it('counts at least one page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
  });
});

describe('bulk CSV', () => {
  it('builds the template from the contract columns with one example row', () => {
    const [header, example, rest] = csvTemplate().split('\r\n');
    expect(header).toBe(BULK_CSV_COLUMNS.join(','));
    expect(example?.split(',')).toHaveLength(BULK_CSV_COLUMNS.length);
    expect(rest).toBe('');
  });

  it('accepts CSV only, up to the limit', () => {
    const max = LIMITS.csvMaxBytes;
    expect(csvProblem({ name: 'users.csv', type: 'text/csv', size: max }, max)).toBeUndefined();
    expect(csvProblem({ name: 'users.csv', type: 'text/csv', size: max + 1 }, max)).toBe('tooLarge');
    expect(csvProblem({ name: 'users.xlsx', type: 'application/octet-stream', size: 10 }, max)).toBe('notCsv');
    expect(csvProblem({ name: 'photo.csv', type: 'image/png', size: 10 }, max)).toBe('notCsv');
  });
});

describe('the user form', () => {
  it('checks with the server schema: names, email, phone and the four classifications', () => {
    const errors = validateUserForm({ ...EMPTY_USER_FORM, email: 'nope', sessionTimeout: '0' }, undefined);
    expect(errors).toMatchObject({
      firstName: 'Required',
      lastName: 'Required',
      email: 'invalid_email',
      phone: 'Required',
      facilityId: 'Required',
      departmentId: 'Required',
      professionId: 'Required',
      specialtyId: 'Required',
      sessionTimeout: 'auth.min_value_is_1',
    });
    expect(errors.suffixId).toBeUndefined();
  });

  it('puts a server refusal at its field', () => {
    expect(serverFieldError({ status: 400, code: 'VALIDATION_ERROR', message: 'body.email: is invalid' })).toEqual({
      email: 'is invalid',
    });
    expect(serverFieldError({ status: 409, code: 'EMAIL_TAKEN', message: 'Email already exists' })).toEqual({
      email: 'Email already exists',
    });
    expect(serverFieldError({ status: 403, code: 'FORBIDDEN', message: 'No' })).toBeUndefined();
  });
});

describe('app settings panel (doc 2 section 5)', () => {
  it('gives the spec messages for the default session timeout', () => {
    expect(defaultTimeoutError('abc')).toBe('timeout.notNumber');
    expect(defaultTimeoutError('-5')).toBe('timeout.min');
    expect(defaultTimeoutError('100001')).toBe('timeout.max');
    expect(defaultTimeoutError('100000')).toBeUndefined();
    expect(canSaveTimeout('0', 30)).toBe(false);
    expect(canSaveTimeout('', 30)).toBe(false);
    expect(canSaveTimeout('30', 30)).toBe(false);
    expect(canSaveTimeout('45', 30)).toBe(true);
  });

  it('keeps the policy frequency to three digits and submits only after a change', () => {
    expect(frequencyInput('12a34')).toBe('123');
    const saved = { lastUpdate: null, active: false, frequency: 90, period: 'day', changed: false } as const;
    expect(policyChanged({ active: false, frequency: '90', period: 'day' }, saved)).toBe(false);
    expect(policyChanged({ active: true, frequency: '90', period: 'day' }, saved)).toBe(true);
    expect(policyValid({ active: true, frequency: '', period: 'day' })).toBe(false);
  });
});

describe('the quick lock minutes (issue 26)', () => {
  it('takes whole minutes from 0 (off) to 60, saved only when changed', () => {
    for (const ok of ['0', '2', '60', '']) expect(quickLockError(ok), ok).toBeUndefined();
    for (const bad of ['61', '-1', '1.5', 'two']) expect(quickLockError(bad), bad).toBe('quickLock.range');
    expect(canSaveQuickLock('0', 2)).toBe(true);
    expect(canSaveQuickLock('2', 2)).toBe(false);
    expect(canSaveQuickLock('', 2)).toBe(false);
    expect(canSaveQuickLock('99', 2)).toBe(false);
  });
});
