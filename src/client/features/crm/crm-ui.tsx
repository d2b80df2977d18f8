import { Alert, Badge, Group, type MantineColor, Select, Skeleton, Tabs, Text, Tooltip } from '@mantine/core';
import {
  IconArrowForwardUp,
  IconCalendarEvent,
  IconChecklist,
  IconDots,
  IconFileText,
  IconMail,
  IconPhone,
  IconPresentation,
  type TablerIcon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import {
  ACTIVITY_STATUS_LABELS,
  ACTIVITY_TYPE_LABELS,
  type ActivityStatus,
  type ActivityType,
  LEAD_STATUS_LABELS,
  type LeadStatus,
  OPPORTUNITY_STAGE_LABELS,
  type OpportunityStage,
} from '../../../shared/crm-vocabulary';
import { errorMessage } from '../../lib/api';
import { SelectField } from '../../ui/form-fields';
import { notifySuccess } from '../../ui/notify';
import classes from './CrmTabs.module.css';
import { useOwnerOptions } from './crm-api';
import { MoreRowsNote } from './MoreRowsNote';

const LEAD_STATUS_COLORS: Record<LeadStatus, string> = {
  new: 'blue',
  contacted: 'cyan',
  qualified: 'green',
  unqualified: 'gray',
  converted: 'grape',
};
const STAGE_COLORS: Record<OpportunityStage, string> = {
  prospecting: 'gray',
  qualification: 'blue',
  proposal: 'yellow',
  negotiation: 'orange',
  closed_won: 'green',
  closed_lost: 'red',
};
const ACTIVITY_STATUS_COLORS: Record<ActivityStatus, string> = {
  pending: 'yellow',
  in_progress: 'blue',
  completed: 'green',
  cancelled: 'gray',
};
const ACTIVITY_ICONS: Record<ActivityType, TablerIcon> = {
  call: IconPhone,
  email: IconMail,
  meeting: IconCalendarEvent,
  task: IconChecklist,
  follow_up: IconArrowForwardUp,
  demo: IconPresentation,
  proposal: IconFileText,
  other: IconDots,
};

// Dark text on the light badges: the yellow and cyan ones would fail contrast with their own colour.
const badge = (color: string, label: string) => (
  <Badge color={color} variant="light" tt="none" styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}>
    {label}
  </Badge>
);
export const LeadStatusBadge = ({ status }: { status: LeadStatus }) => badge(LEAD_STATUS_COLORS[status], LEAD_STATUS_LABELS[status]);
export const StageBadge = ({ stage }: { stage: OpportunityStage }) => badge(STAGE_COLORS[stage], OPPORTUNITY_STAGE_LABELS[stage]);
export const ActivityStatusBadge = ({ status }: { status: ActivityStatus }) =>
  badge(ACTIVITY_STATUS_COLORS[status], ACTIVITY_STATUS_LABELS[status]);
export const STAGE_COLOR = STAGE_COLORS;

export function ActivityTypeLabel({ type }: { type: ActivityType }) {
  const TypeIcon = ACTIVITY_ICONS[type];
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={ACTIVITY_TYPE_LABELS[type]}>
        <span aria-hidden style={{ display: 'inline-flex' }}>
          <TypeIcon size={16} />
        </span>
      </Tooltip>
      <Text size="sm">{ACTIVITY_TYPE_LABELS[type]}</Text>
    </Group>
  );
}

/** SPEC §9: descriptions in lists are cut to their first 50 characters. */
const cut50 = (text: string | null | undefined) => (!text ? '' : text.length > 50 ? `${text.slice(0, 50)}…` : text);

/** A record's description under its title in a list, cut (SPEC §9); nothing when it has none. */
export function CutDescription({ text, c = 'dimmed' }: { text: string | null; c?: MantineColor }) {
  return text ? (
    <Text size="xs" c={c}>
      {cut50(text)}
    </Text>
  ) : null;
}

/** "23/11/2026" of an ISO instant, in São Paulo. */

const TABS = [
  { value: '/crm', label: 'Painel' },
  { value: '/crm/leads', label: 'Leads' },
  { value: '/crm/opportunities', label: 'Oportunidades' },
  { value: '/crm/activities', label: 'Atividades' },
];

