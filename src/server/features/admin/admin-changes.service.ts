import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { AdminPage } from '../../../shared/admin.schemas.ts';
import { categoryLabel } from '../../../shared/categories.ts';
import {
  type IdentityChanges,
  type IdentityField,
  identityFields,
  type PendingChangeDecision,
  type PendingChangeItem,
  type RecentChangeItem,
} from '../../../shared/vendor-changes.schemas.ts';
import type { ReviewQueueQuery } from '../../../shared/vendor-review.schemas.ts';
import type { Db } from '../../db/client.ts';
import { vendorProfileChanges, vendorProfiles } from '../../db/schema/vendors.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MailOutboxPayload } from '../outbox/outbox.service.ts';
import { enqueueMail } from '../outbox/outbox.service.ts';
import { identityColumnOf } from '../vendor-account/vendor-profile.service.ts';

// Edits of approved vendors (decision 055): a change of identity waits on the vendor row until an
// admin approves it (its fields are then copied to the public columns) or rejects it with a reason;
// descriptive edits published at once are listed newest first.

const hasPending = isNotNull(vendorProfiles.pendingChangesAt);

/** GET /api/admin/vendors/pending-changes: the changes waiting, oldest first. */
export async function listPendingChanges(
  db: Db,
  query: ReviewQueueQuery,
): Promise<AdminPage<PendingChangeItem>> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(vendorProfiles)
      .where(hasPending)
      .orderBy(asc(vendorProfiles.pendingChangesAt), asc(vendorProfiles.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(vendorProfiles).where(hasPending),
  ]);
  return {
    items: rows.map((row) => {
      const proposed = row.pendingChanges ?? {};
      const current: IdentityChanges = {};
      for (const field of Object.keys(proposed) as IdentityField[])
        current[field] = (row[identityColumnOf[field]] as string | null) ?? '';
      return {
        vendor_profile_id: row.id,
        slug: row.slug,
        business_name: row.businessName,
        current,
        proposed,
        submitted_at: row.pendingChangesAt!.toISOString(),
      };
    }),
    total: counted?.total ?? 0,
  };
}

/** GET /api/admin/vendors/recent-changes: descriptive edits of approved vendors, newest first. */
export async function listRecentChanges(
  db: Db,
  query: ReviewQueueQuery,
): Promise<AdminPage<RecentChangeItem>> {
  const published = eq(vendorProfileChanges.kind, 'published');
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: vendorProfileChanges.id,
        vendor_profile_id: vendorProfileChanges.vendorProfileId,
        slug: vendorProfiles.slug,
        business_name: vendorProfiles.businessName,
        changes: vendorProfileChanges.changes,
        created_at: vendorProfileChanges.createdAt,
      })
      .from(vendorProfileChanges)
      .innerJoin(vendorProfiles, eq(vendorProfiles.id, vendorProfileChanges.vendorProfileId))
      .where(published)
      .orderBy(desc(vendorProfileChanges.createdAt), desc(vendorProfileChanges.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(vendorProfileChanges).where(published),
  ]);
  return {
    items: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
    total: counted?.total ?? 0,
  };
}

export interface DecidePendingChangeOptions {
  id: string;
  input: PendingChangeDecision;
  now: Date;
  appUrl: string;
}

/**
 * POST /api/admin/vendors/:id/pending-change. One conditional UPDATE on the pending change the
 * request read (its last edit's time): an approval copies exactly those fields to the public
 * columns — a descriptive edit made meanwhile stays — and a change the vendor edited meanwhile, or
 * another admin decided first, is 409 and changes nothing.
 */
export async function decidePendingChange(
  db: Db,
  { id, input, now, appUrl }: DecidePendingChangeOptions,
): Promise<{ id: string; decision: PendingChangeDecision['decision']; fields: IdentityChanges }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(vendorProfiles).where(eq(vendorProfiles.id, id));
    if (!current) throw new AppError('not_found', 'Vendor not found.').because('vendor_not_found');
    const fields = current.pendingChanges;
    if (!fields || !current.pendingChangesAt)
      throw new AppError('conflict', 'This vendor has no change waiting for review.').because(
        'no_change_waiting',
      );

    const approve = input.decision === 'approve';
    const applied: Partial<typeof vendorProfiles.$inferInsert> = {};
    if (approve)
      for (const field of identityFields)
        if (fields[field] !== undefined)
          (applied as Record<string, unknown>)[identityColumnOf[field]] = fields[field];
    // An approved phone replaces one the repair could not read (db/phone-repair.ts).
    if (applied.businessPhone !== undefined) applied.businessPhoneUnreadable = null;
    const [row] = await tx
      .update(vendorProfiles)
      .set({ ...applied, pendingChanges: null, pendingChangesAt: null, updatedAt: now })
      .where(
        and(
          eq(vendorProfiles.id, id),
          eq(vendorProfiles.pendingChangesAt, current.pendingChangesAt),
          sql`${vendorProfiles.pendingChanges} = ${JSON.stringify(fields)}::jsonb`,
        ),
      )
      .returning({ id: vendorProfiles.id });
    if (!row)
      throw new AppError(
        'conflict',
        'The vendor changed this request or another admin decided first. Reload.',
      ).because('change_decided_by_other');
    const message = approve ? null : (input.message ?? null);
    await tx.insert(vendorProfileChanges).values({
      vendorProfileId: id,
      kind: approve ? 'approved' : 'rejected',
      changes: fields,
      message,
      createdAt: now,
    });
    // Told at the address it had when it asked: a new address is not proven until approved.
    if (current.businessEmail)
      await enqueueMail(
        tx,
        pendingChangeMail(current.businessEmail, {
          businessName: current.businessName,
          fields,
          message,
          dashboardUrl: `${appUrl}/vendor/dashboard`,
        }),
      );
    return { id, decision: input.decision, fields };
  });
}

const fieldNames: Record<IdentityField, string> = {
  business_name: 'Nombre del negocio',
  service_category: 'Categoría',
  business_phone: 'Teléfono',
  business_email: 'Correo',
  address: 'Dirección',
};

/** The vendor's mail, in Spanish like every message to vendors (ARCHITECTURE §8). */
function pendingChangeMail(
  to: string,
  facts: { businessName: string; fields: IdentityChanges; message: string | null; dashboardUrl: string },
): MailOutboxPayload {
  const lines = (Object.keys(facts.fields) as IdentityField[]).map((field) => {
    const value = facts.fields[field] ?? '';
    return `- ${fieldNames[field]}: ${field === 'service_category' ? categoryLabel(value, 'es-MX') : value}`;
  });
  if (facts.message === null)
    return {
      to,
      subject: `Aprobamos el cambio de tu perfil de ${facts.businessName} en Barrio`,
      text: [
        'Hola:',
        '',
        'Revisamos el cambio que pediste y ya está publicado:',
        '',
        ...lines,
        '',
        `Tu panel: ${facts.dashboardUrl}`,
        '',
        'Barrio',
      ].join('\n'),
    };
  return {
    to,
    subject: `No aprobamos el cambio de tu perfil de ${facts.businessName} en Barrio`,
    text: [
      'Hola:',
      '',
      'Revisamos el cambio que pediste y no podemos publicarlo:',
      '',
      ...lines,
      '',
      `Motivo: ${facts.message}`,
      '',
      `Tu perfil sigue mostrando los datos anteriores. Tu panel: ${facts.dashboardUrl}`,
      '',
      'Barrio',
    ].join('\n'),
  };
}
