import { maskCep } from '../../../shared/field-rules.js';
import {
  type CheckedField,
  type CheckResult,
  ONBOARDING_TEXTS,
  type OnboardingForm,
  type OnboardingStatus,
  type ReviewDetail,
  type ReviewSummary,
} from '../../../shared/onboarding.js';
import { type AppError, appError, conflict, notFound } from '../../core/app-error.js';
import { type Caller, requireScope } from '../../core/caller.js';
import type { Db, Executor, Tx } from '../../db/client.js';
import { withSlugRetry } from '../../db/slug-retry.js';
import type { PrivateFiles } from '../../storage/storage.js';
import { recordWrite } from '../audit/index.js';
import { addEstablishment, chooseSlug, linkUserToEstablishment, type OnPublicChange } from '../establishments/index.js';
import { findUserByEmail } from '../users/index.js';
import { type CheckOutcome, checkCnpj, checkEmail, checkEmailSyntax, checkPhone, type MailDomainResolver } from './checks.js';
import type { MenuFile } from './menu-file.js';

/** The step-1 fields a sign-up's audit entries compare (personal ones are recorded as "alterado"). */
const ONBOARDING_FORM_FIELDS = [
  'establishmentName',
  'cnpj',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zipCode',
  'contactName',
  'contactEmail',
  'contactPhone',
];

import * as repo from './repository.js';

export type ProcessRow = repo.ProcessRow;

/**
 * What the CRM does when a sign-up moves (docs/product.md "Onboarding"), called inside the same transaction as the
 * process write. `onCreated` answers the lead's id, stored on the process.
 */
export interface OnboardingLeadHooks {
  onCreated(tx: Tx, process: ProcessRow): Promise<string | undefined>;
  onSubmitted(tx: Tx, process: ProcessRow): Promise<void>;
  onApproved(tx: Tx, process: ProcessRow): Promise<void>;
}

export interface OnboardingDeps {
  db: Db;
  files: PrivateFiles;
  onPublicChange: OnPublicChange;
  /** Set when the e-mail check must also find the domain in DNS (config ONBOARDING_EMAIL_DNS_CHECK). */
  resolveMailDomain?: MailDomainResolver;
  leads?: OnboardingLeadHooks;
  /** Writes the invitation of the new manager (and its e-mail) inside the approval's transaction. */
  inviteManager(
    tx: Tx,
    input: { email: string; establishmentId: string; invitedBy: Caller; linkBase: string },
  ): Promise<{ link: string | null }>;
}

export const PROCESS_NOT_FOUND = 'Cadastro não encontrado.';
const NOT_SUBMITTED = 'Este cadastro ainda não foi enviado: o cardápio não chegou.';
const ALREADY_APPROVED = 'Este cadastro já foi aprovado.';
const ALREADY_REJECTED = 'Este cadastro foi rejeitado e não pode ser aprovado.';
const CONTACT_NOT_MANAGER =
  'O e-mail do responsável já pertence a um usuário que não é gerente de restaurante. Ajuste o usuário antes de aprovar.';
const slugTaken = (slug: string) => `Já existe um estabelecimento com o endereço "${slug}".`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const PASSED: Record<CheckedField, string> = {
  cnpj: 'CNPJ válido.',
  email: 'E-mail válido.',
  phone: 'Telefone válido.',
};

/** The process an anonymous caller may still change: unknown (or not an id) is 404, already sent is 409. */
async function openProcess(db: Executor, id: string, lock = false): Promise<ProcessRow> {
  const row = UUID.test(id) ? await (lock ? repo.lockById(db, id) : repo.findById(db, id)) : undefined;
  if (!row) throw notFound(PROCESS_NOT_FOUND);
  if (row.status !== 'in_progress') throw appError('process_closed');
  return row;
}

const allChecksValid = (row: ProcessRow) => row.cnpjStatus === 'valid' && row.emailStatus === 'valid' && row.phoneStatus === 'valid';

function formValues(form: OnboardingForm) {
  return {
    establishmentName: form.establishment_name,
    cnpj: form.cnpj,
    email: form.email,
    phone: form.phone,
    address: form.address,
    city: form.city,
    state: form.state,
    zipCode: form.zip_code,
    contactName: form.contact_name,
    contactEmail: form.contact_email,
    contactPhone: form.contact_phone,
  };
}

export async function createProcess(deps: OnboardingDeps, form: OnboardingForm): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.insert(tx, formValues(form));
    const leadId = await deps.leads?.onCreated(tx, row);
    if (leadId) await repo.update(tx, row.id, { leadId });
    await recordWrite(tx, 'candidato', {
      kind: 'onboarding_process',
      id: row.id,
      action: 'create',
      after: row,
      only: ONBOARDING_FORM_FIELDS,
    });
    return row.id;
  });
}