/** The four CRM screens, one tab each. */
export function CrmTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Tabs value={pathname} onChange={(to) => to && navigate(to)} mb="md">
      <Tabs.List className={classes.list} aria-label="Seções do CRM">
        {TABS.map((t) => (
          <Tabs.Tab key={t.value} value={t.value}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

/** SPEC §8: a red banner, the action's prefix plus the server's detail (or a generic text). */
export function ErrorBanner({ message, onClose }: { message: string | null; onClose?(): void }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" mb="md" withCloseButton={Boolean(onClose)} onClose={onClose}>
      {message}
    </Alert>
  );
}

const GENERIC = 'Tente novamente em instantes.';
export const withPrefix = (prefix: string, error: unknown) => `${prefix}${errorMessage(error, GENERIC)}`;

/** A CRM list: the load error (prefix plus the server's detail), a skeleton, `empty`, or the rows and the bounded-list note. */
export function CrmResults<T>({
  query,
  loadError,
  empty,
  withMoreNote = true,
  children,
}: {
  query: { isError: boolean; error: unknown; data: { items: T[]; hasMore: boolean } | undefined };
  /** "Erro ao carregar leads: " */
  loadError: string;
  empty: ReactNode;
  withMoreNote?: boolean;
  children(items: T[]): ReactNode;
}) {
  if (query.isError) return <ErrorBanner message={withPrefix(loadError, query.error)} />;
  if (!query.data) return <Skeleton h={240} radius="md" />;
  const { items, hasMore } = query.data;
  if (items.length === 0) return empty;
  return (
    <>
      {children(items)}
      {withMoreNote && <MoreRowsNote shown={items.length} hasMore={hasMore} />}
    </>
  );
}

/** The page's banner: `fail(prefix)` is an onError that shows the prefix plus the server's detail. */
export function useErrorBanner() {
  const [message, setMessage] = useState<string | null>(null);
  const fail = (prefix: string) => (error: unknown) => setMessage(withPrefix(prefix, error));
  return {
    message,
    clear: () => setMessage(null),
    fail,
    /** Clears the banner and gives one mutation's callbacks: a green notice when it works, the banner when it fails. */
    outcome: (success: string, failPrefix: string) => {
      setMessage(null);
      return { onSuccess: () => notifySuccess(success), onError: fail(failPrefix) };
    },
  };
}

/** Which record's create/edit dialog is open (`record: null`: a new one); `saved` closes it with a green notice. */
export function useFormDialog<T>() {
  const [open, setOpen] = useState<{ record: T | null } | null>(null);
  return {
    open,
    show: (record: T | null) => setOpen({ record }),
    close: () => setOpen(null),
    saved: (message: string) => {
      setOpen(null);
      notifySuccess(message);
    },
  };
}

/** The owner of a record: one of the admins. */
export function OwnerField() {
  const { control } = useFormContext();
  const owners = useOwnerOptions();
  return (
    <Controller
      control={control}
      name="owner_id"
      render={({ field, fieldState }) => (
        <Select
          label="Responsável"
          data={owners.data ?? []}
          value={field.value ?? null}
          onChange={(v) => field.onChange(v)}
          ref={field.ref}
          searchable
          allowDeselect={false}
          placeholder={owners.isError ? 'Não foi possível carregar os usuários' : 'Você'}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** The CRM's select for enumerations and pickers: searchable; only a clearable one may be emptied. */
export function CrmSelectField({
  clearable,
  ...props
}: {
  name: string;
  label: string;
  data: { value: string; label: string }[];
  placeholder?: string;
  clearable?: boolean;
  withAsterisk?: boolean;
}) {
  return (
    <SelectField {...props} searchable clearable={clearable} allowDeselect={Boolean(clearable)} nothingFoundMessage="Nada encontrado" />
  );
}

/** Options of an enumeration with its pt-BR labels. */
export const optionsOf = <K extends string>(labels: Record<K, string>, keys: readonly K[] = Object.keys(labels) as K[]) =>
  keys.map((value) => ({ value, label: labels[value] }));
