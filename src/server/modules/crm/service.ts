import type { ActionOf } from '../../../shared/access-policy.js';
import {
  type Activity,
  type ActivityInput,
  type ActivityListQuery,
  activitySchema,
  type CrmDashboard,
  type CrmDashboardQuery,
  type Lead,
  type LeadConvert,
  type LeadInput,
  type LeadListQuery,
  leadSchema,
  type Opportunity,
  type OpportunityClose,
  type OpportunityInput,
  type OpportunityListQuery,
  opportunitySchema,
} from '../../../shared/crm.js';
import { CRM_DEFAULT_LIMIT, CRM_MESSAGES, isActivityDone, isClosedStage, type OpenStage } from '../../../shared/crm-vocabulary.js';
import { badRequest, conflict, notFound } from '../../core/app-error.js';
import { type Caller, requireScope } from '../../core/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { toDto } from '../../db/row-mapping.js';
import { markNothingChanged } from '../audit/index.js';
import { crmDashboard } from './dashboard.js';
import * as repo from './repository.js';
import { type CrmSeedResult, seedSampleCrm } from './sample-crm.js';

/** docs/product.md "Roles": the CRM is the admin's (the policy table says who; nobody else today). */
const assertCrm = (caller: Caller, action: ActionOf<'crm'>) => requireScope(caller, 'crm', action);

export interface ListResult<T> {
  items: T[];
  hasMore: boolean;
}

const toLead = (row: repo.LeadRow): Lead => toDto(leadSchema, row as never);
const toOpportunity = (row: repo.OpportunityRow): Opportunity => toDto(opportunitySchema, row as never);
const toActivity = (row: repo.ActivityRow): Activity => toDto(activitySchema, row as never);

/** How the service reaches one kind of record: 404 with `missing` when there is none. */
function recordAccess<Row, Dto>(
  find: (db: Executor, id: string, lock?: boolean) => Promise<Row | undefined>,
  missing: string,
  toDto: (row: Row) => Dto,
) {
  const get = async (db: Executor, id: string, lock = false): Promise<Row> => {
    const row = await find(db, id, lock);
    if (!row) throw notFound(missing);
    return row;
  };
  return {
    /** The record as the API answers it. */
    load: async (db: Executor, id: string): Promise<Dto> => toDto(await get(db, id)),
    /** Its row, locked until the transaction ends. */
    lock: (tx: Executor, id: string) => get(tx, id, true),
    /** A change made on the locked row in one transaction; answers the record as it is afterwards. */
    async change(db: Db, id: string, change: (tx: Executor, current: Row) => Promise<unknown>): Promise<Dto> {
      await db.transaction(async (tx) => change(tx, await get(tx, id, true)));
      return toDto(await get(db, id));
    },
  };
}

/** The owner a write stores: the one chosen (an admin), else the current one, else the caller. */
async function ownerFor(db: Executor, chosen: string | null | undefined, fallback: string | null): Promise<string | null> {
  if (!chosen) return fallback;
  if (!(await repo.isAdminUser(db, chosen))) throw badRequest(CRM_MESSAGES.ownerInvalid, { owner_id: CRM_MESSAGES.ownerInvalid });
  return chosen;
}

// ── Leads ──────────────────────────────────────────────────────────────────

export async function listLeads(db: Db, caller: Caller, q: LeadListQuery): Promise<ListResult<Lead>> {
  assertCrm(caller, 'read');
  const { rows, hasMore } = await repo.listLeads(db, { ...q, limit: q.limit ?? CRM_DEFAULT_LIMIT });
  return { items: rows.map(toLead), hasMore };
}

const leadRecords = recordAccess(repo.findLead, CRM_MESSAGES.leadNotFound, toLead);

const leadValues = (input: LeadInput, ownerId: string | null): repo.LeadValues => ({
  name: input.name,
  email: input.email,
  phone: input.phone,
  company: input.company,
  cnpj: input.cnpj,
  status: input.status,
  source: input.source,
  notes: input.notes,
  leadScore: input.lead_score,
  ownerId,
});

export async function createLead(db: Db, caller: Caller, input: LeadInput): Promise<Lead> {
  assertCrm(caller, 'create');
  const { id } = await repo.auditedLeads.insert(db, caller, leadValues(input, await ownerFor(db, input.owner_id, caller.id)));
  return leadRecords.load(db, id);
}

