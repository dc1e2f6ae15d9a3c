import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { sendContacts } from './use-contacts.ts';

interface Sent {
  contacts: { name: string | null; phones: string[]; emails: string[] }[];
}

function stubServer(answer: (body: Sent, call: number) => Response) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), 'http://app.test'), init);
      expect(new URL(request.url).pathname).toBe('/api/me/contacts');
      expect(request.method).toBe('POST');
      const body = (await request.json()) as Sent;
      sent.push(body);
      return answer(body, sent.length);
    }),
  );
  return sent;
}

const ok = (body: Sent) =>
  Response.json({
    message: 'done',
    contacts: body.contacts.length,
    phones: body.contacts.length,
    emails: 0,
    recommendations: 1,
  });

afterEach(() => vi.unstubAllGlobals());

describe('sendContacts', () => {
  it('sends a long address book in calls of 5,000 contacts and 2,000 values, adding up the counts', async () => {
    const sent = stubServer(ok);
    // 1,999 values, then one contact of 2 that would make 2,001: it starts the next call.
    const contacts = [
      ...Array.from({ length: 1999 }, (_, i) => ({ name: `C${i}`, phones: [`55${i}`], emails: [] })),
      { name: 'Two', phones: ['5599'], emails: ['two@example.test'] },
      ...Array.from({ length: 3000 }, (_, i) => ({ name: `D${i}`, phones: [`56${i}`], emails: [] })),
      // Contacts without values count towards the 5,000 only.
      ...Array.from({ length: 6000 }, (_, i) => ({ name: `E${i}`, phones: [], emails: [] })),
    ];
    const result = await sendContacts(contacts);
    expect(sent.map((b) => b.contacts.length)).toEqual([1999, 1999, 5000, 2002]);
    expect(sent[1]!.contacts[0]).toEqual({ name: 'Two', phones: ['5599'], emails: ['two@example.test'] });
    expect(sent[3]!.contacts.at(-1)).toEqual({ name: 'E5999', phones: [], emails: [] });
    expect(result).toEqual({
      message: 'done',
      contacts: 11_000,
      phones: 11_000,
      emails: 0,
      recommendations: 4,
    });
    // No userId is ever sent: the server takes the user from the session.
    expect(Object.keys(sent[0]!)).toEqual(['contacts']);
  });

  it('fits each contact into the API limits', async () => {
    const sent = stubServer(ok);
    await sendContacts([
      {
        name: 'x'.repeat(600),
        phones: [' 55 1234 5678 ', '', ...Array.from({ length: 30 }, (_, i) => `55000000${i}`)],
        emails: ['a'.repeat(400), ' ana@example.test '],
      },
      { phones: ['5512345678'] },
    ]);
    const [first, second] = sent[0]!.contacts;
    expect(first!.name).toHaveLength(500);
    expect(first!.phones).toHaveLength(20);
    expect(first!.phones[0]).toBe('55 1234 5678');
    expect(first!.emails).toEqual(['ana@example.test']);
    expect(second).toEqual({ name: null, phones: ['5512345678'], emails: [] });
  });

  it('stops at the first failed call with the server’s error', async () => {
    const sent = stubServer((_body, call) =>
      call === 1
        ? Response.json(
            { error: { code: 'unauthorized', message: 'Please sign in first.' } },
            { status: 401 },
          )
        : Response.json({}),
    );
    const error = await sendContacts(Array.from({ length: 6000 }, () => ({ phones: ['5512345678'] }))).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(sent).toHaveLength(1);
  });
});
