import type { AlertPriority } from '../../../shared/analytics.js';
import { pluralWord } from '../../../shared/plural.js';
import { formatCalendarDay } from '../../../shared/time.js';
import type { EndingContract } from './repository.js';

export interface Alert {
  priority: AlertPriority;
  message: string;
}

/** Orders pending longer than this are late (high). */
export const PENDING_ALERT_DAYS = 7;
/** Revenue falling by more than this share against the previous period (high). */
export const REVENUE_DROP_PERCENT = 30;
/** Contracts ending within this many days (medium). */
export const CONTRACT_ALERT_DAYS = 30;

export interface AlertFacts {
  days: number;
  pendingLate: number;
  revenueCents: number;
  previousRevenueCents: number;
  totalOrders: number;
  contracts: (EndingContract & { daysLeft: number })[];
}

/** The dashboard's alerts from the facts over the data, most urgent first. */
export function buildAlerts(f: AlertFacts): Alert[] {
  const alerts: Alert[] = [];
  if (f.pendingLate > 0) {
    alerts.push({
      priority: 'high',
      message: `${f.pendingLate} ${pluralWord(f.pendingLate, 'pedido pendente', 'pedidos pendentes')} há mais de ${PENDING_ALERT_DAYS} dias, sem confirmação do fornecedor.`,
    });
  }
  // Integer cents: revenue < (100 - 30)% of the previous period's.
  if (f.previousRevenueCents > 0 && f.revenueCents * 100 < f.previousRevenueCents * (100 - REVENUE_DROP_PERCENT)) {
    const drop = Math.round((1 - f.revenueCents / f.previousRevenueCents) * 100);
    alerts.push({
      priority: 'high',
      message: `A receita caiu ${drop}% em relação aos ${f.days} dias anteriores.`,
    });
  }
  for (const c of f.contracts) {
    const when = c.daysLeft === 0 ? 'hoje' : c.daysLeft === 1 ? 'amanhã' : `em ${c.daysLeft} dias`;
    alerts.push({ priority: 'medium', message: `O contrato com ${c.name} termina ${when} (${formatCalendarDay(c.endDate)}).` });
  }
  if (f.totalOrders === 0) {
    alerts.push({ priority: 'low', message: `Nenhum pedido nos últimos ${f.days} dias.` });
  }
  return alerts;
}