export async function updateLead(db: Db, caller: Caller, id: string, input: LeadInput): Promise<Lead> {
  assertCrm(caller, 'update');
  return leadRecords.change(db, id, async (tx, current) =>
    repo.auditedLeads.update(tx, caller, id, leadValues(input, await ownerFor(tx, input.owner_id, current.ownerId))),
  );
}

/** docs/decisions/0021: a lead with opportunities or activities goes only with `cascade` (the confirmation named them). */
export async function deleteLead(db: Db, caller: Caller, id: string, cascade: boolean): Promise<void> {
  assertCrm(caller, 'delete');
  await db.transaction(async (tx) => {
    const current = await leadRecords.lock(tx, id);
    if (!cascade && (current.opportunitiesCount > 0 || current.activitiesCount > 0)) {
      throw conflict(CRM_MESSAGES.leadHasRelated(current.opportunitiesCount, current.activitiesCount));
    }
    await repo.auditedLeads.remove(tx, caller, id);
  });
}

/** A qualified lead becomes an opportunity (prospecting, titled after its company or name) and is marked converted, at once. */
export async function convertLead(
  db: Db,
  caller: Caller,
  id: string,
  terms: LeadConvert = { value: '0.00', probability: 0, expected_close_date: null },
): Promise<{ lead: Lead; opportunity: Opportunity }> {
  assertCrm(caller, 'convert');
  const opportunityId = await db.transaction(async (tx) => {
    const lead = await leadRecords.lock(tx, id);
    if (lead.status === 'converted') throw conflict(CRM_MESSAGES.alreadyConverted);
    if (lead.status !== 'qualified') throw conflict(CRM_MESSAGES.onlyQualifiedConverts);
    await repo.auditedLeads.update(tx, caller, id, { status: 'converted' }, 'convert');
    const opportunity = await repo.auditedOpportunities.insert(tx, caller, {
      leadId: id,
      title: lead.company ?? lead.name,
      stage: 'prospecting',
      value: terms.value,
      probability: terms.probability,
      expectedCloseDate: terms.expected_close_date,
      ownerId: lead.ownerId ?? caller.id,
    });
    return opportunity.id;
  });
  return { lead: await leadRecords.load(db, id), opportunity: await opportunityRecords.load(db, opportunityId) };
}

// ── Opportunities ──────────────────────────────────────────────────────────

export async function listOpportunities(db: Db, caller: Caller, q: OpportunityListQuery): Promise<ListResult<Opportunity>> {
  assertCrm(caller, 'read');
  const { rows, hasMore } = await repo.listOpportunities(db, { ...q, leadId: q.lead_id, limit: q.limit ?? CRM_DEFAULT_LIMIT });
  return { items: rows.map(toOpportunity), hasMore };
}

const opportunityRecords = recordAccess(repo.findOpportunity, CRM_MESSAGES.opportunityNotFound, toOpportunity);

const leadMissing = () => badRequest(CRM_MESSAGES.leadMissing, { lead_id: CRM_MESSAGES.leadMissing });

async function assertLeadExists(db: Executor, leadId: string): Promise<void> {
  if (!(await repo.findLead(db, leadId))) throw leadMissing();
}

const opportunityValues = (input: OpportunityInput, ownerId: string | null) => ({
  leadId: input.lead_id,
  title: input.title,
  description: input.description,
  value: input.value,
  probability: input.probability,
  expectedCloseDate: input.expected_close_date,
  notes: input.notes,
  ownerId,
});

export async function createOpportunity(db: Db, caller: Caller, input: OpportunityInput): Promise<Opportunity> {
  assertCrm(caller, 'create');
  await assertLeadExists(db, input.lead_id);
  const owner = await ownerFor(db, input.owner_id, caller.id);
  const { id } = await translateLeadGone(() =>
    repo.auditedOpportunities.insert(db, caller, { ...opportunityValues(input, owner), stage: input.stage ?? 'prospecting' }),
  );
  return opportunityRecords.load(db, id);
}