/** Back to step 1 and changed: the fields are replaced, and a changed CNPJ, e-mail or phone must be checked again. */
export async function updateProcess(deps: OnboardingDeps, id: string, form: OnboardingForm): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const current = await openProcess(tx, id, true);
    const values = formValues(form);
    // Compared in stored form: the same CNPJ typed with its mask again is not a change.
    const changed = (check: (v: string) => CheckOutcome, typed: string, stored: string) => {
      const outcome = check(typed);
      return (outcome.ok ? outcome.value : typed) !== stored;
    };
    const cnpjChanged = changed(checkCnpj, values.cnpj, current.cnpj);
    const emailChanged = changed(checkEmailSyntax, values.email, current.email);
    const phoneChanged = changed(checkPhone, values.phone, current.phone);
    const updated = await repo.update(tx, id, {
      ...values,
      // An unchanged field keeps its stored (normalised) value and its check.
      cnpj: cnpjChanged ? values.cnpj : current.cnpj,
      email: emailChanged ? values.email : current.email,
      phone: phoneChanged ? values.phone : current.phone,
      ...(cnpjChanged && { cnpjStatus: 'pending', cnpjCheckedAt: null }),
      ...(emailChanged && { emailStatus: 'pending', emailCheckedAt: null }),
      ...(phoneChanged && { phoneStatus: 'pending', phoneCheckedAt: null }),
    });
    await recordWrite(tx, 'candidato', {
      kind: 'onboarding_process',
      id,
      action: 'update',
      before: current,
      after: updated,
      only: ONBOARDING_FORM_FIELDS,
    });
  });
}

const STATUS_COLUMN = {
  cnpj: (status: CheckResult['status'], value: string, at: Date | null) => ({ cnpj: value, cnpjStatus: status, cnpjCheckedAt: at }),
  email: (status: CheckResult['status'], value: string, at: Date | null) => ({ email: value, emailStatus: status, emailCheckedAt: at }),
  phone: (status: CheckResult['status'], value: string, at: Date | null) => ({ phone: value, phoneStatus: status, phoneCheckedAt: at }),
} as const;

/**
 * One check of step 2: the value sent replaces the field (normalised when valid), and its status and time are
 * stored whatever the outcome. A failure is then answered as a 4xx with the reason.
 */
export async function validateField(deps: OnboardingDeps, id: string, field: CheckedField, raw: string): Promise<CheckResult> {
  const { db } = deps;
  const current = await openProcess(db, id);
  let outcome: CheckOutcome;
  let failure: AppError | undefined;
  if (field === 'cnpj') {
    outcome = checkCnpj(raw);
    if (outcome.ok && (await repo.isCnpjApproved(db, outcome.value, id))) {
      failure = appError('cnpj_taken', ONBOARDING_TEXTS.cnpjTaken, { cnpj: ONBOARDING_TEXTS.cnpjTaken });
      outcome = { ok: false, reason: ONBOARDING_TEXTS.cnpjTaken };
    }
  } else if (field === 'email') {
    // A DNS lookup takes a while: the process says so meanwhile (SPEC §4 pending -> validating -> valid | invalid).
    if (deps.resolveMailDomain) await repo.update(db, id, STATUS_COLUMN.email('validating', current.email, null));
    outcome = await checkEmail(raw, deps.resolveMailDomain);
  } else {
    outcome = checkPhone(raw);
  }
  const now = new Date();
  const stored = outcome.ok ? outcome.value : raw.trim();
  await db.transaction(async (tx) => {
    await openProcess(tx, id, true);
    await repo.update(tx, id, STATUS_COLUMN[field](outcome.ok ? 'valid' : 'invalid', stored, now));
    await recordWrite(tx, 'candidato', {
      kind: 'onboarding_process',
      id,
      action: 'validate',
      extra: [
        { field, personal: true },
        { field: `${field}Status`, new: outcome.ok ? 'valid' : 'invalid' },
      ],
    });
  });
  if (!outcome.ok) throw failure ?? appError('validation_error', outcome.reason, { [field]: outcome.reason });
  return { message: PASSED[field], status: 'valid', value: outcome.value };
}

/** Before the file is read: 404 for an unknown process, 409 when already sent or when a check is not valid. */
export async function assertReadyForMenu(deps: OnboardingDeps, id: string): Promise<void> {
  const row = await openProcess(deps.db, id);
  if (!allChecksValid(row)) throw appError('checks_pending');
}

