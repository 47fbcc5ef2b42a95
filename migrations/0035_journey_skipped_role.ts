import { sql, type Kysely } from 'kysely';

// A journey message skipped because a role was empty keeps that role's name from the moment it was skipped, so the
// People tab's "skipped: no manager" stays true when the roles, the session's people or the message's recipient
// change later (issue 32). Rows skipped before keep what the page worked out until now: the first of the message's
// roles (its recipients', then those it introduces) that nobody in the session fills, else its recipients' role.
// Frozen once shipped. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table journey_session_events add column skipped_role text`.execute(db);
  await sql`
    update journey_session_events se set skipped_role = (
      select r.name
      from journey_events e
      cross join lateral (
        select role_id, ord from (select e.role_id, 0 as ord union all select x::integer, n from jsonb_array_elements_text(e.role_ids) with ordinality as t(x, n)) ids
        where role_id is not null
      ) ids
      join journey_roles r on r.id = ids.role_id
      where e.id = se.event_id
      order by exists (
        select 1 from journey_memberships m join members mm on mm.id = m.member_id
        where m.session_id = se.session_id and m.role_id = ids.role_id and not mm.deleted
      ), ids.ord
      limit 1
    )
    where se.state = 'skipped' and se.note = 'missing_role'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table journey_session_events drop column skipped_role`.execute(db);
}