/** Only open stages are written here; an absent stage keeps the current one, an open stage on a closed opportunity reopens it. */
export async function updateOpportunity(db: Db, caller: Caller, id: string, input: OpportunityInput): Promise<Opportunity> {
  assertCrm(caller, 'update');
  return translateLeadGone(() =>
    opportunityRecords.change(db, id, async (tx, current) => {
      await assertLeadExists(tx, input.lead_id);
      const owner = await ownerFor(tx, input.owner_id, current.ownerId);
      const reopen = input.stage && isClosedStage(current.stage) ? { closedAt: null, lostReason: null } : {};
      await repo.auditedOpportunities.update(tx, caller, id, {
        ...opportunityValues(input, owner),
        ...(input.stage && { stage: input.stage }),
        ...reopen,
      });
    }),
  );
}

/** The board's drag between open stages; a closed opportunity does not move (409). */
export async function moveOpportunity(db: Db, caller: Caller, id: string, stage: OpenStage): Promise<Opportunity> {
  assertCrm(caller, 'update');
  return opportunityRecords.change(db, id, async (tx, current) => {
    if (isClosedStage(current.stage)) throw conflict(CRM_MESSAGES.alreadyClosed);
    if (current.stage !== stage) await repo.auditedOpportunities.update(tx, caller, id, { stage }, 'status_change');
    else markNothingChanged();
  });
}

/** Ganhar / Perder: closed_won (probability 100) or closed_lost (probability 0, optional reason), with the close date. */
export async function closeOpportunity(db: Db, caller: Caller, id: string, input: OpportunityClose): Promise<Opportunity> {
  assertCrm(caller, 'close');
  return opportunityRecords.change(db, id, async (tx, current) => {
    if (isClosedStage(current.stage)) throw conflict(CRM_MESSAGES.alreadyClosed);
    const won = input.status === 'won';
    await repo.auditedOpportunities.update(
      tx,
      caller,
      id,
      {
        stage: won ? 'closed_won' : 'closed_lost',
        probability: won ? 100 : 0,
        closedAt: new Date(),
        lostReason: won ? null : input.lost_reason,
      },
      'close',
    );
  });
}

export async function deleteOpportunity(db: Db, caller: Caller, id: string): Promise<void> {
  assertCrm(caller, 'delete');
  if (!(await repo.auditedOpportunities.remove(db, caller, id))) throw notFound(CRM_MESSAGES.opportunityNotFound);
}

async function translateLeadGone<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isForeignKeyViolation(err, 'opportunities_lead_id_leads_id_fk')) throw leadMissing();
    throw err;
  }
}

// ── Activities ─────────────────────────────────────────────────────────────

export async function listActivities(db: Db, caller: Caller, q: ActivityListQuery): Promise<ListResult<Activity>> {
  assertCrm(caller, 'read');
  const { rows, hasMore } = await repo.listActivities(db, {
    ...q,
    leadId: q.lead_id,
    opportunityId: q.opportunity_id,
    limit: q.limit ?? CRM_DEFAULT_LIMIT,
  });
  return { items: rows.map(toActivity), hasMore };
}

const activityRecords = recordAccess(repo.findActivity, CRM_MESSAGES.activityNotFound, toActivity);

/** The lead an activity is stored with: the one given, or its opportunity's; an opportunity of another lead is 400. */
async function activityLinks(db: Executor, input: ActivityInput): Promise<{ leadId: string | null; opportunityId: string | null }> {
  if (input.lead_id) await assertLeadExists(db, input.lead_id);
  if (!input.opportunity_id) return { leadId: input.lead_id, opportunityId: null };
  const opportunityLead = await repo.leadOfOpportunity(db, input.opportunity_id);
  if (!opportunityLead) throw badRequest(CRM_MESSAGES.opportunityMissing, { opportunity_id: CRM_MESSAGES.opportunityMissing });
  if (input.lead_id && input.lead_id !== opportunityLead) {
    throw badRequest(CRM_MESSAGES.opportunityOfOtherLead, { opportunity_id: CRM_MESSAGES.opportunityOfOtherLead });
  }
  return { leadId: opportunityLead, opportunityId: input.opportunity_id };
}

const activityValues = (input: ActivityInput, links: { leadId: string | null; opportunityId: string | null }, ownerId: string | null) => ({
  ...links,
  type: input.type,
  title: input.title,
  description: input.description,
  status: input.status,
  scheduledAt: input.scheduled_at ? new Date(input.scheduled_at) : null,
  notes: input.notes,
  ownerId,
});