/** Stores the menu privately and submits the process (in progress -> submitted) in one transaction. */
export async function submitMenu(deps: OnboardingDeps, id: string, file: MenuFile, fileName: string): Promise<ProcessRow> {
  const key = `onboarding/${id}/cardapio.${file.extension}`;
  await deps.files.put(key, file.bytes);
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await openProcess(tx, id, true);
      if (!allChecksValid(row)) throw appError('checks_pending');
      const submitted = await repo.update(tx, id, {
        status: 'submitted',
        submittedAt: new Date(),
        menuFileKey: key,
        menuFileName: fileName,
        menuFileType: file.type,
        menuFileSize: file.bytes.length,
      });
      await deps.leads?.onSubmitted(tx, submitted);
      // The menu's name and size, never its bytes.
      await recordWrite(tx, 'candidato', {
        kind: 'onboarding_process',
        id,
        action: 'submit',
        extra: [
          { field: 'status', old: row.status, new: 'submitted' },
          { field: 'fileName', new: fileName },
        ],
      });
      return submitted;
    });
  } catch (err) {
    await deps.files.delete(key);
    throw err;
  }
}

// ── The team's review ───────────────────────────────────────────────────────

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSummary(row: ProcessRow): ReviewSummary {
  return {
    id: row.id,
    status: row.status,
    establishment_name: row.establishmentName,
    cnpj: row.cnpj,
    city: row.city,
    state: row.state,
    contact_name: row.contactName,
    contact_email: row.contactEmail,
    created_at: row.createdAt.toISOString(),
    submitted_at: iso(row.submittedAt),
  };
}

function toDetail(row: ProcessRow, establishmentSlug: string | null): ReviewDetail {
  return {
    ...toSummary(row),
    email: row.email,
    phone: row.phone,
    address: row.address,
    zip_code: row.zipCode,
    contact_phone: row.contactPhone,
    checks: {
      cnpj: { status: row.cnpjStatus, checked_at: iso(row.cnpjCheckedAt) },
      email: { status: row.emailStatus, checked_at: iso(row.emailCheckedAt) },
      phone: { status: row.phoneStatus, checked_at: iso(row.phoneCheckedAt) },
    },
    menu_file:
      row.menuFileKey && row.menuFileName && row.menuFileType && row.menuFileSize !== null && row.submittedAt
        ? { name: row.menuFileName, type: row.menuFileType, size: row.menuFileSize, uploaded_at: row.submittedAt.toISOString() }
        : null,
    reviewed_at: iso(row.reviewedAt),
    rejection_reason: row.rejectionReason,
    establishment_id: row.establishmentId,
    establishment_slug: establishmentSlug,
    lead_id: row.leadId,
    updated_at: row.updatedAt.toISOString(),
  };
}

async function mustFind(db: Executor, id: string, lock = false): Promise<ProcessRow> {
  const row = UUID.test(id) ? await (lock ? repo.lockById(db, id) : repo.findById(db, id)) : undefined;
  if (!row) throw notFound(PROCESS_NOT_FOUND);
  return row;
}

async function detailOf(db: Executor, row: ProcessRow): Promise<ReviewDetail> {
  return toDetail(row, row.establishmentId ? await repo.establishmentSlug(db, row.establishmentId) : null);
}

export async function listReviews(db: Db, caller: Caller, filters: { status?: OnboardingStatus; search?: string }) {
  requireScope(caller, 'onboardingReview', 'read');
  return (await repo.list(db, filters)).map(toSummary);
}

export async function getReview(db: Db, caller: Caller, id: string): Promise<ReviewDetail> {
  requireScope(caller, 'onboardingReview', 'read');
  return detailOf(db, await mustFind(db, id));
}

export async function readMenuFile(deps: OnboardingDeps, caller: Caller, id: string) {
  requireScope(caller, 'onboardingReview', 'read');
  const row = await mustFind(deps.db, id);
  const bytes = row.menuFileKey ? await deps.files.read(row.menuFileKey) : undefined;
  if (!bytes || !row.menuFileType) throw notFound('Este cadastro não tem cardápio enviado.');
  return { bytes, type: row.menuFileType, name: row.menuFileName ?? 'cardapio' };
}

const fullAddress = (row: ProcessRow) => `${row.address}, ${row.city} - ${row.state}, CEP ${maskCep(row.zipCode)}`;

/**
 * Aprovar: in one transaction the establishment (with a free slug), an invitation e-mailed to the contact to create
 * its restaurant_manager login for it (or its existing manager login linked), the process marked approved. No
 * password is made up or shown: the contact chooses one on /convite.
 */
