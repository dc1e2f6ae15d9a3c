import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.ts';

// The benchmarks' reviews (Browse Vendors must lose at most 10% with 100,000 vendors and
// 1,000,000 reviews). A bench-only step after the demo seed, never part of it: the demo seed writes its
// reviews through the product's rules, and `SEED_VENDORS=100000 npm start` has a 2-minute budget.
// Here everything is made by a few set-based statements (generate_series), as a marketplace would
// have it after two years: each review on its own past paid booking, a vendor's bookings apart from
// one another (the exclusion constraint holds active bookings, and `paid` is one), the counts
// uneven — about a third of the approved vendors with none, most with a handful, a few with
// thousands — and each reviewed vendor's aggregates (rating_count, rating_sum) set from its
// published reviews in the same transaction. Deterministic but for the rows' uuids: the numbers
// come from md5 of each row's position, not from random().

/** Marks a directory that has the bench reviews: written last, in the same transaction. */
const MARKER_EMAIL = 'bench-reviewer-0@bench.example';
const CUSTOMERS = 50_000;
/** Vendors are planned in this many batches (one insert statement each), to keep each statement's memory flat. */
const BATCHES = 10;

export interface BenchReviewsOptions {
  reviews: number;
  now?: Date;
  log?: (line: string) => void;
}

/**
 * VACUUM ANALYZE of the tables the reviews change. Also run on a directory before its copy without
 * reviews is taken (bench/reviews.ts), so that both are as vacuumed: a VACUUM merges the GIN
 * indexes' pending lists and sets the visibility map, which the lists' statements feel.
 */
