import { describe, expect, it } from 'vitest';
import {
  appointmentIdOfManageToken,
  manageLinkOf,
  manageLinkOpen,
  managePath,
  manageToken,
} from './manage-links.ts';

const ID = '7d1f8a52-3c1e-4b0e-9a55-0a1b2c3d4e5f';

describe('the booking page token (decision 044)', () => {
  it('opens the booking it was made for, under the same secret only', () => {
    const token = manageToken('secret-a', ID);
    expect(token).toMatch(/^[A-Za-z0-9_-]{54}$/);
    expect(appointmentIdOfManageToken('secret-a', token)).toBe(ID);
    expect(appointmentIdOfManageToken('secret-b', token)).toBeUndefined();
  });

  it('refuses a token with any character changed, cut short or made up', () => {
    const token = manageToken('secret-a', ID);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(appointmentIdOfManageToken('secret-a', `${token.slice(0, -1)}${last}`)).toBeUndefined();
    const first = token[0] === 'A' ? 'B' : 'A';
    expect(appointmentIdOfManageToken('secret-a', `${first}${token.slice(1)}`)).toBeUndefined();
    expect(appointmentIdOfManageToken('secret-a', token.slice(0, 40))).toBeUndefined();
    expect(appointmentIdOfManageToken('secret-a', 'x'.repeat(54))).toBeUndefined();
    expect(appointmentIdOfManageToken('secret-a', `${token}=`)).toBeUndefined();
    // 40 bytes in 54 characters leave the last one 4 spare bits: a second spelling is refused too.
    const spare = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = spare[spare.indexOf(token.at(-1)!) ^ 1]!;
    expect(appointmentIdOfManageToken('secret-a', `${token.slice(0, -1)}${twin}`)).toBeUndefined();
  });

  it('is a different token for every booking', () => {
    const other = '7d1f8a52-3c1e-4b0e-9a55-0a1b2c3d4e60';
    expect(manageToken('secret-a', ID)).not.toBe(manageToken('secret-a', other));
  });

  it('opens until 30 days after the appointment’s end', () => {
    const end = new Date('2026-12-01T18:00:00Z');
    expect(manageLinkOpen(end, new Date('2026-12-31T18:00:00Z'))).toBe(true);
    expect(manageLinkOpen(end, new Date('2026-12-31T18:00:01Z'))).toBe(false);
  });

  it('makes the page’s path and full address', () => {
    const path = managePath('secret-a', { id: ID, code: 'ABC234' });
    expect(path).toBe(`/booking/ABC234?token=${manageToken('secret-a', ID)}`);
    expect(
      manageLinkOf({ appUrl: 'https://barrio.mx', secret: 'secret-a' })({ id: ID, code: 'ABC234' }),
    ).toBe(`https://barrio.mx${path}`);
  });
});