/** `linkBase`: where the invitation's link points (the mailer's answer for the approving request). */
export async function approve(deps: OnboardingDeps, caller: Caller, id: string, linkBase: string) {
  requireScope(caller, 'onboardingReview', 'approve');
  const result = await withSlugRetry(undefined, slugTaken, () =>
    deps.db.transaction(async (tx) => {
      const row = await mustFind(tx, id, true);
      if (row.status === 'approved') throw appError('review_closed', ALREADY_APPROVED);
      if (row.status === 'rejected') throw appError('review_closed', ALREADY_REJECTED);
      if (row.status !== 'submitted') throw conflict(NOT_SUBMITTED);
      if (await repo.isCnpjApproved(tx, row.cnpj, row.id)) throw appError('cnpj_taken');
      const slug = await chooseSlug(tx, { explicit: undefined, name: row.establishmentName });
      const establishment = await addEstablishment(tx, {
        name: row.establishmentName,
        address: fullAddress(row),
        phone: row.phone,
        email: row.email,
        slug,
      });
      const existing = await findUserByEmail(tx, row.contactEmail);
      if (existing && existing.role !== 'restaurant_manager') throw conflict(CONTACT_NOT_MANAGER, { contact_email: CONTACT_NOT_MANAGER });
      if (existing) await linkUserToEstablishment(tx, existing.id, establishment.id);
      const invitation = existing
        ? null
        : await deps.inviteManager(tx, { email: row.contactEmail, establishmentId: establishment.id, invitedBy: caller, linkBase });
      const approved = await repo.update(tx, id, {
        status: 'approved',
        reviewedAt: new Date(),
        reviewedBy: caller.id,
        establishmentId: establishment.id,
        managerUserId: existing?.id ?? null,
      });
      await deps.leads?.onApproved(tx, approved);
      await recordWrite(tx, caller, {
        kind: 'establishment',
        id: establishment.id,
        action: 'create',
        establishmentId: establishment.id,
        after: establishment,
        only: ['name', 'address', 'phone', 'email', 'slug'],
      });
      await recordWrite(tx, caller, {
        kind: 'onboarding_process',
        id,
        action: 'approve',
        establishmentId: establishment.id,
        extra: [{ field: 'status', old: row.status, new: 'approved' }],
      });
      return { approved, establishment, manager: { email: row.contactEmail, invited: !existing, link: invitation?.link ?? null } };
    }),
  );
  deps.onPublicChange(result.establishment.id);
  return {
    process: toDetail(result.approved, result.establishment.slug),
    establishment: { id: result.establishment.id, name: result.establishment.name, slug: result.establishment.slug },
    manager: result.manager,
  };
}

/** Rejeitar, with the reason: a sign-up not yet decided (sent, or abandoned in progress). */
export async function reject(deps: OnboardingDeps, caller: Caller, id: string, reason: string): Promise<ReviewDetail> {
  requireScope(caller, 'onboardingReview', 'reject');
  return deps.db.transaction(async (tx) => {
    const row = await mustFind(tx, id, true);
    if (row.status === 'approved') throw appError('review_closed', ALREADY_APPROVED);
    if (row.status === 'rejected') throw appError('review_closed', 'Este cadastro já foi rejeitado.');
    const rejected = await repo.update(tx, id, {
      status: 'rejected',
      reviewedAt: new Date(),
      reviewedBy: caller.id,
      rejectionReason: reason,
    });
    await recordWrite(tx, caller, {
      kind: 'onboarding_process',
      id,
      action: 'reject',
      extra: [
        { field: 'status', old: row.status, new: 'rejected' },
        { field: 'reason', new: reason },
      ],
    });
    return detailOf(tx, rejected);
  });
}

/** The onboarding service, built once per app with its dependencies. */
export function createOnboardingService(deps: OnboardingDeps) {
  return {
    createProcess: (form: OnboardingForm) => createProcess(deps, form),
    updateProcess: (id: string, form: OnboardingForm) => updateProcess(deps, id, form),
    validateField: (id: string, field: CheckedField, value: string) => validateField(deps, id, field, value),
    assertReadyForMenu: (id: string) => assertReadyForMenu(deps, id),
    submitMenu: (id: string, file: MenuFile, fileName: string) => submitMenu(deps, id, file, fileName),
    listReviews: (caller: Caller, filters: { status?: OnboardingStatus; search?: string }) => listReviews(deps.db, caller, filters),
    getReview: (caller: Caller, id: string) => getReview(deps.db, caller, id),
    readMenuFile: (caller: Caller, id: string) => readMenuFile(deps, caller, id),
    approve: (caller: Caller, id: string, linkBase: string) => approve(deps, caller, id, linkBase),
    reject: (caller: Caller, id: string, reason: string) => reject(deps, caller, id, reason),
  };
}
export type OnboardingService = ReturnType<typeof createOnboardingService>;
