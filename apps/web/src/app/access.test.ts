import { chatPath, matchesRoute, ROUTES } from '@rounds/contracts/routes';
import { describe, expect, it } from 'vitest';
import { adminRule, adminSectionFromPath, decideAccess, returnPath, ruleFor, type TSessionSnapshot } from './access';

const signedOut: TSessionSnapshot = { token: null, role: null };
const regular: TSessionSnapshot = { token: 't', role: 'Regular' };
const facilityAdmin: TSessionSnapshot = { token: 't', role: 'FacilityAdmin' };
const admin: TSessionSnapshot = { token: 't', role: 'Admin' };

const at = (pathname: string, search = '') => ({ pathname, search });

describe('decideAccess', () => {
  it('renders public pages for everyone', () => {
    for (const path of [ROUTES.forgotPassword, ROUTES.aboutUs, ROUTES.eula, ROUTES.information, ROUTES.notFound]) {
      expect(decideAccess(ruleFor(path), signedOut, at(path))).toEqual({ kind: 'render' });
      expect(decideAccess(ruleFor(path), regular, at(path))).toEqual({ kind: 'render' });
    }
  });

  it('sends a signed-out user to login, remembering the origin and keeping the query string', () => {
    expect(decideAccess(ruleFor(ROUTES.contacts), signedOut, at('/contacts', '?rs=abc'))).toEqual({
      kind: 'login',
      from: '/contacts?rs=abc',
      search: '?rs=abc',
    });
  });

  it('lets all three roles into the signed-in pages', () => {
    for (const path of [ROUTES.recent, ROUTES.contacts, ROUTES.group, ROUTES.settings]) {
      for (const session of [regular, facilityAdmin, admin]) {
        expect(decideAccess(ruleFor(path), session, at(path))).toEqual({ kind: 'render' });
      }
    }
  });

  it('sends a signed-in user away from login and register, keeping the query string', () => {
    expect(decideAccess(ruleFor(ROUTES.login), regular, at('/login', '?x=1'))).toEqual({
      kind: 'home',
      search: '?x=1',
    });
    expect(decideAccess(ruleFor(ROUTES.register), admin, at('/register'))).toEqual({ kind: 'home', search: '' });
    expect(decideAccess(ruleFor(ROUTES.login), signedOut, at('/login'))).toEqual({ kind: 'render' });
  });

  it('renders nothing while a stored session is being checked', () => {
    expect(decideAccess(ruleFor(ROUTES.recent), { ...signedOut, restoring: true }, at('/'))).toEqual({ kind: 'wait' });
    expect(decideAccess(ruleFor(ROUTES.login), { ...signedOut, restoring: true }, at('/login'))).toEqual({
      kind: 'wait',
    });
    expect(decideAccess(ruleFor(ROUTES.eula), { ...signedOut, restoring: true }, at('/eula'))).toEqual({
      kind: 'render',
    });
  });

  it('sends a signed-in user without the role to recent', () => {
    expect(decideAccess(adminRule('/admin'), regular, at('/admin', '?q=1'))).toEqual({ kind: 'home', search: '?q=1' });
  });
});

describe('admin sections (spec doc 2 section 2)', () => {
  const allowed = (pathname: string, session: TSessionSnapshot) =>
    decideAccess(adminRule(pathname), session, at(pathname)).kind === 'render';

  it('defaults to users, which both admin kinds may open', () => {
    expect(adminSectionFromPath('/admin')).toEqual({ section: 'users', id: undefined });
    expect(adminSectionFromPath('/admin/')).toEqual({ section: 'users', id: undefined });
    expect(allowed('/admin', facilityAdmin)).toBe(true);
    expect(allowed('/admin', admin)).toBe(true);
  });

  it('reads the section and the item id from the path', () => {
    expect(adminSectionFromPath('/admin/facilities/new')).toEqual({ section: 'facilities', id: 'new' });
    expect(adminSectionFromPath('/admin/users/0123456789abcdef01234567')).toEqual({
      section: 'users',
      id: '0123456789abcdef01234567',
    });
  });

  it.each(['users', 'facilities', 'user-logs', 'banner'])('%s: Admin and FacilityAdmin', (section) => {
    expect(allowed(`/admin/${section}`, admin)).toBe(true);
    expect(allowed(`/admin/${section}`, facilityAdmin)).toBe(true);
    expect(allowed(`/admin/${section}`, regular)).toBe(false);
  });

  it.each(['departments', 'roles', 'specialties', 'suffixes', 'logos', 'about'])('%s: Admin only', (section) => {
    expect(allowed(`/admin/${section}`, admin)).toBe(true);
    expect(allowed(`/admin/${section}/new`, admin)).toBe(true);
    expect(allowed(`/admin/${section}`, facilityAdmin)).toBe(false);
    expect(allowed(`/admin/${section}`, regular)).toBe(false);
  });

  it('applies the item page the same roles as its section', () => {
    expect(allowed('/admin/facilities/abc', facilityAdmin)).toBe(true);
    expect(allowed('/admin/departments/abc', facilityAdmin)).toBe(false);
  });

  it('sends a signed-out user to login from any admin path', () => {
    expect(decideAccess(adminRule('/admin/logos'), signedOut, at('/admin/logos', '?a=b'))).toEqual({
      kind: 'login',
      from: '/admin/logos?a=b',
      search: '?a=b',
    });
  });
});

describe('returnPath', () => {
  it('returns to the remembered origin', () => {
    expect(returnPath({ from: '/contacts?rs=abc' })).toBe('/contacts?rs=abc');
  });

  it('goes to recent without a usable origin', () => {
    expect(returnPath(null)).toBe('/');
    expect(returnPath(undefined)).toBe('/');
    expect(returnPath({ from: 42 })).toBe('/');
    expect(returnPath({ from: 'https://evil.example' })).toBe('/');
    expect(returnPath({ from: '//evil.example/x' })).toBe('/');
    expect(returnPath({ from: '/login?x=1' })).toBe('/');
  });
});

describe('ruleFor', () => {
  it('refuses a path that is not in the route table', () => {
    expect(() => ruleFor('/nowhere')).toThrow(/ROUTE_ACCESS/);
  });
});

describe('a conversation address', () => {
  it('is /chat/<twId>, guarded for every signed-in role, and matches only one segment', () => {
    const path = chatPath('0123456789abcdef01234567');
    expect(path).toBe('/chat/0123456789abcdef01234567');
    expect(matchesRoute(ROUTES.chat, path)).toBe(true);
    for (const other of ['/chat', '/chat/', '/chat/a/b', '/', '/contacts'])
      expect(matchesRoute(ROUTES.chat, other)).toBe(false);
    expect(decideAccess(ruleFor(ROUTES.chat), signedOut, at(path, '?rs=1'))).toEqual({
      kind: 'login',
      from: `${path}?rs=1`,
      search: '?rs=1',
    });
    expect(decideAccess(ruleFor(ROUTES.chat), regular, at(path))).toEqual({ kind: 'render' });
  });
});
