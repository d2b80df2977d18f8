/**
 * The sample CRM (POST /api/seed/crm, and part of the sample data an admin creates): about 60 Brazilian restaurants
 * and wine bars as leads from every source and status, 30 opportunities across the stages, 120 activities over the
 * last and next 30 days (some overdue), owned by the caller and two sample sellers. Names come from
 * seed/samples/crm.json; the rest is derived from each row's position, so every run builds the same CRM. A second
 * run finds the first sample lead and creates nothing.
 */
import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ACTIVITY_TYPES, LEAD_SOURCES, LEAD_STATUSES, OPPORTUNITY_STAGES } from '../../../shared/crm-vocabulary.js';
import { slugify } from '../../../shared/slug.js';
import type { Caller } from '../../core/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { activities, leads, opportunities, users } from '../../db/schema/index.js';
import { markNothingChanged, recordWrite } from '../audit/index.js';

const sampleSchema = z.object({
  places: z.array(z.string()).min(60),
  cities: z.array(z.string()).min(1),
  people: z.array(z.string()).min(1),
  opportunity_titles: z.array(z.string()).min(1),
  activity_titles: z.record(z.enum(ACTIVITY_TYPES), z.string()),
  sellers: z.array(z.string()).min(2),
});

const SAMPLE_FILE = new URL('../seed/samples/crm.json', import.meta.url);
const DAY = 86_400_000;
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;
const emailOf = (place: string) => `contato@${slugify(place)}.exemplo.com.br`;

export interface CrmSeedResult {
  created: boolean;
  leads: number;
  opportunities: number;
  activities: number;
}

/** The sample CRM, recorded in the audit trail as `actor`'s when it is created. */
export async function seedSampleCrm(db: Db, actor: Caller, now = new Date()): Promise<CrmSeedResult> {
  const callerId = actor.id;
  const sample = sampleSchema.parse(JSON.parse(await readFile(SAMPLE_FILE, 'utf8')));
  return db.transaction(async (tx) => {
    // One seed at a time: the second waits and then finds the first one's leads.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('adega-sample-crm'))`);
    const marker = emailOf(sample.places[0] as string);
    if ((await tx.select({ id: leads.id }).from(leads).where(eq(leads.email, marker)).limit(1)).length > 0) {
      markNothingChanged();
      return { created: false, leads: 0, opportunities: 0, activities: 0 };
    }
    const owners = [callerId, ...(await sellers(tx, sample.sellers))];
    const at = (daysAgo: number, hour = 10) => new Date(now.getTime() - daysAgo * DAY + (hour - 10) * 3_600_000);

    const leadRows = await tx
      .insert(leads)
      .values(
        sample.places.slice(0, 60).map((place, i) => ({
          name: pick(sample.people, i),
          email: emailOf(place),
          phone: `+55${11 + (i % 80)}9${String(80000000 + i * 1237).slice(0, 8)}`,
          company: `${place} (${pick(sample.cities, i)})`,
          status: pick(LEAD_STATUSES, i),
          source: pick(LEAD_SOURCES, i * 3 + (i >> 2)),
          leadScore: (i * 37) % 101,
          notes: i % 4 === 0 ? 'Interesse em carta digital para o salão e o terraço.' : null,
          ownerId: pick(owners, i),
          createdAt: at((i * 17) % 58, 9 + (i % 9)),
        })),
      )
      .returning({ id: leads.id, createdAt: leads.createdAt, ownerId: leads.ownerId });

    const oppRows = await tx
      .insert(opportunities)
      .values(
        Array.from({ length: 30 }, (_, i) => {
          const lead = leadRows[(i * 2) % leadRows.length] as (typeof leadRows)[number];
          const stage = pick(OPPORTUNITY_STAGES, i);
          const created = new Date(Math.min(now.getTime(), lead.createdAt.getTime() + DAY));
          const closed = stage === 'closed_won' || stage === 'closed_lost';
          return {
            leadId: lead.id,
            title: pick(sample.opportunity_titles, i),
            description: i % 3 === 0 ? 'Carta de vinhos digital com QR code nas mesas e atualização de preços pelo sommelier.' : null,
            value: (1200 + ((i * 731) % 9000) + (i % 4) * 0.25).toFixed(2),
            stage,
            probability: stage === 'closed_won' ? 100 : stage === 'closed_lost' ? 0 : [10, 30, 60, 80][OPPORTUNITY_STAGES.indexOf(stage)],
            expectedCloseDate: closed ? null : new Date(now.getTime() + ((i * 11) % 60) * DAY).toISOString().slice(0, 10),
            closedAt: closed ? created : null,
            lostReason: stage === 'closed_lost' ? 'Escolheu manter a carta impressa por enquanto.' : null,
            ownerId: lead.ownerId,
            createdAt: created,
          };
        }),
      )
      .returning({ id: opportunities.id, leadId: opportunities.leadId });

    await tx.insert(activities).values(
      Array.from({ length: 120 }, (_, j) => {
        const opp = j % 2 === 0 ? pick(oppRows, j / 2) : undefined;
        const leadId = opp?.leadId ?? (pick(leadRows, j) as (typeof leadRows)[number]).id;
        const type = pick(ACTIVITY_TYPES, j);
        const daysAhead = (j % 61) - 30;
        const scheduledAt = at(-daysAhead, 9 + (j % 8));
        const past = scheduledAt < now;
        const status =
          j % 13 === 0
            ? 'cancelled'
            : past
              ? j % 5 < 3
                ? 'completed'
                : j % 5 === 3
                  ? 'pending'
                  : 'in_progress'
              : j % 3 === 0
                ? 'in_progress'
                : 'pending';
        return {
          leadId,
          opportunityId: opp?.id ?? null,
          type,
          title: sample.activity_titles[type] ?? 'Atividade',
          description: j % 4 === 0 ? 'Levar exemplos de cartas digitais de restaurantes parecidos e a tabela de preços.' : null,
          status,
          scheduledAt,
          completedAt: status === 'completed' ? scheduledAt : null,
          ownerId: pick(owners, j),
          createdAt: new Date(Math.min(now.getTime(), scheduledAt.getTime() - 2 * DAY)),
        } as const;
      }),
    );
    await recordWrite(tx, actor, {
      kind: 'sample_data',
      id: 'crm',
      action: 'create',
      extra: [
        { field: 'leads', new: leadRows.length },
        { field: 'opportunities', new: oppRows.length },
        { field: 'activities', new: 120 },
      ],
    });
    return { created: true, leads: leadRows.length, opportunities: oppRows.length, activities: 120 };
  });
}

/** The sample sellers: CRM record owners without a password (users that cannot sign in), created once. */
async function sellers(tx: Executor, emails: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const email of emails) {
    const [found] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (found) ids.push(found.id);
    else {
      const [row] = await tx
        .insert(users)
        // A record owner, not a login: no password, so nobody can sign in as this sample admin.
        .values({ email, role: 'admin', passwordHash: null })
        .returning({ id: users.id });
      if (row) ids.push(row.id);
    }
  }
  return ids;
}