export async function createActivity(db: Db, caller: Caller, input: ActivityInput): Promise<Activity> {
  assertCrm(caller, 'create');
  const id = await db.transaction(async (tx) => {
    const values = activityValues(input, await activityLinks(tx, input), await ownerFor(tx, input.owner_id, caller.id));
    const activity = await repo.auditedActivities.insert(tx, caller, {
      ...values,
      completedAt: input.status === 'completed' ? new Date() : null,
    });
    return activity.id;
  });
  return activityRecords.load(db, id);
}

export async function updateActivity(db: Db, caller: Caller, id: string, input: ActivityInput): Promise<Activity> {
  assertCrm(caller, 'update');
  return activityRecords.change(db, id, async (tx, current) => {
    const values = activityValues(input, await activityLinks(tx, input), await ownerFor(tx, input.owner_id, current.ownerId));
    const completedAt = input.status === 'completed' ? (current.completedAt ?? new Date()) : null;
    await repo.auditedActivities.update(tx, caller, id, { ...values, completedAt });
  });
}

export async function completeActivity(db: Db, caller: Caller, id: string): Promise<Activity> {
  assertCrm(caller, 'complete');
  return activityRecords.change(db, id, async (tx, current) => {
    if (isActivityDone(current.status)) throw conflict(CRM_MESSAGES.activityDone);
    await repo.auditedActivities.update(tx, caller, id, { status: 'completed', completedAt: new Date() }, 'complete');
  });
}

export async function deleteActivity(db: Db, caller: Caller, id: string): Promise<void> {
  assertCrm(caller, 'delete');
  if (!(await repo.auditedActivities.remove(db, caller, id))) throw notFound(CRM_MESSAGES.activityNotFound);
}

// ── Dashboard ──────────────────────────────────────────────────────────────

export async function dashboard(db: Db, caller: Caller, q: CrmDashboardQuery): Promise<CrmDashboard> {
  assertCrm(caller, 'read');
  return crmDashboard(db, q);
}

/** The sample CRM (idempotent): for whoever may create CRM records. */
export async function seedCrm(db: Db, caller: Caller): Promise<CrmSeedResult> {
  assertCrm(caller, 'create');
  return seedSampleCrm(db, caller);
}

/** The CRM service, built once per app with its dependencies. */
export function createCrmService({ db }: { db: Db }) {
  return {
    listLeads: (caller: Caller, q: LeadListQuery) => listLeads(db, caller, q),
    createLead: (caller: Caller, input: LeadInput) => createLead(db, caller, input),
    updateLead: (caller: Caller, id: string, input: LeadInput) => updateLead(db, caller, id, input),
    deleteLead: (caller: Caller, id: string, cascade: boolean) => deleteLead(db, caller, id, cascade),
    convertLead: (caller: Caller, id: string, terms?: LeadConvert) => convertLead(db, caller, id, terms),
    listOpportunities: (caller: Caller, q: OpportunityListQuery) => listOpportunities(db, caller, q),
    createOpportunity: (caller: Caller, input: OpportunityInput) => createOpportunity(db, caller, input),
    updateOpportunity: (caller: Caller, id: string, input: OpportunityInput) => updateOpportunity(db, caller, id, input),
    moveOpportunity: (caller: Caller, id: string, stage: OpenStage) => moveOpportunity(db, caller, id, stage),
    closeOpportunity: (caller: Caller, id: string, input: OpportunityClose) => closeOpportunity(db, caller, id, input),
    deleteOpportunity: (caller: Caller, id: string) => deleteOpportunity(db, caller, id),
    listActivities: (caller: Caller, q: ActivityListQuery) => listActivities(db, caller, q),
    createActivity: (caller: Caller, input: ActivityInput) => createActivity(db, caller, input),
    updateActivity: (caller: Caller, id: string, input: ActivityInput) => updateActivity(db, caller, id, input),
    completeActivity: (caller: Caller, id: string) => completeActivity(db, caller, id),
    deleteActivity: (caller: Caller, id: string) => deleteActivity(db, caller, id),
    dashboard: (caller: Caller, q: CrmDashboardQuery) => dashboard(db, caller, q),
    seedCrm: (caller: Caller) => seedCrm(db, caller),
  };
}
export type CrmService = ReturnType<typeof createCrmService>;