export async function vacuumAnalyze(db: Db) {
  for (const table of ['vendor_profiles', 'appointments', 'reviews', 'customers']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}

/** Whether the bench reviews were added to this database. */
export async function hasBenchReviews(db: Db): Promise<boolean> {
  const result = await db.execute(
    sql`select exists (select 1 from customers where email = ${MARKER_EMAIL}) as has`,
  );
  return Boolean((result as unknown as { rows: { has: boolean }[] }).rows[0]?.has);
}

const firstNames = [
  'María',
  'José',
  'Guadalupe',
  'Juan',
  'Fernanda',
  'Luis',
  'Alejandra',
  'Carlos',
  'Daniela',
  'Miguel',
  'Sofía',
  'Jorge',
  'Valeria',
  'Ricardo',
  'Gabriela',
  'Eduardo',
  'Paola',
  'Héctor',
  'Regina',
  'Andrés',
  'Ximena',
  'Raúl',
  'Mónica',
  'Iván',
  'Adriana',
  'Óscar',
  'Natalia',
  'Emilio',
  'Renata',
  'Santiago',
];
const surnames = [
  'Hernández',
  'García',
  'Martínez',
  'López',
  'González',
  'Rodríguez',
  'Pérez',
  'Sánchez',
  'Ramírez',
  'Cruz',
  'Flores',
  'Gómez',
  'Morales',
  'Vázquez',
  'Jiménez',
  'Reyes',
  'Díaz',
  'Torres',
  'Gutiérrez',
  'Ruiz',
  'Mendoza',
  'Aguilar',
  'Ortiz',
  'Castillo',
  'Romero',
  'Álvarez',
  'Chávez',
  'Rivera',
  'Juárez',
  'Domínguez',
];
// What customers write, best to worst: a review's comment is picked from its rating's row.
const comments: Record<number, string[]> = {
  5: [
    'Excelente servicio, muy puntual y amable.',
    'Todo quedó perfecto, lo recomiendo mucho.',
    'Muy profesional, volveré a contratar.',
    'Llegó a tiempo y el trabajo fue impecable.',
    'Great service, on time and very friendly.',
  ],
  4: [
    'Buen trabajo, llegó un poco tarde.',
    'Muy bien en general, el precio es justo.',
    'Good job overall, would book again.',
  ],
  3: ['Cumplió, aunque esperaba un poco más.', 'El servicio estuvo bien, la comunicación podría mejorar.'],
  2: ['Llegó tarde y no terminó todo lo acordado.', 'Not what I expected for the price.'],
  1: ['No se presentó a la hora acordada.', 'Muy mala experiencia, no lo recomiendo.'],
};

/** A literal text[] of known, quote-free strings (the lists above), for set-based SQL. */
function textArray(values: readonly string[]) {
  for (const value of values) if (value.includes("'")) throw new Error(`no quotes: ${value}`);
  return sql.raw(`array[${values.map((v) => `'${v}'`).join(', ')}]::text[]`);
}

/** A comment of a review of `rating` stars, picked by `u` in [0, 1). */
function commentFor(rating: SQL, u: SQL) {
  const cases = [5, 4, 3, 2, 1].map((stars) => {
    const list = comments[stars]!;
    return sql`when ${sql.raw(String(stars))} then (${textArray(list)})[1 + floor(${u} * ${sql.raw(String(list.length))})::int]`;
  });
  return sql`case ${rating} ${sql.join(cases, sql` `)} end`;
}

/** A number in [0, 1) from md5 of `key`: the same on every engine and every run. */
const uniform = (key: SQL) => sql`(('x' || substr(md5(${key}), 1, 8))::bit(32)::bigint / 4294967296.0)`;

/**
 * Adds `reviews` reviews, their paid bookings and 50,000 reviewing customers to a seeded
 * directory, sets the reviewed vendors' aggregates, then VACUUM ANALYZE (PGlite has no autovacuum:
 * the aggregates' update leaves a dead row and new index entries for each reviewed vendor). Does
 * nothing when they are already there (or `reviews` is 0); returns whether it added them.
 */
export async function seedBenchReviews(
  db: Db,
  { reviews, now = new Date(), log = () => {} }: BenchReviewsOptions,
) {
  if (reviews <= 0 || (await hasBenchReviews(db))) return false;
  const at = sql`${now.toISOString()}::timestamptz`;
  const started = performance.now();
  const lap = (what: string) => log(`  ${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await db.transaction(async (tx) => {
    // The reviewing customers, marker last (see MARKER_EMAIL).
    await tx.execute(sql`
      insert into customers (name, email, created_at)
      select (${textArray(firstNames)})[1 + g % ${firstNames.length}] || ' ' || (${textArray(surnames)})[1 + (g / ${firstNames.length}) % ${surnames.length}],
             'bench-reviewer-' || g || '@bench.example', ${at} - interval '800 days'
      from generate_series(${CUSTOMERS - 1}, 0, -1) g`);
    await tx.execute(sql`
      create temp table bench_customers on commit drop as
      select split_part(split_part(email, '@', 1), '-', 3)::int as k, id, name, email from customers
      where email like 'bench-reviewer-%@bench.example'`);
    await tx.execute(sql`create index on bench_customers (k)`);
    lap('customers');

    // The plan: which approved vendors (with a service, and no booking the new ones could collide
    // with) get how many reviews. A third none; the rest a log-normal share (σ 1.8: half of them
    // under about four reviews, one in a thousand over a thousand), scaled to exactly `reviews` by
    // cumulative integer shares.
    await tx.execute(sql`
      create temp table bench_review_plan on commit drop as
      with candidates as (
        select vp.id, row_number() over (order by vp.created_at, vp.id) as rn, s.id as service_id,
               s.price_cents, s.duration_minutes
        from vendor_profiles vp
        cross join lateral (
          select id, price_cents, duration_minutes from services
          where vendor_profile_id = vp.id and is_active order by created_at, id limit 1
        ) s
        where vp.application_status = 'approved'
          and not exists (select 1 from appointments a where a.vendor_profile_id = vp.id)
      ),
      weighted as (
        select *, case when ${uniform(sql`'none' || rn`)} < 0.33 then 0::bigint
                  else round(1000 * exp(1.8 * sqrt(-2 * ln(1 - ${uniform(sql`'share' || rn`)}))
                                     * cos(2 * pi() * ${uniform(sql`'angle' || rn`)})))::bigint end as weight
        from candidates
      ),
      shared as (
        select *, (sum(weight) over (order by rn))::bigint as upto, (sum(weight) over ())::bigint as total from weighted
      )
      select id, rn, service_id, price_cents, duration_minutes,
             (upto * ${reviews} / total - (upto - weight) * ${reviews} / total)::int as n,
             -- The vendor's quality (ratings lean on it) and its usual answer time in minutes.
             ${uniform(sql`'quality' || rn`)} as quality,
             (5 + power(${uniform(sql`'answer' || rn`)}, 2) * 1200)::int as answer_minutes
      from shared`);
    await tx.execute(sql`delete from bench_review_plan where n = 0`);
    // Each vendor's booking numbers: where its rows start in the one sequence the codes come from.
    await tx.execute(sql`
      create temp table bench_review_vendors on commit drop as
      select *, sum(n + n / 20) over (order by rn) - (n + n / 20) as first_seq,
             ntile(${BATCHES}) over (order by rn) as batch,
             -- Its bookings lie apart, newest yesterday: one a week at first, then closer, at most
             -- two years back; never closer than the service's length and half an hour.
             greatest(duration_minutes + 30, least(7 * 1440, 730 * 1440 / n)) as step_minutes
      from bench_review_plan`);
    const [planned] = (
      (await tx.execute(sql`select count(*)::int as vendors, sum(n)::int as reviews, max(n)::int as most,
        percentile_disc(0.5) within group (order by n) as median from bench_review_vendors`)) as unknown as {
        rows: { vendors: number; reviews: number; most: number; median: number }[];
      }
    ).rows;
    lap(
      `plan: ${planned?.reviews} reviews over ${planned?.vendors} vendors (median ${planned?.median}, most ${planned?.most})`,
    );

    // Per batch: the paid bookings and, from what the insert returns, their reviews; then a
    // cancelled booking for every twentieth (a completion rate below 100%).
    for (let batch = 1; batch <= BATCHES; batch++) {
      await tx.execute(sql`
        with booked as (
          insert into appointments (status, vendor_profile_id, service_id, customer_id, start_tz, end_tz,
            buffer_minutes, amount_mxn, customer_name, customer_email, code, created_at, updated_at,
            answered_at, confirmed_at, paid_at, review_requested_at, service_location)
          select 'paid', v.id, v.service_id, c.id, b.start_tz, b.start_tz + make_interval(mins => v.duration_minutes),
            0, v.price_cents, c.name, c.email, b.code, b.requested, b.start_tz,
            b.answered, b.answered, b.answered + interval '20 minutes',
            b.start_tz + make_interval(mins => v.duration_minutes + 120), null
          from bench_review_vendors v
          cross join lateral generate_series(0, v.n - 1) i
          cross join lateral (
            select date_trunc('hour', ${at}) - interval '1 day' - make_interval(mins => i * v.step_minutes) as start_tz,
                   v.first_seq + i as seq,
                   floor(${CUSTOMERS} * ${uniform(sql`'who' || v.rn || '.' || i`)})::int as who,
                   ${uniform(sql`'lead' || v.rn || '.' || i`)} as lead
          ) s
          cross join lateral (
            select s.start_tz,
                   s.start_tz - make_interval(mins => (60 + s.lead * 14 * 1440)::int) as requested,
                   s.start_tz - make_interval(mins => (60 + s.lead * 14 * 1440)::int)
                     + make_interval(mins => least((v.answer_minutes * (0.3 + 1.4 * ${uniform(sql`'late' || v.rn || '.' || i`)}))::int, (s.lead * 14 * 1440)::int)) as answered,
                   -- Bench codes start with 0, a character real codes never use: none collides with one.
                   '0' || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', ((s.seq >> 20) & 31)::int + 1, 1)
                       || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', ((s.seq >> 15) & 31)::int + 1, 1)
                       || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', ((s.seq >> 10) & 31)::int + 1, 1)
                       || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', ((s.seq >> 5) & 31)::int + 1, 1)
                       || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (s.seq & 31)::int + 1, 1) as code
          ) b
          join bench_customers c on c.k = s.who
          where v.batch = ${batch}
          returning id, vendor_profile_id, customer_id, customer_name, end_tz, code
        ),
        rated as (
          select b.*, v.quality, ${uniform(sql`'rating' || b.code`)} as r, ${uniform(sql`'fate' || b.code`)} as fate,
                 ${uniform(sql`'said' || b.code`)} as said
          from booked b join bench_review_vendors v on v.id = b.vendor_profile_id
        ),
        scored as (
          -- Most ratings are 4 or 5; a vendor's quality moves the odds of a bad one. Written within
          -- five days of the end, and never after now.
          select *, case when r < 0.02 + 0.10 * (1 - quality) then 1
                         when r < 0.04 + 0.14 * (1 - quality) then 2
                         when r < 0.08 + 0.22 * (1 - quality) then 3
                         when r < 0.25 + 0.30 * (1 - quality) then 4 else 5 end as rating,
                    least(${at} - interval '1 minute', end_tz + make_interval(mins => (120 + said * 5 * 1440)::int)) as written
          from rated
        )
        insert into reviews (appointment_id, vendor_profile_id, customer_id, rating, comment, author, status,
          answer, answered_at, hidden_reason, hidden_at, deleted_at, created_at)
        select id, vendor_profile_id, customer_id, rating,
          -- Six in ten write a comment (a deleted review's words are gone).
          case when fate < 0.995 and said < 0.6 then ${commentFor(sql`rating`, sql`said / 0.6`)} end,
          split_part(customer_name, ' ', 1) || ' ' || left(split_part(customer_name, ' ', 2), 1) || '.',
          case when fate >= 0.995 then 'deleted' when fate >= 0.985 then 'hidden' else 'published' end,
          case when said < 0.1 then 'Gracias por tu reseña, nos da gusto que te haya gustado.' end,
          case when said < 0.1 then least(${at}, written + interval '1 day') end,
          case when fate >= 0.985 and fate < 0.995 then 'Contenido ofensivo.' end,
          case when fate >= 0.985 and fate < 0.995 then least(${at}, written + interval '2 days') end,
          case when fate >= 0.995 then least(${at}, written + interval '3 days') end,
          written
        from scored`);
      lap(`batch ${batch}/${BATCHES}`);
    }
    await tx.execute(sql`
      insert into appointments (status, vendor_profile_id, service_id, customer_id, start_tz, end_tz, buffer_minutes,
        amount_mxn, customer_name, customer_email, code, created_at, updated_at, answered_at, confirmed_at,
        cancelled_at, cancel_reason, service_location)
      select 'cancelled', v.id, v.service_id, c.id, s.start_tz, s.start_tz + make_interval(mins => v.duration_minutes), 0,
        v.price_cents, c.name, c.email, 'X' || v.rn || '.' || i, s.start_tz - interval '3 days', s.start_tz - interval '1 day',
        s.start_tz - interval '2 days', s.start_tz - interval '2 days', s.start_tz - interval '1 day', 'customer', null
      from bench_review_vendors v
      cross join lateral generate_series(0, v.n / 20 - 1) i
      cross join lateral (
        select date_trunc('hour', ${at}) - interval '1 day' - make_interval(mins => (i * 20 + 10) * v.step_minutes + 30) as start_tz,
               floor(${CUSTOMERS} * ${uniform(sql`'cancel' || v.rn || '.' || i`)})::int as who
      ) s
      join bench_customers c on c.k = s.who`);
    lap('cancelled bookings');
    // The aggregates, as publishing, hiding and deleting keep them: the published reviews' count and sum.
    await tx.execute(sql`
      update vendor_ratings vr set rating_count = a.count, rating_sum = a.sum
      from (select vendor_profile_id, count(*)::int as count, sum(rating)::int as sum
            from reviews where status = 'published' group by vendor_profile_id) a
      where vr.vendor_profile_id = a.vendor_profile_id and (vr.rating_count, vr.rating_sum) is distinct from (a.count, a.sum)`);
    lap('aggregates');
  });
  await vacuumAnalyze(db);
  lap('vacuum analyze');
  return true;
}
